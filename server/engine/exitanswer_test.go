package engine

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needProgram skips when the program a test runs is not installed.
func needProgram(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s not installed", name)
	}
}

// wantAnswer checks an envelope whose non-zero exit is a declared answer:
// ok, no failure, the real exit code kept and exit_answer set.
func wantAnswer(t *testing.T, env *Envelope, code int) map[string]any {
	t.Helper()
	if !env.OK || env.Failure != nil {
		t.Fatalf("ok=%v failure=%+v, want ok with no failure", env.OK, env.Failure)
	}
	if env.ExitCode == nil || *env.ExitCode != code {
		t.Fatalf("exitCode=%v, want %d", env.ExitCode, code)
	}
	if env.ExitAnswer == "" {
		t.Errorf("exit_answer is empty")
	}
	j := asJSON(t, env)
	parsed, _ := j["stdout"].(map[string]any)["parsed"].(map[string]any)
	if parsed == nil {
		t.Fatalf("parsed is %v, want the parsed (empty) result", j["stdout"])
	}
	return parsed
}

func TestExitAnswerGrep(t *testing.T) {
	needProgram(t, "grep")
	e, dir := newTestEngine(t, allowing("grep"))
	writeFile(t, filepath.Join(dir, "a.txt"), "alpha\nbeta\n")

	t.Run("no match is an empty answer", func(t *testing.T) {
		env := e.Run(testCtx(t), Request{Cmd: "grep", Args: []string{"-n", "gamma", "a.txt"}, Format: "json"})
		parsed := wantAnswer(t, env, 1)
		if m, ok := parsed["matches"].([]any); !ok || len(m) != 0 {
			t.Errorf("matches = %#v, want []", parsed["matches"])
		}
		if !strings.Contains(env.ExitAnswer, "no line") {
			t.Errorf("exit_answer = %q", env.ExitAnswer)
		}
	})
	t.Run("count of zero", func(t *testing.T) {
		env := e.Run(testCtx(t), Request{Cmd: "grep", Args: []string{"-c", "gamma", "a.txt"}, Format: "json"})
		parsed := wantAnswer(t, env, 1)
		c, _ := parsed["counts"].([]any)
		if len(c) != 1 || fmt.Sprint(c[0].(map[string]any)["count"]) != "0" {
			t.Errorf("counts = %#v, want one count of 0", parsed["counts"])
		}
	})
	t.Run("a match stays exit 0 without exit_answer", func(t *testing.T) {
		env := e.Run(testCtx(t), Request{Cmd: "grep", Args: []string{"-n", "beta", "a.txt"}, Format: "json"})
		if !env.OK || env.Failure != nil || env.ExitAnswer != "" || env.ExitCode == nil || *env.ExitCode != 0 {
			t.Fatalf("ok=%v failure=%+v exit_answer=%q exitCode=%v", env.OK, env.Failure, env.ExitAnswer, env.ExitCode)
		}
	})
	t.Run("missing file is exit 2, a failure", func(t *testing.T) {
		env := e.Run(testCtx(t), Request{Cmd: "grep", Args: []string{"-n", "x", "no-such-file"}, Format: "json"})
		wantFailure(t, env, KindExec, ReasonNonZeroExit)
		if env.OK || env.ExitCode == nil || *env.ExitCode != 2 || env.ExitAnswer != "" {
			t.Fatalf("ok=%v exitCode=%v exit_answer=%q, want false/2/empty", env.OK, env.ExitCode, env.ExitAnswer)
		}
	})
}

func TestExitAnswerWhich(t *testing.T) {
	needProgram(t, "which")
	e, _ := newTestEngine(t, allowing("which"))
	env := e.Run(testCtx(t), Request{Cmd: "which", Args: []string{"sh", "no-such-program-parism"}, Format: "json"})
	parsed := wantAnswer(t, env, 1)
	if m, _ := parsed["missing"].([]any); len(m) != 1 || m[0] != "no-such-program-parism" {
		t.Errorf("missing = %#v, want the unknown name", parsed["missing"])
	}
}

func TestExitAnswerGitDiff(t *testing.T) {
	needProgram(t, "git")
	e, dir := newTestEngine(t, nil)
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	writeFile(t, filepath.Join(dir, "a.txt"), "one\n")
	git("add", "a.txt")
	git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "first")

	run := func(args ...string) *Envelope {
		return e.Run(testCtx(t), Request{Cmd: "git", Args: args, Format: "json"})
	}
	if env := run("diff", "--exit-code"); !env.OK || env.Failure != nil || *env.ExitCode != 0 {
		t.Fatalf("clean tree: ok=%v failure=%+v", env.OK, env.Failure)
	}
	writeFile(t, filepath.Join(dir, "a.txt"), "two\n")
	parsed := wantAnswer(t, run("diff", "--exit-code"), 1)
	if f, _ := parsed["files_changed"].([]any); len(f) != 1 {
		t.Errorf("files_changed = %#v, want a.txt", parsed["files_changed"])
	}
	if env := run("diff", "--quiet"); !env.OK || !strings.Contains(env.ExitAnswer, "--quiet") {
		t.Errorf("--quiet: ok=%v exit_answer=%q", env.OK, env.ExitAnswer)
	}
	// A status the parser does not declare stays a failure: git exits 128
	// outside a repository's revisions.
	env := run("diff", "--exit-code", "no-such-rev-parism", "--")
	wantFailure(t, env, KindExec, ReasonNonZeroExit)
}

func TestDescribeShowsExitAnswers(t *testing.T) {
	e, _ := newTestEngine(t, allowing("grep"))
	info := e.DescribeCommand("grep")
	for _, p := range info.Parsers {
		if p.ID == "grep" {
			if len(p.ExitAnswers) != 1 || !strings.HasPrefix(p.ExitAnswers[0], "1: no line") {
				t.Fatalf("exit_answers = %q", p.ExitAnswers)
			}
			return
		}
	}
	t.Fatalf("no grep parser in %+v", info.Parsers)
}

// TestExitAnswerPaged: run_paged does not parse, but a declared exit
// status is an answer there too; an undeclared one stays a failure.
func TestExitAnswerPaged(t *testing.T) {
	needProgram(t, "grep")
	e, dir := newTestEngine(t, allowing("grep"))
	writeFile(t, filepath.Join(dir, "a.txt"), "alpha\n")
	env := e.RunPaged(testCtx(t), PagedRequest{Cmd: "grep", Args: []string{"gamma", "a.txt"}})
	if !env.OK || env.Failure != nil || env.ExitCode == nil || *env.ExitCode != 1 || env.ExitAnswer == "" {
		t.Fatalf("ok=%v failure=%+v exitCode=%v exit_answer=%q", env.OK, env.Failure, env.ExitCode, env.ExitAnswer)
	}
	env = e.RunPaged(testCtx(t), PagedRequest{Cmd: "grep", Args: []string{"gamma", "missing.txt"}})
	wantFailure(t, env, KindExec, ReasonNonZeroExit)
}

// TestExitAnswerPs: procps ps exits 1 both when nothing was selected (the
// header is printed) and on a bad list (nothing on stdout): only the first
// is an answer.
func TestExitAnswerPs(t *testing.T) {
	needProgram(t, "ps")
	e, _ := newTestEngine(t, nil)
	if e.os != "linux" {
		t.Skip("the rule is declared for procps (linux)")
	}
	env := e.Run(testCtx(t), Request{Cmd: "ps", Args: []string{"-p", "999999999"}, Format: "json"})
	if env.ExitCode == nil || *env.ExitCode != 1 {
		t.Skipf("this ps exits %v for no process selected", env.ExitCode)
	}
	parsed := wantAnswer(t, env, 1)
	if p, ok := parsed["processes"].([]any); !ok || len(p) != 0 {
		t.Errorf("processes = %#v, want []", parsed["processes"])
	}
	env = e.Run(testCtx(t), Request{Cmd: "ps", Args: []string{"-p", "not-a-pid"}, Format: "json"})
	wantFailure(t, env, KindExec, ReasonNonZeroExit)
	if env.OK || env.ExitAnswer != "" {
		t.Fatalf("a bad pid list: ok=%v exit_answer=%q", env.OK, env.ExitAnswer)
	}
}
