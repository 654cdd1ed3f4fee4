package guard

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// fixture is a real directory tree with real symlinks:
//
//	root/                 (also the home directory, via WithHomeDir)
//	  proj/               the allowed path
//	    notes.txt
//	    src/main.go
//	    link-in     -> src              (inside, relative)
//	    link-out    -> root/outside     (outside, absolute)
//	    link-rel    -> ../outside       (outside, relative)
//	    link-up     -> ..               (root itself)
//	    deep        -> root/outside/a/b (for "deep/../x": the kernel leaves proj)
//	    loop1 -> loop2, loop2 -> loop1
//	  proj2/secret        sibling whose name extends "proj"
//	  outside/secret.txt, outside/a/b/
//	  projlink    -> proj
type fixture struct {
	root, proj, outside string
}

func newFixture(t testing.TB) fixture {
	t.Helper()
	// The temp dir may itself sit behind a symlink (macOS /var); the guard
	// resolves it, so expectations must use the resolved form too.
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := fixture{root: root, proj: filepath.Join(root, "proj"), outside: filepath.Join(root, "outside")}
	for _, d := range []string{"proj/src", "proj2", "outside/a/b"} {
		must(t, os.MkdirAll(filepath.Join(root, d), 0o755))
	}
	for _, file := range []string{"proj/notes.txt", "proj/src/main.go", "proj2/secret", "outside/secret.txt"} {
		must(t, os.WriteFile(filepath.Join(root, file), []byte("x"), 0o644))
	}
	links := map[string]string{
		"proj/link-in":  "src",
		"proj/link-out": f.outside,
		"proj/link-rel": "../outside",
		"proj/link-up":  "..",
		"proj/deep":     filepath.Join(f.outside, "a", "b"),
		"proj/loop1":    "loop2",
		"proj/loop2":    "loop1",
		"projlink":      "proj",
	}
	for name, target := range links {
		must(t, os.Symlink(target, filepath.Join(root, name)))
	}
	return f
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func mustNew(t testing.TB, p Policy, opts ...Option) *Guard {
	t.Helper()
	g, err := New(p, opts...)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// policy is DefaultPolicy with edits applied, so each guard in the table
// says only how it differs from the default.
func policy(edits ...func(*Policy)) Policy {
	p := DefaultPolicy()
	for _, e := range edits {
		e(&p)
	}
	return p
}

func allowCmds(names ...string) func(*Policy) {
	return func(p *Policy) { p.AllowedCommands = append(p.AllowedCommands, names...) }
}

func paths(ps ...string) func(*Policy) { return func(p *Policy) { p.AllowedPaths = ps } }

func profile(pr Profile) func(*Policy) { return func(p *Policy) { p.Profile = pr } }

// call is one command line; run("ls", "-la").in(dir) reads like a shell.
type call struct {
	cmd  string
	args []string
	cwd  string
}

func run(cmd string, args ...string) call { return call{cmd: cmd, args: args} }

func (c call) in(dir string) call { c.cwd = dir; return c }

func (c call) String() string {
	s := c.cmd
	for _, a := range c.args {
		s += " " + a
	}
	return s
}

// want is the expected decision; msg, when set, must appear in Message.
type want struct {
	allowed bool
	reason  Reason
	detail  string
	idx     int
	msg     string
}

func pass() want { return want{allowed: true, idx: -1} }

func refused(r Reason, detail string, idx int) want {
	return want{reason: r, detail: detail, idx: idx}
}

func (w want) saying(msg string) want { w.msg = msg; return w }

func TestCheck(t *testing.T) {
	f := newFixture(t)
	home := WithHomeDir(f.root)

	def := mustNew(t, DefaultPolicy())
	// "~/proj" also exercises "~" expansion of allowed paths.
	ro := mustNew(t, policy(paths("~/proj")), home)
	build := mustNew(t, policy(paths(f.proj), profile(ProfileBuild)), home)
	everywhere := mustNew(t, policy(paths("/")), home)
	nodeBuild := mustNew(t, policy(allowCmds("node", "npx"), profile(ProfileBuild)))
	nodeRO := mustNew(t, policy(allowCmds("node", "npx")))
	onlyJq := mustNew(t, Policy{AllowedCommands: []string{"jq"}})
	doubleGT := mustNew(t, policy(func(p *Policy) { p.BlockPatterns = []string{">>"} }))
	merged := mustNew(t, policy(allowCmds("node", "npx"), profile(ProfileBuild), func(p *Policy) {
		p.CommandArgRestrictions = MergeArgRestrictions(DefaultArgRestrictions(),
			map[string]ArgRestriction{"npx": {BlockedFlags: []string{"--package"}}})
	}))

	proj, src := f.proj, filepath.Join(f.proj, "src")
	cmdNA := func(detail string) want { return refused(ReasonCommandNotAllowed, detail, -1) }
	outside := func(i int) want { return refused(ReasonPathNotAllowed, detailOutsidePaths, i) }
	cwdOut := refused(ReasonPathNotAllowed, detailCwdOutsidePaths, -1)
	inject := func(i int) want { return refused(ReasonInjectionPattern, detailPattern, i) }
	nul := func(i int) want { return refused(ReasonArgNotAllowed, detailNulByte, i) }
	flag := func(i int) want { return refused(ReasonArgNotAllowed, detailBlockedFlag, i) }
	needBuild := func(i int) want {
		return refused(ReasonArgNotAllowed, detailProfileBuildNeeded, i).saying(`set guard.profile to "build"`)
	}

	type tc struct {
		name string
		g    *Guard
		c    call
		w    want
	}
	cases := []tc{
		// Layer 1: allowlist.
		{"default ls", def, run("ls", "-la"), pass()},
		{"default rm", def, run("rm", "-rf", "/"), cmdNA(detailNotInAllowlist).saying("Command 'rm' is not in the allowed list")},
		{"absolute path to allowed program", def, run("/bin/ls"), cmdNA(detailCommandIsPath)},
		{"relative path to allowed program", def, run("./ls"), cmdNA(detailCommandIsPath)},
		{"empty command", def, run(""), cmdNA(detailNotInAllowlist)},
		{"NUL in command", def, run("ls\x00"), cmdNA(detailNotInAllowlist)},
		{"allowlist is case-sensitive", def, run("LS"), cmdNA(detailNotInAllowlist)},
		{"custom allowlist hit", onlyJq, run("jq", "."), pass()},
		{"custom allowlist miss", onlyJq, run("ls"), cmdNA(detailNotInAllowlist)},
		{"allowlist before paths", ro, run("rm", "/etc/passwd").in("/"), cmdNA(detailNotInAllowlist)},

		// Layer 2: working directory.
		{"cwd is the allowed path", ro, run("ls").in(proj), pass()},
		{"cwd below the allowed path", ro, run("ls").in(src), pass()},
		{"cwd through a symlink inside", ro, run("ls").in(filepath.Join(proj, "link-in")), pass()},
		{"cwd outside", ro, run("ls").in(f.outside), cwdOut},
		{"cwd through a symlink leading out", ro, run("ls").in(filepath.Join(proj, "link-out")), cwdOut},
		{"cwd sibling sharing the prefix", ro, run("ls").in(f.root + "/proj2"), cwdOut},
		{"cwd escaping with ..", ro, run("ls").in(proj + "/src/../.."), cwdOut},
		{"cwd checked before arguments", ro, run("ls", "/etc").in("/"), cwdOut.saying("Working directory '/' is outside the allowed paths")},

		// Layer 2: arguments.
		{"relative dir inside", ro, run("ls", "-la", "src").in(proj), pass()},
		{"file inside", ro, run("cat", "notes.txt").in(proj), pass()},
		{"absolute path inside", ro, run("cat", proj+"/notes.txt").in(src), pass()},
		{"absolute path outside", ro, run("cat", "/etc/passwd").in(proj),
			outside(0).saying("Path '/etc/passwd' (argument 0) is outside the allowed paths")},
		{"refused argument index", ro, run("cat", "notes.txt", "src/main.go", "/etc/passwd").in(proj), outside(2)},
		{"dot-dot escape", ro, run("cat", "../outside/secret.txt").in(proj), outside(0).saying("resolves to")},
		{"dot-dot to the parent", ro, run("ls", "..").in(proj), outside(0)},
		{"dot-dot staying inside", ro, run("cat", "src/../notes.txt").in(proj), pass()},
		{"dot is cwd", ro, run("grep", "-r", "TODO", ".").in(proj), pass()},
		{"sibling sharing the prefix", ro, run("cat", "../proj2/secret").in(proj), outside(0)},
		{"absolute sibling sharing the prefix", ro, run("cat", f.root+"/proj2/secret").in(proj), outside(0)},
		{"nonexistent file inside", ro, run("cat", "new-file.txt").in(proj), pass()},
		{"nonexistent dirs then back inside", ro, run("cat", "new/dir/../../src/main.go").in(proj), pass()},
		{"nonexistent dirs then out", ro, run("cat", "new/dir/../../../outside/secret.txt").in(proj), outside(0)},
		{"nonexistent dir then a symlink out", ro, run("cat", "new/../link-out/secret.txt").in(proj), outside(0)},
		{"symlink inside to inside", ro, run("cat", "link-in/main.go").in(proj), pass()},
		{"symlink out, named without slash", ro, run("cat", "link-out").in(proj), outside(0)},
		{"symlink out, path through it", ro, run("cat", "link-out/secret.txt").in(proj), outside(0)},
		{"relative symlink out", ro, run("ls", "link-rel").in(proj), outside(0)},
		{"symlink to parent", ro, run("ls", "link-up").in(proj), outside(0)},
		// A lexical Clean would read proj/secret.txt; the kernel follows deep
		// first and lands in outside/a.
		{"dot-dot after a symlink", ro, run("cat", "deep/../secret.txt").in(proj), outside(0)},
		{"symlink loop", ro, run("cat", "loop1").in(proj), refused(ReasonPathNotAllowed, detailUnresolvablePath, 0)},
		{"tilde inside", ro, run("ls", "~/proj/src").in(proj), pass()},
		{"tilde outside", ro, run("cat", "~/outside/secret.txt").in(proj), outside(0)},
		{"bare tilde is home, outside", ro, run("ls", "~").in(proj), outside(0)},
		{"tilde-user", ro, run("ls", "~root").in(proj), outside(0).saying("another user's home")},
		{"flag value outside", ro, run("git", "--git-dir=/etc", "status").in(proj), outside(0)},
		{"flag value inside", ro, run("git", "--git-dir=src/.git", "status").in(proj), pass()},
		// Changed by the command policies: --include is a glob (text), so the
		// symlink case uses --file, which names a file.
		{"flag value through symlink", ro, run("grep", "--file=link-out", "x").in(proj), outside(0)},
		{"text flag value is not a path", ro, run("grep", "--include=link-out", "x").in(proj), pass()},
		// Changed: the grammar knows ls has no "-/" option.
		{"unknown dash word is refused", ro, run("ls", "-/../../outside").in(proj),
			refused(ReasonArgNotAllowed, detailFlagNotAllowed, 0)},
		{"attached short value is a path", ro, run("git", "-C/etc", "status").in(proj), outside(0)},
		{"separate flag value is a path", ro, run("git", "-C", "/etc", "status").in(proj), outside(1)},
		{"after -- a dash word is a path", ro, run("ls", "--", "-/../../outside").in(proj), outside(1)},
		{"after -- an absolute path", ro, run("ls", "--", "/etc").in(proj), outside(1)},
		{"URL stays a harmless relative path", ro, run("curl", "https://example.com/a/b").in(proj), pass()},
		{"empty argument", ro, run("grep", "", "notes.txt").in(proj), pass()},
		{"allowed path / admits all", everywhere, run("cat", "/etc/passwd").in("/"), pass()},
		{"no allowed paths, no bound", def, run("cat", "/etc/passwd").in("/"), pass()},

		// Layer 3: patterns and NUL, per argument.
		{"pattern index", def, run("grep", "ok", "a;b"), inject(1).saying("';'")},
		// Changed: a grep pattern is text no shell reads; patterns still
		// apply to file arguments.
		{"pattern in a path flag value", def, run("grep", "x", "--file=a|b"), inject(1)},
		{"pattern in a text flag value", def, run("grep", "--regexp=a|b"), pass()},
		{"no match across arguments", doubleGT, run("grep", "foo>", ">bar"), pass()},
		{"match inside one argument", doubleGT, run("grep", "x", "foo>>bar"), inject(1)},
		{"&& split over two arguments", def, run("grep", "a&", "&b"), pass()},
		{"$( split over two arguments", def, run("grep", "x$", "(y"), pass()},
		{"NUL byte", def, run("grep", "a\x00b"), nul(0)},
		{"NUL before patterns", def, run("grep", "a;b", "\x00"), nul(1)},
		{"NUL in cwd", def, run("ls").in("/tmp\x00"), nul(-1)},
		{"patterns after paths", ro, run("cat", "/etc/x;y").in(proj), outside(0)},
		{"patterns before flags", nodeBuild, run("node", "-e", "a;b"), inject(1)},

		// Layer 4: flag restrictions.
		{"node script", nodeBuild, run("node", "app.js"), pass()},
		{"node -e", nodeBuild, run("node", "-e", "1"), flag(0).saying("Flag '-e' is not allowed for 'node' (argument 0)")},
		{"node --eval=", nodeBuild, run("node", "--eval=1"), flag(0).saying("'--eval'")},
		{"node --eval", nodeBuild, run("node", "--eval", "1"), flag(0)},
		{"node -pe bundle", nodeBuild, run("node", "-pe", "1"), flag(0)},
		{"node -e attached", nodeBuild, run("node", "-e1"), flag(0)},
		{"node -e inside a bundle", nodeBuild, run("node", "-ie", "1"), flag(0).saying("('-ie') sets the flag '-e'")},
		{"node -r later", nodeBuild, run("node", "app.js", "-r", "x"), flag(1)},
		{"node blocked flag after --", nodeBuild, run("node", "--", "--require"), flag(1)},
		{"node long flag with the letter", nodeBuild, run("node", "--inspect", "app.js"), pass()},
		{"node -v", nodeBuild, run("node", "-v"), pass()},
		{"npx -y", nodeBuild, run("npx", "-y", "cowsay"), flag(0)},
		{"npx --yes", nodeBuild, run("npx", "--yes", "cowsay"), flag(0)},
		{"npx --yes=true", nodeBuild, run("npx", "--yes=true", "cowsay"), flag(0)},
		{"npx package", nodeBuild, run("npx", "cowsay"), pass()},
		{"flags before profile", nodeRO, run("node", "-e", "1"), flag(0)},
		{"merge keeps node default", merged, run("node", "-e", "1"), flag(0)},
		{"merge overrides npx", merged, run("npx", "--package", "x"), flag(0)},
		{"merge replaced npx entry", merged, run("npx", "-y", "x"), pass()},

		// Layer 4: profile.
		{"cargo readonly", def, run("cargo", "build"), needBuild(-1).saying("'cargo' runs project code")},
		{"cargo build profile", build, run("cargo", "build").in(proj), pass()},
		{"terraform readonly", def, run("terraform", "plan"), needBuild(-1)},
		{"node readonly", nodeRO, run("node", "app.js"), needBuild(-1)},
		{"npm test readonly", def, run("npm", "test"), needBuild(0).saying("'npm test'")},
		{"npm test build", build, run("npm", "test").in(proj), pass()},
		{"npm ls", def, run("npm", "ls"), pass()},
		{"npm ls with package named test", def, run("npm", "ls", "test"), pass()},
		{"npm view", def, run("npm", "view", "react"), pass()},
		{"npm v is view", def, run("npm", "v", "react"), pass()},
		{"npm -g ls", def, run("npm", "-g", "ls"), pass()},
		{"npm run", def, run("npm", "run", "build"), needBuild(0)},
		{"npm i", def, run("npm", "i"), needBuild(0)},
		{"npm abbreviation", def, run("npm", "tes"), needBuild(0)},
		{"npm camelCase", def, run("npm", "installTest"), needBuild(0)},
		{"npm flag value before command", def, run("npm", "--prefix", "sub", "test"), needBuild(2)},
		{"npm command after --", def, run("npm", "--", "test"), needBuild(1)},
		{"npm --flag=value then command", def, run("npm", "--loglevel=silent", "ci"), needBuild(1)},
		{"npm audit", def, run("npm", "audit"), pass()},
		{"npm audit fix", def, run("npm", "audit", "fix"), needBuild(1).saying("'npm audit fix'")},
	}
	for _, p := range DefaultBlockPatterns() {
		cases = append(cases, tc{"default pattern " + p, def, run("cat", "x"+p+"y"), inject(0)})
	}

	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.g.Check(tt.c.cmd, tt.c.args, tt.c.cwd)
			w := tt.w
			if got.Allowed != w.allowed || got.Reason != w.reason || got.Detail != w.detail || got.ArgIndex != w.idx {
				t.Fatalf("Check(%s) in %q\n got  %+v\n want allowed=%v reason=%q detail=%q idx=%d",
					tt.c, tt.c.cwd, got, w.allowed, w.reason, w.detail, w.idx)
			}
			if !strings.Contains(got.Message, w.msg) {
				t.Errorf("Check(%s) message %q, want it to contain %q", tt.c, got.Message, w.msg)
			}
			if got.Allowed {
				return
			}
			if got.Message == "" {
				t.Errorf("Check(%s): refusal without a message", tt.c)
			}
			wantArg := tt.c.cmd
			if got.Reason == ReasonPathNotAllowed && got.ArgIndex < 0 && tt.c.cwd != "" {
				wantArg = tt.c.cwd
			}
			if got.Detail == detailNulByte && got.ArgIndex < 0 {
				wantArg = tt.c.cwd
			}
			if got.ArgIndex >= 0 {
				wantArg = tt.c.args[got.ArgIndex]
			}
			if got.Arg != wantArg {
				t.Errorf("Check(%s): Arg = %q, want %q", tt.c, got.Arg, wantArg)
			}
		})
	}
}

func TestCheckEmptyCwdIsProcessDir(t *testing.T) {
	f := newFixture(t)
	g := mustNew(t, policy(paths(f.proj)))
	t.Chdir(filepath.Join(f.proj, "src"))
	if d := g.Check("cat", []string{"main.go"}, ""); !d.Allowed {
		t.Fatalf("inside, empty cwd: %+v", d)
	}
	if d := g.Check("cat", []string{"../../outside/secret.txt"}, ""); d.Detail != detailOutsidePaths {
		t.Fatalf("escape, empty cwd: %+v", d)
	}
	// A relative cwd is relative to the process directory, as for os/exec.
	if d := g.Check("ls", nil, "../.."); d.Detail != detailCwdOutsidePaths {
		t.Fatalf("relative cwd out: %+v", d)
	}
	t.Chdir(f.outside)
	if d := g.Check("ls", nil, ""); d.Detail != detailCwdOutsidePaths || d.Arg != f.outside {
		t.Fatalf("empty cwd outside: %+v", d)
	}
}

func TestNewErrors(t *testing.T) {
	cases := []struct {
		name  string
		p     Policy
		opts  []Option
		field string
	}{
		{"bad profile", Policy{Profile: "debug"}, nil, "profile"},
		{"empty pattern", Policy{BlockPatterns: []string{";", ""}}, nil, "block_patterns[1]"},
		{"empty command", Policy{AllowedCommands: []string{""}}, nil, "allowed_commands[0]"},
		{"command path", Policy{AllowedCommands: []string{"ls", "/bin/ls"}}, nil, "allowed_commands[1]"},
		{"relative allowed path", Policy{AllowedPaths: []string{"src"}}, nil, "allowed_paths[0]"},
		{"empty allowed path", Policy{AllowedPaths: []string{"/", ""}}, nil, "allowed_paths[1]"},
		{"tilde without home", Policy{AllowedPaths: []string{"~/x"}}, []Option{WithHomeDir("")}, "allowed_paths[0]"},
		{"tilde-user", Policy{AllowedPaths: []string{"~bob/x"}}, []Option{WithHomeDir("/home/me")}, "allowed_paths[0]"},
		{"relative home", Policy{}, []Option{WithHomeDir("home")}, "home_dir"},
		{"empty blocked flag", Policy{CommandArgRestrictions: map[string]ArgRestriction{
			"node": {BlockedFlags: []string{"-e", ""}}}}, nil, "command_arg_restrictions[node].blocked_flags[1]"},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.p, tt.opts...)
			var pe *PolicyError
			if !errors.As(err, &pe) || g != nil {
				t.Fatalf("New = %v, %v; want a *PolicyError", g, err)
			}
			if pe.Field != tt.field {
				t.Errorf("Field = %q, want %q", pe.Field, tt.field)
			}
			if want := "guard: " + tt.field + ": "; !strings.HasPrefix(err.Error(), want) || pe.Message == "" {
				t.Errorf("Error() = %q, want prefix %q and a message", err, want)
			}
		})
	}
}

func TestPolicyIsCompiledDeepCopy(t *testing.T) {
	f := newFixture(t)
	in := policy(paths(
		f.root+"/projlink",      // symlink: resolved
		"~/proj/src/",           // tilde: expanded, cleaned
		f.root+"/future/./x/..", // nonexistent: cleaned, kept
	), profile(""))
	g := mustNew(t, in, WithHomeDir(f.root))

	p := g.Policy()
	if p.Profile != ProfileReadonly {
		t.Errorf("Profile = %q, want readonly", p.Profile)
	}
	wantPaths := []string{f.proj, filepath.Join(f.proj, "src"), filepath.Join(f.root, "future")}
	if !slices.Equal(p.AllowedPaths, wantPaths) {
		t.Errorf("AllowedPaths = %q, want %q", p.AllowedPaths, wantPaths)
	}
	if d := g.Check("ls", nil, f.root+"/future/new"); !d.Allowed {
		t.Errorf("nonexistent allowed path not usable: %+v", d)
	}

	// Mutating the input or a returned copy must not reach the Guard.
	in.AllowedCommands[0] = "rm"
	p.AllowedCommands[0] = "rm"
	p.CommandArgRestrictions["node"].BlockedFlags[0] = "--safe"
	p.BlockPatterns[0] = "zzz"
	q := g.Policy()
	if q.AllowedCommands[0] != "ls" || q.CommandArgRestrictions["node"].BlockedFlags[0] != "-e" || q.BlockPatterns[0] != ";" {
		t.Errorf("Policy copy shares memory: %+v", q)
	}
	if g.Allows("rm") || !g.Allows("ls") {
		t.Error("Guard changed after its input was mutated")
	}

	// Compiling the compiled policy again gives the same policy.
	g2 := mustNew(t, q, WithHomeDir(f.root))
	if r := g2.Policy(); !slices.Equal(r.AllowedPaths, q.AllowedPaths) || r.Profile != q.Profile {
		t.Errorf("recompiled policy differs: %+v vs %+v", r, q)
	}
}

func TestAllows(t *testing.T) {
	g := mustNew(t, DefaultPolicy())
	for cmd, want := range map[string]bool{"ls": true, "git": true, "rm": false, "/bin/ls": false, "": false, "node": false} {
		if got := g.Allows(cmd); got != want {
			t.Errorf("Allows(%q) = %v, want %v", cmd, got, want)
		}
	}
	var nilGuard *Guard
	if nilGuard.Allows("ls") || nilGuard.Check("ls", nil, "").Allowed {
		t.Error("a nil Guard must refuse")
	}
}

func TestMergeArgRestrictions(t *testing.T) {
	base := DefaultArgRestrictions()
	over := map[string]ArgRestriction{"npx": {BlockedFlags: []string{"--package"}}, "git": {BlockedFlags: []string{"-c"}}}
	m := MergeArgRestrictions(base, over)
	if !slices.Equal(m["node"].BlockedFlags, base["node"].BlockedFlags) {
		t.Errorf("node default lost: %v", m["node"])
	}
	if !slices.Equal(m["npx"].BlockedFlags, []string{"--package"}) || !slices.Equal(m["git"].BlockedFlags, []string{"-c"}) {
		t.Errorf("overrides not applied: %v", m)
	}
	if !slices.Equal(base["npx"].BlockedFlags, []string{"--yes", "-y"}) {
		t.Errorf("base mutated: %v", base["npx"])
	}
	over["git"].BlockedFlags[0] = "-x"
	if m["git"].BlockedFlags[0] != "-c" {
		t.Error("merged map shares slices with over")
	}
	if got := MergeArgRestrictions(nil, nil); got == nil || len(got) != 0 {
		t.Errorf("MergeArgRestrictions(nil, nil) = %v, want empty map", got)
	}
}

func TestBuildOnly(t *testing.T) {
	cases := []struct {
		c    call
		want bool
	}{
		{run("node"), true},
		{run("npx", "cowsay"), true},
		{run("yarn"), true},
		{run("cargo", "--version"), true},
		{run("terraform", "fmt"), true},
		{run("npm"), false},
		{run("npm", "--version"), false},
		{run("npm", "ls"), false},
		{run("npm", "outdated"), false},
		{run("npm", "search", "x"), false},
		{run("npm", "s", "x"), false},
		{run("npm", "star", "x"), false},
		{run("npm", "c", "get", "prefix"), false},
		{run("npm", "ci"), true},
		{run("npm", "t"), true},
		{run("npm", "x", "cowsay"), true},
		{run("npm", "rum", "x"), true},
		{run("npm", "urn", "x"), true},
		{run("npm", "run-script", "x"), true},
		{run("npm", "it"), true},
		{run("npm", "create", "vite"), true},
		{run("npm", "pack"), true},
		{run("npm", "runScript"), true},
		{run("npm", "RunScript"), false}, // npm reads "-run-script": no such command,
		{run("npm", "-w", "pkg", "start"), true},
		{run("ls", "test"), false},
	}
	for _, cmd := range []string{"run", "run-script", "rum", "urn", "test", "tst", "t", "exec", "x", "start", "stop",
		"restart", "install", "i", "ci", "add", "uninstall", "remove", "rm", "update", "up", "publish", "link",
		"rebuild", "prune", "dedupe"} {
		cases = append(cases, struct {
			c    call
			want bool
		}{run("npm", cmd), true})
	}
	for _, tt := range cases {
		if got := BuildOnly(tt.c.cmd, tt.c.args); got != tt.want {
			t.Errorf("BuildOnly(%s) = %v, want %v", tt.c, got, tt.want)
		}
	}
}

func TestDecisionErrAndJSON(t *testing.T) {
	g := mustNew(t, DefaultPolicy())
	if err := g.Check("ls", nil, "").Err(); err != nil {
		t.Fatalf("allowed Err() = %v", err)
	}
	d := g.Check("rm", []string{"-rf"}, "")
	err := d.Err()
	var be *BlockedError
	if !errors.As(err, &be) || !reflect.DeepEqual(be.Decision, d) || err.Error() != "Command 'rm' is not in the allowed list" {
		t.Fatalf("Err() = %#v", err)
	}
	b, err := json.Marshal(d)
	must(t, err)
	want := `{"allowed":false,"reason":"command_not_allowed","detail":"not_in_allowlist",` +
		`"message":"Command 'rm' is not in the allowed list","arg_index":-1,"arg":"rm"}`
	if string(b) != want {
		t.Errorf("JSON\n got  %s\n want %s", b, want)
	}
}

func TestMessagesEscapeAndTruncate(t *testing.T) {
	g := mustNew(t, DefaultPolicy())
	d := g.Check("rm\x1b[2J", nil, "")
	if strings.ContainsRune(d.Message, '\x1b') || !strings.Contains(d.Message, `\x1b`) {
		t.Errorf("control character not escaped: %q", d.Message)
	}
	long := strings.Repeat("é", 1000) + ";"
	d = g.Check("cat", []string{long}, "")
	if len(d.Message) > 2*maxShown || d.Arg != long {
		t.Errorf("long argument: message %d bytes, Arg kept=%v", len(d.Message), d.Arg == long)
	}
}

func TestCheckConcurrent(t *testing.T) {
	f := newFixture(t)
	g := mustNew(t, policy(paths(f.proj)))
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 200 {
				if d := g.Check("ls", []string{"-la", "src"}, f.proj); !d.Allowed {
					t.Errorf("goroutine %d: %+v", i, d)
					return
				}
				if d := g.Check("cat", []string{"link-out"}, f.proj); d.Allowed {
					t.Errorf("goroutine %d: link-out allowed", i)
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestHugeArguments(t *testing.T) {
	f := newFixture(t)
	g := mustNew(t, policy(paths(f.proj)))
	cases := []struct {
		cmd, arg string
		want     string // detail; "" means allowed
	}{
		{"cat", strings.Repeat("x", 1<<20), detailUnresolvablePath},              // one long name: lstat fails (ENAMETOOLONG), never lexical
		{"cat", strings.Repeat("../", 1<<18), detailOutsidePaths},                // climbs to /
		{"cat", strings.Repeat("a/", maxSteps+1), detailUnresolvablePath},        // more components than any real path
		{"cat", strings.Repeat("src/../", maxSteps+1), detailUnresolvablePath},   // bounded lstats
		{"cat", strings.Repeat("\xff/", 1000) + "\x00", detailNulByte},           // invalid UTF-8, NUL
		{"grep", "--file=" + strings.Repeat("~", 1<<16), detailUnresolvablePath}, // too long to look up, read literally
		{"grep", strings.Repeat("(a|b)", 1<<16), ""},                             // a pattern: text, no path check
	}
	for _, tt := range cases {
		d := g.Check(tt.cmd, []string{tt.arg}, f.proj)
		if d.Detail != tt.want || d.Allowed != (tt.want == "") {
			t.Errorf("%s arg of %d bytes (%.12q...): allowed=%v detail=%q, want detail %q", tt.cmd, len(tt.arg), tt.arg, d.Allowed, d.Detail, tt.want)
		}
	}
}

func TestDefaultHomeDir(t *testing.T) {
	f := newFixture(t)
	t.Setenv("HOME", f.root)
	g := mustNew(t, policy(paths("~/proj")))
	if got := g.Policy().AllowedPaths; !slices.Equal(got, []string{f.proj}) {
		t.Errorf("AllowedPaths = %q, want %q", got, f.proj)
	}
	// A relative $HOME is no home at all: New still works without "~".
	t.Setenv("HOME", "relative")
	if _, err := New(policy(paths(f.proj))); err != nil {
		t.Errorf("New with relative $HOME: %v", err)
	}
	if _, err := New(policy(paths("~/proj"))); err == nil {
		t.Error("New expanded '~' with a relative $HOME")
	}
}
