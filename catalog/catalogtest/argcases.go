package catalogtest

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// ArgCase is one command line and how the registry judges it: Hint nil
// means accepted; non-nil means refused as unsupported_format with that
// hint ([]string{} for none). Msg, when set, is a part of the refusal's
// message. (An alias of a struct type, so that tables may list the
// fields unnamed.)
type ArgCase = struct {
	Cmd  string
	Args []string
	OS   catalog.OS
	Hint []string
	Msg  string
}

// ArgCases checks every case against r: accepted or refused, with the
// hint and message given.
func ArgCases(t *testing.T, r *catalog.Registry, cases []ArgCase) {
	t.Helper()
	for _, tc := range cases {
		res := r.Parse(catalog.Input{Cmd: tc.Cmd, Args: tc.Args, OS: tc.OS, Raw: "x\n"})
		name := tc.Cmd + " " + strings.Join(tc.Args, " ") + " (" + string(tc.OS) + ")"
		refused := res.Err != nil && res.Err.Reason == catalog.ReasonUnsupportedFormat
		switch {
		case res.Parser == nil:
			t.Errorf("%s: no parser", name)
		case tc.Hint == nil && refused:
			t.Errorf("%s: refused: %s", name, res.Err.Message)
		case tc.Hint == nil:
		case !refused:
			t.Errorf("%s: accepted (err %v)", name, res.Err)
		default:
			got := []string{}
			if res.Err.Hint != nil {
				got = res.Err.Hint.Args
			}
			if !slices.Equal(got, tc.Hint) {
				t.Errorf("%s: hint %q, want %q (%s)", name, got, tc.Hint, res.Err.Message)
			}
			if !strings.Contains(res.Err.Message, tc.Msg) {
				t.Errorf("%s: message %q, want it to say %q", name, res.Err.Message, tc.Msg)
			}
		}
	}
}
