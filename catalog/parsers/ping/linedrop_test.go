package ping

import (
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestLineGivenUpDropsSpans: a statistics line that reads halfway (an item
// twice) is reported unread and leaves no span behind; the spans of its
// values come from the line that reads. A reply past MaxItems leaves none.
func TestLineGivenUpDropsSpans(t *testing.T) {
	bad := "1 packets transmitted, 1 received, 1 received, 0% packet loss, time 0ms\n"
	badRtt := "rtt min/avg/max/min = 0.045/0.045/0.045/0.045 ms\n"
	good := "1 packets transmitted, 1 received, 0% packet loss, time 0ms\n"
	raw := "PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.\n" +
		"64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms\n" +
		"\n--- 127.0.0.1 ping statistics ---\n" + bad + good + badRtt +
		"rtt min/avg/max/mdev = 0.045/0.045/0.045/0.000 ms\n"
	res := catalogtest.Parse(t, testRegistry(), "ping", []string{"-c", "1", "127.0.0.1"}, catalog.Linux, raw, 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.UnreadLines) != 2 {
		t.Errorf("unread lines %v, want the two given up", res.UnreadLines)
	}
	goodAt := strings.Index(raw, good)
	seen := map[string]int{}
	for _, s := range res.Spans {
		seen[s.Pointer]++
		if s.Pointer == "/packets_transmitted" && s.Start != goodAt {
			t.Errorf("/packets_transmitted from offset %d, want %d (the line that reads)", s.Start, goodAt)
		}
	}
	for _, p := range []string{"/packets_transmitted", "/packets_received", "/rtt_min_ms"} {
		if seen[p] != 1 {
			t.Errorf("%s has %d spans, want 1", p, seen[p])
		}
	}

	win := "Pinging 127.0.0.1 with 32 bytes of data:\n" +
		"Reply from 127.0.0.1: bytes=32 time<1ms TTL=128\n" +
		"Reply from 127.0.0.1: bytes=32 time<1ms TTL=128\n"
	wres := catalogtest.Parse(t, testRegistry(), "ping", []string{"-n", "2", "127.0.0.1"}, catalog.Windows, win, 1)
	if wres.Err != nil {
		t.Fatal(wres.Err)
	}
	for _, s := range wres.Spans {
		if strings.HasPrefix(s.Pointer, "/replies/1") {
			t.Errorf("span %s of a reply past MaxItems", s.Pointer)
		}
	}
}
