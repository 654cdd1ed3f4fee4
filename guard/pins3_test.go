package guard

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The rest of the mutation pass over grammar.go: short options, open
// levels, positionals, literal values, hints, commands without a policy.
func TestGrammarCorners(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	build := mustNew(t, policy(paths(proj), profile(ProfileBuild)), WithHomeDir(root))
	must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(proj, "-")))
	checkSpellings(t, g, proj, []spelled{
		{"-NUM takes digits only", detailFlagNotAllowed, [][]string{
			argv("head", "-1-", "main.go"), argv("head", "-1X", "main.go"), argv("cat", "-5", "main.go"),
		}},
		{"an '=' after a short option is its value unless cobra", detailFlagValueNotAllowed, [][]string{argv("head", "-n=5", "main.go")}},
		{"short values", "", [][]string{
			argv("kubectl", "get", "pods", "-ojson"), argv("kubectl", "get", "pods", "-o=json"), argv("head", "-n"),
			argv("curl", "-o", "/dev/null", "https://e.com"), argv("curl", "-D", "-", "https://e.com"),
		}},
		{"no positionals", detailPositionalNotAllowed, [][]string{argv("pwd", "x"), argv("uname", "x"), argv("git", "count-objects", "x")}},
	})
	checkSpellings(t, build, proj, []spelled{
		{"refused letters of an open level", detailRunsProgram, [][]string{
			argv("npm", "run", "build", "-c", "x"), argv("npm", "test", "-sc", "x"),
		}},
		{"paths of an open level", detailOutsidePaths, [][]string{
			argv("npm", "run", "build", "-o/srv/x"), argv("npm", "run", "build", "--", "/etc"),
			argv("npm", "run", "build", "--", "-o/etc"), argv("npm", "run", "build", "--", "-"),
		}},
		{"open words that are no paths", "", [][]string{argv("npm", "test", "--", "--/etc"), argv("npm", "test", "--", "-x")}},
	})
	for _, c := range []struct {
		g    *Guard
		cmd  string
		args []string
		hint []string
	}{
		{g, "curl", argv("-X", "POST", "https://e.com"), argv("https://e.com")},
		{g, "curl", argv("https://e.com", "-XPOST"), argv("https://e.com")},
		{g, "curl", argv("-sXPOST", "https://e.com"), argv("-s", "https://e.com")},
		{g, "ping", argv("-c3", "h", "-ql"), argv("-c3", "h", "-q")},
		{g, "ping", argv("-c3", "-ql", "5", "h"), argv("-c3", "-q", "h")},
		{g, "wc", argv("-l", "--files0-from"), argv("-l")},
		{g, "wc", argv("--files0-from=list", "-l"), argv("-l")},
		{g, "git", argv("branch", "foo"), argv("branch", "--list", "foo")},
	} {
		d := c.g.Check(c.cmd, c.args, proj)
		if d.Hint == nil || !slices.Equal(d.Hint.Args, c.hint) {
			t.Errorf("%s %q: hint %+v (%s), want %q", c.cmd, c.args, d.Hint, d.Message, c.hint)
		}
	}
	for _, c := range []struct {
		cmd  string
		args []string
		msg  string
	}{
		{"ls", argv("-\xff"), "Argument 0"},
		{"ls", argv("-lK"), "Flag '-K' in argument 0"},
		{"ls", argv("-K"), "Flag '-K' (argument 0)"},
		{"pwd", argv("x"), "takes no positional arguments"},
		{"ls", argv("a", "b", "c", "-K"), "Flag '-K' (argument 3)"},
		{"wc", argv("--files0-from=x"), "reads the paths to visit from a file"},
		{"grep", argv("-R", "x"), "follows symbolic links"},
		{"git", argv("-c", "a=b", "log"), "makes 'git' run another program"},
		{"ping", argv("h"), "leaving it out keeps 'ping' running"},
		{"curl", argv("-X", "POST", "https://e.com"), "with the value 'POST' makes 'curl' send data"},
		{"git", argv("status", "--porcelain=v9"), "is not one of"},
		{"env", argv("ls"), "makes 'env' run another program"},
	} {
		if d := g.Check(c.cmd, c.args, proj); d.Allowed || !strings.Contains(d.Message, c.msg) {
			t.Errorf("%s %q: %q, want a refusal saying %q", c.cmd, c.args, d.Message, c.msg)
		}
	}

	// A custom flag of kind package, and a glob value of kind path, which
	// is not literal.
	p := CommandPolicy{Flags: flagSet{
		"--pkg": {Arg: ArgPackage, Deny: []string{"bad*"}},
		"--out": {Arg: ArgPath, Values: []string{"/tmp/*", "/dev/null"}},
	}}
	gx := mustNew(t, policy(paths(proj), allowCmds("x"), func(pl *Policy) { pl.CommandPolicies = map[string]CommandPolicy{"x": p} }))
	checkSpellings(t, gx, proj, []spelled{
		{"package values", detailFlagValueNotAllowed, [][]string{argv("x", "--pkg=badname")}},
		{"package paths", detailOutsidePaths, [][]string{argv("x", "--pkg=../outside"), argv("x", "--pkg", "/etc"), argv("x", "--out=/tmp/a")}},
		{"package git specs", detailRunsProgram, [][]string{argv("x", "--pkg=github:a/b")}},
		{"package names and literal values", "", [][]string{argv("x", "--pkg=react"), argv("x", "--out=/dev/null")}},
	})

	// Commands without a policy: the first version's heuristic.
	info := legacyInfo(argv("a", "-x", "--f=/etc", "-y=", "--", "-z"))
	var got []int
	for _, in := range info {
		got = append(got, in.pathFrom)
	}
	if want := []int{0, -1, 4, 3, -1, 0}; !slices.Equal(got, want) {
		t.Errorf("legacyInfo pathFrom = %v, want %v", got, want)
	}
}

// The messages of paths.go's refusals say which case applies (mutants of
// their conditions change only the message), and a relative working
// directory is read against the process's own.
func TestPathMessages(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct {
		path []string
		home string
		msg  string
	}{
		{[]string{"~/proj"}, "", "home directory unknown"},
		{[]string{"~"}, "", "home directory unknown"},
		{[]string{"~root"}, f.root, "'~user' forms"},
		{[]string{"~root"}, "", "'~user' forms"},
		{[]string{"\x00/x"}, f.root, "NUL byte"},
		{[]string{"/x\x00"}, f.root, "NUL byte"},
	} {
		_, err := New(policy(paths(c.path...)), WithHomeDir(c.home))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("allowed_paths %q, home %q: %v, want %q", c.path, c.home, err, c.msg)
		}
	}
	noHome := mustNew(t, policy(paths(f.proj)), WithHomeDir(""))
	home := mustNew(t, policy(paths(f.proj)), WithHomeDir(f.root))
	for _, c := range []struct {
		g   *Guard
		arg string
		msg string
	}{
		{noHome, "~/x", "home directory is unknown"},
		{noHome, "~", "home directory is unknown"},
		{noHome, "~root/x", "another user's home"},
		{home, "~root", "another user's home"},
	} {
		if d := c.g.Check("cat", []string{c.arg}, f.proj); d.Allowed || !strings.Contains(d.Message, c.msg) {
			t.Errorf("cat %s: %q, want %q", c.arg, d.Message, c.msg)
		}
	}
	t.Chdir(f.proj)
	if d := home.Check("ls", nil, "src"); !d.Allowed {
		t.Errorf("ls in relative src: %s", d.Message)
	}
	if d := home.Check("ls", nil, "../outside"); d.Allowed || d.Detail != detailCwdOutsidePaths {
		t.Errorf("ls in relative ../outside: %+v", d)
	}
}

// The last observable mutants of the pass: each case names its code.
func TestGrammarLastCorners(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	custom := map[string]CommandPolicy{
		// positionals(): needs without a refusal.
		"needs": {Flags: bools("-l"), Positionals: Positionals{Max: -1, Kind: ArgText, Needs: []string{"-l"}}},
		// literal(): a values entry with '*' is a pattern, never literal.
		"out": {Flags: flagSet{"--out": {Arg: ArgPath, Values: []string{"/tmp/*"}}}},
		// openOption(): refused single-dash and plus options of open levels.
		"sd":   {Open: true, SingleDashLong: true, Refuse: map[string]Refusal{"-exec": denied(detailRunsProgram)}},
		"plus": {Open: true, PlusOptions: true, Refuse: map[string]Refusal{"+bad": denied(detailRunsProgram)}},
		// compileNode: a two-letter refusal of a single-dash level is long.
		"sd2": {SingleDashLong: true, Flags: bools("-b"), Refuse: map[string]Refusal{"-a": denied(detailRunsProgram)}},
	}
	names := []string{"needs", "out", "sd", "plus", "sd2"}
	gc := mustNew(t, policy(paths(proj), allowCmds(names...), profile(ProfileBuild), func(p *Policy) { p.CommandPolicies = custom }))
	checkSpellings(t, gc, proj, []spelled{
		{"needs without a refusal", detailPositionalNotAllowed, [][]string{argv("needs", "x")}},
		{"needs met", "", [][]string{argv("needs", "-l", "x")}},
		{"a pattern value is path-checked", detailOutsidePaths, [][]string{argv("out", "--out=/tmp/*"), argv("out", "--out=/tmp/a")}},
		{"refused options of open levels", detailRunsProgram, [][]string{
			argv("sd", "-exec", "x"), argv("plus", "+bad"), argv("sd2", "-a"),
		}},
	})
	checkSpellings(t, g, proj, []spelled{{"session IDs", "", [][]string{argv("ps", "+123")}}})
	d := g.Check("ping", argv("-c3", "-ql5", "h"), proj)
	if d.Hint == nil || !slices.Equal(d.Hint.Args, argv("-c3", "-q", "h")) {
		t.Errorf("ping -c3 -ql5 h: hint %+v, want [-c3 -q h]", d.Hint)
	}
	for _, c := range []struct {
		cmd       string
		args      []string
		has, hasn string
	}{
		{"ls", argv("-\x80"), "Argument 0", "Flag"},
		{"ps", argv("a\x80"), "Argument 0", "BSD option"},
		{"git", argv("diff", "--output=x"), "makes 'git diff' write files", "read as"},
		{"ls", argv("--bogus"), "is not allowed", "read as"},
	} {
		d := g.Check(c.cmd, c.args, proj)
		if d.Allowed || !strings.Contains(d.Message, c.has) || strings.Contains(d.Message, c.hasn) {
			t.Errorf("%s %q: %q, want it to say %q and not %q", c.cmd, c.args, d.Message, c.has, c.hasn)
		}
	}
}
