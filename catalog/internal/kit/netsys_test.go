package kit

import (
	"testing"
)

func TestUptimeForms(t *testing.T) {
	for in, want := range map[string]int64{
		"1:13": 4380, "5 days,  3:02": 442920, "10 min": 600, "1 day, 10 min": 87000, "2 days": 172800,
		"3 days, 1 hr": 262800, "42 secs": 42, "1 day(s),  2:03": 93780,
		"2 hours, 40 minutes": 9600, "1 week, 1 minute": 604860, "1 year": 31536000,
	} {
		if got, ok := UptimeSeconds(in); !ok || got != want {
			t.Errorf("uptimeSeconds(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "soon", "1:75", "3 fortnights"} {
		if _, ok := UptimeSeconds(bad); ok {
			t.Errorf("uptimeSeconds(%q) accepted", bad)
		}
	}
}
