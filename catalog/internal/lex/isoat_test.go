package lex

import (
	"testing"
	"time"
)

// ISOAt must be exactly ISO with ZoneAt's offset: east and west, whole
// and half hours, a zone's summer and winter, and nil (UTC).
func TestISOAtIsISOWithZoneAt(t *testing.T) {
	locs := []*time.Location{nil, time.UTC, time.FixedZone("", 5*3600+30*60), time.FixedZone("", -(3*3600 + 30*60)), time.FixedZone("", -9*3600)}
	if ny, err := time.LoadLocation("America/New_York"); err == nil {
		locs = append(locs, ny)
	}
	times := [][6]int{{2026, 11, 29, 9, 41, 7}, {2026, 7, 1, 12, 0, 0}, {987, 1, 2, 3, 4, 5}, {9999, 12, 31, 23, 59, 59}, {1970, 1, 1, 0, 0, 0}}
	for _, loc := range locs {
		for _, v := range times {
			want := ISO(v[0], v[1], v[2], v[3], v[4], v[5], "", ZoneAt(loc, v[0], v[1], v[2], v[3], v[4], v[5]))
			if got := ISOAt(loc, v[0], v[1], v[2], v[3], v[4], v[5]); got != want {
				t.Errorf("ISOAt(%v, %v) = %q, want %q", loc, v, got, want)
			}
		}
	}
	if got := ISOAt(time.FixedZone("", -(3*3600+30*60)), 2026, 1, 2, 3, 4, 5); got != "2026-01-02T03:04:05-03:30" {
		t.Errorf("ISOAt west half hour = %q", got)
	}
}

// append2 is AppendPadded(b, v, 2) for every v, the fast case and the rest.
func TestAppend2IsAppendPadded(t *testing.T) {
	for v := -5; v < 1005; v++ {
		if got, want := string(append2([]byte("x"), v)), string(AppendPadded([]byte("x"), v, 2)); got != want {
			t.Fatalf("append2(%d) = %q, want %q", v, got, want)
		}
	}
}
