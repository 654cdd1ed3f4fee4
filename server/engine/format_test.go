package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
)

func TestParserNotFound(t *testing.T) {
	e, _ := newTestEngine(t, allowing("echo"))
	env := e.Run(context.Background(), Request{Cmd: "echo", Args: []string{"hello", "world"}})
	if !env.OK || env.ExitCode == nil || *env.ExitCode != 0 {
		t.Fatalf("ok=%v exitCode=%v: parse failures are informational", env.OK, env.ExitCode)
	}
	wantFailure(t, env, KindParse, ReasonParserNotFound)
	if !strings.Contains(env.Failure.Message, "'echo'") {
		t.Errorf("message = %q", env.Failure.Message)
	}
	if raw(t, env) != "hello world\n" || env.Stdout.Parsed != nil || env.Stdout.Parser != "" {
		t.Errorf("stdout = %s", mustMarshal(t, env.Stdout))
	}
	stdout := asJSON(t, env)["stdout"].(map[string]any)
	if v, ok := stdout["parsed"]; !ok || v != nil {
		t.Errorf("stdout.parsed must be present and null: %v", stdout)
	}
	if env.GuardError != nil {
		t.Error("guard_error on a parse failure")
	}
}

func TestJSONPassthrough(t *testing.T) {
	e, _ := newTestEngine(t, allowing("echo"))
	env := e.Run(context.Background(), Request{Cmd: "echo", Args: []string{`{"a":1,"b":[true,null,"x"],"big":12345678901234567890123}`}})
	if !env.OK {
		t.Fatalf("envelope: %s", mustMarshal(t, env))
	}
	wantFailure(t, env, "", "")
	if env.Stdout.Parser != "json" {
		t.Errorf("parser = %q, want json", env.Stdout.Parser)
	}
	s := mustMarshal(t, env)
	// Large integers survive exactly (no float64 round trip).
	if !strings.Contains(s, `"parsed":{"a":1,"b":[true,null,"x"],"big":12345678901234567890123}`) {
		t.Errorf("parsed not passed through exactly: %s", s)
	}
	// Not JSON after all: trailing garbage is not passthrough.
	env = e.Run(context.Background(), Request{Cmd: "echo", Args: []string{`{"a":1} tail`}})
	wantFailure(t, env, KindParse, ReasonParserNotFound)
	if env.Stdout.Parsed != nil {
		t.Errorf("parsed = %v", env.Stdout.Parsed)
	}
}

func TestFormats(t *testing.T) {
	e, dir := newTestEngine(t, allowing("echo", "touch"))
	ctx := context.Background()
	const doc = `{"items":[{"name":"a","size":1},{"name":"b","size":2}],"count":2}`

	t.Run("json default keeps raw", func(t *testing.T) {
		for _, f := range []string{"", FormatJSON} {
			env := e.Run(ctx, Request{Cmd: "echo", Args: []string{doc}, Format: f})
			if env.Stdout.Raw == nil || env.Stdout.Parsed == nil || env.Stdout.Format != "" {
				t.Errorf("format %q: stdout = %s", f, mustMarshal(t, env.Stdout))
			}
		}
	})
	t.Run("json-no-raw", func(t *testing.T) {
		env := e.Run(ctx, Request{Cmd: "echo", Args: []string{doc}, Format: FormatJSONNoRaw})
		stdout := asJSON(t, env)["stdout"].(map[string]any)
		if _, ok := stdout["raw"]; ok || stdout["parsed"] == nil {
			t.Errorf("parsed output: raw must go, parsed stay: %v", stdout)
		}
		// Nothing parsed: raw is all there is, so it stays.
		env = e.Run(ctx, Request{Cmd: "echo", Args: []string{"plain text"}, Format: FormatJSONNoRaw})
		if env.Stdout.Raw == nil || *env.Stdout.Raw != "plain text\n" || env.Stdout.Parsed != nil {
			t.Errorf("unparsed output: stdout = %s", mustMarshal(t, env.Stdout))
		}
	})
	t.Run("compact", func(t *testing.T) {
		env := e.Run(ctx, Request{Cmd: "echo", Args: []string{doc}, Format: FormatCompact})
		if env.Stdout.Format != FormatCompact || env.Stdout.Raw != nil {
			t.Errorf("stdout = %s", mustMarshal(t, env.Stdout))
		}
		got := asJSON(t, env.Stdout.Parsed)
		want := map[string]any{"count": json.Number("2"), "items": map[string]any{
			"schema": []any{"name", "size"},
			"rows":   []any{[]any{"a", json.Number("1")}, []any{"b", json.Number("2")}}}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("compact parsed = %v, want %v", got, want)
		}
		env = e.Run(ctx, Request{Cmd: "echo", Args: []string{`[{"x":1},{"x":2,"y":"z"}]`}, Format: FormatCompact})
		if got, want := mustMarshal(t, env.Stdout.Parsed), `{"schema":["x","y"],"rows":[[1],[2,"z"]]}`; got != want { // a trailing null is left out
			t.Errorf("top-level array: %s, want %s", got, want)
		}
		// Nothing parsed: no folding, raw kept.
		env = e.Run(ctx, Request{Cmd: "echo", Args: []string{"plain"}, Format: FormatCompact})
		if env.Stdout.Raw == nil || env.Stdout.Format != "" {
			t.Errorf("unparsed compact: %s", mustMarshal(t, env.Stdout))
		}
	})
	t.Run("invalid format runs nothing", func(t *testing.T) {
		env := e.Run(ctx, Request{Cmd: "touch", Args: []string{"made"}, Format: "yaml"})
		wantFailure(t, env, KindConfig, ReasonInvalidArgument)
		if env.OK || env.ExitCode != nil || !strings.Contains(env.Failure.Message, "yaml") {
			t.Errorf("ok=%v exitCode=%v message=%q", env.OK, env.ExitCode, env.Failure.Message)
		}
		if _, err := os.Stat(filepath.Join(dir, "made")); err == nil {
			t.Error("the command ran despite the bad format")
		}
	})
}

func TestIncludeDiff(t *testing.T) {
	// Under readonly the sandbox refuses every write, so the commands
	// that change files run in the build profile.
	e, dir := newTestEngine(t, both(allowing("echo", "touch", "rm"), func(c *config.Config) { c.Guard.Profile = guard.ProfileBuild }))
	ctx := context.Background()
	writeFile(t, filepath.Join(dir, "old"), "x")
	writeFile(t, filepath.Join(dir, "gone"), "x")
	writeFile(t, filepath.Join(dir, "same"), "x")
	past := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "old"), past, past); err != nil {
		t.Fatal(err)
	}

	env := e.Run(ctx, Request{Cmd: "echo", Args: []string{"hi"}, IncludeDiff: true})
	d := asJSON(t, env)["diff"].(map[string]any)
	for _, k := range []string{"created", "deleted", "modified"} {
		if l, ok := d[k].([]any); !ok || len(l) != 0 {
			t.Errorf("diff.%s = %v, want []", k, d[k])
		}
	}
	if _, ok := asJSON(t, e.Run(ctx, Request{Cmd: "echo"}))["diff"]; ok {
		t.Error("diff present without includeDiff")
	}

	env = e.Run(ctx, Request{Cmd: "touch", Args: []string{"new", "old", "sub-new"}, IncludeDiff: true})
	if !env.OK || env.Diff == nil {
		t.Fatalf("envelope: %s", mustMarshal(t, env))
	}
	if !slices.Equal(env.Diff.Created, []string{"new", "sub-new"}) || !slices.Equal(env.Diff.Modified, []string{"old"}) || len(env.Diff.Deleted) != 0 {
		t.Errorf("diff = %+v", *env.Diff)
	}

	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	env = e.Run(ctx, Request{Cmd: "rm", Args: []string{"gone"}, IncludeDiff: true})
	if !slices.Equal(env.Diff.Deleted, []string{"gone"}) || len(env.Diff.Created)+len(env.Diff.Modified) != 0 {
		t.Errorf("rm diff = %+v", *env.Diff)
	}
	env = e.Run(ctx, Request{Cmd: "touch", Args: []string{"d/deep"}, IncludeDiff: true})
	if !slices.Equal(env.Diff.Created, []string{filepath.Join("d", "deep")}) {
		t.Errorf("nested diff = %+v", *env.Diff)
	}
}

func TestParse(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	for _, f := range []string{"a.txt", "b.txt"} {
		writeFile(t, filepath.Join(dir, f), f)
	}
	lsOut := raw(t, e.Run(context.Background(), Request{Cmd: "ls", Args: []string{"-l"}}))

	env := e.Parse(ParseRequest{Cmd: "ls", Args: []string{"-l"}, Raw: lsOut})
	if !env.OK || env.ExitCode != nil {
		t.Errorf("ok=%v exitCode=%v, want true/null (nothing ran)", env.OK, env.ExitCode)
	}
	if v, ok := asJSON(t, env)["exitCode"]; !ok || v != nil {
		t.Errorf("exitCode = %v", v)
	}
	if raw(t, env) != lsOut {
		t.Error("raw differs from the input")
	}
	if env.Stdout.Parser != "ls" || env.Stdout.Parsed == nil {
		t.Errorf("parser=%q parsed=%v failure=%+v", env.Stdout.Parser, env.Stdout.Parsed, env.Failure)
	}

	env = e.Parse(ParseRequest{Cmd: "ls", Raw: "x", Format: "xml"})
	wantFailure(t, env, KindConfig, ReasonInvalidArgument)
	if env.OK {
		t.Error("ok with a bad format")
	}

	env = e.Parse(ParseRequest{Cmd: "whatever", Raw: `[1,2]`, Format: FormatJSONNoRaw})
	if env.Stdout.Raw != nil || mustMarshal(t, env.Stdout.Parsed) != "[1,2]" {
		t.Errorf("passthrough parse: %s", mustMarshal(t, env))
	}

	er, _ := newTestEngine(t, func(c *config.Config) { c.Guard.Secrets.OutputRedactionEnabled = true })
	if env := er.Parse(ParseRequest{Cmd: "x", Raw: ghToken}); strings.Contains(mustMarshal(t, env), "ghp_") {
		t.Error("parse does not redact")
	}
}

func panickingRegistry(t testing.TB) *catalog.Registry {
	r := catalog.NewRegistry()
	err := r.Register(&catalog.Parser{
		ID: "boom", Command: "echo", MaxPositionals: -1,
		Parse: func(c *catalog.Context) (any, error) {
			var m map[string]int
			m["x"]++ // nil map write: a real bug, not a deliberate panic(err)
			return nil, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestParserPanicIsReported(t *testing.T) {
	e, _ := newTestEngine(t, allowing("echo"), WithRegistry(panickingRegistry(t)))
	env := e.Run(context.Background(), Request{Cmd: "echo", Args: []string{"hi"}})
	if !env.OK || env.ExitCode == nil || *env.ExitCode != 0 {
		t.Errorf("ok=%v exitCode=%v", env.OK, env.ExitCode)
	}
	wantFailure(t, env, KindParse, string(catalog.ReasonParserException))
	if raw(t, env) != "hi\n" || env.Stdout.Parsed != nil || env.Stdout.Parser != "boom" {
		t.Errorf("stdout = %s", mustMarshal(t, env.Stdout))
	}
	if env.Stdout.ParseError == nil || env.Stdout.ParseError.Reason != catalog.ReasonParserException ||
		!strings.Contains(env.Stdout.ParseError.Message, "boom") {
		t.Errorf("parse_error = %+v", env.Stdout.ParseError)
	}
	// Parse takes the same path.
	env = e.Parse(ParseRequest{Cmd: "echo", Raw: "x\n"})
	wantFailure(t, env, KindParse, string(catalog.ReasonParserException))
	// The engine keeps serving.
	if env := e.Run(context.Background(), Request{Cmd: "pwd"}); !env.OK {
		t.Errorf("after a panic: %s", mustMarshal(t, env))
	}
	if ps := e.Describe().AvailableParsers; !slices.Equal(ps, []string{"echo"}) {
		t.Errorf("available_parsers with a custom registry = %q", ps)
	}
}

func TestConcurrentRuns(t *testing.T) {
	e, dir := newTestEngine(t, both(allowing("echo", "seq"), func(c *config.Config) { c.Telemetry.Enabled = true }))
	for i := range 30 {
		writeFile(t, filepath.Join(dir, "f"+string(rune('a'+i%26))+".txt"), "x")
	}
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan string, 4*n)
	for i := range n {
		wg.Go(func() {
			ctx := context.Background()
			switch i % 4 {
			case 0:
				if env := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}}); !env.OK || env.Stdout.Parsed == nil {
					errs <- "ls: " + mustMarshal(t, env)
				}
			case 1:
				if env := e.Run(ctx, Request{Cmd: "echo", Args: []string{`{"i":1}`}, Format: FormatCompact}); !env.OK {
					errs <- "echo: " + mustMarshal(t, env)
				}
			case 2:
				if env := e.Run(ctx, Request{Cmd: "seq", Args: []string{"1", "300"}}); !env.OK {
					errs <- "seq: " + mustMarshal(t, env)
				}
				env := e.RunPaged(ctx, PagedRequest{Cmd: "seq", Args: []string{"1", "300"}, Page: i % 3, PageSize: 100})
				if !env.OK || env.PageInfo == nil || env.PageInfo.TotalLines != 300 {
					errs <- "seq: " + mustMarshal(t, env)
				}
			case 3:
				if env := e.Run(ctx, Request{Cmd: "rm", Args: []string{"x"}}); env.Failure == nil || env.Failure.Kind != KindGuard {
					errs <- "rm: " + mustMarshal(t, env)
				}
				_ = mustMarshal(t, e.Describe())
				_ = mustMarshal(t, e.DescribeCommand("ls"))
			}
		})
	}
	waitAll(t, &wg, "the concurrent calls")
	close(errs)
	for s := range errs {
		t.Error(s)
	}
	st := e.Describe().Stats
	if st["ls"].Calls != n/4 || st["rm"].GuardBlock != n/4 || st["echo"].Calls != n/4 {
		t.Errorf("stats = %+v", st)
	}
	if _, err := json.Marshal(st); err != nil {
		t.Fatal(err)
	}
}
