package guard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBlameIgnoreRevsFileLeak: blame.ignoreRevsFile in the repository's
// own config names a file outside the project, and git blame dies printing
// its first line. Rewrite's --no-ignore-revs-file keeps blame from reading
// it, while an --ignore-revs-file the caller gives (path-checked) still
// counts.
func TestBlameIgnoreRevsFileLeak(t *testing.T) {
	root, proj := project(t)
	gitRepo(t, proj)
	secret := filepath.Join(root, "outside", "revs.txt")
	must(t, os.WriteFile(secret, []byte("TOP-SECRET-LINE\n"), 0o644))
	env := []string{"GIT_CONFIG_NOSYSTEM=1", "HOME=" + proj}
	runReal(t, proj, env, "git", "config", "blame.ignoreRevsFile", secret)
	g := corpusGuard(t, root, proj)
	args := argv("blame", "--porcelain", "a.txt")
	if d := g.Check("git", args, proj); !d.Allowed {
		t.Fatalf("git blame --porcelain a.txt refused: %s", d.Message)
	}
	if out := runReal(t, proj, env, "git", args...); !strings.Contains(out, "TOP-SECRET-LINE") {
		t.Fatalf("without the rewrite git blame should show the leak this test guards against; got %q", out)
	}
	rw := Rewrite("git", args)
	if d := g.Check("git", rw, proj); !d.Allowed {
		t.Fatalf("rewritten %q refused: %s", rw, d.Message)
	}
	out := runReal(t, proj, env, "git", rw...)
	if strings.Contains(out, "TOP-SECRET-LINE") || !strings.Contains(out, "\tinside") {
		t.Fatalf("git %q: %q", rw, out)
	}
	// The caller's own file is still read after the reset.
	must(t, os.WriteFile(filepath.Join(proj, "revs"), []byte("not-a-commit\n"), 0o644))
	own := Rewrite("git", argv("blame", "--ignore-revs-file", "revs", "a.txt"))
	if out := runReal(t, proj, env, "git", own...); !strings.Contains(out, "not-a-commit") {
		t.Fatalf("git %q ignored the caller's --ignore-revs-file: %q", own, out)
	}
}

func TestDiffPolicy(t *testing.T) {
	root, proj := project(t)
	g := mustNew(t, policy(paths(proj), allowCmds("diff")), WithHomeDir(root))
	open := mustNew(t, policy(allowCmds("diff")), WithHomeDir(root))
	cases := []struct {
		g      *Guard
		args   []string
		detail string
	}{
		{g, argv("-u", "main.go", "go.mod"), ""},
		{g, argv("-U", "5", "main.go", "go.mod"), ""},
		{g, argv("--unified=1", "main.go", "go.mod"), ""},
		{g, argv("-rq", "src", "docs"), detailReadsOutside}, // -r follows links met on the way
		{open, argv("-ruN", "src", "docs"), ""},
		{g, argv("-u", "main.go", "../outside/secret.txt"), detailOutsidePaths},
		{g, argv("-u", "main.go", "out/secret.txt"), detailOutsidePaths},
		{g, argv("-u", "--to-file", "../outside/secret.txt", "main.go"), detailOutsidePaths},
		{g, argv("-u", "--to-file=../outside/secret.txt", "main.go"), detailOutsidePaths},
		{g, argv("-X", "../outside/secret.txt", "-u", "main.go", "go.mod"), detailOutsidePaths},
		{g, argv("-l", "main.go", "go.mod"), detailRunsProgram},
		{g, argv("--pag", "main.go", "go.mod"), detailRunsProgram},
		{g, argv("-ul", "main.go", "go.mod"), detailRunsProgram},
		{g, argv("--label", "../outside/secret.txt", "-u", "main.go", "go.mod"), ""},
		{g, argv("--frobnicate", "main.go", "go.mod"), detailFlagNotAllowed},
	}
	for _, c := range cases {
		d := c.g.Check("diff", c.args, proj)
		if d.Allowed != (c.detail == "") || d.Detail != c.detail {
			t.Errorf("diff %q: allowed=%v detail=%q (%s), want %q", c.args, d.Allowed, d.Detail, d.Message, c.detail)
		}
	}
}
