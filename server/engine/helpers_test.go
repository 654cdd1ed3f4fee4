package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/server/config"
)

// newTestEngine builds an engine from config.Default() changed by edit,
// working in a fresh temporary directory, which it returns.
func newTestEngine(t testing.TB, edit func(*config.Config), opts ...Option) (*Engine, string) {
	t.Helper()
	dir := t.TempDir()
	cfg := config.Default()
	if edit != nil {
		edit(&cfg)
	}
	e, err := New(cfg, append([]Option{WithWorkdir(dir)}, opts...)...)
	if err != nil {
		t.Fatalf("engine.New: %v", err)
	}
	return e, dir
}

// allowing adds commands to the default allowlist.
func allowing(cmds ...string) func(*config.Config) {
	return func(c *config.Config) {
		c.Guard.AllowedCommands = append(slices.Clone(c.Guard.AllowedCommands), cmds...)
	}
}

// both applies several config edits in order.
func both(edits ...func(*config.Config)) func(*config.Config) {
	return func(c *config.Config) {
		for _, e := range edits {
			e(c)
		}
	}
}

// asJSON encodes v the way the server does and decodes it generically, so
// tests see exactly what an agent sees (null vs absent, [] vs null).
func asJSON(t testing.TB, v any) map[string]any {
	t.Helper()
	b, err := Marshal(v)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("decoding %s: %v", b, err)
	}
	return m
}

func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func raw(t testing.TB, env *Envelope) string {
	t.Helper()
	if env.Stdout.Raw == nil {
		t.Fatalf("stdout.raw is absent; envelope: %s", mustMarshal(t, env))
	}
	return *env.Stdout.Raw
}

func mustMarshal(t testing.TB, v any) string {
	t.Helper()
	b, err := Marshal(v)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	return string(b)
}

// wantFailure checks kind and reason of env.Failure (both empty: none).
func wantFailure(t testing.TB, env *Envelope, kind, reason string) {
	t.Helper()
	if kind == "" {
		if env.Failure != nil {
			t.Fatalf("unexpected failure %+v; envelope: %s", *env.Failure, mustMarshal(t, env))
		}
		return
	}
	if env.Failure == nil {
		t.Fatalf("failure = nil, want %s/%s; envelope: %s", kind, reason, mustMarshal(t, env))
	}
	if env.Failure.Kind != kind || env.Failure.Reason != reason {
		t.Fatalf("failure = %s/%s (%q), want %s/%s", env.Failure.Kind, env.Failure.Reason, env.Failure.Message, kind, reason)
	}
}

// processGone waits up to d for pid to be gone. A zombie counts as gone: it
// runs nothing, and in a container PID 1 may never reap it.
func processGone(pid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if errors.Is(err, fs.ErrNotExist) {
			return true
		}
		if err == nil {
			// pid (comm) STATE ...; comm may hold spaces and parentheses.
			s := string(b)
			if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) && (s[i+2] == 'Z' || s[i+2] == 'X') {
				return true
			}
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// findProcess returns the pids whose command line is exactly argv.
func findProcess(argv ...string) []int {
	want := strings.Join(argv, "\x00") + "\x00"
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err == nil && string(b) == want {
			out = append(out, pid)
		}
	}
	return out
}

func syscallKill(pid int) error { return syscall.Kill(pid, syscall.SIGKILL) }

// testWait bounds every wait of a test: a bug that would block (a
// limiter letting one call too many into its queue, say) fails the test
// with a message instead of hanging until go test's timeout.
const testWait = 10 * time.Second

// within returns what ch yields, failing the test if it yields nothing
// within testWait.
func within[T any](t testing.TB, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(testWait):
		t.Fatalf("%s: still waiting after %v", what, testWait)
		panic("unreachable")
	}
}

// waitAll waits for wg within testWait.
func waitAll(t testing.TB, wg *sync.WaitGroup, what string) {
	t.Helper()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	within(t, done, what)
}

// testCtx is a context that ends after testWait (and with the test): a
// call that would wait longer ends canceled, which the test reports.
func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	t.Cleanup(cancel)
	return ctx
}

// goldenCase is one catalog golden case: where it is, its parser and the
// input it describes (Raw, Args, OS, MaxItems, Now, Location).
type goldenCase struct {
	Path   string // <os>/<parser-id>/<case>.json, in its parser package's testdata
	Parser *catalog.Parser
	Input  catalog.Input
}

// catalogGoldens reads every golden case under catalog/parsers/*/testdata whose
// parser is registered in reg; a case that cannot be read fails the test
// (a skipped case would be a check that passes by reading nothing).
func catalogGoldens(t *testing.T, reg *catalog.Registry) []goldenCase {
	t.Helper()
	dir := filepath.Join("..", "..", "catalog", "parsers")
	files, err := filepath.Glob(filepath.Join(dir, "*", "testdata", "*", "*", "*.json"))
	if err != nil || len(files) < 100 {
		t.Fatalf("golden cases under %s: %d found, %v", dir, len(files), err)
	}
	byID := map[string]*catalog.Parser{}
	for _, p := range reg.Parsers() {
		byID[p.ID] = p
	}
	var out []goldenCase
	for _, f := range files {
		parts := strings.Split(filepath.ToSlash(f), "/")
		parts = parts[len(parts)-3:]
		rel := strings.Join(parts, "/")
		o, err := catalog.ParseOS(parts[0])
		p := byID[parts[1]]
		if err != nil || p == nil {
			continue // not a parser's directory (fuzz corpora, sources)
		}
		var gc struct {
			Args     []string `json:"args"`
			Now      string   `json:"now"`
			Location string   `json:"location"`
			MaxItems int      `json:"max_items"`
		}
		b, err := os.ReadFile(f)
		if err == nil {
			err = json.Unmarshal(b, &gc)
		}
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		raw, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".txt")
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		now, _ := time.Parse(time.RFC3339, gc.Now)
		loc, err := time.LoadLocation(gc.Location)
		if err != nil {
			loc = time.UTC
		}
		out = append(out, goldenCase{Path: rel, Parser: p, Input: catalog.Input{Cmd: p.Command, Args: gc.Args, Raw: string(raw),
			OS: o, MaxItems: gc.MaxItems, Now: now, Location: loc}})
	}
	return out
}
