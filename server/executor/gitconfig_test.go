package executor

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Each test below builds a hostile repository for one family of git
// configuration keys, proves that plain git (no global or system config)
// runs the repository's program or sends the traffic, then that git run with
// the engine's environment (SafeEnv, then GitDrivers.Env) does not.

// gitWorld runs git in test repositories.
type gitWorld struct {
	t   *testing.T
	git string
}

func newGitWorld(t *testing.T) gitWorld {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	return gitWorld{t: t, git: git}
}

// plainEnv is git with the host's and the user's config ignored, as a
// careful caller would run it without Parism's overrides.
func plainEnv() []string {
	return append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0")
}

// setup runs a git command that prepares a fixture; it must succeed.
func (w gitWorld) setup(dir string, args ...string) {
	w.t.Helper()
	cmd := exec.Command(w.git, args...)
	cmd.Dir = dir
	cmd.Env = append(plainEnv(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		w.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// repo makes a repository with one commit of a.txt.
func (w gitWorld) repo() string {
	w.t.Helper()
	dir := w.t.TempDir()
	w.setup(dir, "init", "-q")
	writeTestFile(w.t, filepath.Join(dir, "a.txt"), "one\n")
	w.setup(dir, "add", "a.txt")
	w.setup(dir, "commit", "-qm", "first")
	return dir
}

// run runs git in dir, plainly or as the engine does.
func (w gitWorld) run(dir string, protect bool, args ...string) Result {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	env := plainEnv()
	if protect {
		env = NewGitDrivers().Env(ctx, w.git, dir, args, SafeEnv(os.Environ()))
	}
	r := Run(ctx, Spec{Path: w.git, Args: args, Dir: dir, Env: env, Timeout: 20 * time.Second, MaxStdout: 1 << 20, MaxStderr: 1 << 20})
	if r.TimedOut {
		w.t.Fatalf("git %v timed out", args)
	}
	return r
}

// attack runs args plainly (the marker must appear: the fixture works) and
// as the engine does (it must not).
func (w gitWorld) attack(dir, marker string, args ...string) Result {
	w.t.Helper()
	w.run(dir, false, args...)
	if _, err := os.Stat(marker); err != nil {
		w.t.Fatalf("plain git %v did not run the repository's program: the test proves nothing", args)
	}
	os.Remove(marker)
	r := w.run(dir, true, args...)
	if _, err := os.Stat(marker); err == nil {
		w.t.Errorf("git %v ran the repository's program despite the overrides (stderr %q)", args, r.Stderr.Data)
	}
	return r
}

// TestGitAlternateRefsCommand: with an alternates file, git log
// --alternate-refs runs core.alternateRefsCommand.
func TestGitAlternateRefsCommand(t *testing.T) {
	w := newGitWorld(t)
	other, repo := w.repo(), w.repo()
	writeTestFile(t, filepath.Join(repo, ".git", "objects", "info", "alternates"), filepath.Join(other, ".git", "objects")+"\n")
	marker := filepath.Join(t.TempDir(), "ran")
	w.setup(repo, "config", "core.alternateRefsCommand", "touch "+marker+"; echo")
	r := w.attack(repo, marker, "log", "--alternate-refs", "--oneline")
	if r.ExitCode != 0 || !strings.Contains(string(r.Stdout.Data), "first") {
		t.Errorf("git log --alternate-refs failed: %d %q", r.ExitCode, r.Stderr.Data)
	}
}

// TestGitRemoteNamedLikeURL: git ls-remote URL uses [remote "URL"] when the
// repository has one, with its url (a local path) and its uploadpack
// program. The environment cannot override uploadpack (the first value git
// reads wins), so the local transport itself is refused.
func TestGitRemoteNamedLikeURL(t *testing.T) {
	w := newGitWorld(t)
	other, repo := w.repo(), w.repo()
	marker := filepath.Join(t.TempDir(), "ran")
	url := "https://example.invalid/r"
	w.setup(repo, "config", "remote."+url+".url", other)
	w.setup(repo, "config", "remote."+url+".uploadpack", "touch "+marker+"; git-upload-pack")
	r := w.attack(repo, marker, "ls-remote", url)
	if !strings.Contains(string(r.Stderr.Data), "not allowed") {
		t.Errorf("stderr = %q, want the file transport refused", r.Stderr.Data)
	}
}

// TestGitCredentialHelperForURL: a URL-scoped credential helper of the
// repository runs when a server asks for credentials.
func TestGitCredentialHelperForURL(t *testing.T) {
	w := newGitWorld(t)
	repo := w.repo()
	srv := listen(t)
	srv.mu.Lock()
	srv.status = "401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"x\""
	srv.mu.Unlock()
	marker := filepath.Join(t.TempDir(), "ran")
	w.setup(repo, "config", "credential.http://"+srv.addr()+".helper", "!touch "+marker+"; echo")
	w.attack(repo, marker, "ls-remote", "http://"+srv.addr()+"/r")
}

// TestGitHTTPSettings: the repository's http.<url>.extraHeader and
// http.cookieFile send what it chooses (a file's contents) to a server, and
// http.proxy, http.<url>.proxy and remote.<name>.proxy send the traffic to
// a listener of its choosing.
func TestGitHTTPSettings(t *testing.T) {
	w := newGitWorld(t)
	t.Run("headers and cookies", func(t *testing.T) {
		repo := w.repo()
		srv := listen(t)
		base := "http://" + srv.addr() + "/"
		cookies := filepath.Join(t.TempDir(), "cookies")
		writeTestFile(t, cookies, "127.0.0.1\tFALSE\t/\tFALSE\t0\tsess\tCOOKIESEKRIT\n")
		w.setup(repo, "config", "http."+base+".extraHeader", "X-Leak: HEADERSEKRIT")
		w.setup(repo, "config", "http.cookieFile", cookies)
		w.run(repo, false, "ls-remote", base+"r")
		if got := srv.requests(); !strings.Contains(got, "HEADERSEKRIT") || !strings.Contains(got, "COOKIESEKRIT") {
			t.Fatalf("plain git did not send the header and cookie: the test proves nothing\n%s", got)
		}
		srv2 := listen(t)
		base2 := "http://" + srv2.addr() + "/"
		w.setup(repo, "config", "http."+base2+".extraHeader", "X-Leak: HEADERSEKRIT")
		w.run(repo, true, "ls-remote", base2+"r")
		got := srv2.requests()
		if got == "" {
			t.Fatal("git did not contact the server it was asked to")
		}
		if strings.Contains(got, "SEKRIT") {
			t.Errorf("git sent the repository's header or cookie:\n%s", got)
		}
	})
	for _, key := range []string{"http.proxy", "http.http://127.0.0.2:1/.proxy", "remote.origin.proxy"} {
		t.Run(key, func(t *testing.T) {
			repo := w.repo()
			proxy := listen(t)
			w.setup(repo, "remote", "add", "origin", "http://127.0.0.2:1/r")
			w.setup(repo, "config", key, "http://"+proxy.addr())
			w.run(repo, false, "ls-remote", "origin")
			if proxy.requests() == "" {
				t.Fatal("plain git did not use the repository's proxy: the test proves nothing")
			}
			proxy2 := listen(t)
			w.setup(repo, "config", key, "http://"+proxy2.addr())
			w.run(repo, true, "ls-remote", "origin")
			if got := proxy2.requests(); got != "" {
				t.Errorf("git used the repository's proxy:\n%s", got)
			}
		})
	}
}

// TestGitSubmoduleDrivers: git status in a superproject enters a modified
// submodule and runs the clean filter of the submodule's own config
// (.git/modules/<name>/config), which the superproject's config does not
// show.
func TestGitSubmoduleDrivers(t *testing.T) {
	w := newGitWorld(t)
	lib, super := w.repo(), w.repo()
	w.setup(super, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub")
	w.setup(super, "commit", "-qm", "sub")
	marker := filepath.Join(t.TempDir(), "ran")
	w.setup(filepath.Join(super, "sub"), "config", "filter.Evil.clean", "touch "+marker+"; cat")
	writeTestFile(t, filepath.Join(super, "sub", ".gitattributes"), "* filter=Evil\n")
	writeTestFile(t, filepath.Join(super, "sub", "a.txt"), "two\n")
	if _, err := os.Stat(filepath.Join(super, ".git", "modules", "sub", "config")); err != nil {
		t.Fatalf("the submodule's git directory is not under .git/modules: %v", err)
	}
	r := w.attack(super, marker, "status", "--porcelain")
	if r.ExitCode != 0 || !strings.Contains(string(r.Stdout.Data), "sub") {
		t.Errorf("git status: %d %q %q", r.ExitCode, r.Stdout.Data, r.Stderr.Data)
	}
	// Through the uncached path too.
	ctx := context.Background()
	env := GitDriverEnv(ctx, w.git, super, []string{"status"}, SafeEnv(os.Environ()))
	if !strings.Contains(strings.Join(env, "\n"), "=filter.Evil.clean") {
		t.Error("GitDriverEnv does not blank the submodule's filter")
	}

	// An embedded repository inside the submodule (a gitlink of the
	// submodule's index, whose git directory names its work tree).
	deep := filepath.Join(super, "sub", "deep")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	w.setup(deep, "init", "-q")
	writeTestFile(t, filepath.Join(deep, "d.txt"), "one\n")
	w.setup(deep, "add", "d.txt")
	w.setup(deep, "commit", "-qm", "deep")
	w.setup(filepath.Join(super, "sub"), "add", "deep")
	w.setup(filepath.Join(super, "sub"), "commit", "-qm", "deep")
	w.setup(deep, "config", "filter.Deeper.clean", "touch "+marker+"; cat")
	writeTestFile(t, filepath.Join(deep, ".gitattributes"), "* filter=Deeper\n")
	writeTestFile(t, filepath.Join(deep, "d.txt"), "two\n")
	env = NewGitDrivers().Env(ctx, w.git, super, []string{"status"}, SafeEnv(os.Environ()))
	if !strings.Contains(strings.Join(env, "\n"), "=filter.Deeper.clean") {
		t.Error("the filter of a repository embedded in a submodule is not blanked")
	}
}

// TestGitDriversCache: a repository's configuration is read once; the
// cached overrides are used until a configuration file (its own, an
// included one, a submodule's) changes, even when the change keeps the
// file's size and modification time.
func TestGitDriversCache(t *testing.T) {
	w := newGitWorld(t)
	saved := freshWindow
	freshWindow = 0
	t.Cleanup(func() { freshWindow = saved })
	repo := w.repo()
	c := NewGitDrivers()
	ctx := context.Background()
	base := SafeEnv(os.Environ())
	env := func() string { return strings.Join(c.Env(ctx, w.git, repo, []string{"status"}, base), "\n") }
	scans := func(want int64, what string) {
		t.Helper()
		if got := c.Scans(); got != want {
			t.Errorf("%s: %d scans, want %d", what, got, want)
		}
	}
	first := env()
	if second := env(); second != first {
		t.Error("the cached environment differs")
	}
	scans(1, "two calls, nothing changed")

	// In-place append to .git/config (same inode).
	// The included file lives in the work tree, outside .git (whose own
	// directory entry changes when a file is created in it).
	if err := os.Mkdir(filepath.Join(repo, "conf"), 0o755); err != nil {
		t.Fatal(err)
	}
	extra := filepath.Join(repo, "conf", "extra.cfg")
	f, err := os.OpenFile(filepath.Join(repo, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "[filter \"A\"]\n\tclean = evil\n[include]\n\tpath = %s\n", extra)
	f.Close()
	if got := env(); !strings.Contains(got, "=filter.A.clean") {
		t.Error("a filter added to .git/config is not blanked")
	}
	scans(2, "after editing .git/config")
	env()
	scans(2, "nothing changed again")

	// The included file appears later.
	writeTestFile(t, extra, "[diff \"B\"]\n\ttextconv = evil\n")
	if got := env(); !strings.Contains(got, "=diff.B.textconv") {
		t.Error("a driver in a newly created included file is not blanked")
	}
	scans(3, "after creating the included file")

	// Same size, modification time set back: the change time still moves.
	fi, _ := os.Stat(extra)
	time.Sleep(20 * time.Millisecond)
	writeTestFile(t, extra, "[diff \"C\"]\n\ttextconv = evil\n")
	if err := os.Chtimes(extra, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if got := env(); !strings.Contains(got, "=diff.C.textconv") {
		t.Error("an edit that keeps size and mtime is not seen")
	}
	scans(4, "after the same-size edit")

	// A file changed within freshWindow of the scan is not cached.
	freshWindow = time.Hour
	writeTestFile(t, extra, "[diff \"D\"]\n\ttextconv = evil\n")
	env()
	env()
	scans(6, "recently changed files are rescanned")
}

// TestGitDriverKeys: the overrides each family of repository-named keys
// gets (the families without a test of their own above).
func TestGitDriverKeys(t *testing.T) {
	for _, c := range []struct{ key, want string }{
		{"filter.X.process", "filter.X.process= filter.X.required=false"},
		{"merge.X.driver", "merge.X.driver=false"},
		{"trailer.sign.command", "trailer.sign.command="},
		{"trailer.sign.cmd", "trailer.sign.cmd="},
		{"diff.X.command", "diff.X.command="},
		{"http.sslcert", "http.sslcert="},
		{"http.https://x.example/.sslkey", "http.https://x.example/.sslkey="},
		{"http.https://x.example/.sslverify", "http.https://x.example/.sslverify=true"},
		{"hook.pre-commit-lint.command", "hook.pre-commit-lint.command="},
	} {
		if !driverKey.MatchString(c.key) {
			t.Errorf("%s is not recognised", c.key)
			continue
		}
		var got []string
		for _, o := range overridesFor(c.key) {
			got = append(got, o.key+"="+o.value)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: %q, want %q", c.key, g, c.want)
		}
	}
	for _, k := range []string{"core.bare", "remote.origin.url", "http.postbuffer", "diff.renames", "filter.x.required"} {
		if driverKey.MatchString(k) {
			t.Errorf("%s is blanked but harmless", k)
		}
	}
}

// BenchmarkGitStatus is the round trip of git status (its environment
// computed, then git run) with the per-call scan (GitDriverEnv), with the
// cache (GitDrivers.Env), and with no override at all (the floor).
func BenchmarkGitStatus(b *testing.B) {
	git, err := exec.LookPath("git")
	if err != nil {
		b.Skip("git not installed")
	}
	dir := b.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}} {
		cmd := exec.Command(git, args...)
		cmd.Dir = dir
		cmd.Env = plainEnv()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	base := SafeEnv(os.Environ())
	ctx := context.Background()
	cache := NewGitDrivers()
	args := []string{"status", "--porcelain"}
	for _, c := range []struct {
		name string
		env  func() []string
	}{
		{"scan-per-call", func() []string { return GitDriverEnv(ctx, git, dir, args, base) }},
		{"cached", func() []string { return cache.Env(ctx, git, dir, args, base) }},
		{"no-overrides", func() []string { return base }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				r := Run(ctx, Spec{Path: git, Args: args, Dir: dir, Env: c.env(), MaxStdout: 1 << 20, MaxStderr: 1 << 20})
				if r.ExitCode != 0 {
					b.Fatalf("git status: %+v", r)
				}
			}
		})
	}
}

// TestGitDriversFailClosed: when the repository's configuration cannot be
// listed (here the git program given cannot run), the command gets a
// GIT_DIR that makes it fail instead of running without overrides.
func TestGitDriversFailClosed(t *testing.T) {
	w := newGitWorld(t)
	repo := w.repo()
	bogus := filepath.Join(t.TempDir(), "git")
	for name, env := range map[string][]string{
		"cached":   NewGitDrivers().Env(context.Background(), bogus, repo, []string{"status"}, SafeEnv(os.Environ())),
		"uncached": GitDriverEnv(context.Background(), bogus, repo, []string{"status"}, SafeEnv(os.Environ())),
	} {
		r := Run(context.Background(), Spec{Path: w.git, Args: []string{"status"}, Dir: repo, Env: env, Timeout: 20 * time.Second, MaxStdout: 1 << 16, MaxStderr: 1 << 16})
		if r.ExitCode == 0 || !strings.Contains(string(r.Stderr.Data), "parism-could-not-list") {
			t.Errorf("%s: git status ran (exit %d, stderr %q)", name, r.ExitCode, r.Stderr.Data)
		}
	}
}

// TestGitDriversGitDirOption: --git-dir (after -C) names the repository
// whose configuration is read and cached, wherever the working directory is.
func TestGitDriversGitDirOption(t *testing.T) {
	w := newGitWorld(t)
	saved := freshWindow
	freshWindow = 0
	t.Cleanup(func() { freshWindow = saved })
	repo := w.repo()
	w.setup(repo, "config", "filter.G.clean", "evil")
	c := NewGitDrivers()
	other := t.TempDir()
	args := []string{"-C", filepath.Dir(repo), "--git-dir", filepath.Join(filepath.Base(repo), ".git"), "--work-tree", repo, "status"}
	for range 2 {
		if env := strings.Join(c.Env(context.Background(), w.git, other, args, SafeEnv(os.Environ())), "\n"); !strings.Contains(env, "=filter.G.clean") {
			t.Error("the --git-dir repository's filter is not blanked")
		}
	}
	if c.Scans() != 1 {
		t.Errorf("%d scans, want 1 (cached)", c.Scans())
	}
}

// TestGitEmbeddedRepoDrivers: a directory with its own .git that the
// superproject's index records as a gitlink (no .gitmodules, nothing under
// .git/modules) is entered by git status too, and its clean filter runs;
// nested one level deeper as well.
func TestGitEmbeddedRepoDrivers(t *testing.T) {
	w := newGitWorld(t)
	super := w.repo()
	sub := filepath.Join(super, "sub")
	inner := filepath.Join(sub, "inner")
	for _, d := range []string{sub, inner} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		w.setup(d, "init", "-q")
		writeTestFile(t, filepath.Join(d, "a.txt"), "one\n")
	}
	w.setup(inner, "add", "a.txt")
	w.setup(inner, "commit", "-qm", "inner")
	w.setup(sub, "add", "a.txt", "inner")
	w.setup(sub, "commit", "-qm", "sub")
	w.setup(super, "add", "sub")
	w.setup(super, "commit", "-qm", "gitlink")
	marker := filepath.Join(t.TempDir(), "ran")
	w.setup(inner, "config", "filter.Deep.clean", "touch "+marker+"; cat")
	writeTestFile(t, filepath.Join(inner, ".gitattributes"), "* filter=Deep\n")
	writeTestFile(t, filepath.Join(inner, "a.txt"), "two\n")
	r := w.attack(super, marker, "status", "--porcelain")
	if r.ExitCode != 0 || !strings.Contains(string(r.Stdout.Data), "sub") {
		t.Errorf("git status: %d %q %q", r.ExitCode, r.Stdout.Data, r.Stderr.Data)
	}
	env := GitDriverEnv(context.Background(), w.git, super, []string{"status"}, SafeEnv(os.Environ()))
	if !strings.Contains(strings.Join(env, "\n"), "=filter.Deep.clean") {
		t.Error("GitDriverEnv does not blank the embedded repository's filter")
	}
}

// TestGitIncludeOutsideRefused: a repository whose config includes a file
// outside it (INI files such as ~/.my.cnf or ~/.pypirc, and the operator's
// ~/.gitconfig, are valid git configuration) makes git config --list print
// that file; such a repository's commands fail instead. Includes inside
// the repository work.
func TestGitIncludeOutsideRefused(t *testing.T) {
	w := newGitWorld(t)
	repo := w.repo()
	creds := filepath.Join(t.TempDir(), ".my.cnf")
	writeTestFile(t, creds, "[client]\npassword = AWSSEKRIT\n")
	w.setup(repo, "config", "include.path", creds)
	if r := w.run(repo, false, "config", "--list"); !strings.Contains(string(r.Stdout.Data), "AWSSEKRIT") {
		t.Fatalf("plain git config --list did not print the included file: the test proves nothing\n%s", r.Stdout.Data)
	}
	// git config --list then reads no repository (it lists the
	// environment's settings); a command that needs one fails and says why.
	if r := w.run(repo, true, "config", "--list"); strings.Contains(string(r.Stdout.Data), "AWSSEKRIT") {
		t.Errorf("git config --list printed the outside include:\n%s", r.Stdout.Data)
	}
	r := w.run(repo, true, "status")
	if r.ExitCode == 0 || !strings.Contains(string(r.Stderr.Data), "includes-a-file-outside") {
		t.Errorf("git status with an outside include: exit %d, stderr %q", r.ExitCode, r.Stderr.Data)
	}

	// Conditional includes count too, and one inside the repository is fine.
	repo2 := w.repo()
	writeTestFile(t, filepath.Join(repo2, ".git", "extra.cfg"), "[x]\n\ty = 1\n")
	w.setup(repo2, "config", "include.path", "extra.cfg")
	if r := w.run(repo2, true, "config", "--list"); r.ExitCode != 0 || !strings.Contains(string(r.Stdout.Data), "x.y=1") {
		t.Errorf("an include inside the repository: exit %d %q", r.ExitCode, r.Stderr.Data)
	}
	w.setup(repo2, "config", "includeIf.onbranch:nope.path", creds)
	if r := w.run(repo2, true, "status"); r.ExitCode == 0 {
		t.Error("a conditional include of an outside file is accepted")
	}
}

// TestGitDriversCacheKeepsAcrossLocks: another git taking and dropping a
// lock in .git (every git status that may refresh the index does) leaves
// the cached answer valid; replacing .git does not.
func TestGitDriversCacheKeepsAcrossLocks(t *testing.T) {
	w := newGitWorld(t)
	saved := freshWindow
	freshWindow = 0
	t.Cleanup(func() { freshWindow = saved })
	repo := w.repo()
	c := NewGitDrivers()
	ctx := context.Background()
	base := SafeEnv(os.Environ())
	env := func() string { return strings.Join(c.Env(ctx, w.git, repo, []string{"status"}, base), "\n") }
	first := env()
	time.Sleep(20 * time.Millisecond) // past the file system's time granularity
	lock := filepath.Join(repo, ".git", "index.lock")
	writeTestFile(t, lock, "")
	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
	if got := env(); got != first {
		t.Error("the environment changed after a lock file came and went")
	}
	if got := c.Scans(); got != 1 {
		t.Errorf("%d scans after a lock file in .git, want 1 (cached)", got)
	}
	// A new .git (same path, another directory) is a new repository.
	if err := os.Rename(filepath.Join(repo, ".git"), filepath.Join(repo, "old.git")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(w.git, "init", "-q")
	cmd.Dir, cmd.Env = repo, plainEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	env()
	if got := c.Scans(); got != 2 {
		t.Errorf("%d scans after .git was replaced, want 2", got)
	}
}
