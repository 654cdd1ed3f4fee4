package catalogtest

import (
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestWantHolds: each Want holds for the outcome it names and for no
// other; a refusal with no hint is not one whose hint is the command alone.
func TestWantHolds(t *testing.T) {
	p := &catalog.Parser{ID: "p"}
	outcomes := map[string]catalog.Result{
		"no parser":      {},
		"read":           {Parser: p},
		"unrecognized":   {Parser: p, Err: catalog.Unrecognized("x")},
		"refused":        {Parser: p, Err: catalog.Unsupported(nil, "x")},
		"hint alone":     {Parser: p, Err: catalog.Unsupported([]string{}, "x")},
		"hint -l":        {Parser: p, Err: catalog.Unsupported([]string{"-l"}, "x")},
		"hint -l -a":     {Parser: p, Err: catalog.Unsupported([]string{"-l", "-a"}, "x")},
		"error, no p":    {Err: catalog.Unrecognized("x")},
		"read by other":  {Parser: &catalog.Parser{ID: "q"}},
		"refused, other": {Parser: &catalog.Parser{ID: "q"}, Err: catalog.Unsupported(nil, "x")},
	}
	for _, tc := range []struct {
		want  Want
		holds []string
	}{
		{Accepted, []string{"read", "unrecognized", "read by other"}},
		{Reads("p"), []string{"read", "unrecognized"}},
		{NoParser, []string{"no parser"}},
		{Refused, []string{"refused", "refused, other"}},
		{Hint(), []string{"hint alone"}},
		{Hint("-l"), []string{"hint -l"}},
		{Hint("-l", "-a"), []string{"hint -l -a"}},
	} {
		for name, res := range outcomes {
			want := false
			for _, h := range tc.holds {
				want = want || h == name
			}
			if got := tc.want.holds(res); got != want {
				t.Errorf("%s holds for %q (%s): %v, want %v", tc.want, name, outcome(res), got, want)
			}
		}
	}
}
