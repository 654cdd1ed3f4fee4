package executor

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// gitRepo makes a repository whose own configuration names a clean filter
// and a textconv driver that would each leave a marker file if run, and a
// modified file the filter applies to.
func gitRepo(t *testing.T) (repo, marker string) {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	repo, marker = t.TempDir(), filepath.Join(t.TempDir(), "ran")
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir = repo
		cmd.Env = SafeEnv(os.Environ())
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q")
	if err := os.WriteFile(filepath.Join(repo, "a.txt"), []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("add", "a.txt")
	run("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "first")
	if err := os.WriteFile(filepath.Join(repo, ".gitattributes"), []byte("* filter=Evil diff=Conv\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Mixed case in the driver name: git keeps the subsection's case.
	run("config", "filter.Evil.clean", "touch "+marker+"; cat")
	run("config", "filter.Evil.required", "true")
	run("config", "diff.Conv.textconv", "touch "+marker+"; cat")
	if err := os.WriteFile(filepath.Join(repo, "a.txt"), []byte("two\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return repo, marker
}

// TestGitDriverEnvBlanksRepositoryDrivers proves the attack first (git diff
// runs the repository's clean filter under SafeEnv alone), then that the
// command run through Run with GitDriverEnv's environment does not.
func TestGitDriverEnvBlanksRepositoryDrivers(t *testing.T) {
	repo, marker := gitRepo(t)
	git, _ := exec.LookPath("git")
	base := SafeEnv(os.Environ())
	ctx := context.Background()

	plain := Run(ctx, Spec{Path: git, Args: []string{"diff", "--stat"}, Dir: repo, Env: base})
	if plain.ExitCode != 0 {
		t.Fatalf("git diff: %+v", plain)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("the repository's clean filter did not run without the overrides (%v): the test proves nothing", err)
	}
	os.Remove(marker)

	env := GitDriverEnv(ctx, git, repo, []string{"diff", "--stat"}, base)
	for _, want := range []string{"filter.Evil.clean", "filter.Evil.required", "diff.Conv.textconv"} {
		if !slices.ContainsFunc(env, func(kv string) bool {
			return len(kv) > 15 && kv[:15] == "GIT_CONFIG_KEY_" && kv[len(kv)-len(want):] == want
		}) {
			t.Errorf("no override for %s", want)
		}
	}
	// The forms the guard lets run (it adds --no-ext-diff --no-textconv to
	// diff, log, show and blame) succeed without running a driver; plain
	// git diff, where the blanked textconv would apply, fails closed.
	for _, c := range []struct {
		args   []string
		wantOK bool
	}{
		{[]string{"diff", "--stat"}, true},
		{[]string{"status", "--short"}, true},
		{[]string{"diff", "--no-ext-diff", "--no-textconv"}, true},
		{[]string{"log", "-p", "-1", "--no-ext-diff", "--no-textconv"}, true},
		{[]string{"diff"}, false},
	} {
		os.Chtimes(filepath.Join(repo, "a.txt"), plainTime(), plainTime()) // stat-dirty: make git read contents
		res := Run(ctx, Spec{Path: git, Args: c.args, Dir: repo, Env: env})
		if ok := res.ExitCode == 0; ok != c.wantOK {
			t.Errorf("git %v with overrides: exit %d (want success %v), stderr %s", c.args, res.ExitCode, c.wantOK, res.Stderr.Data)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("git %v ran a repository driver despite the overrides", c.args)
		}
	}
}

// TestGitDriverEnvFollowsDashC: the configuration read is that of the
// repository -C names, not of the working directory.
func TestGitDriverEnvFollowsDashC(t *testing.T) {
	repo, _ := gitRepo(t)
	git, _ := exec.LookPath("git")
	other := t.TempDir()
	env := GitDriverEnv(context.Background(), git, other, []string{"-C", repo, "--no-pager", "diff"}, SafeEnv(os.Environ()))
	if !slices.Contains(env, "GIT_CONFIG_COUNT=22") { // 19 fixed + 3 for the drivers
		t.Errorf("overrides for the -C repository missing; env tail %q", env[len(env)-3:])
	}
}

func TestGitDriverEnvNoDrivers(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	base := SafeEnv(os.Environ())
	if got := GitDriverEnv(context.Background(), git, t.TempDir(), []string{"status"}, base); !slices.Equal(got, base) {
		t.Error("environment changed outside a repository with drivers")
	}
}

func TestRepoOptions(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"status"}, nil},
		{[]string{"-C", "x", "--no-pager", "-c", "a.b=c", "log", "-C", "y"}, []string{"-C", "x", "-c", "a.b=c"}},
		{[]string{"--git-dir=g", "--work-tree", "w", "diff"}, []string{"--git-dir=g", "--work-tree", "w"}},
		{[]string{"-C"}, nil},
	} {
		if got := repoOptions(c.in); !slices.Equal(got, c.want) {
			t.Errorf("repoOptions(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// plainTime is a fixed past time: touching the file with it makes its stat
// data differ from the index's, so git must read (and filter) its contents.
func plainTime() time.Time { return time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC) }

// TestGitDriverEnvGlobalValueOptions: a global option that takes a value
// (--namespace X, which the guard admits) must not end the reading of the
// options before it: the -C after it still names the repository whose
// drivers are blanked.
func TestGitDriverEnvGlobalValueOptions(t *testing.T) {
	repo, marker := gitRepo(t)
	git, _ := exec.LookPath("git")
	other := t.TempDir()
	for _, pre := range [][]string{
		{"--namespace", "x", "-C", repo},
		{"--namespace=x", "-C", repo},
		{"--super-prefix", "x/", "-C", repo},
		{"--literal-pathspecs", "-C", repo},
	} {
		args := append(slices.Clone(pre), "diff")
		env := GitDriverEnv(context.Background(), git, other, args, SafeEnv(os.Environ()))
		os.Chtimes(filepath.Join(repo, "a.txt"), plainTime(), plainTime())
		Run(context.Background(), Spec{Path: git, Args: args, Dir: other, Env: env})
		if _, err := os.Stat(marker); err == nil {
			os.Remove(marker)
			t.Errorf("git %q ran the -C repository's driver: its configuration was not read", args)
		}
	}
}
