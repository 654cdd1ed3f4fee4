package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"
)

// Registry holds parsers by command. It is safe for concurrent use; Register
// may be called while others Parse.
type Registry struct {
	mu    sync.RWMutex
	byKey map[string][]*Parser
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{byKey: map[string][]*Parser{}} }

// Register adds p, replacing a parser with the same ID.
func (r *Registry) Register(p *Parser) error {
	if err := p.validate(); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.removeLocked(p.ID)
	k := p.Key()
	r.byKey[k] = append(r.byKey[k], p)
	return nil
}

// Unregister removes the parser with this ID, reporting whether it existed.
func (r *Registry) Unregister(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.removeLocked(id)
}

func (r *Registry) removeLocked(id string) bool {
	for k, ps := range r.byKey {
		if i := slices.IndexFunc(ps, func(p *Parser) bool { return p.ID == id }); i >= 0 {
			r.byKey[k] = slices.Delete(ps, i, i+1)
			if len(r.byKey[k]) == 0 {
				delete(r.byKey, k)
			}
			return true
		}
	}
	return false
}

// Parsers lists every parser, sorted by ID.
func (r *Registry) Parsers() []*Parser {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []*Parser
	for _, ps := range r.byKey {
		out = append(out, ps...)
	}
	slices.SortFunc(out, func(a, b *Parser) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// ForCommand lists the parsers registered under a program name, any
// subcommand, sorted by ID.
func (r *Registry) ForCommand(cmd string) []*Parser {
	var out []*Parser
	for _, p := range r.Parsers() {
		if p.Command == cmd {
			out = append(out, p)
		}
	}
	return out
}

// Lookup finds the parser for a command line on an OS, without judging the
// arguments. It also returns the arguments the parser's flags apply to (the
// subcommand token removed).
func (r *Registry) Lookup(cmd string, args []string, os OS) (*Parser, []string) {
	if os == "" {
		os = HostOS()
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	rest := args
	cands := r.byKey[cmd]
	if sub, i := Subcommand(cmd, args); sub != "" {
		if ps := r.byKey[cmd+" "+sub]; len(ps) > 0 {
			cands = ps
			rest = slices.Concat(args[:i], args[i+1:])
		}
	}
	var any *Parser
	for _, p := range cands {
		if len(p.OS) > 0 && p.ForOS(os) {
			return p, rest
		}
		if len(p.OS) == 0 && any == nil {
			any = p
		}
	}
	if any == nil && len(cands) > 0 {
		// No variant for this OS: the first one still beats nothing, and the
		// parser checks the shape of what it reads.
		any = cands[0]
	}
	return any, rest
}

// globalValueFlags are the options of multi-tool programs that take a value
// and may stand before the subcommand, so the subcommand is found after them.
var globalValueFlags = map[string][]string{
	"git":       valueFlags(GitGlobals),
	"kubectl":   {"-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user", "-s", "--server", "--token", "--as", "-l", "--selector", "-o", "--output"},
	"docker":    {"-H", "--host", "--context", "-c", "--config", "-l", "--log-level"},
	"helm":      {"-n", "--namespace", "--kube-context", "--kubeconfig"},
	"gh":        {"-R", "--repo"},
	"systemctl": {"-t", "--type", "--state", "-H", "--host", "-M", "--machine"},
	"npm":       {"--prefix", "-w", "--workspace"},
	"apt":       {"-o", "-c"},
	"cargo":     {"--manifest-path", "-Z", "--color", "--config"},
	"terraform": {"-chdir"},
}

// Subcommand returns the first positional argument of a multi-tool program
// and its index, skipping global options and their values.
func Subcommand(cmd string, args []string) (string, int) {
	// A program without known global options (a parser pack's command)
	// has its first positional argument as the subcommand candidate.
	vf := globalValueFlags[cmd]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return "", -1
		}
		if strings.HasPrefix(a, "-") {
			if !strings.Contains(a, "=") && slices.Contains(vf, a) {
				i++
			}
			continue
		}
		return a, i
	}
	return "", -1
}

// Input is one command's output to parse.
type Input struct {
	Cmd  string
	Args []string
	Raw  string
	// OS of the output; empty means the host's.
	OS OS
	// Spans asks the parser to record where each value came from, returned
	// in Result.Spans and Result.Evidence.
	Spans bool
	// Evidence asks for the same record in Result.Evidence only: compact,
	// with Spans built when read, which costs far less on large outputs.
	Evidence bool
	// MaxItems bounds rows (0: none); dropped rows are counted in Result.
	MaxItems int
	// Now anchors incomplete dates; zero means time.Now(). Location is their
	// zone; nil means time.Local.
	Now      time.Time
	Location *time.Location
}

// Result is what parsing produced. Value is nil when no parser applied and
// the output was not JSON, or when Err is set.
type Result struct {
	Parser      *Parser
	Value       any
	Passthrough bool // Value is the output itself, decoded as JSON
	Err         *ParseError
	Spans       []Span   // when Input.Spans
	Evidence    *SpanSet // when Input.Spans or Input.Evidence
	UnreadLines []int    // 1-based numbers of data lines that could not be read
	RowsOmitted int      // rows dropped at MaxItems
	JoinedLines int      // data lines read as the rest of the row before (a name holding a newline)
	Warnings    []string
}

// Found reports whether anything structured came out or a parser tried.
func (r Result) Found() bool { return r.Parser != nil || r.Passthrough }

// Call is a command line matched to its parser, its arguments read once
// (Parser.ReadArgs). A caller that asks about a call before it has the
// output (which stream the parser reads, whether its rows page) keeps one
// Call and parses with it, so that the argv is read once and the same
// parser answers every question.
type Call struct {
	Cmd    string
	OS     OS      // the OS asked for, or the host's
	Parser *Parser // nil: no parser is for this command line
	Args   Args    // as Parser reads them; Args.List is the argv as given
}

// Prepare matches a command line to its parser (Lookup) and reads its
// arguments, without judging them: Call.Parse does.
func (r *Registry) Prepare(cmd string, args []string, os OS) Call {
	if os == "" {
		os = HostOS()
	}
	c := Call{Cmd: cmd, OS: os, Args: Args{List: args}}
	if c.Parser, _ = r.Lookup(cmd, args, os); c.Parser != nil {
		c.Args = c.Parser.ReadArgs(args)
	}
	return c
}

// Stream is the stream the call's parser reads (StreamStdout without one).
func (c Call) Stream() Stream {
	if c.Parser == nil {
		return StreamStdout
	}
	return c.Parser.ReadsStream(c.Args)
}

// Parse picks a parser for in and runs it. A parser's panic becomes a
// parser_exception; it never reaches the caller.
func (r *Registry) Parse(in Input) Result {
	return r.Prepare(in.Cmd, in.Args, in.OS).Parse(in)
}

// Parse runs the call's parser on in (in.Cmd, in.Args and in.OS are the
// call's own, whatever in says), as Registry.Parse does.
func (c Call) Parse(in Input) Result {
	in.Cmd, in.Args, in.OS = c.Cmd, c.Args.List, c.OS
	if p, a := c.Parser, c.Args; p != nil {
		if perr := p.CheckArgs(a, c.OS); perr != nil {
			if res, ok := passthroughResult(in.Raw); ok {
				return res
			}
			if perr.badFlag != "" {
				perr.Hint.Args = completeHint(in.Args, a.SubIndex, perr.badFlag, perr.Hint.Args)
			}
			return Result{Parser: p, Err: perr}
		}
		return run(p, in, c.OS, a)
	}
	if res, ok := passthroughResult(in.Raw); ok {
		return res
	}
	return Result{}
}

func run(p *Parser, in Input, os OS, a Args) (res Result) {
	c := &Context{Raw: in.Raw, Args: a, OS: os, Now: in.Now, Location: in.Location, MaxItems: in.MaxItems, recording: in.Spans || in.Evidence}
	if c.Now.IsZero() {
		c.Now = time.Now()
	}
	if c.Location == nil {
		c.Location = time.Local
	}
	res.Parser = p
	defer func() {
		if v := recover(); v != nil {
			res = Result{Parser: p, Err: &ParseError{
				Reason:  ReasonParserException,
				Message: fmt.Sprintf("parser %s panicked: %v\n%s", p.ID, v, firstFrames(debug.Stack())),
			}}
		}
	}()
	v, err := p.Parse(c)
	if err != nil {
		pe, ok := err.(*ParseError)
		if !ok {
			pe = &ParseError{Reason: ReasonParserException, Message: err.Error()}
		}
		res.Err = pe
		return res
	}
	res.Value = v
	res.Evidence = c.SpanSet()
	if in.Spans {
		res.Spans = res.Evidence.Slice()
	}
	res.RowsOmitted = c.omitted
	res.JoinedLines = c.joined
	res.Warnings = c.warnings
	if len(c.unread) > 0 {
		res.UnreadLines = LineNumbers(in.Raw, c.unread)
	}
	return res
}

// firstFrames keeps the panic site and drops the runtime's frames.
func firstFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	if len(lines) > 12 {
		lines = lines[:12]
	}
	return strings.Join(lines, "\n")
}

// passthrough keeps output that is itself one JSON object or array as
// json.RawMessage, compacted: key order and every number stay exactly as
// the program wrote them, and nothing is decoded until someone needs to.
func passthrough(raw string) (any, bool) {
	t := strings.TrimSpace(raw)
	if t == "" || (t[0] != '{' && t[0] != '[') || !json.Valid([]byte(t)) {
		return nil, false
	}
	var b bytes.Buffer
	b.Grow(len(t))
	if err := json.Compact(&b, []byte(t)); err != nil {
		return nil, false
	}
	return json.RawMessage(b.Bytes()), true
}
