package diag

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzGcc(f *testing.F) {
	args := [][]string{{"-Wall", "-c", "a.c"}}
	catalogtest.Fuzz(f, []string{"gcc", "cc"}, Parsers(), args)
}

// TestGccRealFailures compiles seeded C sources (testdata/diag-src) with
// the real gcc and checks every diagnostic and note it prints against a
// plain reading of its lines.
func TestGccRealFailures(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	for _, n := range []string{"a.c", "b.c"} {
		b, err := os.ReadFile(filepath.Join("testdata", "diag-src", n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	args := []string{"-Wall", "-fdiagnostics-color=never", "-fsyntax-only", "a.c", "b.c"}
	cmd := exec.CommandContext(ctx, gcc, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
	out, _ := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("gcc did not finish in 60s")
	}
	r := testRegistry().Parse(catalog.Input{Cmd: "gcc", Args: args, OS: catalog.Linux, Raw: string(out), Spans: true})
	if r.Err != nil || len(r.UnreadLines) != 0 {
		t.Fatalf("parse: %v, unread %v", r.Err, r.UnreadLines)
	}
	if err := catalogtest.CheckSpans(string(out), r.Value, r.Spans); err != nil {
		t.Error(err)
	}
	var got []string
	for _, d := range r.Value.(*DiagResult).Diagnostics {
		msg := d.Message
		if d.Code != "" {
			msg += " [" + d.Code + "]"
		}
		got = append(got, fmt.Sprintf("%s:%d:%d: %s: %s", d.File, d.Line, *d.Column, d.Severity, msg))
		for _, n := range d.Notes {
			got = append(got, fmt.Sprintf("%s:%d:%d: note: %s", n.File, n.Line, *n.Column, n.Message))
		}
	}
	want := regexp.MustCompile(`(?m)^[ab]\.c:\d+:\d+: (error|warning|note): .*$`).FindAllString(string(out), -1)
	if len(want) < 10 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("read %d:\n%q\ngcc printed %d:\n%q", len(got), got, len(want), want)
	}
	t.Logf("%d/%d gcc diagnostics and notes read right", len(got), len(want))
}
