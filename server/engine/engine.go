package engine

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/executor"
	"github.com/parism-go/parism/shaper"
)

// Version is the version of Parism for Go reported by describe and --version.
const Version = "0.1.0"

// Engine runs commands through the guard, the executor, the redactor, the
// parser catalog and the shaper. It is safe for concurrent use.
type Engine struct {
	cfg     config.Config
	guard   *guard.Guard
	reg     *catalog.Registry
	os      catalog.OS
	redact  []*regexp.Regexp     // nil when output redaction is off
	env     []string             // the children's environment, secrets stripped
	npmEnv  []string             // npm's: env reduced to what npm needs (executor.NpmEnv)
	gitCfg  *executor.GitDrivers // per-repository git overrides, cached
	workdir string               // cwd when a request gives none
	stats   *stats
	limit   *limiter       // guard.max_concurrent_runs and max_queued_runs
	signer  *shaper.Signer // continuation cursors; a random key per engine
	store   Store          // retained results (results.*)
	// notRetained remembers ids issued by runs without retain.
	notRetained *idRing
	// kernel and sandbox are the kernel layer (sandbox.go).
	kernel  *kernelPolicy
	sandbox SandboxInfo
	// packs are the installed parser packs (packs.go); packStderr gets
	// their stderr.
	packs      *packSet
	packStderr io.Writer
}

// Option adjusts an Engine.
type Option func(*Engine)

// WithRegistry replaces the built-in parser catalog.
func WithRegistry(r *catalog.Registry) Option { return func(e *Engine) { e.reg = r } }

// WithOS parses output as this OS's instead of the host's.
func WithOS(os catalog.OS) Option { return func(e *Engine) { e.os = os } }

// WithWorkdir sets the directory used when a request has no cwd (default:
// the process's working directory).
func WithWorkdir(dir string) Option { return func(e *Engine) { e.workdir = dir } }

// Load reads the configuration layers (global, project, environment) and
// builds an Engine from them, as the MCP server does.
func Load(lo config.LoadOptions, opts ...Option) (*Engine, error) {
	cfg, err := config.Load(lo)
	if err != nil {
		return nil, err
	}
	return New(cfg, opts...)
}

// New builds an Engine from an effective configuration. Every error here is
// a configuration error: nothing is checked lazily on the first call.
func New(cfg config.Config, opts ...Option) (*Engine, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	g, err := guard.New(cfg.Guard.Policy)
	if err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, guard: g, os: catalog.HostOS(), stats: newStats(),
		signer: shaper.NewSigner(nil), notRetained: &idRing{}}
	e.limit = newLimiter(cfg.Guard.MaxConcurrentRuns, cfg.Guard.MaxQueuedRuns)
	for _, o := range opts {
		o(e)
	}
	if e.reg == nil {
		e.reg = builtin.Default()
	}
	if e.store == nil {
		e.store = NewMemoryStore(cfg.Results)
	}
	if cfg.Guard.Secrets.OutputRedactionEnabled {
		if e.redact, err = config.CompileOutputPatterns(cfg.Guard.Secrets.OutputPatterns); err != nil {
			return nil, err
		}
	}
	if e.workdir == "" {
		if e.workdir, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("engine: working directory: %w", err)
		}
	}
	kept, _ := executor.StripEnv(os.Environ(), cfg.Guard.Secrets.EnvPatterns)
	e.env = executor.ProgramEnv(executor.SafeEnv(kept), "", cfg.Guard.Profile == guard.ProfileBuild)
	e.npmEnv = executor.NpmEnv(e.env)
	e.gitCfg = executor.NewGitDrivers()
	e.kernel = newKernelPolicy(cfg, g.Policy().AllowedPaths, e.env)
	e.sandbox = sandboxInfo(cfg.Guard.Sandbox)
	e.initPacks()
	return e, nil
}

// Config returns the effective configuration.
func (e *Engine) Config() config.Config { return e.cfg }

// Guard returns the compiled guard.
func (e *Engine) Guard() *guard.Guard { return e.guard }

// Registry returns the parser catalog in use.
func (e *Engine) Registry() *catalog.Registry { return e.reg }

// Request is one run. The json names are the MCP tool's parameters.
type Request struct {
	Cmd         string   `json:"cmd"`
	Args        []string `json:"args,omitempty"`
	Cwd         string   `json:"cwd,omitempty"`
	Format      string   `json:"format,omitempty"`
	IncludeDiff bool     `json:"includeDiff,omitempty"`

	// Query filters and projects the parsed rows (select, where, sort_by,
	// limit, array, filter); zero asks for nothing.
	Query shaper.Query `json:"-"`
	// Budget caps the answer's tokens; nil means no budget.
	Budget *shaper.Budget `json:"budget,omitempty"`
	// Retain keeps the result in the engine's store (results.*) for
	// fetch_result, explain_result and compare_results.
	Retain bool `json:"retain,omitempty"`
	// ContractVersion "next" adds review{...}; "" or "stable" does not.
	ContractVersion string `json:"contract_version,omitempty"`
	// Evidence "rows" or "fields" records where each value came from
	// (catalog spans) for explain_result; "" or "none" does not.
	Evidence string `json:"evidence,omitempty"`

	// OnProgress, when set, receives stdout bytes and lines while the
	// command runs (for MCP progress notifications).
	OnProgress func(bytes, lines int64) `json:"-"`
}

// Run executes req and returns its envelope. It never returns nil and never
// panics on bad input: every problem is a Failure in the envelope.
func (e *Engine) Run(ctx context.Context, req Request) *Envelope {
	start := time.Now()
	sh := shaping{format: req.Format, query: req.Query, budget: req.Budget,
		evidence: req.Evidence == EvidenceRows || req.Evidence == EvidenceFields}
	var tok shaper.Tokenizer
	if req.Budget != nil {
		// Refused before anything runs: a budget that can never be met
		// (budget_too_small) or names no known tokenizer.
		var err error
		if tok, err = e.checkBudget(req); err != nil {
			env := &Envelope{Cmd: req.Cmd, Args: nonNil(req.Args), Cwd: e.resolveCwd(req.Cwd), Failure: shaperFailure(err)}
			env.DurationMs = ms(time.Since(start))
			e.stats.record(req.Cmd, env)
			return env
		}
	}
	env, r := e.execute(ctx, req, start)
	if r != nil {
		sh.items = e.parseBound(r.call)
		out := e.finish(env, r.res, r.call, sh, start)
		if req.Budget != nil && req.Format == "" && !sh.evidence {
			e.budgetFormat(env, &out.shaped, keyFields(out.parse.Parser), *req.Budget, req.Retain)
		}
		// Rows over guard.max_items are not dropped: the answer carries
		// max_items of them and the result is retained for the rest
		// (a budget pages by itself).
		over := req.Budget == nil && overItems(env, &out.shaped, rowsKey(out.parse.Parser), e.cfg.Guard.MaxItems)
		var id string
		if req.Budget != nil || req.Retain || req.ContractVersion == ContractNext || over {
			id = newResultID()
		}
		if req.ContractVersion == ContractNext {
			env.Review = e.review(env, out, id, sh)
		}
		retained := false
		if req.Retain || over {
			retained = e.retain(ctx, env, out, req, r.argv, id)
		}
		if over {
			e.itemsPage(env, out.shaped, id, retained, 0, e.cfg.Guard.MaxItems)
		}
		if id != "" && !retained {
			e.notRetained.add(storeKey{ownerOf(ctx), id})
		}
		if req.Budget != nil {
			e.fitBudget(env, out.shaped, keyFields(out.parse.Parser), *req.Budget, tok, id, retained, 0)
		}
	}
	e.stats.record(req.Cmd, env)
	return env
}

// ran is what execute hands the steps after it when the command ran: its
// result, the argv as the guard read it (guard.Decision.Argv) and the call
// as the catalog read it (catalog.Call), which those steps read instead of
// the list.
type ran struct {
	res  *executor.Result
	argv *guard.Argv
	call catalog.Call
}

// execute runs the guard and the command. It returns the envelope so far
// and, when the command ran, what it ran.
func (e *Engine) execute(ctx context.Context, req Request, start time.Time) (*Envelope, *ran) {
	// raw is always present, "" when nothing ran: the contract says an
	// agent can always fall back on it.
	empty := ""
	env := &Envelope{Cmd: req.Cmd, Args: req.Args, Stdout: Stdout{Raw: &empty}}
	if env.Args == nil {
		env.Args = []string{}
	}
	cwd := e.resolveCwd(req.Cwd)
	env.Cwd = cwd
	if e.cfg.Telemetry.Enabled {
		env.Telemetry = &Telemetry{Sandbox: &RunSandbox{SandboxInfo: e.sandbox}}
	}
	done := func() *Envelope {
		env.DurationMs = ms(time.Since(start))
		if env.Telemetry != nil {
			env.Telemetry.TotalMs = env.DurationMs
		}
		return env
	}
	if f := checkFormat(req.Format); f != nil {
		env.Failure = f
		return done(), nil
	}
	if f := checkReview(req); f != nil {
		env.Failure = f
		return done(), nil
	}
	if f := checkSize(req); f != nil {
		env.Failure = f
		env.Args = []string{} // not echoed: the refusal would be as large as the request
		return done(), nil
	}
	if req.Cmd == "" {
		env.Failure = &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument, Message: "cmd is required"}
		return done(), nil
	}
	t := time.Now()
	d := e.guard.Check(req.Cmd, req.Args, cwd)
	if env.Telemetry != nil {
		env.Telemetry.GuardMs = ms(time.Since(t))
	}
	if !d.Allowed {
		env.Failure = &Failure{Kind: KindGuard, Reason: string(d.Reason), Message: d.Message, Detail: d.Detail}
		if d.Hint != nil {
			env.Failure.Hint = &catalog.Hint{Args: d.Hint.Args}
		}
		env.GuardError = &GuardError{Reason: string(d.Reason), Message: d.Message}
		return done(), nil
	}
	if msg, detail := e.kernel.workdirRefusal(cwd); msg != "" {
		env.Failure = &Failure{Kind: KindGuard, Reason: string(guard.ReasonPathNotAllowed), Message: msg, Detail: detail}
		env.GuardError = &GuardError{Reason: string(guard.ReasonPathNotAllowed), Message: msg}
		return done(), nil
	}
	argv := d.Argv
	if executor.IsGit(req.Cmd) {
		// Where git reads the repository from is not in its argv: a .git
		// file, a commondir or alternates may name any directory.
		for _, d := range executor.GitReadDirs(cwd, argv) {
			if !e.guard.Inside(d) {
				msg := "git would read the repository at '" + d + "' (named by a .git file, commondir or alternates), outside the allowed paths"
				env.Failure = &Failure{Kind: KindGuard, Reason: string(guard.ReasonPathNotAllowed), Message: msg, Detail: "reads_outside"}
				env.GuardError = &GuardError{Reason: string(guard.ReasonPathNotAllowed), Message: msg}
				return done(), nil
			}
		}
	}
	// The guard's rewrite makes an allowed form safer still (npx --no, git
	// without external diff drivers); parsers still read the args as given.
	args := argv.Rewrite()
	release, busy := e.limit.acquire(ctx)
	if busy != nil {
		env.Failure = busy
		return done(), nil
	}
	defer release()
	var before snapshot
	if req.IncludeDiff {
		before = takeSnapshot(cwd)
	}
	runEnv := e.env
	if executor.IsGit(req.Cmd) {
		// A repository's own config can name filter and diff drivers
		// (programs) under names SafeEnv cannot know in advance.
		var dirs []string
		// The rewrite adds arguments after git's subcommand only: the
		// global options argv read are those of args.
		runEnv, dirs = e.gitCfg.EnvDirs(ctx, req.Cmd, cwd, argv, e.env)
		// A submodule's or gitlink's .git file may name a repository
		// anywhere: git grep --recurse-submodules --cached would print it.
		for _, d := range dirs {
			if !e.guard.Inside(d) {
				msg := "git would enter the repository at '" + d + "' (named by a submodule's .git file), outside the allowed paths"
				env.Failure = &Failure{Kind: KindGuard, Reason: string(guard.ReasonPathNotAllowed), Message: msg, Detail: "reads_outside"}
				env.GuardError = &GuardError{Reason: string(guard.ReasonPathNotAllowed), Message: msg}
				return done(), nil
			}
		}
	}
	if executor.IsNpm(req.Cmd) {
		// npm expands ${NAME} in a project's .npmrc from its environment:
		// it gets only what it needs. The operator's globalconfig, which
		// the environment alone cannot keep from a project's .npmrc.
		runEnv = e.npmEnv
		args = executor.NpmArgs(args, runEnv)
	}
	// The parser is chosen once, before the run (packs refreshed first):
	// the same one says which streams to capture and then reads them. A
	// parser of stderr (alone or with stdout) gets both streams on one
	// pipe, so that it reads what it was written for, in the order
	// written, and whatever went to the other stream is still in raw (as
	// unread lines) rather than lost.
	e.refreshPacks(false)
	call := e.reg.Prepare(req.Cmd, req.Args, e.os)
	merge := call.Stream() != catalog.StreamStdout
	if merge {
		env.Stdout.Stream = StreamBoth
	}
	confine, confined := e.confinementFor(req.Cmd, argv, cwd)
	if env.Telemetry != nil {
		env.Telemetry.Sandbox.Command = confined
	}
	t = time.Now()
	res := executor.Run(ctx, executor.Spec{
		Path:        req.Cmd,
		Args:        args,
		Dir:         cwd,
		Env:         runEnv,
		Timeout:     time.Duration(e.cfg.Guard.TimeoutMs) * time.Millisecond,
		MaxStdout:   e.cfg.Guard.MaxOutputBytes,
		MaxStderr:   e.cfg.Guard.MaxOutputBytes,
		MergeStderr: merge,
		Confine:     confine,
		OnProgress:  req.OnProgress,
	})
	if env.Telemetry != nil {
		env.Telemetry.ExecMs = ms(time.Since(t))
	}
	if req.IncludeDiff {
		env.Diff = before.diff(takeSnapshot(cwd))
	}
	if res.Started && !res.TimedOut && !res.Canceled && res.ExitCode >= 0 {
		code := res.ExitCode
		env.ExitCode = &code
	}
	switch {
	case res.SpawnErr != nil:
		env.Failure = &Failure{Kind: KindExec, Reason: ReasonSpawnFailed, Message: res.SpawnErr.Error()}
		if se, ok := res.SpawnErr.(*executor.SpawnError); ok {
			env.Failure.Detail = se.Reason
		}
	case res.TimedOut:
		env.Failure = &Failure{Kind: KindExec, Reason: ReasonTimeout,
			Message: fmt.Sprintf("Command timed out after %d ms; its process group was killed", e.cfg.Guard.TimeoutMs)}
	case res.Canceled:
		env.Failure = &Failure{Kind: KindExec, Reason: ReasonCanceled, Message: "The call was cancelled; the command's process group was killed"}
	case res.ExitCode != 0:
		errText := res.Stderr.Data
		if merge {
			errText = res.Stdout.Data // stderr is in the merged stream
		}
		env.Failure = &Failure{Kind: KindExec, Reason: ReasonNonZeroExit,
			// Masked here too: the message repeats stderr, and finish
			// only redacts env.Stderr.
			Message: exitMessage(res.ExitCode, res.Signal, e.redactText(string(errText)))}
	default:
		env.OK = true
	}
	done()
	if res.SpawnErr != nil {
		return env, nil
	}
	return env, &ran{res: &res, argv: argv, call: call}
}

// StreamBoth is Stdout.Stream for a run whose stdout and stderr were
// merged.
const StreamBoth = string(catalog.StreamBoth)

// finish redacts, parses and shapes the output of a command that ran.
func (e *Engine) finish(env *Envelope, res *executor.Result, call catalog.Call, sh shaping, start time.Time) outcome {
	t := time.Now()
	stdout := e.redactText(string(res.Stdout.Data))
	masked := e.redact != nil && stdout != string(res.Stdout.Data)
	env.Stderr = e.redactText(string(res.Stderr.Data))
	if env.Telemetry != nil {
		env.Telemetry.RedactMs = ms(time.Since(t))
		env.Telemetry.RawBytes = len(res.Stdout.Data)
	}
	if res.Stdout.Truncated || res.Stderr.Truncated {
		env.Truncated = true
		env.Truncation = &Truncation{Stdout: cut(res.Stdout), Stderr: cut(res.Stderr)}
		if res.Stdout.Truncated {
			env.Omission = append(env.Omission, Omission{Stage: "capture", Reason: "max_output_bytes",
				RowsOmitted: 0})
		}
	}
	// Parsers read the text the answer carries (U+FFFD for bytes it cannot
	// hold), so that parsed and raw agree and spans point into raw.
	text, b64, binary := textOf(stdout, &res.Stdout)
	out := e.parseInto(env, call, text, sh, binary)
	out.masked = masked
	if env.Stdout.Raw != nil {
		env.Stdout.RawBase64 = b64
	}
	keepBytes(env, &res.Stdout, &res.Stderr)
	env.DurationMs = ms(time.Since(start))
	if env.Telemetry != nil {
		env.Telemetry.TotalMs = env.DurationMs
	}
	return out
}

// parseInto fills env.Stdout from raw text and applies the output format.
// A binary text (textOf) is not parsed: parsers read text, and its bytes
// are in raw_base64.
func (e *Engine) parseInto(env *Envelope, call catalog.Call, raw string, sh shaping, binary bool) outcome {
	t := time.Now()
	cmd, args := call.Cmd, call.Args.List
	var pr catalog.Result
	if !binary {
		pr = call.Parse(catalog.Input{Raw: raw, MaxItems: sh.items, Evidence: sh.evidence})
	}
	if env.Telemetry != nil {
		env.Telemetry.ParseMs = ms(time.Since(t))
	}
	if e.cfg.Parsers.StrictSchemas && pr.Parser != nil && pr.Err == nil && !e.isPack(pr.Parser.ID) {
		// Packs validate their own output; a built-in that breaks its
		// schema is a parser bug, reported like a pack's (a parse error).
		if verr := pr.Parser.ValidateValue(pr.Value); verr != nil {
			pr.Err = &catalog.ParseError{Reason: catalog.ReasonSchemaViolation, Message: fmt.Sprintf("parser %s: %v", pr.Parser.ID, verr)}
			pr.Value = nil
		}
	}
	if perr := unaccountedRows(pr, raw); perr != nil {
		pr.Err, pr.Value = perr, nil
	}
	env.Stdout.Raw = &raw
	e.answerExit(env, pr.Parser, args, raw)
	switch {
	case pr.Passthrough:
		env.Stdout.Parsed = pr.Value
		env.Stdout.Parser = "json"
	case binary:
		e.parseFailure(env, &Failure{Kind: KindParse, Reason: ReasonBinaryOutput,
			Message: "The output is binary (more than half of its bytes are control characters): not parsed; stdout.raw_base64 holds its bytes"})
	case pr.Parser == nil:
		e.parseFailure(env, &Failure{Kind: KindParse, Reason: ReasonParserNotFound,
			Message: fmt.Sprintf("No parser for '%s' with these arguments; stdout.raw holds the output", cmd)})
	case pr.Err != nil:
		env.Stdout.Parser = pr.Parser.ID
		env.Stdout.ParseError = pr.Err
		e.parseFailure(env, &Failure{Kind: KindParse, Reason: string(pr.Err.Reason), Message: pr.Err.Message, Hint: pr.Err.Hint})
	default:
		env.Stdout.Parser = pr.Parser.ID
		env.Stdout.Parsed = pr.Value
	}
	if n := len(pr.UnreadLines); n > 0 {
		env.Omission = append(env.Omission, Omission{Stage: "parse", RowsOmitted: n, Lines: pr.UnreadLines, Reason: "unreadable_line"})
	}
	if pr.RowsOmitted > 0 {
		env.Omission = append(env.Omission, Omission{Stage: "parse", RowsOmitted: pr.RowsOmitted, Reason: "max_items"})
	}
	t = time.Now()
	out := outcome{parse: pr, raw: raw}
	out.shaped = e.shape(env, sh, pr.Parser)
	if env.Telemetry != nil {
		env.Telemetry.ShapeMs = ms(time.Since(t))
	}
	return out
}

// unaccountedRows applies the accounting rule to a table parser's answer
// (catalog.Parser.Table): data lines and no row at all, or fewer rows than
// data lines without an omission (unread lines, rows omitted at MaxItems)
// for the rest, is a silent loss (a localized or foreign form the parser
// did not read), so it is answered unrecognized_output instead.
func unaccountedRows(pr catalog.Result, raw string) *catalog.ParseError {
	p := pr.Parser
	if p == nil || pr.Err != nil || pr.Passthrough || pr.Value == nil {
		return nil
	}
	data, ok := p.DataLines(raw)
	if !ok {
		return nil
	}
	rows, ok := typedRows(pr.Value, p.RowsKey)
	switch {
	case !ok || data == 0:
		return nil
	case rows == 0 && pr.RowsOmitted == 0:
		// Every data line unread: not an empty answer, an unknown form.
		return catalog.Unrecognized("the output has %d data lines and the %s parser read no row from them: "+
			"it is not in a form the parser reads; stdout.raw holds the output. If it is localized, rerun under LC_ALL=C",
			data, p.ID)
	case rows+len(pr.UnreadLines)+pr.RowsOmitted+pr.JoinedLines >= data:
		return nil
	}
	return catalog.Unrecognized("the output has %d data lines but the %s parser read %d rows from them (%d unread, %d omitted): "+
		"rows would be lost, so none are answered; stdout.raw holds the output. If it is localized, rerun under LC_ALL=C",
		data, p.ID, rows, len(pr.UnreadLines), pr.RowsOmitted)
}

// parseBound is the catalog MaxItems of a run: 0 (every row) for a parser
// with an array of rows, which the engine pages at guard.max_items; the
// bound itself for the others, whose rows cannot be paged.
func (e *Engine) parseBound(call catalog.Call) int {
	if p := call.Parser; p != nil && p.RowsKey != "" {
		return 0
	}
	return e.cfg.Guard.MaxItems
}

func rowsKey(p *catalog.Parser) string {
	if p == nil {
		return ""
	}
	return p.RowsKey
}

// answerExit turns exec/non_zero_exit into ok when the parser declares the
// exit status an answer of its command (catalog.Parser.ExitAnswers): the
// exit code stays, exit_answer says what it means, and a parse problem is
// then reported as at status 0. Other statuses stay failures.
func (e *Engine) answerExit(env *Envelope, p *catalog.Parser, args []string, stdout string) {
	f := env.Failure
	if p == nil || f == nil || f.Kind != KindExec || f.Reason != ReasonNonZeroExit || env.ExitCode == nil {
		return
	}
	a, ok := p.ExitAnswer(args, *env.ExitCode, e.os, stdout)
	if !ok {
		return
	}
	env.OK, env.Failure, env.ExitAnswer = true, nil, a.Means
}

// outcome is what parsing and shaping left for the stages after them
// (budget, result store, review).
type outcome struct {
	parse  catalog.Result
	raw    string // the redacted text the parser read
	shaped shaped
	masked bool // redaction changed the output
}

// parseFailure records a parse problem unless a more important failure
// (guard, exec) is already there: parse failures are informational.
func (e *Engine) parseFailure(env *Envelope, f *Failure) {
	if env.Failure == nil {
		env.Failure = f
	}
}

func checkFormat(f string) *Failure {
	switch f {
	case "", FormatJSON, FormatCompact, FormatJSONNoRaw:
		return nil
	}
	return &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument,
		Message: fmt.Sprintf("format %q is not one of json, compact, json-no-raw", f)}
}

func (e *Engine) redactText(s string) string {
	if e.redact == nil {
		return s
	}
	return config.Redact(s, e.redact)
}

func cut(c executor.Capture) *Cut {
	if !c.Truncated {
		return nil
	}
	return &Cut{TotalBytes: c.TotalBytes, KeptBytes: c.KeptBytes, DroppedBytes: c.DroppedBytes, OmittedAt: c.OmittedAt}
}

func exitMessage(code int, signal string, stderr string) string {
	msg := strings.TrimSpace(stderr)
	if len(msg) > 2000 {
		msg = msg[len(msg)-2000:]
		for !utf8.ValidString(msg) && len(msg) > 0 {
			msg = msg[1:]
		}
	}
	head := fmt.Sprintf("Command exited with status %d", code)
	if code < 0 && signal != "" {
		head = "Command was terminated by signal " + signal
	}
	if msg == "" {
		return head
	}
	return head + ": " + msg
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// resolveCwd makes a request's cwd absolute against the engine's workdir.
func (e *Engine) resolveCwd(cwd string) string {
	if cwd == "" {
		return e.workdir
	}
	if !filepath.IsAbs(cwd) {
		return filepath.Join(e.workdir, cwd)
	}
	return filepath.Clean(cwd)
}
