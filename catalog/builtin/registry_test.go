package builtin

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestCheckArgsGrammar(t *testing.T) {
	p := catalogtest.TestParser("t", "t")
	withNum := catalogtest.TestParser("n", "n")
	withNum.Flags["-#"] = catalog.Bool
	tests := []struct {
		name string
		p    *catalog.Parser
		args []string
		bad  string // substring of the refusal message; "" means accepted
	}{
		{"combined short flags", p, []string{"-la"}, ""},
		{"unknown flag inside a combination", p, []string{"-lz"}, "-z"},
		{"attached short value", p, []string{"-n5"}, ""},
		{"separate short value is not a positional", p, []string{"-n", "5", "file"}, ""},
		{"value flag ends a combination", p, []string{"-ln5"}, ""},
		{"value flag last in a combination takes the next argument", p, []string{"-ln", "5", "file"}, ""},
		{"long value attached", p, []string{"--lines=5"}, ""},
		{"long value separate", p, []string{"--lines", "5", "f"}, ""},
		{"long bool with a value", p, []string{"--all=yes"}, "--all=yes"},
		{"unknown long flag", p, []string{"--bogus"}, "--bogus"},
		{"unknown long flag with value names the flag", p, []string{"--bogus=1"}, "--bogus"},
		{"-- ends options", p, []string{"--", "-x"}, ""},
		{"-- then too many positionals", p, []string{"--", "a", "b"}, "at most 1"},
		{"options after positionals", p, []string{"file", "-l"}, ""},
		{"too many positionals", p, []string{"a", "b"}, "at most 1"},
		{"lone dash is a positional", p, []string{"-"}, ""},
		{"numeric flag declared", withNum, []string{"-20"}, ""},
		{"numeric flag not declared", p, []string{"-20"}, "-2"},
		{"numeric flag declared, mixed letters are flags", withNum, []string{"-2l"}, "-2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.CheckArgs(tc.p.ReadArgs(tc.args), catalog.Linux)
			switch {
			case tc.bad == "" && err != nil:
				t.Fatalf("refused %q: %v", tc.args, err)
			case tc.bad != "" && err == nil:
				t.Fatalf("accepted %q", tc.args)
			case tc.bad != "" && !strings.Contains(err.Message, tc.bad):
				t.Fatalf("refusal %q does not mention %q", err.Message, tc.bad)
			case err != nil && err.Reason != catalog.ReasonUnsupportedFormat:
				t.Fatalf("reason %s", err.Reason)
			}
		})
	}
	t.Run("alternatives become the hint", func(t *testing.T) {
		err := p.CheckArgs(p.ReadArgs([]string{"-x"}), catalog.Linux)
		if err == nil || err.Hint == nil || !slices.Equal(err.Hint.Args, []string{"-l"}) {
			t.Fatalf("got %+v", err)
		}
		if err := p.CheckArgs(p.ReadArgs([]string{"-q"}), catalog.Linux); err == nil || err.Hint != nil {
			t.Fatalf("a flag without alternative got %+v", err)
		}
	})
	t.Run("check runs after the grammar", func(t *testing.T) {
		q := catalogtest.TestParser("c", "c")
		var seen []string
		q.Check = func(a catalog.Args, os catalog.OS) *catalog.ParseError {
			seen = a.Rest()
			if os == catalog.Darwin {
				return catalog.Unsupported(nil, "not on darwin")
			}
			return nil
		}
		if err := q.CheckArgs(q.ReadArgs([]string{"-l", "f"}), catalog.Linux); err != nil || !slices.Equal(seen, []string{"-l", "f"}) {
			t.Fatalf("err %v, seen %q", err, seen)
		}
		if err := q.CheckArgs(q.ReadArgs([]string{"-l"}), catalog.Darwin); err == nil {
			t.Fatal("check not applied")
		}
	})
}

func TestLookupSubcommandAfterGlobalFlags(t *testing.T) {
	r := Default()
	tests := []struct {
		args []string
		id   string
		rest []string
	}{
		{[]string{"status"}, "git-status", []string{}},
		{[]string{"-C", "dir", "status", "-s"}, "git-status", []string{"-C", "dir", "-s"}},
		{[]string{"-c", "color.ui=never", "-C", "d", "status"}, "git-status", []string{"-c", "color.ui=never", "-C", "d"}},
		{[]string{"--git-dir=x/.git", "status"}, "git-status", []string{"--git-dir=x/.git"}},
		{[]string{"--no-pager", "status", "--", "path"}, "git-status", []string{"--no-pager", "--", "path"}},
		{[]string{"describe"}, "", nil},     // a subcommand without a parser
		{[]string{"-C", "status"}, "", nil}, // "status" is -C's value: no subcommand
	}
	for _, tc := range tests {
		p, rest := r.Lookup("git", tc.args, catalog.Linux)
		if tc.id == "" {
			if p != nil {
				t.Errorf("%q: got parser %s", tc.args, p.ID)
			}
			continue
		}
		if p == nil || p.ID != tc.id {
			t.Errorf("%q: got %v, want %s", tc.args, p, tc.id)
			continue
		}
		if !slices.Equal(rest, tc.rest) {
			t.Errorf("%q: rest %q, want %q", tc.args, rest, tc.rest)
		}
	}
	// The subcommand token must not be removed from the caller's slice.
	args := []string{"-C", "d", "status", "-s"}
	r.Lookup("git", args, catalog.Linux)
	if !slices.Equal(args, []string{"-C", "d", "status", "-s"}) {
		t.Fatalf("Lookup modified its argument: %q", args)
	}
	// Through Parse, git's global options are declared flags.
	res := r.Parse(catalog.Input{Cmd: "git", Args: []string{"-C", "/repo", "-c", "core.quotePath=false", "status", "-sb"}, Raw: "## main\n?? a\n"})
	if res.Err != nil || res.Parser == nil || res.Parser.ID != "git-status" {
		t.Fatalf("git -C ... status: %+v", res.Err)
	}
}

func TestLookupOSVariant(t *testing.T) {
	r := catalog.NewRegistry()
	any := catalogtest.TestParser("tool-any", "tool")
	mac := catalogtest.TestParser("tool-mac", "tool")
	mac.OS = []catalog.OS{catalog.Darwin}
	bsd := catalogtest.TestParser("tool-bsd", "tool")
	bsd.OS = []catalog.OS{catalog.FreeBSD, catalog.Darwin}
	for _, p := range []*catalog.Parser{any, mac, bsd} {
		if err := r.Register(p); err != nil {
			t.Fatal(err)
		}
	}
	want := map[catalog.OS]string{catalog.Darwin: "tool-mac", catalog.FreeBSD: "tool-bsd", catalog.Linux: "tool-any", catalog.Windows: "tool-any"}
	for os, id := range want {
		if p, _ := r.Lookup("tool", nil, os); p == nil || p.ID != id {
			t.Errorf("%s: got %v, want %s", os, p, id)
		}
	}
	// Without a variant for the OS and no OS-neutral one, the first still applies.
	r2 := catalog.NewRegistry()
	_ = r2.Register(mac)
	if p, _ := r2.Lookup("tool", nil, catalog.Linux); p == nil || p.ID != "tool-mac" {
		t.Errorf("fallback: got %v", p)
	}
	if p, _ := r2.Lookup("other", nil, catalog.Linux); p != nil {
		t.Errorf("unknown command: got %v", p)
	}
}

func TestPassthrough(t *testing.T) {
	r := Default()
	tests := []struct {
		raw  string
		pass bool
	}{
		{`{"a": 1, "b": [true, null]}`, true},
		{"  [1, 2, 3]\n", true},
		{`{"a": 1} trailing`, false},
		{`{"a": 1}{"b": 2}`, false},
		{`[1, 2`, false},
		{`"just a string"`, false},
		{`42`, false},
		{"", false},
		{"plain text", false},
	}
	for _, tc := range tests {
		res := r.Parse(catalog.Input{Cmd: "no-such-tool", Raw: tc.raw})
		if res.Passthrough != tc.pass {
			t.Errorf("%q: passthrough %v", tc.raw, res.Passthrough)
		}
		if !tc.pass && (res.Value != nil || res.Found()) {
			t.Errorf("%q: value %v found %v", tc.raw, res.Value, res.Found())
		}
	}
	res := r.Parse(catalog.Input{Cmd: "no-such-tool", Raw: `{"id": 12345678901234567890123, "f": 1.50}`})
	m, ok := res.Value.(json.RawMessage)
	if !ok {
		t.Fatalf("value %T", res.Value)
	}
	// Key order and number spelling survive: nothing was decoded.
	if b, _ := json.Marshal(m); string(b) != `{"id":12345678901234567890123,"f":1.50}` {
		t.Fatalf("re-encoded %s", b)
	}
	// JSON output of a refused command line is passed through too.
	res = r.Parse(catalog.Input{Cmd: "ls", Args: []string{"--bogus"}, Raw: `[{"name":"a"}]`})
	if !res.Passthrough || res.Err != nil {
		t.Fatalf("refused args with JSON output: %+v", res)
	}
	res = r.Parse(catalog.Input{Cmd: "ls", Args: []string{"--bogus"}, Raw: "a\n"})
	if res.Err == nil || res.Err.Reason != catalog.ReasonUnsupportedFormat || res.Parser == nil {
		t.Fatalf("refused args with text output: %+v", res)
	}
}

func TestPanickingParserBecomesException(t *testing.T) {
	r := catalog.NewRegistry()
	p := catalogtest.TestParser("boom", "boom")
	p.Parse = func(c *catalog.Context) (any, error) {
		var m map[string]int
		m["x"] = 1 // panics
		return nil, nil
	}
	if err := r.Register(p); err != nil {
		t.Fatal(err)
	}
	res := r.Parse(catalog.Input{Cmd: "boom", Raw: "x"})
	if res.Err == nil || res.Err.Reason != catalog.ReasonParserException || res.Value != nil {
		t.Fatalf("got %+v", res)
	}
	if !strings.Contains(res.Err.Message, "boom") {
		t.Fatalf("message %q does not name the parser", res.Err.Message)
	}
	// A plain error is a parser_exception too; a *ParseError keeps its reason.
	p.Parse = func(c *catalog.Context) (any, error) { return nil, json.Unmarshal([]byte("{"), new(any)) }
	if res := r.Parse(catalog.Input{Cmd: "boom"}); res.Err == nil || res.Err.Reason != catalog.ReasonParserException {
		t.Fatalf("plain error: %+v", res)
	}
	p.Parse = func(c *catalog.Context) (any, error) { return nil, catalog.Unrecognized("nope") }
	if res := r.Parse(catalog.Input{Cmd: "boom"}); res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
		t.Fatalf("parse error: %+v", res)
	}
}

func TestRegisterValidation(t *testing.T) {
	ok := func() *catalog.Parser { return catalogtest.TestParser("v", "v") }
	bad := map[string]func(p *catalog.Parser){
		"no ID":             func(p *catalog.Parser) { p.ID = "" },
		"no command":        func(p *catalog.Parser) { p.Command = "" },
		"command w/ space":  func(p *catalog.Parser) { p.Command = "a b" },
		"command w/ slash":  func(p *catalog.Parser) { p.Command = "/bin/ls" },
		"no Parse":          func(p *catalog.Parser) { p.Parse = nil },
		"flag without dash": func(p *catalog.Parser) { p.Flags["l"] = catalog.Bool },
		"flag is a dash":    func(p *catalog.Parser) { p.Flags["-"] = catalog.Bool },
		"flag is --":        func(p *catalog.Parser) { p.Flags["--"] = catalog.Bool },
	}
	for name, mut := range bad {
		p := ok()
		mut(p)
		if err := catalog.NewRegistry().Register(p); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	r := catalog.NewRegistry()
	if err := r.Register(ok()); err != nil {
		t.Fatal(err)
	}
	// Same ID replaces, even under another command.
	q := ok()
	q.Command = "w"
	if err := r.Register(q); err != nil {
		t.Fatal(err)
	}
	if ps := r.Parsers(); len(ps) != 1 || ps[0].Command != "w" {
		t.Fatalf("after replace: %v", ps)
	}
	if !r.Unregister("v") || r.Unregister("v") || len(r.Parsers()) != 0 {
		t.Fatal("unregister")
	}
	// Default registries are independent.
	a, b := Default(), Default()
	a.Unregister("ls")
	if p, _ := b.Lookup("ls", nil, catalog.Linux); p == nil {
		t.Fatal("unregistering from one Default() affected another")
	}
	ids := []string{}
	for _, p := range b.Parsers() {
		ids = append(ids, p.ID)
	}
	for _, id := range []string{"git-status", "ls", "ps"} {
		if !slices.Contains(ids, id) {
			t.Errorf("built-in %s missing from %v", id, ids)
		}
	}
	if !slices.IsSorted(ids) {
		t.Errorf("Parsers not sorted: %v", ids)
	}
	got := b.ForCommand("git")
	if !slices.ContainsFunc(got, func(p *catalog.Parser) bool { return p.Key() == "git status" }) ||
		slices.ContainsFunc(got, func(p *catalog.Parser) bool { return p.Command != "git" }) {
		t.Errorf("ForCommand(git) = %v", got)
	}
}

func TestPtr(t *testing.T) {
	tests := []struct {
		tokens []any
		want   string
	}{
		{nil, ""},
		{[]any{"entries", 0, "name"}, "/entries/0/name"},
		{[]any{"a/b", "c~d", "~/"}, "/a~1b/c~0d/~0~1"},
		{[]any{"~1"}, "/~01"},
		{[]any{""}, "/"},
		{[]any{12345}, "/12345"},
	}
	for _, tc := range tests {
		if got := catalog.Ptr(tc.tokens...); got != tc.want {
			t.Errorf("Ptr(%v) = %q, want %q", tc.tokens, got, tc.want)
		}
	}
	// The pointers resolve on JSON as RFC 6901 says.
	doc := map[string]any{"a/b": map[string]any{"c~d": []any{"x", "y"}}}
	if v, ok := catalogtest.ResolvePointer(doc, catalog.Ptr("a/b", "c~d", 1)); !ok || v != "y" {
		t.Fatalf("resolve: %v %v", v, ok)
	}
}

func TestParseReportsLinesAndSpans(t *testing.T) {
	raw := "total 4\n-rw-r--r-- 1 a b 5 Mar  6 09:23 x\n-rw-r--r-- 1 a b ? Mar  6 09:23 y\n"
	res := Default().Parse(catalog.Input{Cmd: "ls", Args: []string{"-l"}, Raw: raw, Spans: true})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if !slices.Equal(res.UnreadLines, []int{3}) {
		// line 3 starts like an entry and does not read: it is no part of x's name.
		t.Fatalf("unread %v", res.UnreadLines)
	}
	for _, s := range res.Spans {
		if s.Line < 1 {
			t.Fatalf("span without a line: %+v", s)
		}
	}
}
