package ss

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestSsProcesses(t *testing.T) {
	raw := "State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process\n" +
		"LISTEN 0      511          0.0.0.0:80         0.0.0.0:*     users:((\"nginx\",pid=813,fd=6),(\"nginx\",pid=812,fd=6))\n" +
		"LISTEN 0      4096  127.0.0.53%lo:53          0.0.0.0:*     users:((\"systemd-resolve\",pid=501,fd=14))\n" +
		"LISTEN 0      128            [::]:22            [::]:*     users:((\"sshd\",pid=700,fd=4)\n"
	res := catalogtest.ParseWith(t, testRegistry(), "ss", []string{"-tlnp"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	c := res.Value.(*SsResult).Connections
	if len(c) != 2 || len(c[0].Processes) != 2 || c[0].Processes[1].PID != 812 || *c[1].LocalPort != 53 || c[1].LocalAddress != "127.0.0.53%lo:53" {
		t.Fatalf("got %+v", c)
	}
	if !slices.Equal(res.UnreadLines, []int{4}) {
		t.Errorf("unread %v (a malformed users list is not guessed at)", res.UnreadLines)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}

// TestSsDetailsNeverGuessed: an -e item or a detail line the parser does
// not know leaves its line unread rather than half read.
func TestSsDetailsNeverGuessed(t *testing.T) {
	raw := "State Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
		"ESTAB 0      0      127.0.0.1:1        127.0.0.1:2       uid:1 ino:5 sk:1f <->\n" +
		"\t skmem:(r0,rb1,t0,tb2,f0,w0,o0,bl0,d0)\n" +
		"ESTAB 0      0      127.0.0.1:3        127.0.0.1:4       uid:1 ino:6 weird:7 <->\n" +
		"ESTAB 0      0      127.0.0.1:5        127.0.0.1:6       ino:7 sk:2\n" +
		"\t skmem:(r0,zz1)\n"
	res := catalogtest.ParseWith(t, testRegistry(), "ss", []string{"-tem"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	s := res.Value.(*SsResult)
	if len(s.Connections) != 2 || s.Connections[0].Memory == nil || s.Connections[0].Memory.SndBufBytes != 2 ||
		*s.Connections[1].UID != 0 || s.Connections[1].Memory != nil {
		t.Fatalf("connections: %+v", s.Connections)
	}
	if !slices.Equal(res.UnreadLines, []int{4, 6}) {
		t.Errorf("unread lines %v, want [4 6]", res.UnreadLines)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}
