package diag

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzMake(f *testing.F) {
	args := [][]string{{}, {"-k", "all"}}
	catalogtest.Fuzz(f, []string{"make", "gcc"}, Parsers(), args)
}

func FuzzGofmt(f *testing.F) {
	args := [][]string{{"-l", "."}}
	catalogtest.Fuzz(f, []string{"gofmt"}, Parsers(), args)
}

func FuzzGoLint(f *testing.F) {
	args := [][]string{{"./..."}}
	catalogtest.SeedGolden(f, "staticcheck", args)
	catalogtest.SeedGolden(f, "golangci-lint", args)
	p1 := catalogtest.ByID(f, Parsers(), "staticcheck")
	p2 := catalogtest.ByID(f, Parsers(), "golangci-lint")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p1, raw, args, sel, spans)
		catalogtest.FuzzParse(t, p2, raw, args, sel, spans)
	})
}

// seededCopy copies bench/testdata/diag/<lang> (the seeded failing
// projects) into a temporary directory.
func seededCopy(t *testing.T, lang string) string {
	t.Helper()
	src := filepath.Join("..", "..", "..", "bench", "testdata", "diag", lang)
	dst := t.TempDir()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// runIn runs a real tool in dir with both streams merged, as parism parse
// reads them from a pipe; skipped when the tool is missing.
func runIn(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	bin, err := exec.LookPath(name)
	if err != nil {
		if gp, e := exec.Command("go", "env", "GOPATH").Output(); e == nil {
			bin, err = exec.LookPath(filepath.Join(strings.TrimSpace(string(gp)), "bin", name))
		}
		if err != nil {
			t.Skipf("no %s", name)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "LC_ALL=C.UTF-8")
	out, _ := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%s %v did not finish in 3 minutes", name, args)
	}
	return string(out)
}

func diagLines(ds []Diagnostic) []string {
	var s []string
	for _, d := range ds {
		col := ""
		if d.Column != nil {
			col = fmt.Sprintf(":%d", *d.Column)
		}
		s = append(s, fmt.Sprintf("%s:%d%s: %s", d.File, d.Line, col, strings.SplitN(d.Message, "\n", 2)[0]))
	}
	return sorted(s)
}

// TestMakeRealFailures runs GNU make over the seeded C project with gcc
// and clang (make -k: both recipes fail) and checks every compiler line
// and make's own error lines against a plain reading of the output.
func TestMakeRealFailures(t *testing.T) {
	for _, cc := range []string{"gcc", "clang"} {
		if _, err := exec.LookPath(cc); err != nil {
			t.Logf("no %s", cc)
			continue
		}
		dir := seededCopy(t, "c")
		args := []string{"-k", "CC=" + cc}
		out := runIn(t, dir, "make", args...)
		res := catalogtest.ParseClean(t, testRegistry(), "make", args, out).(*MakeResult)
		var cDiags, makeDiags []Diagnostic
		for _, d := range res.Diagnostics {
			if d.Tool == "make" {
				makeDiags = append(makeDiags, d)
			} else {
				cDiags = append(cDiags, d)
			}
		}
		want := regexp.MustCompile(`(?m)^(calc|parse)\.c:\d+:\d+: (?:error|warning): (.*?)(?: \[-W[^\]]*\])?$`).FindAllString(out, -1)
		for i, w := range want {
			w = regexp.MustCompile(`: (error|warning): `).ReplaceAllString(w, ": ")
			want[i] = regexp.MustCompile(` \[-W[^\]]*\]$`).ReplaceAllString(w, "")
		}
		if got := diagLines(cDiags); len(want) < 20 || fmt.Sprint(got) != fmt.Sprint(sorted(want)) {
			t.Errorf("%s: read %d compiler diagnostics:\n%s\nprinted %d:\n%s", cc, len(got), strings.Join(got, "\n"), len(want), strings.Join(sorted(want), "\n"))
		}
		if len(makeDiags) != 2 || makeDiags[0].Code != "calc" || makeDiags[1].Code != "parse" || makeDiags[0].File != "Makefile" ||
			makeDiags[0].Line != 8 || makeDiags[1].Line != 11 || makeDiags[0].Message != "Error 1" {
			t.Errorf("%s: make's own errors: %+v", cc, makeDiags)
		}
		if len(res.Output) == 0 || !strings.Contains(strings.Join(res.Output, "\n"), cc+" -Wall -fsyntax-only calc.c") {
			t.Errorf("%s: the echoed recipes are not kept in output: %q", cc, res.Output)
		}
	}
}

// TestGoLintersReal runs gofmt -l, staticcheck and golangci-lint over the
// seeded Go module (each skipped when missing) and checks each finding
// against a plain reading of the output.
func TestGoLintersReal(t *testing.T) {
	dir := seededCopy(t, "go")
	if err := os.WriteFile(filepath.Join(dir, "tests", "sub.go"), []byte("package tests\n\nfunc  Sub(a,b int) int {return a-b}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("gofmt", func(t *testing.T) {
		out := runIn(t, dir, "gofmt", "-l", ".")
		res := catalogtest.ParseClean(t, testRegistry(), "gofmt", []string{"-l", "."}, out).(*GofmtResult)
		if fmt.Sprint(res.Files) != "[tests/sub.go]" || len(res.Diagnostics) != 0 {
			t.Errorf("gofmt -l: %+v from %q", res, out)
		}
	})
	lint := regexp.MustCompile(`(?m)^((?:vetwarn|tests)/\w+\.go:\d+:\d+: .*) \(\w+\)$`)
	t.Run("staticcheck", func(t *testing.T) {
		args := []string{"./vetwarn/", "./tests/"}
		out := runIn(t, dir, "staticcheck", args...)
		res := catalogtest.ParseClean(t, testRegistry(), "staticcheck", args, out).(*DiagResult)
		var want []string
		for _, m := range lint.FindAllStringSubmatch(out, -1) {
			want = append(want, m[1])
		}
		if got := diagLines(res.Diagnostics); len(want) < 5 || fmt.Sprint(got) != fmt.Sprint(sorted(want)) {
			t.Errorf("read %q\nprinted %q", got, sorted(want))
		}
	})
	t.Run("golangci-lint", func(t *testing.T) {
		args := []string{"run", "./vetwarn/", "./tests/"}
		out := runIn(t, dir, "golangci-lint", args...)
		res := catalogtest.ParseClean(t, testRegistry(), "golangci-lint", args, out).(*DiagResult)
		var want []string
		for _, m := range lint.FindAllStringSubmatch(out, -1) {
			want = append(want, m[1])
		}
		if got := diagLines(res.Diagnostics); len(want) < 8 || fmt.Sprint(got) != fmt.Sprint(sorted(want)) {
			t.Errorf("read %q\nprinted %q", got, sorted(want))
		}
	})
}
