package catalogtest

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// Reading is one edge a parser's goldens do not show: a command line (on
// Linux), its output, what must come out (a fragment of the value's JSON,
// or "!reason" for a parse error of that reason) and the unread lines. Like
// ArgCase it names an unnamed struct, for compact tables.
type Reading = struct {
	Name   string
	Cmd    string
	Args   []string
	Raw    string
	Want   string
	Unread []int
}

// Readings parses each reading with spans on, with a registry holding ps,
// as a subtest of its name; besides the value and the unread lines it
// checks that every span reads back its value.
func Readings(t *testing.T, ps []*catalog.Parser, cases []Reading) {
	t.Helper()
	reg := caseRegistry(t, ps, len(cases))
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			r := reg.Parse(catalog.Input{Cmd: tc.Cmd, Args: tc.Args, Raw: tc.Raw, OS: catalog.Linux, Spans: true})
			if reason, ok := strings.CutPrefix(tc.Want, "!"); ok {
				if r.Err == nil || string(r.Err.Reason) != reason {
					t.Fatalf("got %+v (err %v), want %s", r.Value, r.Err, reason)
				}
				return
			}
			if r.Err != nil {
				t.Fatalf("parse error %v", r.Err)
			}
			b, _ := json.Marshal(r.Value)
			if !strings.Contains(string(b), tc.Want) {
				t.Errorf("value %s\nwant it to hold %s", b, tc.Want)
			}
			if !slices.Equal(r.UnreadLines, tc.Unread) {
				t.Errorf("unread lines %v, want %v", r.UnreadLines, tc.Unread)
			}
			if err := CheckSpans(tc.Raw, r.Value, r.Spans); err != nil {
				t.Error(err)
			}
		})
	}
}
