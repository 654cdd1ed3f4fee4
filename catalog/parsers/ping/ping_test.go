package ping

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestPingForms(t *testing.T) {
	raw := "PING localhost(localhost (::1)) 56 data bytes\n" +
		"[1795996148.711243] 64 bytes from localhost (::1): icmp_seq=1 ttl=64 time=0.020 ms\n" +
		"64 bytes from ::1: icmp_seq=1 ttl=64 time=0.031 ms (DUP!)\n" +
		"From gateway (10.0.0.1) icmp_seq=2 Time to live exceeded\n" +
		"64 bytes from ::1: icmp_seq=3 ttl=64 time=0.031 ms wrong\n" +
		"\n--- localhost ping statistics ---\n" +
		"3 packets transmitted, 1 received, +1 duplicates, +1 errors, 66.6667% packet loss, time 2003ms, pipe 2\n" +
		"rtt min/avg/max/mdev = 0.020/0.025/0.031/0.005 ms, ipg/ewma 1001.500/0.024 ms\n"
	res := catalogtest.ParseWith(t, testRegistry(), "ping", []string{"-c", "3", "localhost"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	p := res.Value.(*PingResult)
	if p.Target != "localhost" || p.TargetAddress != "::1" || *p.PayloadBytes != 56 {
		t.Errorf("header: %q %q", p.Target, p.TargetAddress)
	}
	if len(p.Replies) != 2 || p.Replies[0].Timestamp != "2026-11-29T23:49:08.711243+00:00" || p.Replies[0].FromAddress != "::1" || !p.Replies[1].Duplicate {
		t.Errorf("replies: %+v", p.Replies)
	}
	if len(p.Failures) != 1 || p.Failures[0].From != "gateway" || p.Failures[0].FromAddress != "10.0.0.1" || p.Failures[0].Message != "Time to live exceeded" {
		t.Errorf("failures: %+v", p.Failures)
	}
	if *p.Duplicates != 1 || *p.Errors != 1 || *p.PacketLossPercent != 66.6667 || *p.IpgMs != 1001.5 || *p.EwmaMs != 0.024 {
		t.Errorf("statistics: %+v", p)
	}
	if !slices.Equal(res.UnreadLines, []int{5}) {
		t.Errorf("unread lines %v", res.UnreadLines)
	}
	if len(res.Warnings) != 0 || p.Pipe == nil || *p.Pipe != 2 {
		t.Errorf("pipe %v, warnings %q", p.Pipe, res.Warnings)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}
