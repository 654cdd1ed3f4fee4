package engine

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
)

// TestAccountingRuleUnrecognized: a table parser that read no row from
// data lines, or fewer rows than data lines without an omission for the
// rest, is answered unrecognized_output, never an empty or short list.
func TestAccountingRuleUnrecognized(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	// A ps header above lines in a form the ps parser does not read (the
	// values run together): before the rule, processes: [] and an
	// unreadable_line omission.
	env := e.Parse(ParseRequest{Cmd: "ps", Args: []string{"aux"}, Format: "json",
		Raw: "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\nroot;1;0.0;0.1;1000;200;?;Ss;10:00;0:01;/sbin/init\nroot;2;0.0;0.0;0;0;?;S;10:00;0:00;[kthreadd]\n"})
	wantFailure(t, env, KindParse, string(catalog.ReasonUnrecognizedOutput))
	if env.Stdout.Parsed != nil || !strings.Contains(env.Failure.Message, "2 data lines") || env.Stdout.Raw == nil {
		t.Fatalf("parsed=%v message=%q raw kept=%v", env.Stdout.Parsed, env.Failure.Message, env.Stdout.Raw != nil)
	}
	// A header alone is an empty table, not an error.
	env = e.Parse(ParseRequest{Cmd: "ps", Args: []string{"aux"}, Format: "json",
		Raw: "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n"})
	if env.Failure != nil {
		t.Fatalf("header only: %+v", env.Failure)
	}
}

// TestAccountingRuleRealOutput: real ps, df and ls -la output through the
// engine is not refused by the rule.
func TestAccountingRuleRealOutput(t *testing.T) {
	e, dir := newTestEngine(t, allowing("df"))
	manyFiles(t, dir, 30)
	for _, c := range []struct {
		cmd  string
		args []string
	}{{"ps", []string{"aux"}}, {"ps", []string{"-ef"}}, {"df", []string{"-P"}}, {"df", nil}, {"ls", []string{"-la", "many", "."}}} {
		needProgram(t, c.cmd)
		env := e.Run(testCtx(t), Request{Cmd: c.cmd, Args: c.args, Format: "json-no-raw"})
		if env.Failure != nil {
			t.Errorf("%s %v: %+v", c.cmd, c.args, env.Failure)
		}
	}
}

// TestAccountingOnGoldens runs every golden case of a table parser through
// the engine's parse and counts those the rule turns into
// unrecognized_output (none should be: the goldens hold no lost row), and
// the share answered unrecognized_output over all golden cases.
func TestAccountingOnGoldens(t *testing.T) {
	reg := builtin.Default()
	total, unrecognized, byRule := 0, 0, 0
	for _, g := range catalogGoldens(t, reg) {
		f, raw := g.Path, g.Input.Raw
		r := reg.Parse(g.Input)
		total++
		if r.Err != nil && r.Err.Reason == catalog.ReasonUnrecognizedOutput {
			unrecognized++
		}
		if perr := unaccountedRows(r, raw); perr != nil {
			byRule++
			t.Errorf("%s: the rule refuses a golden case: %s", f, perr.Message)
		}
	}
	t.Logf("%d golden cases: %d unrecognized_output by the parsers, %d more by the accounting rule", total, unrecognized, byRule)
}

// TestAccountingRuleShortRows: fewer rows than data lines, the rest not
// unread or omitted, is refused; with the rest accounted for it is not.
func TestAccountingRuleShortRows(t *testing.T) {
	type res struct {
		Rows []int `json:"rows"`
	}
	p := &catalog.Parser{ID: "t", RowsKey: "rows", Table: &catalog.TableLines{Headers: 1}}
	raw := "H\na\nb\nc\n"
	short := catalog.Result{Parser: p, Value: &res{Rows: []int{1}}}
	if perr := unaccountedRows(short, raw); perr == nil || perr.Reason != catalog.ReasonUnrecognizedOutput || !strings.Contains(perr.Message, "3 data lines") {
		t.Fatalf("1 row of 3 data lines: %v", perr)
	}
	short.UnreadLines = []int{3, 4}
	if perr := unaccountedRows(short, raw); perr != nil {
		t.Fatalf("1 row and 2 unread lines of 3: %v", perr)
	}
	if perr := unaccountedRows(catalog.Result{Parser: p, Value: &res{Rows: []int{1, 2, 3}}}, raw); perr != nil {
		t.Fatalf("3 rows of 3: %v", perr)
	}
}

// TestAccountingOnFuzzCorpus counts, over the stored fuzz inputs of the
// table parsers, those the parser answers unrecognized_output and those
// the accounting rule refuses besides (a silent short or empty list
// before the rule).
func TestAccountingOnFuzzCorpus(t *testing.T) {
	reg := builtin.Default()
	total, unrecognized, byRule := 0, 0, 0
	for dir, id := range map[string]string{"FuzzPs": "ps", "FuzzLs": "ls", "FuzzDockerPs": "docker-ps"} {
		var p *catalog.Parser
		for _, q := range reg.Parsers() {
			if q.ID == id {
				p = q
			}
		}
		files, _ := filepath.Glob(filepath.Join("..", "..", "catalog", "parsers", "*", "testdata", "fuzz", dir, "*"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var raw string
			for _, line := range strings.Split(string(b), "\n") {
				if s, ok := strings.CutPrefix(line, "string("); ok {
					if u, err := strconv.Unquote(strings.TrimSuffix(s, ")")); err == nil {
						raw = u
					}
					break
				}
			}
			if raw == "" {
				continue
			}
			args := append([]string{}, p.Examples[0]...)
			r := reg.Parse(catalog.Input{Cmd: p.Command, Args: args, Raw: raw, OS: catalog.Linux})
			total++
			if r.Err != nil && r.Err.Reason == catalog.ReasonUnrecognizedOutput {
				unrecognized++
			}
			if unaccountedRows(r, raw) != nil {
				byRule++
			}
		}
	}
	t.Logf("%d fuzz inputs of ps, ls, docker ps: %d unrecognized_output by the parsers, %d more by the accounting rule", total, unrecognized, byRule)
}

// TestAccountingRuleGerman: de_DE output that the parsers do not read
// (ls -lR's "insgesamt" and "1. Dez" dates; w's "VON" column; captured
// with LANGUAGE=de, the month and load averages as de_DE prints them) is
// answered unrecognized_output with the LC_ALL=C hint, never an empty
// list; the same outputs in the C locale parse.
func TestAccountingRuleGerman(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	for _, c := range []struct {
		cmd, file string
		args      []string
	}{
		{"ls", "ls_lR.txt", []string{"-lR"}},
		{"w", "w.txt", nil},
	} {
		raw, err := os.ReadFile(filepath.Join("testdata", "german", c.file))
		if err != nil {
			t.Fatal(err)
		}
		env := e.Parse(ParseRequest{Cmd: c.cmd, Args: c.args, Format: "json", Raw: string(raw)})
		wantFailure(t, env, KindParse, string(catalog.ReasonUnrecognizedOutput))
		if !strings.Contains(env.Failure.Message, "LC_ALL=C") || env.Stdout.Parsed != nil {
			t.Errorf("%s: message %q, parsed %v", c.file, env.Failure.Message, env.Stdout.Parsed)
		}
		// The C-locale words in place of the German ones: parsed.
		cl := strings.NewReplacer("insgesamt", "total", " 1. Dez", " Dec  1", "VON ", "FROM").Replace(string(raw))
		env = e.Parse(ParseRequest{Cmd: c.cmd, Args: c.args, Format: "json", Raw: cl})
		if env.Failure != nil {
			t.Errorf("%s in the C locale: %+v", c.file, env.Failure)
		}
	}
}
