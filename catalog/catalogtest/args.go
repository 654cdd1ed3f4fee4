package catalogtest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// ArgCase is one row of an argument-range test: a command line, the OS
// whose output it reads, and what the parsers make of it. It names an
// unnamed struct type so that the tables in the parser packages can be
// written one compact, unkeyed row a case (go vet asks for keys only in
// literals of another package's named struct types).
type ArgCase = struct {
	Cmd  string
	Args []string
	OS   catalog.OS
	Want Want
}

// Want is what an ArgCase expects: Accepted, Reads(id), NoParser, Refused
// or Hint(args...).
type Want struct {
	kind wantKind
	id   string   // reads: the parser
	hint []string // hint: the arguments it proposes
	msg  string   // refused: a part of the message
}

type wantKind int

const (
	wantAccepted wantKind = iota
	wantNoParser
	wantRefused
	wantHint
)

var (
	// Accepted: a parser applies and does not refuse the arguments (the
	// output, "x", may still be unrecognized).
	Accepted = Want{kind: wantAccepted}
	// NoParser: no parser is for this command line.
	NoParser = Want{kind: wantNoParser}
	// Refused: refused as unsupported_format, with no hint.
	Refused = Want{kind: wantRefused}
)

// Reads is Accepted by the parser with this ID.
func Reads(id string) Want { return Want{kind: wantAccepted, id: id} }

// Hint is refused as unsupported_format, with a hint proposing args (none:
// the command without arguments).
func Hint(args ...string) Want {
	if args == nil {
		args = []string{}
	}
	return Want{kind: wantHint, hint: args}
}

// Saying is w, a refusal, whose message must also contain part.
func (w Want) Saying(part string) Want {
	w.msg = part
	return w
}

func (w Want) String() string {
	if part := w.msg; part != "" {
		w.msg = ""
		return w.String() + fmt.Sprintf(" saying %q", part)
	}
	switch w.kind {
	case wantNoParser:
		return "no parser"
	case wantRefused:
		return "refused without a hint"
	case wantHint:
		return fmt.Sprintf("refused with hint %q", w.hint)
	}
	if w.id != "" {
		return "read by " + w.id
	}
	return "accepted"
}

// holds reports whether res is what w wants.
func (w Want) holds(res catalog.Result) bool {
	refused := res.Err != nil && res.Err.Reason == catalog.ReasonUnsupportedFormat
	if w.msg != "" && (!refused || !strings.Contains(res.Err.Message, w.msg)) {
		return false
	}
	switch w.kind {
	case wantNoParser:
		return res.Parser == nil && res.Err == nil
	case wantRefused:
		return refused && res.Err.Hint == nil
	case wantHint:
		return refused && res.Err.Hint != nil && slices.Equal(res.Err.Hint.Args, w.hint)
	}
	return !refused && res.Parser != nil && (w.id == "" || res.Parser.ID == w.id)
}

// ArgCases parses the output "x" of every case's command line with a
// registry holding ps (a package's parsers) and fails the test for each
// case whose outcome is not the one it wants.
func ArgCases(t *testing.T, ps []*catalog.Parser, cases []ArgCase) {
	t.Helper()
	argCases(t, ps, cases, "x\n")
}

// argCases is ArgCases with raw as every case's output.
func argCases(t *testing.T, ps []*catalog.Parser, cases []ArgCase, raw string) {
	t.Helper()
	r := caseRegistry(t, ps, len(cases))
	for _, tc := range cases {
		if tc.OS == "" {
			t.Fatalf("%s %q: no OS", tc.Cmd, tc.Args)
		}
		res := r.Parse(catalog.Input{Cmd: tc.Cmd, Args: tc.Args, OS: tc.OS, Raw: raw})
		if !tc.Want.holds(res) {
			t.Errorf("%s %q (%s): %s, want %s", tc.Cmd, tc.Args, tc.OS, outcome(res), tc.Want)
		}
	}
}

// outcome says what came of a parse, for a failure message.
func outcome(res catalog.Result) string {
	var s string
	switch {
	case res.Parser == nil && res.Err == nil:
		return NoParser.String()
	case res.Err == nil || res.Err.Reason != catalog.ReasonUnsupportedFormat:
		s = Accepted.String()
	case res.Err.Hint == nil:
		s = Refused.String()
	default:
		s = Hint(res.Err.Hint.Args...).String()
	}
	if res.Parser != nil {
		s += " by " + res.Parser.ID
	}
	if res.Err != nil {
		s += " (" + res.Err.Error() + ")"
	}
	return s
}

// PassesThrough parses every input (on Linux when it names no OS) with a
// registry holding ps and fails the test unless its output, JSON, comes
// through as it is: the form a parser refuses and leaves to the JSON reader.
func PassesThrough(t *testing.T, ps []*catalog.Parser, ins []catalog.Input) {
	t.Helper()
	r := caseRegistry(t, ps, len(ins))
	for _, in := range ins {
		if in.OS == "" {
			in.OS = catalog.Linux
		}
		if res := r.Parse(in); !res.Passthrough || res.Err != nil || res.Value == nil {
			t.Errorf("%s %q (%s): not passed through: %s", in.Cmd, in.Args, in.OS, outcome(res))
		}
	}
}

// caseRegistry is the registry a table of n cases runs against: one
// holding ps. A table with no case fails the test (a table emptied by
// mistake would pass).
func caseRegistry(t *testing.T, ps []*catalog.Parser, n int) *catalog.Registry {
	t.Helper()
	if n == 0 {
		t.Fatal("no cases")
	}
	return Registry(ps)
}
