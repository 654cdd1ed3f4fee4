package engine

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/executor"
)

// need skips the test when a program it runs is not installed.
func need(t *testing.T, progs ...string) {
	t.Helper()
	for _, p := range progs {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("needs %s: %v", p, err)
		}
	}
}

// needSandbox skips, with the reason, where the kernel has no Landlock.
func needSandbox(t *testing.T) {
	t.Helper()
	if st := executor.SandboxStatus(); !st.Enforced {
		t.Skipf("Landlock unavailable: %s", st.Reason)
	}
}

func TestSandboxReported(t *testing.T) {
	st := executor.SandboxStatus()
	tests := []struct {
		mode     string
		enforced bool
		reason   string // substring
	}{
		{config.SandboxAuto, st.Enforced, st.Reason},
		{config.SandboxOff, false, `guard.sandbox is "off"`},
		{config.SandboxRequired, st.Enforced, st.Reason},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			e, _ := newTestEngine(t, both(allowing("echo"), func(c *config.Config) {
				c.Guard.Sandbox = tt.mode
				c.Telemetry.Enabled = true
			}))
			o := asJSON(t, e.Describe())
			sb, ok := o["sandbox"].(map[string]any)
			if !ok {
				t.Fatalf("describe has no sandbox object: %v", o)
			}
			reason, _ := sb["reason"].(string) // omitted when enforced
			if sb["mode"] != tt.mode || sb["enforced"] != tt.enforced || !strings.Contains(reason, tt.reason) {
				t.Errorf("describe sandbox = %v, want mode %s enforced %v reason ~%q", sb, tt.mode, tt.enforced, tt.reason)
			}
			if abi := fmt.Sprint(sb["abi"]); tt.enforced == (abi == "0") {
				t.Errorf("abi %v with enforced %v", sb["abi"], tt.enforced)
			}
			if !tt.enforced && reason == "" {
				t.Error("not enforced and no reason: a silent failure")
			}
			env := e.Run(context.Background(), Request{Cmd: "echo", Args: []string{"hi"}})
			tel := asJSON(t, env)["telemetry"].(map[string]any)
			if got, ok := tel["sandbox"].(map[string]any); !ok || got["enforced"] != tt.enforced || got["mode"] != tt.mode {
				t.Errorf("telemetry.sandbox = %v", tel["sandbox"])
			}
			if !env.OK {
				t.Errorf("echo failed under mode %s: %s", tt.mode, mustMarshal(t, env))
			}
		})
	}
}

// TestSandboxGuardedCommands: the guard's allowed read-only commands keep
// working under the sandbox in a real repository, and the directory is
// left as it was.
func TestSandboxGuardedCommands(t *testing.T) {
	needSandbox(t)
	need(t, "git")
	e, dir := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir, "main.go"), "package main\n")
	for _, args := range [][]string{{"init", "-q"}, {"add", "main.go"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "first"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	writeFile(t, filepath.Join(dir, "new.txt"), "x\n")
	before := takeSnapshot(dir)
	tests := []struct {
		cmd  string
		args []string
		want string // substring of the envelope (raw or parsed)
	}{
		{"ls", []string{"-la"}, "main.go"},
		{"git", []string{"status", "--porcelain"}, "?? new.txt"},
		{"git", []string{"log", "--oneline"}, "first"},
		{"git", []string{"diff", "HEAD"}, ""},
		{"cat", []string{"main.go"}, "package main"},
		{"grep", []string{"-rn", "package", "."}, "main.go"},
		{"find", []string{".", "-name", "*.go"}, "main.go"},
		{"du", []string{"-s", "."}, "."},
		{"ps", []string{"-e"}, "ps"},
		{"env", nil, "PATH="},
	}
	for _, tt := range tests {
		t.Run(tt.cmd+" "+strings.Join(tt.args, " "), func(t *testing.T) {
			need(t, tt.cmd)
			env := e.Run(context.Background(), Request{Cmd: tt.cmd, Args: tt.args, Cwd: dir})
			out := mustMarshal(t, env)
			if !env.OK || !strings.Contains(out, tt.want) {
				t.Fatalf("envelope: %s", out)
			}
			if strings.Contains(out, "PARISM_SANDBOX_HELPER") {
				t.Errorf("the sandbox helper's variable reached the command: %s", out)
			}
		})
	}
	if d := before.diff(takeSnapshot(dir)); len(d.Created)+len(d.Deleted)+len(d.Modified) > 0 {
		t.Errorf("read-only commands changed the project: %+v", d)
	}
}

// TestSandboxBelowThePolicy: a command the policy wrongly lets through
// (sh, added to the allowlist by mistake) still cannot write where the
// profile forbids, because the kernel refuses.
func TestSandboxBelowThePolicy(t *testing.T) {
	needSandbox(t)
	need(t, "sh", "touch")
	outside := t.TempDir()
	tests := []struct {
		name    string
		profile guard.Profile
		target  func(dir string) string
		ok      bool
	}{
		{"readonly in the project", guard.ProfileReadonly, func(dir string) string { return filepath.Join(dir, "made") }, false},
		{"readonly outside", guard.ProfileReadonly, func(string) string { return filepath.Join(outside, "readonly") }, false},
		{"build in the project", guard.ProfileBuild, func(dir string) string { return filepath.Join(dir, "made") }, true},
		{"build outside", guard.ProfileBuild, func(string) string { return filepath.Join(outside, "build") }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, dir := newTestEngine(t, both(allowing("sh"), func(c *config.Config) { c.Guard.Profile = tt.profile }))
			target := tt.target(dir)
			env := e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "touch " + target}})
			_, err := os.Stat(target)
			if env.OK != tt.ok || (err == nil) != tt.ok {
				t.Fatalf("ok %v, file exists %v; want %v: %s", env.OK, err == nil, tt.ok, mustMarshal(t, env))
			}
			if !tt.ok && !strings.Contains(env.Stderr, "Permission denied") {
				t.Errorf("stderr %q: want the kernel's EACCES", env.Stderr)
			}
		})
	}
}

// TestSandboxOffStillRuns: guard.sandbox "off" runs commands without
// Landlock, so a readonly write goes through (the policy is all there is).
func TestSandboxOffStillRuns(t *testing.T) {
	need(t, "touch")
	e, dir := newTestEngine(t, both(allowing("touch"), func(c *config.Config) { c.Guard.Sandbox = config.SandboxOff }))
	env := e.Run(context.Background(), Request{Cmd: "touch", Args: []string{"made"}})
	if _, err := os.Stat(filepath.Join(dir, "made")); !env.OK || err != nil {
		t.Fatalf("with the sandbox off the write should go through: %s", mustMarshal(t, env))
	}
}

// hostileHome makes a home directory with credentials and points HOME at
// it for engines created afterwards: their commands' environment is the
// server's.
func hostileHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	for name, body := range map[string]string{
		".ssh/id_ed25519":  "SECRET-SSH-KEY\n",
		".kube/config":     "apiVersion: v1\nclusters:\n- cluster:\n    server: https://127.0.0.1:1\n  name: SECRET-KUBE\n",
		".npmrc":           "//registry.npmjs.org/:_authToken=SECRET-NPM-TOKEN\n",
		".aws/credentials": "[default]\naws_secret_access_key=SECRET-AWS\n",
	} {
		p := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		writeFile(t, p, body)
	}
	t.Setenv("HOME", home)
	return home
}

// TestSandboxHostileProject: whatever a project's symbolic links or a
// command the policy lets through by mistake try, the operator's
// credentials and the server's /proc files stay unreadable, and
// project files cannot be executed; the ordinary commands still work.
func TestSandboxHostileProject(t *testing.T) {
	needSandbox(t)
	need(t, "sh", "cat", "git")
	home := hostileHome(t)
	e, dir := newTestEngine(t, allowing("sh"))
	writeFile(t, filepath.Join(dir, "README"), "hello project\n")
	for _, args := range [][]string{{"init", "-q"}, {"add", "README"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "first"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	for link, target := range map[string]string{"ln": filepath.Join(home, ".ssh"), "values.yaml": filepath.Join(home, ".kube", "config"), "npmrc": filepath.Join(home, ".npmrc")} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(dir, "x.sh"), "#!/bin/sh\necho PWNED\n")
	if err := os.Chmod(filepath.Join(dir, "x.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	pid := strconv.Itoa(os.Getpid())
	attacks := []struct {
		cmd  string
		args []string
	}{
		{"cat", []string{"ln/id_ed25519"}},
		{"cat", []string{"values.yaml"}},
		{"cat", []string{"/proc/self/cwd/ln/id_ed25519"}},
		{"cat", []string{"/proc/self/cwd/npmrc"}},
		{"grep", []string{"-R", "SECRET", "."}},
		{"cat", []string{"/proc/" + pid + "/environ"}},
		{"sh", []string{"-c", "cat ln/id_ed25519"}},
		{"sh", []string{"-c", "cat " + filepath.Join(home, ".aws", "credentials")}},
		{"sh", []string{"-c", "head -c 1 /proc/$PPID/environ"}},
		{"sh", []string{"-c", "cat /proc/$PPID/task/*/environ"}},
	}
	kernel := 0
	for _, a := range attacks {
		t.Run(a.cmd+" "+strings.Join(a.args, " "), func(t *testing.T) {
			env := e.Run(context.Background(), Request{Cmd: a.cmd, Args: a.args, Cwd: dir})
			out := mustMarshal(t, env)
			if strings.Contains(out, "SECRET-") || env.OK {
				t.Fatalf("the attack went through: %s", out)
			}
			if env.Failure != nil && env.Failure.Kind == KindExec {
				kernel++
				if !strings.Contains(env.Stderr, "Permission denied") && !strings.Contains(env.Stderr, "Operation not permitted") {
					t.Errorf("refused, but not by the kernel's EACCES/EPERM: %s", out)
				}
			}
		})
	}
	if kernel < 4 {
		t.Errorf("only %d attacks reached the kernel layer (the rest were the guard's): the test no longer tests the kernel", kernel)
	}
	// With allowed_paths empty a working directory above the home is
	// readable, but not the credential stores in it.
	above := filepath.Dir(home)
	for _, c := range []struct {
		arg string
		ok  bool
	}{
		{filepath.Join(filepath.Base(dir), "README"), true},
		{".", false}, // a directory: cat fails, ls works (below)
		{filepath.Join(filepath.Base(home), ".ssh", "id_ed25519"), false},
		{filepath.Join(filepath.Base(home), ".npmrc"), false},
	} {
		env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{c.arg}, Cwd: above})
		if out := mustMarshal(t, env); env.OK != c.ok || strings.Contains(out, "SECRET-") {
			t.Errorf("cat %s from %s: ok %v, want %v: %s", c.arg, above, env.OK, c.ok, out)
		}
	}
	if env := e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"-a", "."}, Cwd: above}); !env.OK || !strings.Contains(mustMarshal(t, env), filepath.Base(home)) {
		t.Errorf("ls of a directory above the home: %s", mustMarshal(t, env))
	}
	if env := e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"/etc"}, Cwd: dir}); !env.OK || !strings.Contains(mustMarshal(t, env), "passwd") {
		t.Errorf("ls /etc: %s", mustMarshal(t, env))
	}
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{"/etc/shadow"}, Cwd: dir}); env.OK {
		t.Errorf("cat /etc/shadow: %s", mustMarshal(t, env))
	}
	// A project script cannot be executed, even by a command allowed to
	// run programs: env is in the defaults, sh here by mistake, which may
	// execute what it reads; env may not.
	envRun := e.Run(context.Background(), Request{Cmd: "env", Args: []string{"./x.sh"}, Cwd: dir})
	if strings.Contains(mustMarshal(t, envRun), "PWNED") {
		t.Errorf("env ran a project script: %s", mustMarshal(t, envRun))
	}
	// The guard refuses that argv; under it, the kernel refuses the exec
	// for whichever shipped command a project's configuration could make
	// run a program (npm's git=, git's drivers): env stands in for them,
	// run by the executor directly under each command's confinement.
	for _, cmd := range []string{"git", "npm", "curl", "kubectl", "env"} {
		c, _ := e.confinement(cmd, nil, dir)
		r := executor.Run(context.Background(), executor.Spec{Path: "env", Args: []string{"./x.sh"}, Dir: dir,
			Timeout: 10 * time.Second, Confine: c})
		if strings.Contains(string(r.Stdout.Data), "PWNED") || !strings.Contains(string(r.Stderr.Data), "Permission denied") {
			t.Errorf("under %s's confinement a project script ran or failed otherwise: exit %d, %q %q", cmd, r.ExitCode, r.Stdout.Data, r.Stderr.Data)
		}
	}
	// The ordinary commands work under the same confinement.
	for _, ok := range []struct {
		cmd  string
		args []string
		want string
	}{
		{"ls", []string{"-la"}, "README"},
		{"cat", []string{"README"}, "hello project"},
		{"git", []string{"status", "--porcelain"}, "x.sh"},
		{"git", []string{"log", "--oneline"}, "first"},
		{"ps", []string{"aux"}, "ps"},
		{"df", []string{"-h"}, "/"},
		{"npm", []string{"ls"}, ""},
	} {
		t.Run("works "+ok.cmd+" "+strings.Join(ok.args, " "), func(t *testing.T) {
			need(t, ok.cmd)
			env := e.Run(context.Background(), Request{Cmd: ok.cmd, Args: ok.args, Cwd: dir})
			out := mustMarshal(t, env)
			if ok.cmd == "npm" {
				// npm ls exits 1 without a package.json; what matters is that
				// npm itself (node, its own files) ran.
				if !strings.Contains(out, "exitCode") || strings.Contains(env.Stderr, "Permission denied") {
					t.Fatalf("npm did not run: %s", out)
				}
				return
			}
			if !env.OK || !strings.Contains(out, ok.want) {
				t.Fatalf("envelope: %s", out)
			}
		})
	}
}

// TestSandboxNetworkPerCommand: TCP to a loopback listener is refused to
// git, allowed to curl on its ports only.
func TestSandboxNetworkPerCommand(t *testing.T) {
	needSandbox(t)
	if executor.SandboxStatus().ABI < 4 {
		t.Skip("TCP rules need Landlock ABI 4")
	}
	need(t, "curl", "git")
	e, dir := newTestEngine(t, nil)
	var hits atomic.Int32
	listen := func(addr string) (string, func()) {
		l, err := net.Listen("tcp4", addr)
		if err != nil {
			return "", nil
		}
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			w.WriteHeader(http.StatusNoContent)
		}), ReadHeaderTimeout: 5 * time.Second}
		go func() { _ = srv.Serve(l) }()
		return l.Addr().String(), func() { _ = srv.Close() }
	}
	other, stop := listen("127.0.0.1:0")
	if stop == nil {
		t.Fatal("cannot listen on loopback")
	}
	defer stop()
	// curl on a port that is not its own: refused by the kernel.
	env := e.Run(context.Background(), Request{Cmd: "curl", Args: []string{"-sS", "-I", "http://" + other + "/"}, Cwd: dir})
	if env.OK || hits.Load() != 0 {
		t.Fatalf("curl reached port %s: %s", other, mustMarshal(t, env))
	}
	// git ls-remote is admitted for http(s) URLs, on ports 80 and 443 only.
	env = e.Run(context.Background(), Request{Cmd: "git", Args: []string{"ls-remote", "http://" + other + "/x.git"}, Cwd: dir})
	if env.OK || hits.Load() != 0 {
		t.Fatalf("git reached port %s: %s", other, mustMarshal(t, env))
	}
	web, stopWeb := listen("127.0.0.1:80")
	if stopWeb == nil {
		t.Skip("port 80 is taken or not ours: the allowed case cannot be shown")
	}
	defer stopWeb()
	env = e.Run(context.Background(), Request{Cmd: "curl", Args: []string{"-sS", "-I", "http://" + web + "/"}, Cwd: dir})
	if hits.Load() != 1 {
		t.Fatalf("curl did not reach its own port 80 (%d hits): %s", hits.Load(), mustMarshal(t, env))
	}
	// git status has no TCP at all, even to port 80.
	if c, r := e.confinement("git", []string{"status"}, dir); c.AllowConnect || r.Net != "none" {
		t.Errorf("git status may connect: %+v, %+v", c, r)
	}
	if c, r := e.confinement("git", []string{"-C", dir, "ls-remote", "https://example.com/x"}, dir); !c.AllowConnect || r.Net != "ports" {
		t.Errorf("git ls-remote cannot connect: %+v, %+v", c, r)
	}
}

// TestSandboxCommandsReported: describe says what the kernel enforces per
// command, and telemetry what it enforced on the run.
func TestSandboxCommandsReported(t *testing.T) {
	needSandbox(t)
	hostileHome(t)
	e, dir := newTestEngine(t, func(c *config.Config) { c.Telemetry.Enabled = true })
	o := e.Describe()
	sb := o.Sandbox
	if sb.Default == nil || sb.Default.Exec != "own" || sb.Default.Net != "none" || sb.Default.Read != "system+project" {
		t.Errorf("default = %+v", sb.Default)
	}
	if c := sb.Commands["curl"]; c.Net != "ports" || !slices.Equal(c.Ports, []uint16{80, 443}) {
		t.Errorf("curl = %+v", c)
	}
	// The kubeconfig of hostileHome names a server on port 1.
	if c := sb.Commands["kubectl"]; len(c.ReadExtra) == 0 || !strings.HasSuffix(c.ReadExtra[0], "/.kube") || !slices.Contains(c.Ports, 1) || !slices.Contains(c.Ports, 6443) {
		t.Errorf("kubectl = %+v", c)
	}
	if c := sb.Commands["helm"]; !slices.Equal(c.Ports, []uint16{80, 443, 6443, 8443, 1}) {
		t.Errorf("helm ports = %v", c.Ports)
	}
	if _, err := exec.LookPath("git"); err == nil {
		if c := sb.Commands["git"]; c.Net != "none" || len(c.ExecExtra) != 1 || !strings.Contains(c.ExecExtra[0], "git-core") {
			t.Errorf("git = %+v", c)
		}
	}
	if _, ok := sb.Commands["ls"]; ok {
		t.Error("ls has no needs of its own and should be under default")
	}
	env := e.Run(context.Background(), Request{Cmd: "ls", Cwd: dir})
	if env.Telemetry == nil || env.Telemetry.Sandbox.Command == nil || env.Telemetry.Sandbox.Command.Exec != "own" {
		t.Fatalf("telemetry: %s", mustMarshal(t, env))
	}
	if b, _ := Marshal(env); strings.Contains(string(b), `"commands"`) || strings.Contains(string(b), `"default"`) {
		t.Errorf("telemetry repeats describe's per-command table: %s", b)
	}
	// A command the operator adds keeps its ports from the table, and may
	// execute what it reads (its helpers are unknown).
	for _, cmd := range []string{"wget", "jq"} {
		c, r := e.confinement(cmd, nil, dir)
		if guard.HasDefaultPolicy(cmd) {
			continue
		}
		if r.Exec != "any" || c.ExecPaths != nil || (cmd == "wget") != (r.Net == "ports") {
			t.Errorf("operator's %s: %+v", cmd, r)
		}
	}
	// A kernel without TCP rules is reported, not silently weaker.
	weak, _ := newTestEngine(t, nil)
	weak.sandbox.ABI = 3
	if _, r := weak.confinement("curl", nil, dir); !strings.HasPrefix(r.Net, "not enforced") {
		t.Errorf("curl on ABI 3: net %q", r.Net)
	}
	off, _ := newTestEngine(t, func(c *config.Config) { c.Guard.Sandbox = config.SandboxOff })
	if _, r := off.confinement("cat", nil, dir); !strings.HasPrefix(r.Read, "not enforced") || !strings.HasPrefix(r.Exec, "not enforced") {
		t.Errorf("sandbox off: %+v", r)
	}
}

// TestReadableMinus: the cut-out of hidden paths keeps their siblings and
// drops symbolic links that lead into them.
func TestReadableMinus(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"home/.ssh", "home/.config/gh", "home/.config/other", "home/src", "etc"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "home/.ssh"), filepath.Join(root, "home/src/keys")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "etc"), filepath.Join(root, "home/etc-link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "home/src"), filepath.Join(root, "home/src-link")); err != nil {
		t.Fatal(err)
	}
	hidden := []string{filepath.Join(root, "home/.ssh"), filepath.Join(root, "home/.config/gh")}
	rel := func(l []string) []string {
		for i := range l {
			l[i] = strings.TrimPrefix(l[i], root+"/")
		}
		slices.Sort(l)
		return l
	}
	got, list := readableMinus([]string{filepath.Join(root, "home")}, hidden)
	rel(got)
	rel(list)
	// A link out of the root (etc-link) would grant its target: dropped.
	want := []string{"home/.config/other", "home/src", "home/src-link"}
	if !slices.Equal(got, want) {
		t.Errorf("readableMinus = %v, want %v", got, want)
	}
	// The system's own /etc keeps its links out (resolv.conf into /run).
	if got, _ := readableMinusLinksOut([]string{filepath.Join(root, "home")}, hidden); !slices.Contains(rel(got), "home/etc-link") {
		t.Errorf("readableMinusLinksOut = %v, want home/etc-link kept", got)
	}
	if want := []string{"home", "home/.config"}; !slices.Equal(list, want) {
		t.Errorf("listed only: %v, want %v", list, want)
	}
	// home/src holds a link to .ssh: granting home/src whole would follow
	// it? No: a Landlock rule on a directory covers what is beneath it by
	// path, and the link's target is elsewhere; only the link entries of
	// an expanded directory are rules of their own.
	if got, list := readableMinus([]string{filepath.Join(root, "home/.ssh")}, hidden); len(got)+len(list) != 0 {
		t.Errorf("a hidden root is readable: %v %v", got, list)
	}
}

// BenchmarkRunLsKernel is the round trip of `run ls -la` (15 entries)
// through the engine under the kernel confinement, the command started
// from a restricted thread (no second exec) or through the helper (this
// test binary re-executed, or the small parism-sandbox when
// PARISM_BENCH_SANDBOX names one), in one run.
func BenchmarkRunLsKernel(b *testing.B) {
	if st := executor.SandboxStatus(); !st.Enforced {
		b.Skipf("Landlock unavailable: %s", st.Reason)
	}
	e, dir := newTestEngine(b, nil)
	for i := range 13 {
		writeFile(b, filepath.Join(dir, fmt.Sprintf("f%02d.txt", i)), "x\n")
	}
	paths := []struct{ name, helper string }{{"thread", ""}, {"helper-self", "/proc/self/exe"}}
	if p := os.Getenv("PARISM_BENCH_SANDBOX"); p != "" {
		paths = append(paths, struct{ name, helper string }{"helper-dedicated", p})
	}
	ctx := context.Background()
	for _, p := range paths {
		b.Run(p.name, func(b *testing.B) {
			defer executor.SetSandboxHelper(p.helper)()
			for b.Loop() {
				if env := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-la"}}); !env.OK {
					b.Fatal(mustMarshal(b, env))
				}
			}
		})
	}
	// The machine's load drifts between sub-benchmarks; alternating the
	// two start paths call by call compares them under the same load.
	b.Run("interleaved", func(b *testing.B) {
		helper := paths[len(paths)-1].helper
		var spent [2]time.Duration
		n := 0
		for b.Loop() {
			for i, h := range []string{"", helper} {
				restore := executor.SetSandboxHelper(h)
				t0 := time.Now()
				env := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-la"}})
				spent[i] += time.Since(t0)
				restore()
				if !env.OK {
					b.Fatal(mustMarshal(b, env))
				}
			}
			n++
		}
		b.ReportMetric(float64(spent[0].Nanoseconds())/float64(n), "thread-ns/op")
		b.ReportMetric(float64(spent[1].Nanoseconds())/float64(n), "helper-ns/op")
	})
	b.Run("bare-spawn", func(b *testing.B) {
		for b.Loop() {
			if out, err := exec.Command("ls", "-la", dir).Output(); err != nil || len(out) == 0 {
				b.Fatal(err)
			}
		}
	})
}

// TestSandboxBuildKeepsCredentials: build runs project code by design, yet
// the credential stores stay unreadable while the rest of the home is.
func TestSandboxBuildKeepsCredentials(t *testing.T) {
	needSandbox(t)
	need(t, "sh", "cat")
	home := hostileHome(t)
	writeFile(t, filepath.Join(home, "notes.txt"), "plain notes\n")
	e, dir := newTestEngine(t, both(allowing("sh"), func(c *config.Config) { c.Guard.Profile = guard.ProfileBuild }))
	for _, c := range []struct {
		path string
		ok   bool
	}{
		{filepath.Join(home, "notes.txt"), true},
		{filepath.Join(home, ".ssh", "id_ed25519"), false},
		{filepath.Join(home, ".aws", "credentials"), false},
		{filepath.Join(home, ".npmrc"), false},
		{"/etc/shadow", false},
	} {
		env := e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "cat " + c.path}, Cwd: dir})
		if out := mustMarshal(t, env); env.OK != c.ok || strings.Contains(out, "SECRET-") {
			t.Errorf("build: cat %s: ok %v, want %v: %s", c.path, env.OK, c.ok, out)
		}
	}
}

// TestSandboxEtcServiceCredentials: the credentials services keep in /etc
// by convention (apt's repository logins here, planted for the test) are
// cut out of the system area like /etc/shadow. Skips where /etc is not
// writable.
func TestSandboxEtcServiceCredentials(t *testing.T) {
	needSandbox(t)
	need(t, "cat")
	dir := "/etc/apt/auth.conf.d"
	created := false
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		if os.MkdirAll(dir, 0o755) != nil {
			t.Skip("cannot create /etc/apt/auth.conf.d")
		}
		created = true
	}
	f := filepath.Join(dir, "parism-redteam-"+strconv.Itoa(os.Getpid())+".conf")
	if err := os.WriteFile(f, []byte("machine repo.example login u password SECRET-APT\n"), 0o644); err != nil {
		t.Skipf("cannot plant %s: %v", f, err)
	}
	t.Cleanup(func() {
		_ = os.Remove(f)
		if created {
			_ = os.Remove(dir)
		}
	})
	e, cwd := newTestEngine(t, nil)
	for _, p := range []string{f, "/etc/apt/auth.conf.d"} {
		env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{p}, Cwd: cwd})
		if out := mustMarshal(t, env); env.OK || strings.Contains(out, "SECRET-APT") {
			t.Errorf("cat %s: %s", p, out)
		}
	}
	if env := e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"/etc/apt"}, Cwd: cwd}); !env.OK {
		t.Errorf("ls /etc/apt (the rest stays readable): %s", mustMarshal(t, env))
	}
}

// TestSandboxPrivateTmpPerCommand: the commands that never write scratch
// files run without a private TMPDIR; every other one keeps it: shipped
// ones not in the list, one the operator added (its needs are unknown),
// and every command of the build profile.
func TestSandboxPrivateTmpPerCommand(t *testing.T) {
	e, dir := newTestEngine(t, allowing("sh", "ls", "git", "npm", "cat", "ps", "pwd"))
	for cmd, want := range map[string]bool{"ls": false, "cat": false, "ps": false, "pwd": false,
		"git": true, "npm": true, "sh": true} {
		if c, _ := e.confinement(cmd, nil, dir); c.PrivateTmp != want {
			t.Errorf("%s: PrivateTmp %v, want %v", cmd, c.PrivateTmp, want)
		}
	}
	// git: the subcommands that only read refs, the index and objects run
	// without; those that may write a temporary file keep it.
	for args, want := range map[string]bool{"status": false, "-C sub status": false, "--no-pager rev-parse HEAD": false,
		"branch -a": false, "log -p": true, "diff": true, "show": true, "blame a": true, "grep x": true,
		"cat-file -p HEAD": true, "ls-remote https://example.com/r": true, "": true} {
		if c, _ := e.confinement("git", strings.Fields(args), dir); c.PrivateTmp != want {
			t.Errorf("git %s: PrivateTmp %v, want %v", args, c.PrivateTmp, want)
		}
	}
	// An operator's command named like a scratch-free one it is not
	// (not shipped) keeps the directory.
	if c, _ := e.confineAs("ls", needs{}, false, nil, dir); !c.PrivateTmp {
		t.Error("a command that is not shipped runs without a private TMPDIR")
	}
	build, bdir := newTestEngine(t, both(allowing("ls"), func(c *config.Config) { c.Guard.Profile = guard.ProfileBuild }))
	if c, _ := build.confinement("ls", nil, bdir); !c.PrivateTmp {
		t.Error("build: ls runs without a private TMPDIR")
	}
}

// TestGitScratchFreeRuns runs every git subcommand of gitScratchFree for
// real through the engine, without a private TMPDIR: none needs one.
func TestGitScratchFreeRuns(t *testing.T) {
	needProgram(t, "git")
	e, dir := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir, "a.txt"), "one\n")
	gitIn(t, dir, "init", "-q")
	gitIn(t, dir, "add", "a.txt")
	gitIn(t, dir, "commit", "-qm", "first")
	gitIn(t, dir, "tag", "-a", "v1", "-m", "one")
	writeFile(t, filepath.Join(dir, "a.txt"), "two\n")
	writeFile(t, filepath.Join(dir, "new.txt"), "new\n")
	forms := map[string][]string{
		"status": {"status"}, "rev-parse": {"rev-parse", "HEAD"}, "ls-files": {"ls-files"}, "ls-tree": {"ls-tree", "HEAD"},
		"branch": {"branch", "-a", "-v"}, "tag": {"tag"}, "describe": {"describe", "--tags"}, "show-ref": {"show-ref"},
		"for-each-ref": {"for-each-ref"}, "merge-base": {"merge-base", "HEAD", "HEAD"}, "name-rev": {"name-rev", "HEAD"},
		"count-objects": {"count-objects", "-v"}, "rev-list": {"rev-list", "HEAD"}, "version": {"version"},
		"remote": {"remote", "-v"}, "stash": {"stash", "list"}, "reflog": {"reflog"}, "config": {"config", "--list"},
		"shortlog": {"shortlog", "-s", "HEAD"},
	}
	for sub := range gitScratchFree {
		args, ok := forms[sub]
		if !ok {
			t.Errorf("git %s: no form to run", sub)
			continue
		}
		if c, _ := e.confinement("git", args, dir); c.PrivateTmp {
			t.Errorf("git %s: runs with a private TMPDIR", sub)
		}
		if env := e.Run(context.Background(), Request{Cmd: "git", Args: args, Format: "json"}); !env.OK {
			t.Errorf("git %v: %s", args, mustMarshal(t, env))
		}
	}
}

// TestSandboxBroadWorkdir: with allowed_paths empty, / or a directory
// above another user's home is no project: its names can be listed, but
// the files of the home beneath it cannot be read as the project's. A
// directory above the commands' own home is a project (its credential
// stores cut out), as the home itself is.
func TestSandboxBroadWorkdir(t *testing.T) {
	needSandbox(t)
	need(t, "cat", "ls")
	home := hostileHome(t)
	writeFile(t, filepath.Join(home, "notes.txt"), "NOTES-OF-THE-HOME\n")
	other := filepath.Join("/home", "parism-test-"+strconv.Itoa(os.Getpid()))
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Skipf("cannot create a home under /home: %v", err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(other) })
	writeFile(t, filepath.Join(other, "notes.txt"), "NOTES-OF-ANOTHER\n")
	e, _ := newTestEngine(t, nil)
	for cwd, arg := range map[string]string{
		"/home": filepath.Join(filepath.Base(other), "notes.txt"),
		"/":     filepath.Join("home", filepath.Base(other), "notes.txt"),
	} {
		env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{arg}, Cwd: cwd})
		if out := mustMarshal(t, env); env.OK || strings.Contains(out, "NOTES-OF-ANOTHER") {
			t.Errorf("cat %s in %s: %s", arg, cwd, out)
		}
	}
	if env := e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"-a"}, Cwd: "/home"}); !env.OK || !strings.Contains(*env.Stdout.Raw, filepath.Base(other)) {
		t.Errorf("ls -a in /home: the names stay listable: %s", mustMarshal(t, env))
	}
	above := filepath.Dir(home)
	rel := filepath.Join(filepath.Base(home), "notes.txt")
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{rel}, Cwd: above}); !env.OK {
		t.Errorf("cat %s above the own home: %s", rel, mustMarshal(t, env))
	}
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{"notes.txt"}, Cwd: home}); !env.OK {
		t.Errorf("cat notes.txt in the home: %s", mustMarshal(t, env))
	}
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{".aws/credentials"}, Cwd: home}); env.OK {
		t.Errorf("cat .aws/credentials in the home: %s", mustMarshal(t, env))
	}
}

// TestBuildWorkdirRefused: the build profile writes in its working
// directory when allowed_paths is empty, so one that is no project's is
// refused, by run and dry_run alike, before anything runs.
func TestBuildWorkdirRefused(t *testing.T) {
	home := hostileHome(t)
	e, dir := newTestEngine(t, both(allowing("sh"), func(c *config.Config) { c.Guard.Profile = guard.ProfileBuild }))
	for _, cwd := range []string{"/", "/tmp", "/usr/lib", "/etc", "/home", home} {
		env := e.Run(context.Background(), Request{Cmd: "pwd", Cwd: cwd})
		if env.Failure == nil || env.Failure.Reason != string(guard.ReasonPathNotAllowed) || env.Failure.Detail != detailBuildWorkdir {
			t.Errorf("build, cwd %s: %s", cwd, mustMarshal(t, env))
		}
		if d := e.DryRun("pwd", nil, cwd); d.WouldPass || d.Detail != detailBuildWorkdir {
			t.Errorf("dry_run, build, cwd %s: %+v", cwd, d)
		}
	}
	if env := e.Run(context.Background(), Request{Cmd: "pwd", Cwd: dir}); !env.OK {
		t.Errorf("build in a project directory: %s", mustMarshal(t, env))
	}
	// The readonly profile writes nowhere: it runs in / as before.
	ro, _ := newTestEngine(t, nil)
	if env := ro.Run(context.Background(), Request{Cmd: "pwd", Cwd: "/"}); !env.OK {
		t.Errorf("readonly, cwd /: %s", mustMarshal(t, env))
	}
}

// TestSandboxBuildWritesNoDotfiles: an allowed path holding a home lets a
// build write there, but not in the home's dot entries (shell startup
// files, ~/.config), whether they exist yet or not, nor in its credential
// stores.
func TestSandboxBuildWritesNoDotfiles(t *testing.T) {
	needSandbox(t)
	need(t, "sh", "dd")
	home := hostileHome(t)
	writeFile(t, filepath.Join(home, ".bashrc"), "# rc\n")
	writeFile(t, filepath.Join(home, "work", "keep"), "")
	e, _ := newTestEngine(t, both(allowing("sh"), func(c *config.Config) {
		c.Guard.Profile = guard.ProfileBuild
		c.Guard.AllowedPaths = []string{home}
	}))
	for _, c := range []struct {
		path string
		ok   bool
	}{
		{filepath.Join(home, "work", "out.txt"), true},
		{filepath.Join(home, ".bashrc"), false},
		{filepath.Join(home, ".profile"), false}, // not there yet
		{filepath.Join(home, ".ssh", "authorized_keys"), false},
	} {
		// (dd: the guard's patterns refuse a shell redirection)
		env := e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "dd if=/dev/zero bs=1 count=1 conv=notrunc oflag=append status=none of=" + c.path}, Cwd: filepath.Join(home, "work")})
		if env.OK != c.ok {
			t.Errorf("build: write %s: ok %v, want %v: %s", c.path, env.OK, c.ok, mustMarshal(t, env))
		}
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".bashrc")); string(b) != "# rc\n" {
		t.Errorf(".bashrc changed: %q", b)
	}
}

// TestSandboxBuildOtherHomes: build code reads everything but the
// credential stores, and not the homes of other users; the home holding
// the working directory stays readable (a project in it builds).
func TestSandboxBuildOtherHomes(t *testing.T) {
	needSandbox(t)
	need(t, "sh", "cat")
	hostileHome(t)
	other := filepath.Join("/home", "parism-test-"+strconv.Itoa(os.Getpid()))
	if err := os.MkdirAll(filepath.Join(other, "proj"), 0o755); err != nil {
		t.Skipf("cannot create a home under /home: %v", err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(other) })
	writeFile(t, filepath.Join(other, "secret.txt"), "OTHER-HOME-SECRET\n")
	writeFile(t, filepath.Join(other, "proj", "main.c"), "PROJECT-SOURCE\n")
	e, dir := newTestEngine(t, both(allowing("sh"), func(c *config.Config) { c.Guard.Profile = guard.ProfileBuild }))
	env := e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "cat " + filepath.Join(other, "secret.txt")}, Cwd: dir})
	if out := mustMarshal(t, env); env.OK || strings.Contains(out, "OTHER-HOME-SECRET") {
		t.Errorf("build in %s read another user's home: %s", dir, out)
	}
	env = e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "cat main.c"}, Cwd: filepath.Join(other, "proj")})
	if !env.OK || !strings.Contains(*env.Stdout.Raw, "PROJECT-SOURCE") {
		t.Errorf("build of a project in that home: %s", mustMarshal(t, env))
	}
}

// TestPrivateFiles: what other users cannot read under a directory is
// found by its mode, a private directory whole.
func TestPrivateFiles(t *testing.T) {
	dir := t.TempDir()
	for name, mode := range map[string]os.FileMode{"open.conf": 0o644, "key.pem": 0o600, "group.conf": 0o640, "sub/open": 0o644, "sub/private": 0o400} {
		writeFile(t, filepath.Join(dir, name), "x")
		if err := os.Chmod(filepath.Join(dir, name), mode); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(dir, "vault", "inner"), "x")
	if err := os.Chmod(filepath.Join(dir, "vault"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "key.pem"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	got := privateFiles(dir)
	want := []string{filepath.Join(dir, "group.conf"), filepath.Join(dir, "key.pem"), filepath.Join(dir, "sub", "private"), filepath.Join(dir, "vault")}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("privateFiles:\n got %q\nwant %q", got, want)
	}
}

// TestSandboxEtcPrivateByMode: a file of /etc other users cannot read
// stays unreadable to a command of a server running as root, though no
// list names it; the readable ones beside it stay readable.
func TestSandboxEtcPrivateByMode(t *testing.T) {
	needSandbox(t)
	need(t, "cat")
	base := filepath.Join("/etc", "parism-test-"+strconv.Itoa(os.Getpid()))
	if err := os.WriteFile(base+".private", []byte("ETC-PRIVATE-SECRET\n"), 0o600); err != nil {
		t.Skipf("cannot write in /etc: %v", err)
	}
	t.Cleanup(func() { _ = os.Remove(base + ".private"); _ = os.Remove(base + ".open") })
	writeFile(t, base+".open", "ETC-OPEN\n")
	e, dir := newTestEngine(t, nil)
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{base + ".private"}, Cwd: dir}); env.OK || strings.Contains(mustMarshal(t, env), "ETC-PRIVATE-SECRET") {
		t.Errorf("cat %s.private (mode 0600): %s", base, mustMarshal(t, env))
	}
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{base + ".open"}, Cwd: dir}); !env.OK {
		t.Errorf("cat %s.open: %s", base, mustMarshal(t, env))
	}
}

// TestSandboxProjectLinkOut: a project whose rules are granted entry by
// entry (a home: its credential stores are cut out) does not grant what
// its symbolic links lead to outside it, a file or a directory: a link a
// repository commits survives git clone.
func TestSandboxProjectLinkOut(t *testing.T) {
	needSandbox(t)
	need(t, "cat")
	home := hostileHome(t)
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "secret.txt"), "OUTSIDE-THE-PROJECT\n")
	writeFile(t, filepath.Join(home, "README"), "in the project\n")
	for link, target := range map[string]string{"notes.txt": filepath.Join(outside, "secret.txt"), "d": outside, "readme-link": filepath.Join(home, "README")} {
		if err := os.Symlink(target, filepath.Join(home, link)); err != nil {
			t.Fatal(err)
		}
	}
	e, _ := newTestEngine(t, nil)
	for _, c := range []struct {
		arg string
		ok  bool
	}{{"notes.txt", false}, {"d/secret.txt", false}, {"readme-link", true}, {"README", true}} {
		env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{c.arg}, Cwd: home})
		if out := mustMarshal(t, env); env.OK != c.ok || strings.Contains(out, "OUTSIDE-THE-PROJECT") {
			t.Errorf("cat %s in a home project: ok %v, want %v: %s", c.arg, env.OK, c.ok, out)
		}
	}
}

// TestSandboxBuildWorkdirAboveHome: a build run in a directory above the
// commands' own home writes in what is beside the home, not in the home's
// dot entries; the directory itself is granted entry by entry, so nothing
// new is made directly in it.
func TestSandboxBuildWorkdirAboveHome(t *testing.T) {
	needSandbox(t)
	need(t, "sh", "dd")
	home := hostileHome(t)
	writeFile(t, filepath.Join(home, ".bashrc"), "# rc\n")
	e, _ := newTestEngine(t, both(allowing("sh"), func(c *config.Config) { c.Guard.Profile = guard.ProfileBuild }))
	above := filepath.Dir(home)
	writeFile(t, filepath.Join(above, "proj", "keep"), "")
	for _, c := range []struct {
		path string
		ok   bool
	}{{filepath.Join(above, "proj", "out.txt"), true}, {filepath.Join(above, "new.txt"), false},
		{filepath.Join(home, ".bashrc"), false}, {filepath.Join(home, ".ssh", "x"), false}} {
		env := e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "dd if=/dev/zero bs=1 count=1 conv=notrunc oflag=append status=none of=" + c.path}, Cwd: above})
		if env.OK != c.ok {
			t.Errorf("build in %s: write %s: ok %v, want %v: %s", above, c.path, env.OK, c.ok, mustMarshal(t, env))
		}
	}
}

// TestSandboxEtcRefresh: a file of a public /etc directory made private
// after the server's first run is cut out once the rules are refreshed.
func TestSandboxEtcRefresh(t *testing.T) {
	needSandbox(t)
	need(t, "cat")
	dir := filepath.Join("/etc", "parism-refresh-"+strconv.Itoa(os.Getpid()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Skipf("cannot write in /etc: %v", err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	writeFile(t, filepath.Join(dir, "open"), "OPEN\n")
	e, cwd := newTestEngine(t, nil)
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{filepath.Join(dir, "open")}, Cwd: cwd}); !env.OK {
		t.Fatalf("cat open: %s", mustMarshal(t, env))
	}
	late := filepath.Join(dir, "late")
	if err := os.WriteFile(late, []byte("LATE-PRIVATE\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	old := rulesRefresh
	rulesRefresh = 0
	t.Cleanup(func() { rulesRefresh = old })
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{late}, Cwd: cwd}); env.OK || strings.Contains(mustMarshal(t, env), "LATE-PRIVATE") {
		t.Errorf("cat %s, made private after the first run: %s", late, mustMarshal(t, env))
	}
}

// TestCwdLeavesRepository: a working directory reached through a
// repository's symbolic link to another directory is refused (the rules
// would follow the directory reached: another repository); the same
// directory given by its own path is taken, as is a link that stays in
// the repository.
func TestCwdLeavesRepository(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	other := t.TempDir()
	writeFile(t, filepath.Join(other, "secret.txt"), "OTHER-REPO\n")
	if err := os.Mkdir(filepath.Join(other, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "src", "main.go"), "package main\n")
	for link, target := range map[string]string{"vendor": other, "code": filepath.Join(dir, "src")} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{"secret.txt"}, Cwd: filepath.Join(dir, "vendor")})
	if out := mustMarshal(t, env); env.Failure == nil || env.Failure.Detail != detailCwdLeavesRepository || strings.Contains(out, "OTHER-REPO") {
		t.Errorf("cwd through vendor -> another repository: %s", out)
	}
	if d := e.DryRun("cat", []string{"secret.txt"}, filepath.Join(dir, "vendor")); d.WouldPass || d.Detail != detailCwdLeavesRepository {
		t.Errorf("dry_run through vendor: %+v", d)
	}
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{"secret.txt"}, Cwd: other}); env.Failure != nil && env.Failure.Detail == detailCwdLeavesRepository {
		t.Errorf("the other repository by its own path: %s", mustMarshal(t, env))
	}
	if env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{"main.go"}, Cwd: filepath.Join(dir, "code")}); !env.OK {
		t.Errorf("a link inside the repository: %s", mustMarshal(t, env))
	}
}
