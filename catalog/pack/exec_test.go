package pack

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
)

// The test binary doubles as an exec pack program: PACK_HELPER selects
// what it does. A real Go program gives the memory test an allocator that
// reports failure the way real packs do.
func TestMain(m *testing.M) {
	switch os.Getenv("PACK_HELPER") {
	case "eatmem":
		var keep [][]byte
		for range 64 { // 1 GiB in 16 MiB steps, each touched
			b := make([]byte, 16<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			keep = append(keep, b)
		}
		fmt.Printf(`{"rows":[],"chunks":%d}`, len(keep))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// execPack writes an exec pack whose program is script (sh).
func execPack(t testing.TB, script string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ex")
	writeFile(t, dir+"/parser.toml", "name = \"ex\"\nkind = \"exec\"\ncommand = \"ex\"\n[flags]\n\"-x\" = \"bool\"\n[exec]\ncommand = [\"./parse.sh\"]\n")
	writeFile(t, dir+"/schema.json", `{"type":"object"}`)
	writeFile(t, dir+"/parse.sh", "#!/bin/sh\n"+script)
	return dir
}

func parseWith(t testing.TB, dir string, opts Options, raw string, args ...string) catalog.Result {
	t.Helper()
	p, err := LoadPack(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	reg := catalog.NewRegistry()
	if err := reg.Register(p.Parser); err != nil {
		t.Fatal(err)
	}
	return reg.Parse(catalog.Input{Cmd: p.Manifest.Command, Args: args, Raw: raw, OS: catalog.Linux})
}

func TestExecPack(t *testing.T) {
	tests := []struct {
		name, script string
		opts         Options
		want         string // JSON of the value, or the error's reason and a message fragment
		maxTime      time.Duration
	}{
		{name: "reads stdin and args", script: `printf '{"lines":%s,"args":%s,"os":"%s"}' "$(wc -l | tr -d ' ')" "$PARISM_ARGS" "$PARISM_OS"`,
			want: `{"args":["-x","y z"],"lines":2,"os":"linux"}`},
		{name: "pack says unrecognized", script: `echo '{"parse_error":{"reason":"unrecognized_output","message":"no table"}}'`,
			want: "unrecognized_output: no table"},
		{name: "crash", script: `kill -SEGV $$`, want: "parser_exception: the program failed"},
		{name: "exit status", script: `echo '{}'; exit 3`, want: "parser_exception: exit status 3"},
		{name: "garbage", script: `echo 'this is not json'`, want: "parser_exception: output is not JSON"},
		{name: "two values", script: `echo '{} {}'`, want: "parser_exception: data after the first value"},
		{name: "bad parse_error reason", script: `echo '{"parse_error":{"reason":"oops"}}'`, want: "parser_exception: parse_error with reason"},
		{name: "hang", script: `sleep 30`, opts: Options{TimeLimit: 200 * time.Millisecond},
			want: "parser_exception: no answer within 200ms", maxTime: 2 * time.Second},
		{name: "hang in a child holding the pipe", script: `(sleep 30; echo late) & sleep 30`, opts: Options{TimeLimit: 200 * time.Millisecond},
			want: "parser_exception: no answer within", maxTime: 2 * time.Second},
		{name: "huge output", script: `yes '{"a":1}'`, opts: Options{MaxOutputBytes: 1 << 20},
			want: "parser_exception: output exceeded 1048576 bytes", maxTime: 2 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			tt.opts.Stderr = &stderr
			start := time.Now()
			res := parseWith(t, execPack(t, tt.script), tt.opts, "a\nb\n", "-x", "y z")
			if tt.maxTime > 0 && time.Since(start) > tt.maxTime {
				t.Errorf("took %s, want under %s", time.Since(start), tt.maxTime)
			}
			got := ""
			if res.Err != nil {
				got = string(res.Err.Reason) + ": " + res.Err.Message
			} else {
				got = jsonOf(t, res.Value)
			}
			if got != tt.want && !(strings.Contains(tt.want, ": ") && strings.HasPrefix(got, strings.SplitN(tt.want, ": ", 2)[0]) && strings.Contains(got, strings.SplitN(tt.want, ": ", 2)[1])) {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestExecMemoryLimit(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "mem")
	writeFile(t, dir+"/parser.toml", fmt.Sprintf("name = \"mem\"\nkind = \"exec\"\ncommand = \"mem\"\n[exec]\ncommand = [%q]\n", self))
	writeFile(t, dir+"/schema.json", `{}`)
	env := append(Options{}.env(), "PACK_HELPER=eatmem")
	// Without a limit the program allocates its 1 GiB and answers; with the
	// default 128 MiB it cannot, and the pack fails instead of the server.
	res := parseWith(t, dir, Options{Env: env, MemoryLimitMB: -1, TimeLimit: 20 * time.Second}, "")
	if res.Err != nil {
		t.Skipf("this machine cannot give a process 1 GiB, the control run failed: %v", res.Err)
	}
	var stderr bytes.Buffer
	res = parseWith(t, dir, Options{Env: env, TimeLimit: 20 * time.Second, Stderr: &stderr}, "")
	if res.Err == nil || res.Err.Reason != catalog.ReasonParserException || !strings.Contains(res.Err.Message, "the program failed") {
		t.Fatalf("with the 128 MiB limit: want parser_exception from a failed program, got %v %v", res.Err, res.Value)
	}
	if !strings.Contains(stderr.String(), "[pack mem] ") {
		t.Errorf("the pack's stderr (the runtime's out-of-memory report) was not forwarded with its prefix: %q", stderr.String())
	}
}

func TestExecStderrPrefixed(t *testing.T) {
	var stderr bytes.Buffer
	res := parseWith(t, execPack(t, `echo "warming up" >&2; printf 'no newline' >&2; echo '{}'`), Options{Stderr: &stderr}, "")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if want := "[pack ex] warming up\n[pack ex] no newline\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}

// fakeClock is the back-off's injectable clock.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func TestExecBackoff(t *testing.T) {
	dir := execPack(t, `if [ -e "$PARISM_PACK_DIR/ok" ]; then echo '{}'; else exit 1; fi`)
	clock := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	p, err := LoadPack(dir, Options{Now: clock.Now, Stderr: &bytes.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	reg := catalog.NewRegistry()
	reg.Register(p.Parser)
	call := func() *catalog.ParseError {
		return reg.Parse(catalog.Input{Cmd: "ex", Raw: "x", OS: catalog.Linux}).Err
	}
	skipped := func(e *catalog.ParseError) bool {
		return e != nil && e.Reason == catalog.ReasonParserException && strings.Contains(e.Message, "back-off")
	}
	// Each failure doubles the wait: 2, 4, 8, 16, 30, 30 s.
	for i, wait := range []time.Duration{2, 4, 8, 16, 30, 30} {
		wait *= time.Second
		if e := call(); e == nil || skipped(e) {
			t.Fatalf("failure %d: want the program to run and fail, got %v", i+1, e)
		}
		clock.Advance(wait - time.Millisecond)
		if e := call(); !skipped(e) {
			t.Fatalf("failure %d: want an immediate back-off answer before %s, got %v", i+1, wait, e)
		}
		clock.Advance(time.Millisecond)
	}
	// Once the program works again, a success resets the back-off.
	writeFile(t, dir+"/ok", "")
	if e := call(); e != nil {
		t.Fatalf("after the back-off: %v", e)
	}
	os.Remove(dir + "/ok")
	if e := call(); e == nil || skipped(e) {
		t.Fatalf("want a fresh failure, got %v", e)
	}
	clock.Advance(2 * time.Second)
	if e := call(); skipped(e) {
		t.Fatalf("after a reset the first wait is 2 s again, got %v", e)
	}
}

func TestExecConcurrent(t *testing.T) {
	dir := execPack(t, `cat >/dev/null; echo '{"ok":true}'`)
	p, err := LoadPack(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	reg := catalog.NewRegistry()
	reg.Register(p.Parser)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if r := reg.Parse(catalog.Input{Cmd: "ex", Raw: strings.Repeat("line\n", 1000), OS: catalog.Linux}); r.Err != nil {
				t.Error(r.Err)
			}
		})
	}
	wg.Wait()
}
