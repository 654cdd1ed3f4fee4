package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/shaper"
)

const inspectAbout = `Run a command through the guard (no shell) once and show its output three
ways - raw stdout, the parsed JSON, the compact form (arrays of objects
folded into {schema, rows}) - with exact token counts and each form's
ratio to raw. Parsed and compact are counted as the server sends them
(unindented JSON); parsed is printed indented for reading.

The command is one quoted string split with shell quoting rules (quotes and
escapes kept, nothing expanded; pipes, redirections, $VAR, $(...) and globs
are refused) or the program and its arguments as separate words:
  parism inspect "ls -l 'my dir'"
  parism inspect -- git log --oneline -5

Exit 0 when the command ran and exited 0, 1 when it was refused, failed or
exited non-zero (the report is still printed when it ran), 2 on bad usage.`

// inspectReport is inspect's --json answer.
type inspectReport struct {
	Cmd       string          `json:"cmd"`
	Args      []string        `json:"args"`
	OK        bool            `json:"ok"`
	ExitCode  *int            `json:"exit_code"`
	Parser    string          `json:"parser,omitempty"`
	Failure   *engine.Failure `json:"failure,omitempty"`
	Tokenizer string          `json:"tokenizer"`
	Raw       inspectForm     `json:"raw"`
	// Parsed and Compact are null when nothing was parsed.
	Parsed  *inspectForm `json:"parsed"`
	Compact *inspectForm `json:"compact"`
}

// inspectForm is one representation of the output and what it costs.
type inspectForm struct {
	Tokens int `json:"tokens"`
	Bytes  int `json:"bytes"`
	// RatioToRaw is Tokens over raw's tokens, null when raw is empty.
	RatioToRaw *float64        `json:"ratio_to_raw"`
	Text       *string         `json:"text,omitempty"`  // raw only
	Value      json.RawMessage `json:"value,omitempty"` // parsed and compact
}

func (c *cli) inspect(args []string) int {
	fs := c.flags("inspect", `[--json] [--tokenizer NAME] [--cwd DIR] [--config FILE] "CMD ARGS" | -- CMD [ARGS...]`, inspectAbout)
	cm := c.commonFlags(fs)
	asJSON := fs.Bool("json", false, "print one JSON report instead of the sections")
	tokName := fs.String("tokenizer", shaper.TokenizerO200k, "count tokens with this `name`: "+strings.Join(shaper.TokenizerNames(), ", "))
	if code, done := c.parseFlags(fs, args); done {
		return code
	}
	tok, err := shaper.TokenizerByName(*tokName)
	if err != nil || *tokName == "" {
		return c.usageError("inspect: --tokenizer must be one of %s, got %q", strings.Join(shaper.TokenizerNames(), ", "), *tokName)
	}
	cmd, cargs, code := c.commandWords(fs)
	if code != exitOK {
		return code
	}
	e, code := c.engine(cm)
	if e == nil {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	env := e.Run(ctx, engine.Request{Cmd: cmd, Args: cargs, Cwd: *cm.cwd, Format: engine.FormatJSON})
	if f := env.Failure; f != nil && (f.Kind == engine.KindGuard || f.Kind == engine.KindConfig) {
		fmt.Fprintf(c.stderr, "parism: inspect: %s\n", captureRefusal(env))
		return exitFailed
	}
	rep, err := buildInspectReport(env, tok)
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: inspect: %v\n", err)
		return exitIOError
	}
	if *asJSON {
		if code := c.print(rep); code != exitOK {
			return code
		}
	} else {
		c.printInspect(rep)
	}
	if !env.OK {
		return exitFailed
	}
	return exitOK
}

func buildInspectReport(env *engine.Envelope, tok shaper.Tokenizer) (*inspectReport, error) {
	raw := ""
	if env.Stdout.Raw != nil {
		raw = *env.Stdout.Raw
	}
	rep := &inspectReport{Cmd: env.Cmd, Args: env.Args, OK: env.OK, ExitCode: env.ExitCode,
		Parser: env.Stdout.Parser, Failure: env.Failure, Tokenizer: tok.Name()}
	rawTokens := tok.Count([]byte(raw))
	rep.Raw = inspectForm{Tokens: rawTokens, Bytes: len(raw), RatioToRaw: ratio(rawTokens, rawTokens), Text: &raw}
	if env.Stdout.Parsed == nil {
		return rep, nil
	}
	parsed, err := engine.Marshal(env.Stdout.Parsed)
	if err != nil {
		return nil, fmt.Errorf("encoding the parsed output: %w", err)
	}
	g, err := shaper.Generic(env.Stdout.Parsed)
	if err != nil {
		return nil, fmt.Errorf("parsed output: %w", err)
	}
	compact, err := engine.Marshal(shaper.Compact(g))
	if err != nil {
		return nil, fmt.Errorf("encoding the compact form: %w", err)
	}
	form := func(b []byte) *inspectForm {
		n := tok.Count(b)
		return &inspectForm{Tokens: n, Bytes: len(b), RatioToRaw: ratio(n, rawTokens), Value: b}
	}
	rep.Parsed, rep.Compact = form(parsed), form(compact)
	return rep, nil
}

// ratio is n/of rounded to three decimals, nil when of is zero.
func ratio(n, of int) *float64 {
	if of == 0 {
		return nil
	}
	r := math.Round(float64(n)/float64(of)*1000) / 1000
	return &r
}

func (c *cli) printInspect(rep *inspectReport) {
	w := c.stdout
	fmt.Fprintf(w, "$ %s\n", commandLine(rep.Cmd, rep.Args))
	status := "exit -"
	if rep.ExitCode != nil {
		status = fmt.Sprintf("exit %d", *rep.ExitCode)
	}
	parser := "none"
	if rep.Parser != "" {
		parser = rep.Parser
	}
	fmt.Fprintf(w, "%s · parser %s · tokenizer %s\n", status, parser, rep.Tokenizer)
	if f := rep.Failure; f != nil {
		fmt.Fprintf(w, "%s/%s: %s\n", f.Kind, f.Reason, f.Message)
	}
	fmt.Fprintf(w, "\n%-8s %8s %8s %8s\n", "form", "tokens", "bytes", "vs raw")
	row := func(name string, f *inspectForm) {
		if f == nil {
			fmt.Fprintf(w, "%-8s %8s %8s %8s\n", name, "-", "-", "-")
			return
		}
		r := "-"
		if f.RatioToRaw != nil {
			r = fmt.Sprintf("%.2f", *f.RatioToRaw)
		}
		fmt.Fprintf(w, "%-8s %8d %8d %8s\n", name, f.Tokens, f.Bytes, r)
	}
	row("raw", &rep.Raw)
	row("parsed", rep.Parsed)
	row("compact", rep.Compact)

	fmt.Fprintf(w, "\n== raw ==\n%s", *rep.Raw.Text)
	if !strings.HasSuffix(*rep.Raw.Text, "\n") {
		fmt.Fprintln(w)
	}
	if rep.Parsed == nil {
		fmt.Fprintf(w, "== parsed ==\n(nothing parsed)\n== compact ==\n(nothing parsed)\n")
		return
	}
	// Parsed reads best indented; compact is shown exactly as counted,
	// since indenting its rows would hide what it saves.
	var ind bytes.Buffer
	if json.Indent(&ind, rep.Parsed.Value, "", "  ") != nil {
		ind.Reset()
		ind.Write(rep.Parsed.Value)
	}
	fmt.Fprintf(w, "== parsed (indented here) ==\n%s\n", ind.Bytes())
	fmt.Fprintf(w, "== compact ==\n%s\n", rep.Compact.Value)
}
