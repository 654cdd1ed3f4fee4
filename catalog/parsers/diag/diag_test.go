package diag

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzGoBuild(f *testing.F) {
	args := [][]string{{"build", "./..."}}
	catalogtest.Fuzz(f, []string{"go-build"}, Parsers(), args)
}

func FuzzGoVet(f *testing.F) {
	args := [][]string{{"vet", "./..."}}
	catalogtest.Fuzz(f, []string{"go-vet"}, Parsers(), args)
}

func FuzzGoTest(f *testing.F) {
	args := [][]string{{"test", "./..."}, {"test", "-v", "./..."}, {"test", "-json", "./..."}}
	catalogtest.Fuzz(f, []string{"go-test"}, Parsers(), args)
}

// diagSeeded is a module of three packages with 8 compile errors each
// (go build stops at 10 a package), one with continuation lines.
var diagSeeded = map[string]string{
	"go.mod": "module example.com/seeded\n\ngo 1.22\n",
	"a/a.go": `package a

func A1() int {
	var x int = "s"
	return y
}

func A2() string { return 1 }

func A3() {
	z := 3
	undefinedCall()
}

func A4(p int) { p.Field = 2 }

func A5() { var s []int; s.Len() }

func A6() int { return "a" + 1 }
`,
	"b/b.go": `package b

import "strings"

type T struct{}

func (T) M(int) {}

func B1() { T{}.M("x") }

func B2() { T{}.N() }

func B3() { strings.NoSuch() }

func B4() { var f float64 = "1"; _ = f }

func B5() { for i := range 3 { i.x() } }

func B6() (int, int) { return 1 }

func B7() { _ = T{}.M(1) }

func B8() { var m map[string]int = []int{}; _ = m }
`,
	"c/c.go": `package c

type I interface{ Do() }

type S struct{}

func C1() { var _ I = S{} }

func C2() { var a [2]int; _ = a[5] }

func C3() { x := 1; x := 2; _ = x }

func C4() { return 1 }

func C5() int { }

func C6() { const k int = "k"; _ = k }

func C7() { var b bool = 1; _ = b }

func C8() { var u uint = -1; _ = u }
`,
}

type diagKey struct {
	file      string
	line, col int64
	msg       string
}

// TestGoBuildRealFailures builds a seeded module with the real go tool
// and checks that every diagnostic it prints is read with its file, line,
// column and message, against go/types' own list of the same errors.
func TestGoBuildRealFailures(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	dir := t.TempDir()
	for name, src := range diagSeeded {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, goBin, "build", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off", "GO111MODULE=on", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("go build did not finish in 90s: %s", out)
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("go build of the seeded module should fail: %v\n%s", err, out)
	}
	r := testRegistry().Parse(catalog.Input{Cmd: "go", Args: []string{"build", "./..."}, OS: catalog.Linux, Raw: string(out), Spans: true})
	if r.Err != nil {
		t.Fatalf("parse: %v", r.Err)
	}
	if len(r.UnreadLines) != 0 {
		t.Errorf("unread lines %v of:\n%s", r.UnreadLines, out)
	}
	if err := catalogtest.CheckSpans(string(out), r.Value, r.Spans); err != nil {
		t.Error(err)
	}
	res := r.Value.(*DiagResult)
	got := map[diagKey]bool{}
	for _, d := range res.Diagnostics {
		if d.Column == nil || d.Severity != "error" || d.Tool != "go build" {
			t.Errorf("diagnostic %+v: no column, or not a go build error", d)
			continue
		}
		got[diagKey{d.File, d.Line, *d.Column, d.Message}] = true
	}
	want := typeErrors(t, dir)
	right := 0
	for _, k := range want {
		if got[k] {
			right++
		} else {
			t.Errorf("not read: %s:%d:%d: %s", k.file, k.line, k.col, k.msg)
		}
	}
	if len(res.Diagnostics) != len(want) {
		t.Errorf("%d diagnostics read, go/types finds %d", len(res.Diagnostics), len(want))
	}
	if int(res.Summary.Errors) != len(want) || len(want) < 20 {
		t.Errorf("summary errors %d, want %d (20 or more seeded)", res.Summary.Errors, len(want))
	}
	if right != len(want) || t.Failed() {
		t.Logf("go build output:\n%s", out)
	}
	t.Logf("%d/%d diagnostics read right (file, line, column, message)", right, len(want))
}

// typeErrors type-checks each package of dir with go/types: the oracle
// (the compiler's checker is the same code, its messages the same).
func typeErrors(t *testing.T, dir string) []diagKey {
	var out []diagKey
	for _, pkg := range []string{"a", "b", "c"} {
		fset := token.NewFileSet()
		path := filepath.Join(dir, pkg, pkg+".go")
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil), Error: func(err error) {
			te := err.(types.Error)
			p := fset.Position(te.Pos)
			out = append(out, diagKey{pkg + "/" + filepath.Base(p.Filename), int64(p.Line), int64(p.Column), te.Msg})
		}}
		conf.Check(pkg, fset, []*ast.File{f}, nil)
	}
	sort.Slice(out, func(i, j int) bool { return fmt.Sprint(out[i]) < fmt.Sprint(out[j]) })
	return out
}

// TestGoTestJSONAgreesWithText: the -json stream and the -v text of the
// same run (the goldens) give the same tests with the same verdicts.
func TestGoTestJSONAgreesWithText(t *testing.T) {
	read := func(file string, args ...string) map[string]string {
		raw, err := os.ReadFile("testdata/linux/go-test/" + file)
		if err != nil {
			t.Fatal(err)
		}
		r := testRegistry().Parse(catalog.Input{Cmd: "go", Args: args, OS: catalog.Linux, Raw: string(raw)})
		if r.Err != nil || r.Parser == nil || r.Parser.ID != "go-test" || len(r.UnreadLines) != 0 {
			t.Fatalf("%s: %+v", file, r)
		}
		out := map[string]string{}
		for _, tc := range r.Value.(*DiagResult).Tests {
			out[tc.Package+" "+tc.Name] = tc.Status
		}
		return out
	}
	text := read("verbose.txt", "test", "-v", "./tst/", "./good/")
	js := read("json.txt", "test", "-json", "./tst/", "./good/")
	if len(text) != 7 || fmt.Sprint(text) != fmt.Sprint(js) {
		t.Errorf("-v text %v\n-json      %v", text, js)
	}
}
