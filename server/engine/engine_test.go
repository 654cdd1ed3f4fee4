package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
)

func TestMain(m *testing.M) {
	if runtime.GOOS != "linux" {
		// The tests run real coreutils and read /proc.
		os.Exit(0)
	}
	os.Exit(hermetic(m))
}

// hermetic runs the tests with PARISM_HOME in a fresh directory, so parser
// packs installed on the developer's machine (~/.parism/parsers) never
// change what the tests see.
func hermetic(m *testing.M) int {
	home, err := os.MkdirTemp("", "parism-home-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(home)
	os.Setenv("PARISM_HOME", home)
	return m.Run()
}

func TestRunLsLong(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir, "alpha.txt"), "hello\n")
	writeFile(t, filepath.Join(dir, "beta with space.log"), strings.Repeat("x", 3000))
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}

	env := e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"-l"}})

	if !env.OK || env.ExitCode == nil || *env.ExitCode != 0 {
		t.Fatalf("ok=%v exitCode=%v, want true/0; envelope: %s", env.OK, env.ExitCode, mustMarshal(t, env))
	}
	r := raw(t, env)
	for _, name := range []string{"alpha.txt", "beta with space.log", "sub"} {
		if !strings.Contains(r, name) {
			t.Errorf("raw lacks %q:\n%s", name, r)
		}
	}
	if env.DurationMs <= 0 {
		t.Errorf("duration_ms = %v, want > 0", env.DurationMs)
	}
	if env.Cwd != dir {
		t.Errorf("cwd = %q, want the workdir %q", env.Cwd, dir)
	}
	if env.Stderr != "" || env.Truncated || env.GuardError != nil {
		t.Errorf("stderr=%q truncated=%v guard_error=%v, want empty/false/nil", env.Stderr, env.Truncated, env.GuardError)
	}

	m := asJSON(t, env)
	for _, k := range []string{"ok", "exitCode", "cmd", "args", "cwd", "duration_ms", "stdout", "stderr", "truncated"} {
		if _, ok := m[k]; !ok {
			t.Errorf("envelope lacks %q: %v", k, m)
		}
	}
	if m["exitCode"] != json.Number("0") || m["cmd"] != "ls" {
		t.Errorf("exitCode=%v cmd=%v", m["exitCode"], m["cmd"])
	}

	// The ls -l parser's contract (catalog): parser "ls", entries by name.
	if env.Stdout.Parser != "ls" || env.Stdout.Parsed == nil {
		t.Fatalf("stdout.parser=%q parsed=%v, want the ls parser's result (failure %+v)", env.Stdout.Parser, env.Stdout.Parsed, env.Failure)
	}
	wantFailure(t, env, "", "")
	stdout := m["stdout"].(map[string]any)
	parsed, _ := stdout["parsed"].(map[string]any)
	entries, _ := parsed["entries"].([]any)
	var names []string
	for _, en := range entries {
		if o, ok := en.(map[string]any); ok {
			names = append(names, o["name"].(string))
		}
	}
	slices.Sort(names)
	if want := []string{"alpha.txt", "beta with space.log", "sub"}; !slices.Equal(names, want) {
		t.Errorf("parsed entries names = %q, want %q", names, want)
	}
}

func TestRunRelativeAndBadCwd(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir, "sub", "inner.txt"), "x")

	env := e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"-1"}, Cwd: "sub"})
	if env.Cwd != filepath.Join(dir, "sub") {
		t.Errorf("cwd = %q, want it resolved against the workdir", env.Cwd)
	}
	if !env.OK || !strings.Contains(raw(t, env), "inner.txt") {
		t.Errorf("ls in sub: ok=%v raw=%q", env.OK, raw(t, env))
	}

	env = e.Run(context.Background(), Request{Cmd: "ls", Cwd: "missing"})
	wantFailure(t, env, KindExec, ReasonSpawnFailed)
	if env.Failure.Detail != "bad_dir" || env.ExitCode != nil || env.OK {
		t.Errorf("missing cwd: detail=%q exitCode=%v ok=%v", env.Failure.Detail, env.ExitCode, env.OK)
	}
}

func TestRunEmptyCmd(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	env := e.Run(context.Background(), Request{})
	wantFailure(t, env, KindConfig, ReasonInvalidArgument)
	if env.OK || env.ExitCode != nil || env.Args == nil {
		t.Errorf("ok=%v exitCode=%v args=%v", env.OK, env.ExitCode, env.Args)
	}
}

func TestGuardBlocksCommand(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	victim := filepath.Join(dir, "victim")
	writeFile(t, victim, "keep me")

	env := e.Run(context.Background(), Request{Cmd: "rm", Args: []string{"-rf", "victim"}})

	const msg = "Command 'rm' is not in the allowed list"
	wantFailure(t, env, KindGuard, string(guard.ReasonCommandNotAllowed))
	if env.OK || env.ExitCode != nil {
		t.Errorf("ok=%v exitCode=%v, want false/null", env.OK, env.ExitCode)
	}
	if env.Failure.Message != msg {
		t.Errorf("message = %q, want %q", env.Failure.Message, msg)
	}
	if env.GuardError == nil || env.GuardError.Reason != "command_not_allowed" || env.GuardError.Message != msg {
		t.Errorf("guard_error = %+v, want the failure's reason and message", env.GuardError)
	}
	if _, err := os.Stat(victim); err != nil {
		t.Fatalf("the blocked rm ran: %v", err)
	}
	m := asJSON(t, env)
	if v, ok := m["exitCode"]; !ok || v != nil {
		t.Errorf("exitCode must be present and null, got %v (present %v)", v, ok)
	}
	if got := m["args"]; len(got.([]any)) != 2 {
		t.Errorf("args = %v", got)
	}
	stdout := m["stdout"].(map[string]any)
	if v, ok := stdout["parsed"]; !ok || v != nil {
		t.Errorf("stdout.parsed must be present and null: %v", stdout)
	}

	// The same for the destructive original example, without running it.
	d := e.DryRun("rm", []string{"-rf", "/"}, "")
	if d.WouldPass || d.Reason == nil || *d.Reason != "command_not_allowed" || *d.Message != msg {
		t.Errorf("dry_run rm -rf / = %s", mustMarshal(t, d))
	}
	// A path is refused even when its base name is allowed.
	env = e.Run(context.Background(), Request{Cmd: "/bin/ls"})
	wantFailure(t, env, KindGuard, "command_not_allowed")
}

func TestGuardInjectionPerArgument(t *testing.T) {
	e, dir := newTestEngine(t, allowing("touch"))

	env := e.Run(context.Background(), Request{Cmd: "touch", Args: []string{"ok", "a;touch pwned"}})
	wantFailure(t, env, KindGuard, "injection_pattern")
	if env.GuardError == nil || env.GuardError.Reason != "injection_pattern" || env.ExitCode != nil {
		t.Errorf("guard_error=%+v exitCode=%v", env.GuardError, env.ExitCode)
	}
	if !strings.Contains(env.Failure.Message, "Argument 1") || !strings.Contains(env.Failure.Message, "';'") {
		t.Errorf("message %q should name argument 1 and the pattern", env.Failure.Message)
	}
	for _, f := range []string{"ok", "pwned", "a;touch pwned"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s exists: the refused command ran", f)
		}
	}

	for _, p := range guard.DefaultBlockPatterns() {
		d := e.DryRun("ls", []string{"-l", "x" + p + "y"}, "")
		if d.WouldPass || *d.Reason != "injection_pattern" || d.ArgIndex == nil || *d.ArgIndex != 1 {
			t.Errorf("pattern %q: %s", p, mustMarshal(t, d))
		}
	}
	// Patterns are matched inside one argument: there is no shell to join
	// "$" and "(id)", and "&" alone is not a default pattern.
	for _, args := range [][]string{{"$", "(id)"}, {"a&b"}, {"-", "-"}} {
		if d := e.DryRun("ls", args, ""); !d.WouldPass {
			t.Errorf("%q refused: %s", args, mustMarshal(t, d))
		}
	}
	// A custom list replaces the default.
	e2, _ := newTestEngine(t, func(c *config.Config) { c.Guard.BlockPatterns = []string{"&"} })
	if d := e2.DryRun("ls", []string{"a;b"}, ""); !d.WouldPass {
		t.Errorf("custom patterns: ';' refused: %s", mustMarshal(t, d))
	}
	if d := e2.DryRun("ls", []string{"a&b"}, ""); d.WouldPass {
		t.Errorf("custom patterns: '&' passed")
	}
}

func TestGuardPathNotAllowed(t *testing.T) {
	outside := t.TempDir()
	root := t.TempDir()
	cfg := config.Default()
	cfg.Guard.AllowedPaths = []string{root}
	e, err := New(cfg, WithWorkdir(root))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(root, "inside.txt"), "in\n")
	writeFile(t, filepath.Join(filepath.Dir(root), "x"), "secret\n")

	env := e.Run(context.Background(), Request{Cmd: "ls", Cwd: outside})
	wantFailure(t, env, KindGuard, "path_not_allowed")
	if env.Failure.Detail != "cwd_outside_allowed_paths" || env.GuardError == nil {
		t.Errorf("detail=%q guard_error=%v", env.Failure.Detail, env.GuardError)
	}

	env = e.Run(context.Background(), Request{Cmd: "cat", Args: []string{"../x"}})
	wantFailure(t, env, KindGuard, "path_not_allowed")
	if env.Stdout.Raw != nil && strings.Contains(*env.Stdout.Raw, "secret") {
		t.Fatal("the refused cat ran")
	}

	env = e.Run(context.Background(), Request{Cmd: "cat", Args: []string{"inside.txt"}})
	if !env.OK || raw(t, env) != "in\n" {
		t.Errorf("cat inside.txt: %s", mustMarshal(t, env))
	}
	if d := e.DryRun("cat", []string{"/etc/passwd"}, ""); d.WouldPass || *d.Reason != "path_not_allowed" {
		t.Errorf("absolute path outside: %s", mustMarshal(t, d))
	}
	if o := e.Describe(); !slices.Equal(o.GuardSummary.AllowedPaths, []string{root}) {
		t.Errorf("guard_summary.allowed_paths = %q", o.GuardSummary.AllowedPaths)
	}
	if !e.DescribeCommand("ls").PathRestricted {
		t.Error("describe(ls).policy.path_restricted = false")
	}
}

func TestGuardArgNotAllowed(t *testing.T) {
	e, dir := newTestEngine(t, allowing("node"))
	for _, args := range [][]string{{"-e", "require('fs').writeFileSync('pwned','')"}, {"--eval=1"}, {"-pe", "1"}} {
		env := e.Run(context.Background(), Request{Cmd: "node", Args: args})
		wantFailure(t, env, KindGuard, "arg_not_allowed")
		if env.Failure.Detail != "blocked_flag" || env.GuardError == nil {
			t.Errorf("%q: detail=%q guard_error=%v", args, env.Failure.Detail, env.GuardError)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
		t.Fatal("node -e ran")
	}
	// Allowed node still needs the build profile.
	env := e.Run(context.Background(), Request{Cmd: "node", Args: []string{"script.js"}})
	wantFailure(t, env, KindGuard, "arg_not_allowed")
	if env.Failure.Detail != "profile_build_required" {
		t.Errorf("detail = %q", env.Failure.Detail)
	}
	info := e.DescribeCommand("node")
	if !info.Policy.Allowed || info.Policy.Profile != "build" || !slices.Contains(info.Policy.BlockedFlags, "-e") {
		t.Errorf("describe(node).policy = %+v", info.Policy)
	}
}

func TestExecSpawnFailed(t *testing.T) {
	e, _ := newTestEngine(t, allowing("definitely-not-a-program"))
	env := e.Run(context.Background(), Request{Cmd: "definitely-not-a-program", Args: []string{"x"}})
	wantFailure(t, env, KindExec, ReasonSpawnFailed)
	if env.OK || env.ExitCode != nil || env.Failure.Detail != "not_found" {
		t.Errorf("ok=%v exitCode=%v detail=%q", env.OK, env.ExitCode, env.Failure.Detail)
	}
	if !strings.Contains(env.Failure.Message, "definitely-not-a-program") {
		t.Errorf("message %q should name the program", env.Failure.Message)
	}
}

func TestExecNonZeroExit(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	env := e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"/nonexistent-path"}})
	wantFailure(t, env, KindExec, ReasonNonZeroExit)
	if env.OK || env.ExitCode == nil || *env.ExitCode != 2 {
		t.Fatalf("ok=%v exitCode=%v, want false/2", env.OK, env.ExitCode)
	}
	if !strings.Contains(env.Stderr, "nonexistent-path") {
		t.Errorf("stderr = %q", env.Stderr)
	}
	if !strings.HasPrefix(env.Failure.Message, "Command exited with status 2: ") ||
		!strings.Contains(env.Failure.Message, "/nonexistent-path") {
		t.Errorf("message %q should carry the status and stderr", env.Failure.Message)
	}
	if env.GuardError != nil {
		t.Error("guard_error set on an exec failure")
	}
}

func TestExecTimeout(t *testing.T) {
	e, _ := newTestEngine(t, both(allowing("sleep"), func(c *config.Config) { c.Guard.TimeoutMs = 200 }))
	start := time.Now()
	env := e.Run(context.Background(), Request{Cmd: "sleep", Args: []string{"5"}})
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("timed-out run took %v", el)
	}
	wantFailure(t, env, KindExec, ReasonTimeout)
	if env.OK || env.ExitCode != nil {
		t.Errorf("ok=%v exitCode=%v, want false/null", env.OK, env.ExitCode)
	}
	if !strings.Contains(env.Failure.Message, "200 ms") {
		t.Errorf("message = %q", env.Failure.Message)
	}
	if v, ok := asJSON(t, env)["exitCode"]; !ok || v != nil {
		t.Errorf("exitCode in JSON = %v", v)
	}
}

func TestExecCanceled(t *testing.T) {
	e, _ := newTestEngine(t, allowing("sleep"))
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	start := time.Now()
	env := e.Run(ctx, Request{Cmd: "sleep", Args: []string{"5"}})
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("cancelled run took %v", el)
	}
	wantFailure(t, env, KindExec, ReasonCanceled)
	if env.OK || env.ExitCode != nil {
		t.Errorf("ok=%v exitCode=%v", env.OK, env.ExitCode)
	}
}

// pidFrom reads the first line of raw as a pid.
func pidFrom(t *testing.T, raw string) int {
	t.Helper()
	line, _, _ := strings.Cut(raw, "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || pid <= 1 {
		t.Fatalf("no pid in output %q", raw)
	}
	return pid
}

func TestNoGrandchildSurvives(t *testing.T) {
	// No ';' or '&&' (default block patterns): the script's lines are
	// separated by newlines, which no pattern refuses.
	t.Run("leader exits", func(t *testing.T) {
		e, _ := newTestEngine(t, allowing("sh"))
		start := time.Now()
		env := e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "sleep 30 &\necho $!"}})
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("run waited %v for the background sleep", el)
		}
		if !env.OK {
			t.Fatalf("envelope: %s", mustMarshal(t, env))
		}
		if pid := pidFrom(t, raw(t, env)); !processGone(pid, 3*time.Second) {
			_ = syscallKill(pid)
			t.Fatalf("background sleep %d survived the run", pid)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		e, _ := newTestEngine(t, both(allowing("sh"), func(c *config.Config) { c.Guard.TimeoutMs = 500 }))
		env := e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "sleep 30 &\necho $!\nwait"}})
		wantFailure(t, env, KindExec, ReasonTimeout)
		if pid := pidFrom(t, raw(t, env)); !processGone(pid, 3*time.Second) {
			_ = syscallKill(pid)
			t.Fatalf("background sleep %d survived the timeout", pid)
		}
	})
}

func TestOutputCap(t *testing.T) {
	e, _ := newTestEngine(t, both(allowing("seq"), func(c *config.Config) { c.Guard.MaxOutputBytes = 1000 }))
	env := e.Run(context.Background(), Request{Cmd: "seq", Args: []string{"1", "100000"}})
	if !env.OK || !env.Truncated || env.Truncation == nil || env.Truncation.Stdout == nil {
		t.Fatalf("envelope: %s", mustMarshal(t, env))
	}
	c := env.Truncation.Stdout
	var total int64
	for i := 1; i <= 100000; i++ {
		total += int64(len(strconv.Itoa(i)) + 1)
	}
	if c.TotalBytes != total || c.KeptBytes+c.DroppedBytes != c.TotalBytes {
		t.Errorf("cut = %+v, want total %d = kept + dropped", *c, total)
	}
	if c.KeptBytes > 1000 || c.KeptBytes < 500 {
		t.Errorf("kept %d bytes with a 1000-byte cap", c.KeptBytes)
	}
	r := raw(t, env)
	if !strings.HasPrefix(r, "1\n2\n") || !strings.HasSuffix(r, "\n99999\n100000\n") {
		t.Errorf("raw should keep the head and the tail: %q ... %q", r[:20], r[len(r)-20:])
	}
	if int64(len(r)) != c.KeptBytes {
		t.Errorf("len(raw) = %d, kept_bytes = %d", len(r), c.KeptBytes)
	}
	if c.OmittedAt <= 0 || c.OmittedAt >= int64(len(r)) || r[c.OmittedAt-1] != '\n' {
		t.Errorf("omitted_at = %d should fall on a line boundary inside raw", c.OmittedAt)
	}
	if env.Truncation.Stderr != nil {
		t.Errorf("stderr reported cut: %+v", env.Truncation.Stderr)
	}
	if !slices.ContainsFunc(env.Omission, func(o Omission) bool { return o.Stage == "capture" }) {
		t.Errorf("omission lacks the capture stage: %+v", env.Omission)
	}
}

func TestEnvStripping(t *testing.T) {
	// The engine snapshots the environment at New: set it first.
	t.Setenv("MY_API_TOKEN", "x-token-value")
	t.Setenv("DB_PASSWORD", "hunter2")
	t.Setenv("PARISM_TEST_VISIBLE", "yes")
	t.Setenv("PAGER", "less")
	e, _ := newTestEngine(t, nil)
	env := e.Run(context.Background(), Request{Cmd: "env"})
	if !env.OK {
		t.Fatalf("envelope: %s", mustMarshal(t, env))
	}
	r := raw(t, env)
	for _, bad := range []string{"MY_API_TOKEN", "x-token-value", "DB_PASSWORD", "hunter2", "PAGER=less"} {
		if strings.Contains(r, bad) {
			t.Errorf("env output holds %q", bad)
		}
	}
	for _, good := range []string{"\nPATH=", "PARISM_TEST_VISIBLE=yes", "PAGER=cat", "LC_ALL=C.UTF-8"} {
		if !strings.Contains("\n"+r, good) {
			t.Errorf("env output lacks %q", good)
		}
	}
	if s := mustMarshal(t, env); strings.Contains(s, "x-token-value") {
		t.Error("the secret reached the envelope")
	}
}

const ghToken = "ghp_0123456789abcdefghijABCDEFGHIJ012345"

func TestOutputRedaction(t *testing.T) {
	if len(ghToken) != 4+36 {
		t.Fatal("bad fixture")
	}
	e, dir := newTestEngine(t, func(c *config.Config) { c.Guard.Secrets.OutputRedactionEnabled = true })
	writeFile(t, filepath.Join(dir, "creds.txt"), "user=me\ntoken="+ghToken+"\n")

	env := e.Run(context.Background(), Request{Cmd: "cat", Args: []string{"creds.txt"}})
	if !env.OK {
		t.Fatalf("envelope: %s", mustMarshal(t, env))
	}
	if r := raw(t, env); r != "user=me\ntoken=[REDACTED]\n" {
		t.Errorf("raw = %q", r)
	}
	if strings.Contains(mustMarshal(t, env), "ghp_") {
		t.Error("the token reached the envelope (parsed?)")
	}

	// stderr, and the failure message built from it, are masked too.
	env = e.Run(context.Background(), Request{Cmd: "cat", Args: []string{ghToken}})
	wantFailure(t, env, KindExec, ReasonNonZeroExit)
	if !strings.Contains(env.Stderr, "[REDACTED]") {
		t.Errorf("stderr = %q", env.Stderr)
	}
	if strings.Contains(env.Failure.Message, "ghp_") || strings.Contains(env.Stderr, "ghp_") {
		t.Errorf("token leaked through stderr or failure.message: %q / %q", env.Stderr, env.Failure.Message)
	}
	if !strings.Contains(env.Failure.Message, "[REDACTED]") {
		t.Errorf("message = %q", env.Failure.Message)
	}

	// Redaction on by default; turned off by the operator, the output is
	// untouched.
	e0, dir0 := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir0, "creds.txt"), ghToken+"\n")
	if r := raw(t, e0.Run(context.Background(), Request{Cmd: "cat", Args: []string{"creds.txt"}})); r != "[REDACTED]\n" {
		t.Errorf("default: raw = %q", r)
	}
	e2, dir2 := newTestEngine(t, func(c *config.Config) { c.Guard.Secrets.OutputRedactionEnabled = false })
	writeFile(t, filepath.Join(dir2, "creds.txt"), ghToken+"\n")
	if r := raw(t, e2.Run(context.Background(), Request{Cmd: "cat", Args: []string{"creds.txt"}})); r != ghToken+"\n" {
		t.Errorf("redaction off: raw = %q", r)
	}
}

func TestTelemetryAndStats(t *testing.T) {
	e, _ := newTestEngine(t, both(allowing("echo"), func(c *config.Config) { c.Telemetry.Enabled = true }))
	for range 3 {
		env := e.Run(context.Background(), Request{Cmd: "echo", Args: []string{`{"a":1}`}})
		if env.Telemetry == nil || env.Telemetry.TotalMs < env.Telemetry.ExecMs || env.Telemetry.RawBytes != 8 {
			t.Fatalf("telemetry = %+v", env.Telemetry)
		}
	}
	e.Run(context.Background(), Request{Cmd: "rm"})
	o := e.Describe()
	if !o.TelemetryEnabled {
		t.Error("telemetry_enabled false")
	}
	if s := o.Stats["echo"]; s.Calls != 3 || s.Failures != 0 || s.Parsed != 3 || s.TotalMs <= 0 {
		t.Errorf("stats[echo] = %+v", s)
	}
	if s := o.Stats["rm"]; s.Calls != 1 || s.Failures != 1 || s.GuardBlock != 1 {
		t.Errorf("stats[rm] = %+v", s)
	}

	e2, _ := newTestEngine(t, nil)
	env := e2.Run(context.Background(), Request{Cmd: "pwd"})
	if env.Telemetry != nil || e2.Describe().Stats != nil {
		t.Error("telemetry present while disabled")
	}
	if _, ok := asJSON(t, e2.Describe())["stats"]; ok {
		t.Error("describe has stats while telemetry is off")
	}
}

func TestExecKilledBySignal(t *testing.T) {
	e, _ := newTestEngine(t, allowing("sh"))
	env := e.Run(context.Background(), Request{Cmd: "sh", Args: []string{"-c", "echo partial\nkill -KILL $$"}})
	wantFailure(t, env, KindExec, ReasonNonZeroExit)
	if env.OK || env.ExitCode != nil {
		t.Errorf("ok=%v exitCode=%v, want false/null for a signal death", env.OK, env.ExitCode)
	}
	if !strings.Contains(env.Failure.Message, "signal") {
		t.Errorf("message = %q", env.Failure.Message)
	}
	if raw(t, env) != "partial\n" {
		t.Errorf("raw = %q: output before the signal is kept", raw(t, env))
	}
}
