package engine

import (
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/server/internal/jsonx"
)

// ParseRequest is output a caller already has, to parse without running.
type ParseRequest struct {
	Cmd    string
	Args   []string
	Raw    string
	OS     catalog.OS // empty: the engine's
	Format string
	// MaxItems bounds the rows kept, the others counted in an omission
	// (parse max_items); 0 keeps every row. guard.max_items does not
	// apply: a pipe tool reads all of its input.
	MaxItems int
}

// Parse builds the envelope for output that was produced elsewhere (the
// CLI's `parism parse`). Nothing runs and the guard is not consulted, so
// exitCode is null and ok is true unless the request itself is bad.
func (e *Engine) Parse(req ParseRequest) *Envelope {
	start := time.Now()
	env := &Envelope{OK: true, Cmd: req.Cmd, Args: nonNil(req.Args)}
	if f := checkFormat(req.Format); f != nil {
		env.OK = false
		env.Failure = f
		return env
	}
	if req.OS != "" {
		e2 := *e
		e2.os = req.OS
		e = &e2
	}
	text, b64, binary := textOf(e.redactText(req.Raw), nil)
	e.refreshPacks(false)
	e.parseInto(env, e.reg.Prepare(req.Cmd, env.Args, e.os), text, shaping{format: req.Format, items: max(req.MaxItems, 0)}, binary)
	if env.Stdout.Raw != nil {
		env.Stdout.RawBase64 = b64
	}
	keepBytes(env, nil, nil)
	env.DurationMs = ms(time.Since(start))
	return env
}

// Marshal encodes an envelope (or any answer) the way the server sends it.
func Marshal(v any) ([]byte, error) { return jsonx.Marshal(v) }

func marshalJSON(v any) ([]byte, error) { return jsonx.Marshal(v) }

// MarshalIndent is Marshal indented for people reading a terminal.
func MarshalIndent(v any) ([]byte, error) { return jsonx.MarshalIndent(v) }
