package diag

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzCargo(f *testing.F) {
	args := [][]string{{"build"}, {"test"}, {"check", "--message-format=json"}}
	for _, id := range []string{"cargo-build", "cargo-check", "cargo-clippy", "cargo-test"} {
		catalogtest.SeedGolden(f, id, args)
	}
	f.Add("error[E1]: x\n --> a.rs:1:2\n  |\nhelp: h\n  |\n1 | x\n", uint8(0), true)
	f.Add("---- a stdout ----\nx\n", uint8(1), true)
	f.Add("Caused by:\n\nerror: x\n  = note: \n", uint8(1), true)
	p := catalogtest.ByID(f, Parsers(), "cargo-build")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, args, sel, spans)
	})
}

// TestCargoParsers pins the forms in small hand-written outputs: what a
// golden could pass by accident.
func TestCargoParsers(t *testing.T) {
	parse := func(t *testing.T, args []string, raw string) *DiagResult {
		t.Helper()
		r := testRegistry().Parse(catalog.Input{Cmd: "cargo", Args: args, Raw: raw, OS: catalog.Linux, Spans: true})
		if r.Err != nil || r.Parser == nil || r.Parser.ID != "cargo-"+args[0] {
			t.Fatalf("parse %v: %v (parser %v)", args, r.Err, r.Parser)
		}
		if err := catalogtest.CheckSpans(raw, r.Value, r.Spans); err != nil {
			t.Fatal(err)
		}
		if len(r.UnreadLines) != 0 {
			t.Fatalf("unread lines %v", r.UnreadLines)
		}
		return r.Value.(*DiagResult)
	}
	t.Run("windows path and note continuation", func(t *testing.T) {
		raw := "error[E0308]: mismatched types\n" +
			"  --> C:\\p\\src\\main.rs:12:5\n" +
			"   |\n" +
			"12 |     f(\"x\")\n" +
			"   |     ^^^^^^\n" +
			"   |\n" +
			"  ::: C:\\p\\src\\lib.rs:3:8\n" +
			"   |\n" +
			" 3 | fn f(s: String) {}\n" +
			"   |    - defined here\n" +
			"   = note: expected struct `String`\n" +
			"              found reference `&'static str`\n" +
			"\n" +
			"error: linking with `cc` failed: exit status: 1\n" +
			"  |\n" +
			"  = note: collect2: error: ld returned 1 exit status\n" +
			"\n" +
			"error: could not compile `app` (bin \"app\") due to 2 previous errors\n"
		d := parse(t, []string{"build"}, raw).Diagnostics
		if len(d) != 2 || d[0].File != `C:\p\src\main.rs` || d[0].Line != 12 || *d[0].Column != 5 || d[0].Code != "E0308" {
			t.Fatalf("diagnostics %+v", d)
		}
		if n := d[0].Notes; len(n) != 1 || n[0].Message != "expected struct `String`\n              found reference `&'static str`" || n[0].Line != 12 {
			t.Errorf("continued note %+v", n)
		}
		if d[1].File != "" || d[1].Line != 0 || d[1].Message != "linking with `cc` failed: exit status: 1" || len(d[1].Notes) != 1 {
			t.Errorf("a diagnostic without a place %+v", d[1])
		}
	})
	t.Run("test output kept whole, omitted ones counted", func(t *testing.T) {
		raw := "\nrunning 3 tests\n" +
			"test a::one ... FAILED\n" +
			"test a::two ... ok\n" +
			"test a::three - should panic ... FAILED\n" +
			"\nfailures:\n\n" +
			"---- a::one stdout ----\nfirst\n\n   indented after a blank\n\n" +
			"---- a::three stdout ----\nnote: test did not panic as expected\n\n" +
			"failures:\n    a::one\n    a::three\n\n" +
			"test result: FAILED. 1 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\n"
		res := parse(t, []string{"test"}, raw)
		if len(res.Tests) != 3 || res.Tests[2].Name != "a::three" || res.Summary.TestsFailed != 2 || res.Summary.TestsPassed != 1 {
			t.Fatalf("tests %+v summary %+v", res.Tests, res.Summary)
		}
		if got := res.Tests[0].Output; got != "first\n\n   indented after a blank" {
			t.Errorf("output of a::one %q", got)
		}
		if got := res.Tests[2].Output; got != "note: test did not panic as expected" {
			t.Errorf("output of a::three %q", got)
		}
		r := testRegistry().Parse(catalog.Input{Cmd: "cargo", Args: []string{"test"}, Raw: raw, OS: catalog.Linux, MaxItems: 2})
		if v := r.Value.(*DiagResult); len(v.Tests) != 2 || r.RowsOmitted != 1 {
			t.Errorf("max_items 2: %d tests, %d omitted", len(v.Tests), r.RowsOmitted)
		}
	})
	t.Run("a line of no known form is unread", func(t *testing.T) {
		r := testRegistry().Parse(catalog.Input{Cmd: "cargo", Args: []string{"build"}, Raw: "   Compiling x v0.1.0 (/p)\nsomething else\n", OS: catalog.Linux})
		if r.Err != nil || len(r.UnreadLines) != 1 || r.UnreadLines[0] != 2 {
			t.Errorf("unread %v err %v", r.UnreadLines, r.Err)
		}
	})
	t.Run("forms not read are refused", func(t *testing.T) {
		for _, args := range [][]string{
			{"build", "--message-format=xml"}, {"check", "--color", "always"}, {"test", "-q"},
			{"test", "--", "--nocapture"}, {"test", "--", "--format", "json"}, {"build", "src"},
		} {
			r := testRegistry().Parse(catalog.Input{Cmd: "cargo", Args: args, Raw: "", OS: catalog.Linux})
			if r.Err == nil || r.Err.Reason != catalog.ReasonUnsupportedFormat {
				t.Errorf("%v: want unsupported_format, got %v", args, r.Err)
			}
		}
		for _, args := range [][]string{{"test", "--", "--test-threads", "1", "name"}, {"clippy", "--", "-D", "warnings"}} {
			if r := testRegistry().Parse(catalog.Input{Cmd: "cargo", Args: args, Raw: "", OS: catalog.Linux}); r.Err != nil {
				t.Errorf("%v: %v", args, r.Err)
			}
		}
	})
	t.Run("streams", func(t *testing.T) {
		for _, tc := range []struct {
			args []string
			want catalog.Stream
		}{
			{[]string{"build"}, catalog.StreamStderr}, {[]string{"build", "--message-format", "json"}, catalog.StreamStdout},
			{[]string{"clippy", "--message-format=json-diagnostic-short"}, catalog.StreamStdout},
			{[]string{"check", "--message-format=short"}, catalog.StreamStderr},
			{[]string{"check", "--message-format=json-render-diagnostics"}, catalog.StreamBoth},
			{[]string{"test"}, catalog.StreamBoth}, {[]string{"test", "--message-format=json"}, catalog.StreamBoth},
		} {
			if got := testRegistry().Prepare("cargo", tc.args, catalog.Linux).Stream(); got != tc.want {
				t.Errorf("%v reads %s, want %s", tc.args, got, tc.want)
			}
		}
	})
}

// TestCargoRealFailures builds the seeded crates (testdata/rust-src) with
// the real cargo and checks each diagnostic's place against rustc's own
// --> lines, and each test verdict against libtest's lines: the share
// read right, for the figure.
func TestCargoRealFailures(t *testing.T) {
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		if _, e := os.Stat("/root/.cargo/bin/cargo"); e == nil {
			cargo = "/root/.cargo/bin/cargo"
		} else {
			t.Skip("cargo is not installed: the cargo goldens still run")
		}
	}
	work := t.TempDir()
	for _, c := range []string{"seeded", "tested", "linty"} {
		if err := os.CopyFS(filepath.Join(work, c), os.DirFS(filepath.Join("testdata", "rust-src", c))); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"PATH=" + filepath.Dir(cargo) + ":" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"CARGO_TARGET_DIR=" + filepath.Join(work, "target"), "CARGO_TERM_COLOR=never"}
	if v, ok := os.LookupEnv("RUSTUP_HOME"); ok {
		env = append(env, "RUSTUP_HOME="+v)
	}
	if v, ok := os.LookupEnv("CARGO_HOME"); ok {
		env = append(env, "CARGO_HOME="+v)
	}
	run := func(crate string, args ...string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, cargo, args...)
		cmd.Dir, cmd.Env = filepath.Join(work, crate), env
		out, _ := cmd.CombinedOutput()
		if ctx.Err() != nil {
			t.Fatalf("cargo %v did not finish in 3 minutes", args)
		}
		return string(out)
	}
	loc := regexp.MustCompile(`(?m)^(error|warning)(\[\w+\])?: (.*)\n\s+--> (\S+):(\d+):(\d+)$`)
	right, total := 0, 0
	for _, tc := range []struct {
		crate string
		args  []string
	}{{"seeded", []string{"build"}}, {"linty", []string{"clippy"}}, {"tested", []string{"test", "--no-fail-fast"}}} {
		out := run(tc.crate, tc.args...)
		r := testRegistry().Parse(catalog.Input{Cmd: "cargo", Args: tc.args, Raw: out, OS: catalog.Linux, Spans: true})
		if r.Err != nil || len(r.UnreadLines) != 0 {
			t.Fatalf("%v: %v, unread %v in\n%s", tc.args, r.Err, r.UnreadLines, out)
		}
		if err := catalogtest.CheckSpans(out, r.Value, r.Spans); err != nil {
			t.Error(err)
		}
		res := r.Value.(*DiagResult)
		var got, want []string
		for _, d := range res.Diagnostics {
			got = append(got, fmt.Sprintf("%s %s:%d:%d %s", d.Severity, d.File, d.Line, *d.Column, d.Message))
		}
		for _, m := range loc.FindAllStringSubmatch(out, -1) {
			want = append(want, fmt.Sprintf("%s %s:%s:%s %s", m[1], m[4], m[5], m[6], m[3]))
		}
		for i := range want {
			if i < len(got) && got[i] == want[i] {
				right++
			}
		}
		total += len(want)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("cargo %v: read\n%q\nrustc printed\n%q", tc.args, got, want)
		}
		tl := regexp.MustCompile(`(?m)^test (.+?)( - should panic)? \.\.\. (ok|FAILED|ignored)`).FindAllStringSubmatch(out, -1)
		if len(tl) != len(res.Tests) {
			t.Errorf("cargo %v: %d tests read, libtest printed %d", tc.args, len(res.Tests), len(tl))
		}
		for i := range min(len(tl), len(res.Tests)) {
			total++
			if st := map[string]string{"ok": "pass", "FAILED": "fail", "ignored": "skip"}[tl[i][3]]; res.Tests[i].Name == tl[i][1] && res.Tests[i].Status == st {
				right++
			} else {
				t.Errorf("test %d: read %+v, libtest printed %q", i, res.Tests[i], tl[i][0])
			}
			if res.Tests[i].Status == "fail" && !strings.Contains(out, "---- "+res.Tests[i].Name+" stdout ----\n"+res.Tests[i].Output) {
				t.Errorf("test %s: output %q is not its block whole", res.Tests[i].Name, res.Tests[i].Output)
			}
		}
		if tc.crate == "tested" && res.Summary.TestsFailed != 4 {
			t.Errorf("tested: %+v", res.Summary)
		}
	}
	if total < 25 {
		t.Errorf("only %d diagnostics and verdicts: the crates lost their seeded failures", total)
	}
	t.Logf("%d/%d diagnostics and test verdicts read right (%s%%)", right, total, strconv.Itoa(100*right/max(total, 1)))
}
