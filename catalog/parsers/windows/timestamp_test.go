package windows

import (
	"testing"
	"time"
)

// winTimestamp writes what time.Format writes, in zones with odd offsets
// (historical seconds, negative half hours) and across normalized clocks.
func TestWinTimestampIsFormat(t *testing.T) {
	var locs []*time.Location
	for _, name := range []string{"UTC", "America/St_Johns", "Asia/Kathmandu", "Europe/Amsterdam", "Africa/Monrovia", "Pacific/Kiritimati", "America/Los_Angeles"} {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Skipf("no zone data: %v", err)
		}
		locs = append(locs, loc)
	}
	locs = append(locs, time.FixedZone("neg", -(3*3600+17*60+30)))
	n := 0
	for _, loc := range locs {
		for _, y := range []int{1000, 1901, 1937, 1970, 2024, 9999} {
			for mo := 1; mo <= 12; mo++ {
				for _, d := range []int{1, 15, 28, 29, 30, 31} {
					for _, hms := range [][3]int{{0, 0, 0}, {2, 30, 0}, {9, 5, 7}, {23, 59, 59}, {12, 60, 0}} {
						got, ok := winTimestamp(y, mo, d, hms[0], hms[1], hms[2], loc)
						tt := time.Date(y, time.Month(mo), d, hms[0], hms[1], hms[2], 0, loc)
						if !ok {
							if tt.Day() == d && int(tt.Month()) == mo {
								t.Fatalf("%d-%d-%d %v in %v refused", y, mo, d, hms, loc)
							}
							continue
						}
						n++
						if want := tt.Format("2006-01-02T15:04:05-07:00"); got != want {
							t.Fatalf("%d-%d-%d %v in %v: %q, Format %q", y, mo, d, hms, loc, got, want)
						}
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d timestamps compared", n)
	}
}
