package date

import (
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestSysCTimeZones(t *testing.T) {
	tests := []struct{ in, loc, want string }{
		{"Sun Nov 29 23:49:08 UTC 2026", "UTC", "2026-11-29T23:49:08+00:00"},
		{"Sun Nov 29 23:49:08 GMT 2026", "Europe/Paris", "2026-11-29T23:49:08+00:00"},
		{"Sun Nov 29 23:49:08 CET 2026", "Europe/Paris", "2026-11-29T23:49:08+01:00"},
		{"Sun Jul  5 23:49:08 CEST 2026", "Europe/Paris", "2026-07-05T23:49:08+02:00"},
		{"Sun Nov 29 23:49:08 +0530 2026", "UTC", "2026-11-29T23:49:08+05:30"},
		{"Sun Nov 29 23:49:08 CET 2026", "America/New_York", "2026-11-29T23:49:08"},
	}
	for _, tc := range tests {
		loc, err := time.LoadLocation(tc.loc)
		if err != nil {
			t.Fatal(err)
		}
		res := testRegistry().Parse(catalog.Input{Cmd: "date", Raw: tc.in + "\n", OS: catalog.Linux, Location: loc, Spans: true})
		if res.Err != nil {
			t.Errorf("%s: %v", tc.in, res.Err)
			continue
		}
		if got := res.Value.(*DateResult).Timestamp; got != tc.want {
			t.Errorf("%s in %s: %s, want %s", tc.in, tc.loc, got, tc.want)
		}
	}
	for _, bad := range []string{"Sun Feb 30 10:00:00 UTC 2026", "Sun Nov 29 25:00:00 UTC 2026", "yesterday"} {
		if res := catalogtest.ParseWith(t, testRegistry(), "date", nil, catalog.Linux, bad+"\n"); res.Err == nil {
			t.Errorf("%q read as %+v", bad, res.Value)
		}
	}
}
