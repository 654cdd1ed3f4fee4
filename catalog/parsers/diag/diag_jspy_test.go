package diag

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzTsc(f *testing.F) {
	args := [][]string{{"--noEmit"}, {"--pretty", "--noEmit"}}
	catalogtest.Fuzz(f, []string{"tsc"}, Parsers(), args)
}

func FuzzEslint(f *testing.F) {
	args := [][]string{{"."}, {"-f", "json", "."}}
	catalogtest.Fuzz(f, []string{"eslint"}, Parsers(), args)
}

func FuzzJest(f *testing.F) {
	args := [][]string{{}, {"--verbose"}}
	catalogtest.Fuzz(f, []string{"jest", "npm-test"}, Parsers(), args)
}

func FuzzVitest(f *testing.F) {
	args := [][]string{{"run"}}
	catalogtest.Fuzz(f, []string{"vitest", "npm-test"}, Parsers(), args)
}

func FuzzNpmTest(f *testing.F) {
	args := [][]string{{"test"}}
	catalogtest.Fuzz(f, []string{"npm-test"}, Parsers(), args)
}

func FuzzPytest(f *testing.F) {
	args := [][]string{{}, {"-v"}, {"-q", "-rA"}}
	catalogtest.Fuzz(f, []string{"pytest"}, Parsers(), args)
}

func FuzzMypy(f *testing.F) {
	args := [][]string{{"."}, {"--show-column-numbers", "."}}
	catalogtest.Fuzz(f, []string{"mypy"}, Parsers(), args)
}

func FuzzRuff(f *testing.F) {
	args := [][]string{{"check", "."}}
	catalogtest.Fuzz(f, []string{"ruff-check"}, Parsers(), args)
}

func FuzzFlake8(f *testing.F) {
	args := [][]string{{"."}, {"--count", "."}}
	catalogtest.Fuzz(f, []string{"flake8"}, Parsers(), args)
}

// copySrc copies testdata/diag-src/<name> (seeded failing sources) into a temp dir.
func copySrc(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	root := filepath.Join("testdata", "diag-src", name)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// runTool runs a real tool in dir with a deadline, both streams merged.
func runTool(t *testing.T, dir, tool string, args ...string) string {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		t.Skipf("no %s on PATH", tool)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "LC_ALL=C.UTF-8", "PYTHONDONTWRITEBYTECODE=1")
	out, _ := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%s did not finish in 90s", tool)
	}
	return string(out)
}

// parseReal parses out as cmd args and checks every line read and every span.
func parseReal(t *testing.T, cmd string, args []string, out string) *DiagResult {
	t.Helper()
	r := testRegistry().Parse(catalog.Input{Cmd: cmd, Args: args, OS: catalog.Linux, Raw: out, Spans: true})
	if r.Err != nil || len(r.UnreadLines) != 0 {
		t.Fatalf("parse: %v, unread lines %v of\n%s", r.Err, r.UnreadLines, out)
	}
	if err := catalogtest.CheckSpans(out, r.Value, r.Spans); err != nil {
		t.Error(err)
	}
	return r.Value.(*DiagResult)
}

// agree compares the rows read with the lines a plain regexp finds.
func agree(t *testing.T, what string, got []string, re, out string, min int) {
	t.Helper()
	var want []string
	for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(out, -1) {
		want = append(want, fmt.Sprint(m[1:]))
	}
	if len(want) < min || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: read %d:\n%q\nthe output has %d:\n%q", what, len(got), got, len(want), want)
	}
	t.Logf("%s: %d/%d read with the right file, line, column and message", what, len(got), len(want))
}

const tsconfig = `{ "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs", "noEmit": true, "noUnusedLocals": true }, "include": ["src"] }`

// TestTscRealFailures type-checks the seeded TypeScript project with the
// real tsc (on PATH: npm i -g typescript), plain and --pretty, and checks
// each diagnostic against a plain reading of the plain form's lines.
func TestTscRealFailures(t *testing.T) {
	dir := copySrc(t, "ts")
	if err := os.WriteFile(filepath.Join(dir, "tsconfig.json"), []byte(tsconfig), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := runTool(t, dir, "tsc", "-p", ".")
	res := parseReal(t, "tsc", []string{"-p", "."}, plain)
	var got []string
	for _, d := range res.Diagnostics {
		msg := d.Message
		if i := regexp.MustCompile(`\n`).FindStringIndex(msg); i != nil {
			msg = msg[:i[0]]
		}
		got = append(got, fmt.Sprint([]string{d.File, fmt.Sprint(d.Line), fmt.Sprint(*d.Column), d.Severity, d.Code, msg}))
	}
	agree(t, "tsc", got, `(?m)^(\S+)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$`, plain, 20)
	if res.Summary.Errors != int64(len(res.Diagnostics)) {
		t.Errorf("summary counts %d errors of %d", res.Summary.Errors, len(res.Diagnostics))
	}
	pretty := runTool(t, dir, "tsc", "-p", ".", "--pretty")
	pres := parseReal(t, "tsc", []string{"-p", ".", "--pretty"}, pretty)
	if len(pres.Diagnostics) != len(res.Diagnostics) {
		t.Fatalf("--pretty read %d diagnostics, plain %d", len(pres.Diagnostics), len(res.Diagnostics))
	}
	for i, d := range pres.Diagnostics {
		p := res.Diagnostics[i]
		if d.File != p.File || d.Line != p.Line || *d.Column != *p.Column || d.Code != p.Code || d.Message != p.Message {
			t.Errorf("--pretty diagnostic %d = %+v, plain %+v", i, d, p)
		}
	}
}

// TestPythonRealFailures runs the real mypy, flake8 and pytest (Debian's
// mypy, flake8, python3-pytest) on the seeded Python package.
func TestPythonRealFailures(t *testing.T) {
	dir := copySrc(t, "py")
	t.Run("mypy", func(t *testing.T) {
		args := []string{"--show-column-numbers", "--no-incremental", "pkg"}
		out := runTool(t, dir, "mypy", args...)
		res := parseReal(t, "mypy", args, out)
		var got []string
		for _, d := range res.Diagnostics {
			got = append(got, fmt.Sprint([]string{d.File, fmt.Sprint(d.Line), fmt.Sprint(*d.Column), d.Severity, d.Message, d.Code}))
			for _, n := range d.Notes {
				got = append(got, fmt.Sprint([]string{n.File, fmt.Sprint(n.Line), fmt.Sprint(*n.Column), "note", n.Message, ""}))
			}
		}
		agree(t, "mypy", got, `(?m)^(\S+\.py):(\d+):(\d+): (error|note): (.*?)(?:  \[([a-z-]+)\])?$`, out, 6)
	})
	t.Run("flake8", func(t *testing.T) {
		out := runTool(t, dir, "flake8", "pkg")
		res := parseReal(t, "flake8", []string{"pkg"}, out)
		var got []string
		for _, d := range res.Diagnostics {
			got = append(got, fmt.Sprint([]string{d.File, fmt.Sprint(d.Line), fmt.Sprint(*d.Column), d.Code, d.Message}))
		}
		agree(t, "flake8", got, `(?m)^(\S+\.py):(\d+):(\d+): ([A-Z]+\d+) (.*)$`, out, 15)
	})
	t.Run("pytest", func(t *testing.T) {
		if _, err := exec.LookPath("pytest"); err != nil {
			t.Skip("no pytest on PATH")
		}
		args := []string{"-rA", "-p", "no:cacheprovider", "--ignore=tests/test_broken.py"}
		out := runTool(t, dir, "pytest", args...)
		res := parseReal(t, "pytest", args, out)
		var got []string
		for _, tst := range res.Tests {
			if tst.Status == "fail" {
				got = append(got, fmt.Sprint([]string{tst.Package, tst.Name}))
				if tst.Output == "" {
					t.Errorf("failed test %s has no output", tst.Name)
				}
			}
		}
		agree(t, "pytest failed tests", got, `(?m)^FAILED (\S+\.py)::(\S+)`, out, 4)
		if res.Summary.TestsFailed != 4 || res.Summary.TestsPassed != 4 || res.Summary.TestsSkipped != 1 {
			t.Errorf("summary %+v", res.Summary)
		}
		var locs []string
		for _, d := range res.Diagnostics {
			locs = append(locs, fmt.Sprint([]string{d.File, fmt.Sprint(d.Line), d.Code}))
		}
		agree(t, "pytest failure locations", locs, `(?m)^(tests/\S+\.py):(\d+): (\w+)$`, out, 4)
		collect := runTool(t, dir, "pytest", "-p", "no:cacheprovider")
		cres := parseReal(t, "pytest", []string{"-p", "no:cacheprovider"}, collect)
		// tests/test_broken.py imports a module that does not exist.
		if cres.Summary.Errors != 1 || len(cres.Tests) != 1 || cres.Tests[0].Output == "" || cres.Tests[0].Name != "tests/test_broken.py" {
			t.Errorf("collection errors: summary %+v, tests %+v", cres.Summary, cres.Tests)
		}
	})
}

// TestNpxForms: npx tsc/eslint/jest/vitest read as the tool itself, npx's
// --no (the guard's rewrite) admitted, the tool's refusals kept.
func TestNpxForms(t *testing.T) {
	raw := "src/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.\n"
	r := testRegistry().Parse(catalog.Input{Cmd: "npx", Args: []string{"--no", "tsc", "--noEmit"}, OS: catalog.Linux, Raw: raw})
	if r.Err != nil || r.Parser == nil || r.Parser.ID != "npx-tsc" {
		t.Fatalf("npx --no tsc: parser %v, err %v", r.Parser, r.Err)
	}
	if d := r.Value.(*DiagResult).Diagnostics; len(d) != 1 || d[0].File != "src/a.ts" || d[0].Line != 3 || *d[0].Column != 5 {
		t.Errorf("npx tsc read %+v", d)
	}
	r = testRegistry().Parse(catalog.Input{Cmd: "npx", Args: []string{"eslint", "-f", "compact", "."}, OS: catalog.Linux, Raw: "x\n"})
	if r.Err == nil || r.Err.Reason != catalog.ReasonUnsupportedFormat {
		t.Errorf("npx eslint -f compact: %+v", r.Err)
	}
}

// TestNpmTestTrailer: npm's own error lines after a failed script (npm 10
// and 11 "npm error ...", npm 6-9 "npm ERR! ...") are npm's, not unread.
func TestNpmTestTrailer(t *testing.T) {
	raw := "\n> demo@1.0.0 test\n> jest\n\nFAIL test/a.test.js\n  ● adds\n\n    boom\n\n" +
		"Tests:       1 failed, 1 total\n" +
		"npm error Lifecycle script `test` failed with error:\nnpm error code 1\nnpm error command failed\nnpm error command sh -c jest\n" +
		"npm ERR! Test failed.  See above for more details.\n"
	r := testRegistry().Parse(catalog.Input{Cmd: "npm", Args: []string{"test"}, OS: catalog.Linux, Raw: raw, Spans: true})
	if r.Err != nil || len(r.UnreadLines) != 0 {
		t.Fatalf("parse: %v, unread %v", r.Err, r.UnreadLines)
	}
	v := r.Value.(*DiagResult)
	if len(v.Tests) != 1 || v.Tests[0].Name != "adds" || v.Tests[0].Output != "    boom" || v.Summary.TestsFailed != 1 {
		t.Errorf("read %+v", v)
	}
	if err := catalogtest.CheckSpans(raw, r.Value, r.Spans); err != nil {
		t.Error(err)
	}
}

// TestEslintStrayLine: a line at the left margin with no message rows
// under it is no file's line (stylish prints none such): unread, not a
// file silently taken to be clean.
func TestEslintStrayLine(t *testing.T) {
	raw := "Warning: React version not specified in eslint-plugin-react settings.\n\n/p/a.js\n  1:1  error  Unexpected var  no-var\n\n✖ 1 problem (1 error, 0 warnings)\n"
	r := testRegistry().Parse(catalog.Input{Cmd: "eslint", Args: []string{"."}, OS: catalog.Linux, Raw: raw})
	if r.Err != nil || fmt.Sprint(r.UnreadLines) != "[1]" || len(r.Value.(*DiagResult).Diagnostics) != 1 {
		t.Errorf("err %v, unread %v, value %+v", r.Err, r.UnreadLines, r.Value)
	}
}
