package pack

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/parism-go/parism/catalog"
)

// Back-off after a failed exec pack call: 2 s, doubling, at most 30 s.
const (
	BackoffStart = 2 * time.Second
	BackoffMax   = 30 * time.Second
)

// maxStderrPerCall bounds what one call may write to the server's stderr.
const maxStderrPerCall = 64 << 10

// execRunner runs one exec pack's program, one process per call.
type execRunner struct {
	name, dir string
	argv      []string
	argsMode  string
	opts      Options

	mu       sync.Mutex
	failures int
	until    time.Time // calls before this fail at once
}

func newExecRunner(m *Manifest, dir string, opts Options) *execRunner {
	argv := append([]string(nil), m.Exec.Command...)
	// A relative program path is the pack's own file; a bare name is looked
	// up on PATH (sh, python3).
	if !filepath.IsAbs(argv[0]) && strings.ContainsRune(argv[0], '/') {
		argv[0] = filepath.Join(dir, argv[0])
	}
	return &execRunner{name: m.Name, dir: dir, argv: argv, argsMode: m.Exec.Args, opts: opts}
}

func (r *execRunner) parse(c *catalog.Context) (any, error) {
	now := r.opts.now()
	r.mu.Lock()
	if now.Before(r.until) {
		wait := r.until.Sub(now)
		r.mu.Unlock()
		return nil, &catalog.ParseError{Reason: catalog.ReasonParserException,
			Message: fmt.Sprintf("pack %s failed recently; it is skipped for %s more (back-off)", r.name, wait.Round(time.Millisecond))}
	}
	r.mu.Unlock()
	v, err := r.run(c)
	r.mu.Lock()
	defer r.mu.Unlock()
	var pe *catalog.ParseError
	if err != nil && errors.As(err, &pe) && pe.Reason != catalog.ReasonParserException {
		return nil, err // the pack answered: it read nothing, not a failure of the pack
	}
	if err != nil {
		r.failures++
		d := BackoffStart << min(r.failures-1, 8)
		r.until = now.Add(min(d, BackoffMax))
		return nil, &catalog.ParseError{Reason: catalog.ReasonParserException,
			Message: fmt.Sprintf("pack %s: %v (skipped for %s)", r.name, err, min(d, BackoffMax))}
	}
	r.failures, r.until = 0, time.Time{}
	return v, nil
}

// run starts the program with the raw text on stdin and decodes its JSON.
func (r *execRunner) run(c *catalog.Context) (any, error) {
	args := c.Args.List
	if args == nil {
		args = []string{}
	}
	argsJSON, _ := json.Marshal(args)
	argv := r.argv
	if r.argsMode == "argv" {
		argv = append(append([]string(nil), argv...), args...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.opts.timeLimit())
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = r.dir
	cmd.Env = append(r.opts.env(), "PARISM_ARGS="+string(argsJSON), "PARISM_OS="+string(c.OS), "PARISM_PACK_DIR="+r.dir)
	cmd.Stdin = strings.NewReader(c.Raw)
	out := &capped{max: r.opts.maxOutput()}
	cmd.Stdout = out
	stderr := &prefixed{w: r.opts.stderr(), prefix: "[pack " + r.name + "] ", left: maxStderrPerCall}
	cmd.Stderr = stderr
	setGroup(cmd)
	// Stray children may keep the pipes open after the program is killed;
	// WaitDelay stops Wait from waiting for them.
	cmd.WaitDelay = 100 * time.Millisecond
	out.kill = func() { killGroup(cmd) }
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start %s: %v", argv[0], err)
	}
	memErr := limitMemory(cmd.Process.Pid, r.opts.memoryLimitMB())
	err := cmd.Wait()
	stderr.flush()
	switch {
	case out.over:
		killGroup(cmd)
		return nil, fmt.Errorf("output exceeded %d bytes", out.max)
	case ctx.Err() != nil:
		killGroup(cmd)
		return nil, fmt.Errorf("no answer within %s; the process group was killed", r.opts.timeLimit())
	case memErr != nil:
		return nil, fmt.Errorf("cannot apply the memory limit: %v", memErr)
	case err != nil:
		killGroup(cmd)
		return nil, fmt.Errorf("the program failed: %v", err)
	}
	return decodeOutput(out.buf.Bytes())
}

// decodeOutput reads the program's JSON. An object whose only key is
// "parse_error" is the pack saying it could not read the text.
func decodeOutput(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("output is not JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("output is not JSON: data after the first value")
	}
	if m, ok := v.(map[string]any); ok && len(m) == 1 {
		if pe, ok := m["parse_error"].(map[string]any); ok {
			reason, _ := pe["reason"].(string)
			msg, _ := pe["message"].(string)
			switch catalog.Reason(reason) {
			case catalog.ReasonUnrecognizedOutput, catalog.ReasonUnsupportedFormat:
				return nil, &catalog.ParseError{Reason: catalog.Reason(reason), Message: msg}
			}
			return nil, fmt.Errorf("parse_error with reason %q (want unrecognized_output or unsupported_format)", reason)
		}
	}
	return v, nil
}

// capped keeps at most max bytes and kills the program at once when it
// writes more, so a runaway pack costs no more than max bytes of memory.
type capped struct {
	buf  bytes.Buffer
	max  int
	over bool
	kill func()
}

func (c *capped) Write(p []byte) (int, error) {
	if c.over {
		return 0, errors.New("output limit")
	}
	if c.buf.Len()+len(p) > c.max {
		c.over = true
		if c.kill != nil {
			c.kill()
		}
		return 0, errors.New("output limit")
	}
	return c.buf.Write(p)
}

// prefixed copies a pack's stderr line by line to w, each line prefixed
// with the pack's name, up to left bytes per call.
type prefixed struct {
	w      io.Writer
	prefix string
	left   int
	line   []byte
	mu     sync.Mutex
}

func (p *prefixed) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(b)
	for len(b) > 0 && p.left > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			p.line = append(p.line, b...)
			if len(p.line) > 4096 {
				p.emit()
			}
			break
		}
		p.line = append(p.line, b[:i]...)
		p.emit()
		b = b[i+1:]
	}
	return n, nil
}

func (p *prefixed) emit() {
	if p.left <= 0 {
		return
	}
	s := p.prefix + string(p.line) + "\n"
	p.left -= len(s)
	io.WriteString(p.w, s)
	p.line = p.line[:0]
}

func (p *prefixed) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.line) > 0 {
		p.emit()
	}
}

// Options are the limits and plumbing of packs.
type Options struct {
	// TimeLimit bounds one exec call (parsers.external_time_limit_ms);
	// default 500 ms.
	TimeLimit time.Duration
	// MemoryLimitMB bounds an exec pack's address space
	// (parsers.external_memory_limit_mb); default 128, negative: no limit.
	MemoryLimitMB int
	// MaxOutputBytes bounds an exec pack's stdout; default 8 MiB.
	MaxOutputBytes int
	// StrictSchemas validates every output against the pack's schema
	// (parsers.strict_schemas); a mismatch is a schema_violation.
	StrictSchemas bool
	// Stderr receives the packs' stderr, prefixed; default os.Stderr.
	Stderr io.Writer
	// Env is the exec programs' environment; default PATH, HOME, LANG,
	// LC_ALL and TMPDIR of this process (no secrets by accident).
	Env []string
	// Now is the back-off clock; default time.Now.
	Now func() time.Time
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

func (o Options) timeLimit() time.Duration {
	if o.TimeLimit <= 0 {
		return 500 * time.Millisecond
	}
	return o.TimeLimit
}

func (o Options) memoryLimitMB() int {
	if o.MemoryLimitMB == 0 {
		return 128
	}
	return o.MemoryLimitMB
}

func (o Options) maxOutput() int {
	if o.MaxOutputBytes <= 0 {
		return 8 << 20
	}
	return o.MaxOutputBytes
}

func (o Options) stderr() io.Writer {
	if o.Stderr == nil {
		return os.Stderr
	}
	return o.Stderr
}

func (o Options) env() []string {
	if o.Env != nil {
		return o.Env
	}
	var env []string
	for _, k := range []string{"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

func isWindows() bool { return filepath.Separator == '\\' }

func lookPath(prog string) (string, error) { return exec.LookPath(prog) }
