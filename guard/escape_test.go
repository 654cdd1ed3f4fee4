package guard

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The tests of this file reproduce issue 14's "the guard resolves paths
// differently from the program" and "option words the guard reads
// differently from the program": each checks the guard's verdict and, where
// the program is installed, runs the real program on the same argv to show
// what the refusal prevents.

// runReal runs a real program with a deadline and returns its combined
// output; it skips the test when the program is not installed.
func runReal(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s not installed", name)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, _ := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%s %q: no answer within 20s", name, args)
	}
	return string(out)
}

// gitRepo makes proj a git repository with one committed file a.txt and
// deep directories a/b/c/d, and returns proj/a/b/c/d.
func gitRepo(t *testing.T, proj string) string {
	t.Helper()
	deep := filepath.Join(proj, "a", "b", "c", "d")
	must(t, os.MkdirAll(deep, 0o755))
	must(t, os.WriteFile(filepath.Join(proj, "a.txt"), []byte("inside\n"), 0o644))
	if _, err := exec.LookPath("git"); err != nil {
		return deep
	}
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "a.txt"},
		{"-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "x"},
	} {
		runReal(t, proj, []string{"GIT_CONFIG_NOSYSTEM=1", "HOME=" + proj}, "git", args...)
	}
	return deep
}

// TestGitChdirIsCumulative: git changes to each -C directory in turn before
// it reads any other path, so every later relative path resolves against
// the last one.
func TestGitChdirIsCumulative(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	deep := gitRepo(t, proj)
	secret := filepath.Join(root, "outside", "secret.txt")
	// The example: from deep, -C ../../../.. is proj, and the
	// contents file, read from there, is outside (from deep it would be
	// inside: proj/a/b/outside/secret.txt).
	rel := "../../../.."
	contents := "../outside/secret.txt"
	cases := []struct {
		name   string
		args   []string
		detail string
		idx    int
	}{
		{"the issue's form", argv("-C", rel, "blame", "--contents", "../../../../etc/passwd", "a.txt"), detailOutsidePaths, 4},
		{"blame --contents after -C", argv("-C", rel, "blame", "--contents", contents, "a.txt"), detailOutsidePaths, 4},
		{"blame --contents= after -C", argv("-C", rel, "blame", "--contents="+contents, "a.txt"), detailOutsidePaths, 3},
		{"blame -S after -C", argv("-C", rel, "blame", "-S", contents, "a.txt"), detailOutsidePaths, 4},
		{"blame --ignore-revs-file after -C", argv("-C", rel, "blame", "--ignore-revs-file", contents, "a.txt"), detailOutsidePaths, 4},
		{"diff -O after -C", argv("-C", rel, "diff", "-O", contents), detailOutsidePaths, 4},
		{"ls-files -X after -C", argv("-C", rel, "ls-files", "-X", contents), detailOutsidePaths, 4},
		{"pathspec after -C", argv("-C", rel, "log", "--", "../outside"), detailOutsidePaths, 4},
		{"--git-dir after -C", argv("-C", rel, "--git-dir=../outside", "log"), detailOutsidePaths, 2},
		{"--git-dir before -C", argv("--git-dir=../outside", "-C", rel, "log"), detailOutsidePaths, 0},
		{"--work-tree after -C", argv("-C", rel, "--work-tree", "..", "status"), detailOutsidePaths, 3},
		{"-C is cumulative", argv("-C", "..", "-C", "..", "-C", "..", "-C", "..", "-C", "..", "status"), detailOutsidePaths, 9},
		{"-C attached", argv("-C"+rel, "-C..", "status"), detailOutsidePaths, 1},
		{"relative path against the work tree too", argv("--work-tree", rel, "blame", "--contents", "../../x", "a.txt"), detailOutsidePaths, 4},
		{"-C inside then a path inside", argv("-C", rel, "blame", "--contents", "a.txt", "a.txt"), "", -1},
		{"benign -C sub log", argv("-C", "..", "log", "--oneline"), "", -1},
		{"-C '' stays", argv("-C", "", "status"), "", -1},
		{"status", argv("status"), "", -1},
	}
	for _, c := range cases {
		d := g.Check("git", c.args, deep)
		if d.Allowed != (c.detail == "") || d.Detail != c.detail || (c.idx >= 0 && d.ArgIndex != c.idx) {
			t.Errorf("%s: git %q in a/b/c/d: allowed=%v detail=%q idx=%d (%s), want detail %q idx %d",
				c.name, c.args, d.Allowed, d.Detail, d.ArgIndex, d.Message, c.detail, c.idx)
		}
	}

	// What the refusal prevents: real git reads the contents file relative
	// to the -C directory.
	out := runReal(t, deep, []string{"GIT_CONFIG_NOSYSTEM=1", "HOME=" + proj}, "git",
		"-C", rel, "blame", "--contents", contents, "a.txt")
	s, err := os.ReadFile(secret)
	must(t, err)
	if !strings.Contains(out, strings.TrimSpace(string(s))) {
		t.Errorf("real git -C %s blame --contents %s printed %q; the model (relative to -C) is wrong", rel, contents, out)
	}
}

// TestChdirOtherCommands: cargo -C and terraform -chdir move relative paths
// too.
func TestChdirOtherCommands(t *testing.T) {
	root, proj := project(t)
	must(t, os.MkdirAll(filepath.Join(proj, "sub", "x"), 0o755))
	g := mustNew(t, policy(paths(proj), profile(ProfileBuild)), WithHomeDir(root))
	checkSpellings(t, g, proj, []spelled{
		{"later paths resolve against -C", detailOutsidePaths, [][]string{
			argv("cargo", "-C", "sub", "build", "--target-dir=../../x"),
			argv("terraform", "-chdir=sub/x", "plan", "-out=../../../plan"),
		}},
		{"inside", "", [][]string{
			argv("cargo", "-C", "sub", "build", "--target-dir=../t"),
			argv("terraform", "-chdir=sub/x", "plan", "-out=../../plan"),
		}},
	})
}

// TestProcSelfIsRefused: /proc/self and /proc/<pid> name the guard's own
// process when the guard resolves them, and the program's when it opens
// them.
func TestProcSelfIsRefused(t *testing.T) {
	root, proj := project(t)
	// A project symlink the plain path refuses.
	must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(proj, "ln")))
	g := corpusGuard(t, root, proj)
	everywhere := mustNew(t, policy(paths("/")))
	pid := itoa(os.Getpid())
	refusedForms := [][]string{
		argv("cat", "/proc/self/cwd/ln/secret.txt"), argv("cat", "/proc/self/environ"),
		argv("cat", "/proc/thread-self/environ"), argv("cat", "/proc/"+pid+"/environ"),
		argv("cat", "/proc/1/root/etc/shadow"), argv("head", "-c", "100", "/proc/self/fd/3"),
		argv("cat", "/dev/stdin"), argv("cat", "/dev/fd/0"), argv("ls", "/proc/self/"),
		argv("cat", "/proc/./self/environ"), argv("cat", "/proc/../proc/self/environ"),
		argv("grep", "x", "/proc/self/cwd/main.go"),
	}
	checkSpellings(t, g, proj, []spelled{{"/proc/<pid> with allowed_paths", detailReadsOutside, refusedForms}})
	checkSpellings(t, everywhere, proj, []spelled{
		{"/proc/<pid> even when / is allowed", detailReadsOutside, refusedForms},
		{"the rest of /proc", "", [][]string{argv("cat", "/proc/cpuinfo"), argv("cat", "/proc/meminfo"), argv("ls", "/proc/sys")}},
	})
	for _, c := range []struct{ args, hint []string }{
		{argv("cat", "/proc/self/cwd/main.go"), argv("./main.go")},
		{argv("grep", "--file=/proc/thread-self/cwd/main.go", "x"), argv("--file=./main.go", "x")},
		{argv("cat", "/proc/self/cwd/ln/secret.txt"), nil}, // the same path is outside
		{argv("cat", "/proc/self/environ"), nil},
	} {
		d := g.Check(c.args[0], c.args[1:], proj)
		switch {
		case c.hint == nil && d.Hint != nil:
			t.Errorf("%q: hint %q, want none", c.args, d.Hint.Args)
		case c.hint != nil && (d.Hint == nil || !slices.Equal(d.Hint.Args, c.hint)):
			t.Errorf("%q: hint %+v, want %q", c.args, d.Hint, c.hint)
		}
	}
	if d := g.Check("ls", nil, "/proc/self/cwd"); d.Allowed || d.Detail != detailCwdOutsidePaths {
		t.Errorf("cwd /proc/self/cwd: %+v, want cwd_outside_allowed_paths", d)
	}
	if _, err := New(policy(paths("/proc/self/cwd"))); err == nil {
		t.Error("allowed_paths /proc/self/cwd compiled")
	}

	// What the refusal prevents: the child's /proc/self/cwd is its own
	// working directory, not the guard's.
	out := runReal(t, proj, nil, "cat", "/proc/self/cwd/ln/secret.txt")
	if strings.TrimSpace(out) != "s" {
		t.Errorf("cat /proc/self/cwd/ln/secret.txt in proj printed %q, want the outside secret", out)
	}
}

// TestLongPathIsRefused: a component whose absolute form passes PATH_MAX
// cannot be looked up, while the program opens the shorter relative form
// and the kernel follows the link in it. Any lookup error but "does not
// exist" refuses.
func TestLongPathIsRefused(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	name := strings.Repeat("d", 200)
	dirs := strings.Repeat(name+"/", 20) + strings.Repeat("e", 56)
	rel := dirs + "/L/secret.txt"
	if len(rel) != 4089 {
		t.Fatalf("relative path is %d bytes, want 4089", len(rel))
	}
	if len(proj)+1+len(rel) < 4096 {
		t.Fatalf("absolute form is %d bytes, want more than PATH_MAX", len(proj)+1+len(rel))
	}
	// mkdir -p and ln work with the relative form, as the program will.
	runReal(t, proj, nil, "mkdir", "-p", dirs)
	runReal(t, proj, nil, "ln", "-s", filepath.Join(root, "outside"), dirs+"/L")
	if out := runReal(t, proj, nil, "cat", rel); strings.TrimSpace(out) != "s" {
		t.Fatalf("cat of the long relative path printed %q; the fixture is wrong", out)
	}
	for _, args := range [][]string{argv("cat", rel), argv("grep", "x", rel), argv("ls", dirs+"/L")} {
		d := g.Check(args[0], args[1:], proj)
		if d.Allowed || d.Detail != detailUnresolvablePath {
			t.Errorf("%s <%d-byte path>: allowed=%v detail=%q (%.120s), want unresolvable_path", args[0], len(args[len(args)-1]), d.Allowed, d.Detail, d.Message)
		}
	}

	// Other lookup errors: a file used as a directory (ENOTDIR), a
	// directory the guard cannot search (EACCES, unless running as root).
	if d := g.Check("cat", []string{"main.go/x"}, proj); d.Allowed || d.Detail != detailUnresolvablePath {
		t.Errorf("cat main.go/x: %+v, want unresolvable_path", d)
	}
	if os.Geteuid() != 0 {
		locked := filepath.Join(proj, "locked")
		must(t, os.Mkdir(locked, 0o700))
		must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(locked, "L")))
		must(t, os.Chmod(locked, 0))
		t.Cleanup(func() { os.Chmod(locked, 0o700) })
		if d := g.Check("cat", []string{"locked/L/secret.txt"}, proj); d.Allowed || d.Detail != detailUnresolvablePath {
			t.Errorf("cat locked/L/secret.txt: %+v, want unresolvable_path", d)
		}
	}
	// A name that does not exist is still fine.
	if d := g.Check("cat", []string{"no/such/dir/../file"}, proj); !d.Allowed {
		t.Errorf("cat no/such/dir/../file: %+v, want allowed", d)
	}
}

// TestListFileOptions: --files0-from names a file holding more paths, which
// the guard cannot check.
func TestListFileOptions(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	free := mustNew(t, DefaultPolicy())
	list := filepath.Join(proj, "list")
	must(t, os.WriteFile(list, []byte(filepath.Join(root, "outside", "secret.txt")+"\x00"), 0o644))
	forms := [][]string{
		argv("wc", "--files0-from=list"), argv("wc", "--files0-from", "list"), argv("wc", "--files0=list"),
		argv("du", "--files0-from=list"), argv("du", "-s", "--files0-from", "list"),
		argv("find", "-files0-from", "list"), argv("find", "-files0-from", "list", "-name", "x"),
	}
	checkSpellings(t, g, proj, []spelled{{"list files with allowed_paths", detailReadsOutside, forms}})
	checkSpellings(t, free, proj, []spelled{{"list files without allowed_paths", "", forms}})
	d := g.Check("wc", []string{"-l", "--files0-from", "list"}, proj)
	if d.Hint == nil || !slices.Equal(d.Hint.Args, []string{"-l"}) {
		t.Errorf("wc -l --files0-from list: hint %+v, want [-l]", d.Hint)
	}
	// What the refusal prevents: wc reads the outside file named in the list.
	if out := runReal(t, proj, nil, "wc", "-c", "--files0-from=list"); !strings.Contains(out, "outside/secret.txt") {
		t.Errorf("real wc --files0-from printed %q, want the outside file counted", out)
	}
}

// TestNpmPackageSpecs: npm reads a package spec that looks like a path as a
// local directory or tarball, and a git spec by running git.
func TestNpmPackageSpecs(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	must(t, os.MkdirAll(filepath.Join(proj, "pkgs", "a"), 0o755))
	checkSpellings(t, g, proj, []spelled{
		{"paths outside", detailOutsidePaths, [][]string{
			argv("npm", "view", root+"/outside"), argv("npm", "view", "../outside"), argv("npm", "view", "./out"),
			argv("npm", "view", "file:../outside"), argv("npm", "view", "file:///etc"), argv("npm", "view", "FILE:../outside"),
			argv("npm", "view", "x@file:../outside"), argv("npm", "view", "x@../outside"), argv("npm", "view", "@s/x@../outside"),
			argv("npm", "view", "~/.npmrc"), argv("npm", "ls", "../outside/x.tgz"), argv("npm", "explain", "../outside"),
			argv("npm", "info", "out/x.tgz"), argv("npm", "fund", "../outside"), argv("npm", "outdated", "x@/etc"),
		}},
		{"git specs", detailRunsProgram, [][]string{
			argv("npm", "view", "git+file:///tmp/r"), argv("npm", "view", "git+https://example.com/x.git"),
			argv("npm", "view", "git://example.com/x.git"), argv("npm", "view", "git+ssh://git@example.com/x.git"),
			argv("npm", "view", "github:user/repo"), argv("npm", "view", "gitlab:user/repo"),
			argv("npm", "view", "user/repo"), argv("npm", "view", "git@github.com:user/repo.git"),
			argv("npm", "view", "x@github:user/repo"), argv("npm", "view", "x@user/repo"),
		}},
		{"paths resolve against --prefix", detailOutsidePaths, [][]string{
			argv("npm", "--prefix", "pkgs/a", "view", "../../../outside"), argv("npm", "view", "../../../outside", "--prefix=pkgs/a"),
		}},
		{"registry names, ranges, tarball URLs and inside paths", "", [][]string{
			argv("npm", "--prefix", "pkgs/a", "view", "../../src"),
			argv("npm", "view", "react"), argv("npm", "view", "react@^18.2.0"), argv("npm", "view", "@types/node"),
			argv("npm", "view", "@types/node@20"), argv("npm", "view", "react", "version"), argv("npm", "v", "react@latest"),
			argv("npm", "view", "https://registry.npmjs.org/x/-/x-1.0.0.tgz"), argv("npm", "view", "./pkgs/a"),
			argv("npm", "view", "file:pkgs/a"), argv("npm", "ls"), argv("npm", "ls", "react"), argv("npm", "explain", "pkgs/a/x.tgz"),
			argv("npm", "view", "x@npm:y@1"), argv("npm", "get", "registry"),
		}},
	})
}

// TestPsBSDOptions: procps reads words without a dash as BSD option
// bundles, and re-reads a failing argv the BSD way.
func TestPsBSDOptions(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	checkSpellings(t, g, proj, []spelled{
		{"BSD e", detailRevealsSecrets, [][]string{
			argv("ps", "axwweopid,args"), argv("ps", "e"), argv("ps", "aux", "e"), argv("ps", "auxe"), argv("ps", "axe", "-o", "pid"),
			argv("ps", "-o", "pid", "e"), argv("ps", "ax", "ewwo", "pid"),
		}},
		{"a BSD e in the re-reading of a failing argv", detailRevealsSecrets, [][]string{
			argv("ps", "-u", "e"), argv("ps", "-uxe"), argv("ps", "-x", "-u", "eve"), argv("ps", "-s", "e"), argv("ps", "-g", "ex"),
		}},
		{"benign forms", "", [][]string{
			argv("ps"), argv("ps", "aux"), argv("ps", "axo", "pid,args"), argv("ps", "axopid,args,e"), argv("ps", "-ef"),
			argv("ps", "-eo", "pid,comm"), argv("ps", "-e", "-o", "pid,args"), argv("ps", "aux", "--sort=-%cpu"),
			argv("ps", "-ex"), argv("ps", "-C", "redis-server"), argv("ps", "-u", "root"), argv("ps", "1234"),
			argv("ps", "p", "1234"), argv("ps", "-p", "1", "-o", "etime="), argv("ps", "axjf"), argv("ps", "-ejH"),
		}},
		{"unknown BSD letters", detailFlagNotAllowed, [][]string{argv("ps", "aux!"), argv("ps", "axW")}},
	})
	if d := g.Check("ps", argv("axe"), proj); d.Hint == nil || !slices.Equal(d.Hint.Args, []string{"ax"}) {
		t.Errorf("ps axe: hint %+v, want [ax]", d.Hint)
	}
	if got := Rewrite("ps", argv("-ef", "-o", "pid,user", "-u", "eve", "--sort", "e", "-pe")); !slices.Equal(got,
		argv("-Af", "-o", "pid,user", "-u", "eve", "--sort", "e", "-pe")) {
		t.Errorf("Rewrite(ps) = %q", got)
	}

	// What the model stands for: real procps prints environments for
	// "-ex" (SysV fails on -x, the BSD reading has e), not for the
	// rewritten "-Ax".
	env := []string{"PARISM_TEST_MARK=zz9plural"}
	if out := runReal(t, proj, env, "ps", "-ex"); !strings.Contains(out, "PARISM_TEST_MARK=zz9plural") {
		t.Skipf("this ps does not re-read -ex the BSD way (%.80q); nothing to compare", out)
	}
	if out := runReal(t, proj, env, "ps", Rewrite("ps", argv("-ex"))...); strings.Contains(out, "PARISM_TEST_MARK") {
		t.Errorf("ps %q printed the environment", Rewrite("ps", argv("-ex")))
	}
	// "-uxe" is -u with the user "xe" to SysV, which fails, and u x e to BSD.
	if out := runReal(t, proj, env, "ps", "-uxe"); !strings.Contains(out, "PARISM_TEST_MARK=zz9plural") {
		t.Errorf("real ps -uxe did not print the environment (%.80q); the model is wrong", out)
	}
	if out := runReal(t, proj, env, "ps", "axwweopid,args"); !strings.Contains(out, "PARISM_TEST_MARK=zz9plural") {
		t.Errorf("real ps axwweopid,args did not print the environment (%.80q); the model is wrong", out)
	}
}

// TestOptionWordsReadLikeTheProgram: journalctl expands --file globs,
// kubectl config view --flatten embeds credentials, git config follows
// include.path.
func TestOptionWordsReadLikeTheProgram(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	free := mustNew(t, DefaultPolicy())
	checkSpellings(t, g, proj, []spelled{
		{"journal globs", detailReadsOutside, [][]string{
			argv("journalctl", "--file=*.journal"), argv("journalctl", "--file", "x/*"), argv("journalctl", "--file=l?g"),
			argv("journalctl", "--file=[ab].journal"), argv("journalctl", "-D", "j*"), argv("journalctl", "--directory=j?"),
		}},
		{"journal files", "", [][]string{argv("journalctl", "--file=app.journal"), argv("journalctl", "-D", "docs")}},
		{"kubeconfig credentials", detailRevealsSecrets, [][]string{
			argv("kubectl", "config", "view", "--flatten"), argv("kubectl", "config", "view", "--flatten=true"),
			argv("kubectl", "config", "view", "--minify", "--flatten"), argv("kubectl", "config", "view", "--raw"),
		}},
		{"kubeconfig redacted only in part (TestKubectlConfigViewSecrets)", detailRevealsSecrets, [][]string{
			argv("kubectl", "config", "view"), argv("kubectl", "config", "view", "--minify"),
			argv("kubectl", "config", "view", "--flatten=false"),
		}},
		{"kubeconfig contexts", "", [][]string{argv("kubectl", "config", "get-contexts"), argv("kubectl", "get", "pods")}},
		{"npm credential keys", detailRevealsSecrets, [][]string{
			argv("npm", "config", "get", "//registry.npmjs.org/:_authToken"), argv("npm", "get", "_auth"),
			argv("npm", "c", "get", "//r.example/:_password"), argv("npm", "config", "get", "keyfile"),
		}},
		{"npm config keys", "", [][]string{argv("npm", "config", "get", "registry"), argv("npm", "get", "prefix")}},
		{"git config includes", detailReadsOutside, [][]string{argv("git", "config", "--includes", "-l")}},
		{"benign", "", [][]string{
			argv("git", "status"), argv("git", "-C", "sub", "log"), argv("npm", "ls"), argv("curl", "-I", "https://x"),
			argv("git", "config", "-l"), argv("git", "config", "--no-includes", "--get", "user.name"),
		}},
	})
	checkSpellings(t, free, proj, []spelled{{"globs without allowed_paths", "", [][]string{argv("journalctl", "--file=*.journal")}}})

	// git config -l prints any file in git config syntax that include.path
	// names (an INI file with plain keys is one); Rewrite adds
	// --no-includes.
	gitRepo(t, proj)
	creds := filepath.Join(root, "outside", "credentials")
	must(t, os.WriteFile(creds, []byte("[default]\ntoken = SECRETKEY\n"), 0o644))
	env := []string{"GIT_CONFIG_NOSYSTEM=1", "HOME=" + proj}
	runReal(t, proj, env, "git", "config", "include.path", creds)
	if out := runReal(t, proj, env, "git", "config", "-l"); !strings.Contains(out, "SECRETKEY") {
		t.Fatalf("git config -l did not follow include.path (%q); the fixture is wrong", out)
	}
	args := Rewrite("git", argv("config", "-l"))
	if d := g.Check("git", args, proj); !d.Allowed {
		t.Fatalf("rewritten git %q refused: %s", args, d.Message)
	}
	if out := runReal(t, proj, env, "git", args...); strings.Contains(out, "SECRETKEY") {
		t.Errorf("git %q printed the included credentials", args)
	}
}
