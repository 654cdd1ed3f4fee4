package kubectl

import (
	"testing"
)

func TestDvUnits(t *testing.T) {
	for in, want := range map[string]int64{"5d2h": 439200, "45m": 2700, "3y45d": 98496000, "10s": 10, "2m3s": 123} {
		if got, ok := dvDuration(in); !ok || got != want {
			t.Errorf("dvDuration(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "<unknown>", "5h2d", "3", "m"} {
		if _, ok := dvDuration(bad); ok {
			t.Errorf("dvDuration(%q) accepted", bad)
		}
	}
}
