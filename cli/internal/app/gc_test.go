package app

import "testing"

// TestServerGCPercent: the server collects at 200 unless GOGC names the
// operator's own setting, which is then left to the runtime.
func TestServerGCPercent(t *testing.T) {
	for _, tc := range []struct {
		gogc string
		pct  int
		set  bool
	}{{"", 200, true}, {"100", 0, false}, {"off", 0, false}} {
		pct, set := serverGCPercent(func(k string) string {
			if k == "GOGC" {
				return tc.gogc
			}
			return ""
		})
		if pct != tc.pct || set != tc.set {
			t.Errorf("GOGC=%q: %d %v, want %d %v", tc.gogc, pct, set, tc.pct, tc.set)
		}
	}
}
