package arp

import "testing"

// TestSec2Str: OpenBSD's expiry column, and its 10-character cut that
// loses the final "s" of a long time (then no seconds are given).
func TestSec2Str(t *testing.T) {
	for in, want := range map[string]int64{"58s": 58, "19m58s": 1198, "1h0m3s": 3603, "2d3h4m5s": 183845} {
		if got, ok := arpSec2Str(in); !ok || got != want {
			t.Errorf("%s: %d %v, want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"1d23h59m59", "", "s", "5x", "m5s"} {
		if got, ok := arpSec2Str(in); ok {
			t.Errorf("%q read as %d", in, got)
		}
	}
}
