package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog/parsers/diag"
	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
)

// failingGoModule writes a module whose package vetme has a printf
// mistake (go vet, stderr), whose package broken does not compile (a
// build error, stderr) and whose package failing has a failing test
// (go test's verdict, stdout). GOCACHE and GOPATH go under the module:
// the build profile writes only there.
func failingGoModule(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command")
	}
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/m\n\ngo 1.22\n")
	writeFile(t, filepath.Join(dir, "vetme", "v.go"), "package vetme\n\nimport \"fmt\"\n\nfunc F() string { return fmt.Sprintf(\"%d\", \"x\") }\n")
	writeFile(t, filepath.Join(dir, "broken", "b.go"), "package broken\n\nfunc G() int { return \"s\" }\n")
	writeFile(t, filepath.Join(dir, "failing", "f.go"), "package failing\n\nfunc H() int { return 1 }\n")
	writeFile(t, filepath.Join(dir, "failing", "f_test.go"),
		"package failing\n\nimport \"testing\"\n\nfunc TestH(t *testing.T) {\n\tt.Log(\"checking H\")\n\tif H() != 2 {\n\t\tt.Fatalf(\"H() = %d\", H())\n\t}\n}\n")
	t.Setenv("GOCACHE", filepath.Join(dir, ".cache"))
	t.Setenv("GOPATH", filepath.Join(dir, ".gopath"))
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOTOOLCHAIN", "local")
}

func goEngine(t *testing.T, edit func(*config.Config)) (*Engine, string) {
	dir := t.TempDir()
	failingGoModule(t, dir)
	cfg := config.Default()
	cfg.Guard.AllowedCommands = append(cfg.Guard.AllowedCommands, "go")
	cfg.Guard.Profile = guard.ProfileBuild
	cfg.Guard.TimeoutMs = 120_000
	if edit != nil {
		edit(&cfg)
	}
	e, err := New(cfg, WithWorkdir(dir))
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	return e, dir
}

// TestRunReadsDeclaredStream: go vet writes its findings to stderr and go
// test its verdicts to stdout with the build errors on stderr; a run
// gives each parser its declared stream (merged in order), so the
// diagnostics are read, with spans into stdout.raw.
func TestRunReadsDeclaredStream(t *testing.T) {
	e, _ := goEngine(t, nil)
	ctx, cancel := context.WithTimeout(WithOwner(context.Background(), "s"), 3*time.Minute)
	defer cancel()

	env := e.Run(ctx, Request{Cmd: "go", Args: []string{"vet", "./vetme/"}, Evidence: EvidenceFields, Retain: true})
	if env.Stdout.Parser != "go-vet" || env.Stdout.Stream != StreamBoth {
		t.Fatalf("go vet: parser %q stream %q: %s", env.Stdout.Parser, env.Stdout.Stream, mustMarshal(t, env))
	}
	res, ok := env.Stdout.Parsed.(*diag.DiagResult)
	if !ok || len(res.Diagnostics) != 1 {
		t.Fatalf("go vet: parsed %s", mustMarshal(t, env))
	}
	d := res.Diagnostics[0]
	if d.File != "vetme/v.go" || d.Line != 5 || !strings.Contains(d.Message, "Sprintf format %d has arg") {
		t.Errorf("go vet diagnostic %+v", d)
	}
	if env.Stderr != "" || !strings.Contains(*env.Stdout.Raw, "vetme/v.go:5:") {
		t.Errorf("stderr %q should be in stdout.raw %q", env.Stderr, *env.Stdout.Raw)
	}
	// The failure message still quotes what the command wrote to stderr.
	if env.Failure == nil || env.Failure.Reason != ReasonNonZeroExit || !strings.Contains(env.Failure.Message, "Sprintf") {
		t.Errorf("failure %+v", env.Failure)
	}
	ex := e.ExplainResult(ctx, env.ResultID, "/diagnostics/0/file")
	if !ex.OK || len(ex.SourceSpans) != 1 {
		t.Fatalf("explain: %s", mustMarshal(t, ex))
	}
	if s := ex.SourceSpans[0]; (*env.Stdout.Raw)[s.Start:s.End] != "vetme/v.go" {
		t.Errorf("span %d-%d of stdout.raw is %q", s.Start, s.End, (*env.Stdout.Raw)[s.Start:s.End])
	}

	// go test: the verdict of failing (stdout) and the build error of
	// broken (stderr) in one answer.
	env = e.Run(ctx, Request{Cmd: "go", Args: []string{"test", "./failing/", "./broken/"}})
	res, ok = env.Stdout.Parsed.(*diag.DiagResult)
	if !ok || env.Stdout.Stream != StreamBoth {
		t.Fatalf("go test: %s", mustMarshal(t, env))
	}
	var fail *diag.DiagTest
	for i := range res.Tests {
		if res.Tests[i].Name == "TestH" {
			fail = &res.Tests[i]
		}
	}
	if fail == nil || fail.Status != "fail" || !strings.Contains(fail.Output, "H() = 1") || !strings.Contains(fail.Output, "checking H") {
		t.Errorf("go test TestH: %+v in %s", fail, mustMarshal(t, env))
	}
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].File != "broken/b.go" || res.Diagnostics[0].Line != 3 {
		t.Errorf("go test build error: %+v", res.Diagnostics)
	}

	// go test -json writes everything to stdout: no merge.
	env = e.Run(ctx, Request{Cmd: "go", Args: []string{"test", "-json", "./failing/"}})
	if env.Stdout.Stream != "" || env.Stdout.Parser != "go-test" {
		t.Errorf("go test -json: stream %q parser %q", env.Stdout.Stream, env.Stdout.Parser)
	}
	if res, ok := env.Stdout.Parsed.(*diag.DiagResult); !ok || res.Summary.TestsFailed != 1 {
		t.Errorf("go test -json: %s", mustMarshal(t, env))
	}

	// A stdout parser (ls) is not merged: stderr stays apart.
	env = e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l", "no-such-file"}})
	if env.Stdout.Stream != "" || !strings.Contains(env.Stderr, "no-such-file") {
		t.Errorf("ls: stream %q stderr %q", env.Stdout.Stream, env.Stderr)
	}
}

// TestMergedStreamCapAndRedaction: the output cap and redaction apply to
// the merged text the parser reads.
func TestMergedStreamCapAndRedaction(t *testing.T) {
	e, dir := goEngine(t, func(c *config.Config) {
		c.Guard.MaxOutputBytes = 600
		c.Guard.Secrets.OutputRedactionEnabled = true
	})
	// Many vet findings (stderr) so that the cap cuts the merged stream,
	// and a token in a message for the redactor.
	var b strings.Builder
	b.WriteString("package vetme\n\nimport \"fmt\"\n\n")
	for i := range 40 {
		b.WriteString("func F" + string(rune('A'+i%26)) + strings.Repeat("x", i/26) + "() string { return fmt.Sprintf(\"%d\", \"x\") }\n")
	}
	b.WriteString("func T() { fmt.Printf(\"%d\", \"ghp_abcdefghijklmnopqrstuvwxyz0123456789\") }\n")
	writeFile(t, filepath.Join(dir, "vetme", "v.go"), b.String())
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	env := e.Run(ctx, Request{Cmd: "go", Args: []string{"vet", "./vetme/"}})
	if !env.Truncated || env.Truncation == nil || env.Truncation.Stdout == nil || env.Truncation.Stderr != nil {
		t.Fatalf("truncation %+v: %s", env.Truncation, mustMarshal(t, env))
	}
	if len(*env.Stdout.Raw) > 600 {
		t.Errorf("raw is %d bytes, over the 600-byte cap", len(*env.Stdout.Raw))
	}
	if strings.Contains(*env.Stdout.Raw, "ghp_abcdefghijklmnopqrstuvwxyz0123456789") || !strings.Contains(*env.Stdout.Raw, config.RedactionMask) {
		t.Errorf("the token was not masked in the answer: %s", *env.Stdout.Raw)
	}
	res, ok := env.Stdout.Parsed.(*diag.DiagResult)
	if !ok || len(res.Diagnostics) < 3 {
		t.Fatalf("parsed %s", mustMarshal(t, env))
	}
	for _, d := range res.Diagnostics {
		if !strings.HasPrefix(d.File, "vetme/") {
			t.Errorf("diagnostic from a cut line: %+v", d)
		}
	}
}

// TestRunCargoDiagnostics builds a crate with seeded errors and runs its
// failing tests through the engine, confined as in the build profile:
// cargo build's diagnostics (stderr) and cargo test's verdicts (stdout)
// with the build's warnings (stderr) are read from one run each.
func TestRunCargoDiagnostics(t *testing.T) {
	if _, err := exec.LookPath("cargo"); err != nil {
		if _, e := os.Stat("/root/.cargo/bin/cargo"); e != nil {
			t.Skip("cargo is not installed")
		}
		t.Setenv("PATH", "/root/.cargo/bin:"+os.Getenv("PATH"))
	}
	t.Setenv("CARGO_TERM_COLOR", "never")
	t.Setenv("RUST_BACKTRACE", "0")
	dir := t.TempDir()
	for _, c := range []string{"seeded", "tested"} {
		if err := os.CopyFS(filepath.Join(dir, c), os.DirFS(filepath.Join("..", "..", "catalog", "parsers", "diag", "testdata", "rust-src", c))); err != nil {
			t.Fatal(err)
		}
	}
	cfg := config.Default()
	cfg.Guard.AllowedCommands = append(cfg.Guard.AllowedCommands, "cargo")
	cfg.Guard.Profile = guard.ProfileBuild
	cfg.Guard.TimeoutMs = 180_000
	e, err := New(cfg, WithWorkdir(dir))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	env := e.Run(ctx, Request{Cmd: "cargo", Args: []string{"build"}, Cwd: filepath.Join(dir, "seeded")})
	res, ok := env.Stdout.Parsed.(*diag.DiagResult)
	if !ok || env.Stdout.Stream != StreamBoth || res.Summary.Errors != 10 || res.Summary.Warnings != 5 {
		t.Fatalf("cargo build: %s", mustMarshal(t, env))
	}
	if d := res.Diagnostics[1]; d.File != "src/lib.rs" || d.Line != 9 || *d.Column != 18 || d.Code != "E0308" {
		t.Errorf("cargo build: second diagnostic %+v", d)
	}
	env = e.Run(ctx, Request{Cmd: "cargo", Args: []string{"test", "--no-fail-fast"}, Cwd: filepath.Join(dir, "tested")})
	res, ok = env.Stdout.Parsed.(*diag.DiagResult)
	if !ok || res.Summary.TestsFailed != 4 || res.Summary.TestsPassed != 4 || res.Summary.Warnings != 1 || len(env.Omission) != 0 {
		t.Fatalf("cargo test: %s", mustMarshal(t, env))
	}
	env = e.Run(ctx, Request{Cmd: "cargo", Args: []string{"build", "--message-format=json"}, Cwd: filepath.Join(dir, "seeded")})
	res, ok = env.Stdout.Parsed.(*diag.DiagResult)
	if !ok || env.Stdout.Stream != "" || res.Summary.Errors != 10 || !strings.Contains(env.Stderr, "could not compile") {
		t.Fatalf("cargo build json: %s", mustMarshal(t, env))
	}
}
