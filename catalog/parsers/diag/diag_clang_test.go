package diag

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzClang(f *testing.F) {
	args := [][]string{{"-Wall", "-c", "a.c"}, {"-fsyntax-only", "-fdiagnostics-parseable-fixits", "a.c"}}
	catalogtest.Fuzz(f, []string{"clang", "clang++"}, Parsers(), args)
}

// TestClangRealFailures compiles the seeded sources of testdata/diag-src
// with the real clang (skipped without it), with and without parseable
// fix-its, and checks every diagnostic, note and fix-it it printed against
// a plain reading of its lines, and that nothing is left unread.
func TestClangRealFailures(t *testing.T) {
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("no clang")
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
	for _, args := range [][]string{
		{"-Wall", "-fsyntax-only", "a.c", "b.c"},
		{"-Wall", "-fsyntax-only", "-fdiagnostics-parseable-fixits", "a.c", "b.c"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := exec.CommandContext(ctx, clang, args...)
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput()
		if ctx.Err() != nil {
			t.Fatalf("clang did not finish in 60s")
		}
		cancel()
		r := testRegistry().Parse(catalog.Input{Cmd: "clang", Args: args, OS: catalog.Linux, Raw: string(out), Spans: true})
		if r.Err != nil || len(r.UnreadLines) != 0 || len(r.Warnings) != 0 {
			t.Fatalf("%v: parse: %v, unread %v, warnings %q", args, r.Err, r.UnreadLines, r.Warnings)
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
			for _, f := range d.Fixes {
				got = append(got, fmt.Sprintf("fix-it:%q:{%d:%d-%d:%d}:%q", f.File, f.Line, f.Column, f.EndLine, f.EndColumn, f.Text))
			}
		}
		re := regexp.MustCompile(`(?m)^([ab]\.c:\d+:\d+: (error|warning|note): .*|fix-it:.*)$`)
		want := re.FindAllString(string(out), -1)
		// notes and fix-its come in clang's order within a diagnostic;
		// got lists a diagnostic's notes, then its fix-its.
		if len(want) < 10 || fmt.Sprint(sorted(got)) != fmt.Sprint(sorted(want)) {
			t.Errorf("%v: read %d:\n%s\nclang printed %d:\n%s", args, len(got), strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
		}
		t.Logf("%v: %d/%d clang lines read right", args, len(got), len(want))
	}
}

func sorted(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

// TestClangForms reads forms the captured goldens lack: newer clang's
// excerpt with a line-number margin (the gcc-like "  3 |" form of
// TextDiagnostic), a -Werror warning, a location-less fatal error (read
// with file "" and line 0, and counted as clang counts it), and the count
// line.
func TestClangForms(t *testing.T) {
	raw := "a.c:3:11: error: expected ';' after return statement\n" +
		"    3 |         return 2\n" +
		"      |                 ^\n" +
		"      |                 ;\n" +
		"a.c:2:6: error: unused variable 'x' [-Werror,-Wunused-variable]\n" +
		"    2 |         int x;\n" +
		"      |             ^\n" +
		"fatal error: too many errors emitted, stopping now [-ferror-limit=]\n" +
		"3 errors generated.\n"
	r := testRegistry().Parse(catalog.Input{Cmd: "clang", Args: []string{"-c", "a.c"}, OS: catalog.Linux, Raw: raw, Spans: true})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	res := r.Value.(*DiagResult)
	got := diagLines(res.Diagnostics)
	if fmt.Sprint(got) != "[:0: too many errors emitted, stopping now [-ferror-limit=] a.c:2:6: unused variable 'x' a.c:3:11: expected ';' after return statement]" {
		t.Errorf("diagnostics %q", got)
	}
	if res.Diagnostics[1].Code != "-Wunused-variable" || res.Diagnostics[1].Severity != "error" {
		t.Errorf("-Werror diagnostic: %+v", res.Diagnostics[1])
	}
	if fatal := res.Diagnostics[2]; fatal.File != "" || fatal.Line != 0 || fatal.Severity != "error" {
		t.Errorf("location-less fatal error: %+v", fatal)
	}
	if len(r.UnreadLines) != 0 || len(r.Warnings) != 0 {
		t.Errorf("unread %v, warnings %q: every line is read and the count agrees", r.UnreadLines, r.Warnings)
	}
	// Without the fatal line the count check says one error was not read.
	short := strings.Replace(raw, "fatal error: too many errors emitted, stopping now [-ferror-limit=]\n", "", 1)
	r2 := testRegistry().Parse(catalog.Input{Cmd: "clang", Args: []string{"-c", "a.c"}, OS: catalog.Linux, Raw: short})
	if len(r2.Warnings) != 1 || !strings.Contains(r2.Warnings[0], "reported 3 errors") {
		t.Errorf("warnings %q: the count check must say a counted error was not read", r2.Warnings)
	}
	if err := catalogtest.CheckSpans(raw, r.Value, r.Spans); err != nil {
		t.Error(err)
	}
}
