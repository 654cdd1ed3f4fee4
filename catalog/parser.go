package catalog

import (
	"fmt"
	"slices"
	"strings"
)

// FlagKind says how a program reads one of its flags.
type FlagKind uint8

const (
	// Bool flags take no value and may be combined ("-la").
	Bool FlagKind = iota
	// Value flags take a value: attached ("-n5", "--lines=5") or as the next argument.
	Value
	// Optional flags take a value only when it is attached ("--color=auto",
	// git's "-uno"); the next argument is never theirs.
	Optional
	// OptionalSeparate flags take a value attached, or the next argument
	// when it is one: when the parser's ValueShapes has the flag, an
	// argument of that shape (journalctl -b [ID][±offset]|all takes "-1");
	// otherwise an argument that is not an option (lsof -i [addr]: one
	// that does not start with "-"; a Windows switch's: with "/").
	OptionalSeparate
)

// Flags maps each flag a parser was verified for ("-l", "--all") to its
// kind. The key "-#" admits numeric short flags such as head's "-20".
// With PlusOptions the keys may be "+name" (dig's "+short"), with Slash
// "/name", lower-case (tasklist's "/fo").
type Flags map[string]FlagKind

// Stream names the output stream of a command a parser reads.
type Stream string

// The streams. A compiler writes its diagnostics to stderr; go test and
// cargo test write their test results to stdout and the build's errors
// to stderr, so their parsers read both, merged in the order written.
const (
	StreamStdout Stream = "stdout"
	StreamStderr Stream = "stderr"
	StreamBoth   Stream = "both"
)

// Parser reads the output of one command (or one subcommand of a
// multi-tool program such as git) on one or more OSes.
type Parser struct {
	// ID is stable across versions: "ls", "git-status", "ps".
	ID string
	// Command is the program name the parser is registered under.
	Command string
	// Subcommand, for multi-tool programs, is the first positional argument
	// the parser reads ("status" for git status); empty otherwise.
	Subcommand string
	// Version of the parser's output contract.
	Version string
	// OS lists the userlands this parser reads; nil means all.
	OS []OS
	// Format says in one line which output form is read, for describe.
	Format string
	// Flags are the flags the parser was verified for; any other flag makes
	// the output unsupported_format rather than a guess.
	Flags Flags
	// MaxPositionals bounds positional arguments (after the subcommand);
	// negative means any number.
	MaxPositionals int
	// Alternatives suggests, per unsupported flag, arguments that yield the
	// same information in a form the parser reads (the hint).
	Alternatives map[string][]string
	// Check, when set, refuses further argument combinations. It receives
	// the arguments as ReadArgs read them (a.Rest() excludes the
	// subcommand token).
	Check func(a Args, os OS) *ParseError
	// Result is a zero value of the output type (OneOf{A{}, B{}} when the
	// arguments choose between types): Schema is generated from it.
	Result any
	// RowsKey names the top-level array of rows, if any ("entries").
	RowsKey string
	// KeyFields identify a row for comparison; empty means rows have no
	// stable identity.
	KeyFields []string
	// Examples are argument lists the parser reads, for describe.
	Examples [][]string
	// ExitAnswers lists the non-zero exit statuses of the command that are
	// an answer (no line matched, a name not found, differences found)
	// rather than a failure: the engine then answers ok with the parsed
	// (possibly empty) result and the real exit code. Any other non-zero
	// status stays a failure.
	ExitAnswers []ExitAnswer
	// Table, when set, says that the output is a table of one row per data
	// line, so that rows can be accounted for (DataLines).
	Table *TableLines
	// Stream is the stream the command writes what the parser reads; ""
	// means StreamStdout. On a run the engine gives a parser of stderr or
	// both the two streams merged in the order written (one pipe for both,
	// as 2>&1); parse reads whatever is piped to it.
	Stream Stream
	// StreamOf, when set, chooses the stream by the call's arguments (the
	// subcommand token included): go test -json writes everything to
	// stdout. It returns "" where Stream applies.
	StreamOf func(a Args) Stream
	// GoFlags says that the program reads its options the Go flag way: one
	// dash for long names ("-json", "-run=X"), never a bundle of letters.
	GoFlags bool
	// ShortEquals says that the program reads "-n=x" as -n with the value
	// "x", not "=x" (cobra/pflag: kubectl, docker, helm, gh), as the
	// guard's policies of the same name do.
	ShortEquals bool
	// PlusOptions says that "+name" and "+name=value" arguments are
	// options (dig's "+short", "+time=2"), as the guard's policies of the
	// same name: Flags declares them as "+name", Optional when they take a
	// value.
	PlusOptions bool
	// Slash says that the program reads Windows switches: "/name",
	// several written together ("/b/s"), case-insensitively; Flags declares
	// them lower-case ("/fo"). A Value switch takes the next argument
	// ("/fo csv"), an Optional one the rest of its own ("/a:d", "/ad",
	// "/o-d"; one ':' after the name is dropped), an OptionalSeparate one
	// the next argument when it does not start with "/" ("/p [password]").
	Slash bool
	// LeadingOptions says that the program reads options only before its
	// other arguments (find's -H -L -P -D -O before the starting points
	// and the expression): the first argument that is not a declared
	// option, and every one after it, are operands.
	LeadingOptions bool
	// ValueShapes gives, for OptionalSeparate flags, the shape the next
	// argument must have to be the flag's value.
	ValueShapes map[string]func(string) bool
	// ChecksUndeclared says that Check, not CheckArgs, refuses the flags
	// Flags does not declare (in the order given, with the parser's own
	// wording and hint: dig's "+trace" dropped, ipconfig's "/all").
	ChecksUndeclared bool
	// Parse reads c.Raw. It returns plain data (structs with json tags,
	// slices, strings, numbers) or an error; a *ParseError keeps its reason.
	Parse func(c *Context) (any, error)
}

// ExitAnswer is one exit status that answers rather than fails.
type ExitAnswer struct {
	Code int
	// Means says what the status answers ("no line was selected").
	Means string
	// With, when set, limits the rule to calls that give one of these
	// flags (git diff exits 1 for differences only with --exit-code).
	With []string
	// OS, when set, limits the rule to these userlands.
	OS []OS
	// WithOutput limits the rule to runs that wrote something on stdout
	// (ps prints its header when nothing was selected, nothing on an error
	// that exits with the same status).
	WithOutput bool
	// Source names the documentation the status was checked against.
	Source string
}

// ExitAnswer reports whether exit status code of a call with args (the
// subcommand token included or not) on os, which wrote stdout, is an
// answer, and which.
func (p *Parser) ExitAnswer(args []string, code int, os OS, stdout string) (ExitAnswer, bool) {
	for _, a := range p.ExitAnswers {
		if a.Code != code || (len(a.OS) > 0 && !slices.Contains(a.OS, os)) {
			continue
		}
		if a.WithOutput && strings.TrimSpace(stdout) == "" {
			continue
		}
		if len(a.With) > 0 && !slices.ContainsFunc(a.With, func(f string) bool { return HasFlag(args, f) }) {
			continue
		}
		return a, true
	}
	return ExitAnswer{}, false
}

// ReadsStream is the stream the parser reads for a call with arguments a
// (read by ReadArgs; Call.Stream is this for a prepared call).
func (p *Parser) ReadsStream(a Args) Stream {
	if p.StreamOf != nil {
		if s := p.StreamOf(a); s != "" {
			return s
		}
	}
	if p.Stream == "" {
		return StreamStdout
	}
	return p.Stream
}

// Key is the registry key: "git status" or "ls".
func (p *Parser) Key() string {
	if p.Subcommand == "" {
		return p.Command
	}
	return p.Command + " " + p.Subcommand
}

// ForOS reports whether the parser reads output of os.
func (p *Parser) ForOS(os OS) bool { return len(p.OS) == 0 || slices.Contains(p.OS, os) }

func (p *Parser) validate() error {
	switch {
	case p.ID == "":
		return fmt.Errorf("catalog: parser has no ID")
	case p.Command == "" || strings.ContainsAny(p.Command, " /\x00"):
		return fmt.Errorf("catalog: parser %s: bad command name %q", p.ID, p.Command)
	case p.Parse == nil:
		return fmt.Errorf("catalog: parser %s: no Parse function", p.ID)
	}
	switch p.Stream {
	case "", StreamStdout, StreamStderr, StreamBoth:
	default:
		return fmt.Errorf("catalog: parser %s: unknown stream %q", p.ID, p.Stream)
	}
	for _, a := range p.ExitAnswers {
		if a.Code <= 0 || a.Means == "" || a.Source == "" {
			return fmt.Errorf("catalog: parser %s: exit answer %d needs a positive code, a meaning and a source", p.ID, a.Code)
		}
	}
	for f := range p.Flags {
		switch {
		case p.PlusOptions && len(f) > 1 && f[0] == '+':
		case p.Slash && len(f) > 1 && f[0] == '/' && f == strings.ToLower(f):
		case !strings.HasPrefix(f, "-") || f == "-" || f == "--":
			return fmt.Errorf("catalog: parser %s: bad flag %q", p.ID, f)
		}
	}
	if p.ChecksUndeclared && p.Check == nil {
		return fmt.Errorf("catalog: parser %s: ChecksUndeclared without a Check", p.ID)
	}
	for f := range p.ValueShapes {
		if p.Flags[f] != OptionalSeparate {
			return fmt.Errorf("catalog: parser %s: value shape for %q, not an OptionalSeparate flag", p.ID, f)
		}
	}
	return nil
}

// CheckArgs applies the parser's declared argument range to a, read by
// ReadArgs: every flag declared, a flag without a value not given one
// ("--flag=value"), at most MaxPositionals operands, then Check.
func (p *Parser) CheckArgs(a Args, os OS) *ParseError {
	positionals := 0
	for _, it := range a.Items {
		if it.Flag == "" {
			positionals++
			continue
		}
		k, ok := p.Flags[it.Flag]
		if !ok {
			if p.ChecksUndeclared {
				continue // Check refuses it
			}
			return p.UnsupportedFlag(it.Flag)
		}
		if k == Bool && it.Attached && strings.HasPrefix(it.Flag, "--") && !p.GoFlags {
			return p.UnsupportedFlag(a.Rest()[it.Index]) // "--flag=value" for a flag without one
		}
	}
	if p.MaxPositionals >= 0 && positionals > p.MaxPositionals {
		return Unsupported(nil, "%s reads at most %d positional argument(s), got %d", p.Key(), p.MaxPositionals, positionals)
	}
	if p.Check != nil {
		return p.Check(a, os)
	}
	return nil
}

// goStyle reads Go flag options as double-dash ones: "-name" and "--name"
// are one option, "-name=v" its value; the flags are renamed the same way.
func goStyle(flags Flags, args []string) (Flags, []string) {
	f := make(Flags, len(flags))
	for k, v := range flags {
		f["-"+strings.TrimLeft(k, "-")] = v
		f["--"+strings.TrimLeft(k, "-")] = v
	}
	out := make([]string, len(args))
	for i, a := range args {
		if len(a) > 1 && a[0] == '-' && (len(a) < 3 || a[1] != '-') && a != "--" {
			a = "-" + a
		}
		out[i] = a
	}
	return f, out
}

func (p *Parser) UnsupportedFlag(flag string) *ParseError {
	alt, ok := p.Alternatives[flag]
	e := Unsupported(nil, "the %s parser is not verified for %s", p.Key(), flag)
	if ok {
		e.Hint = &Hint{Args: alt}
		e.badFlag = flag
	}
	return e
}

// completeHint turns replacement flags into the whole argument list an
// agent can pass instead of args: the refused flag removed (from a group of
// short flags, just its letter), the replacements added before the first
// positional that follows the subcommand (BSD programs stop reading options
// there).
func completeHint(args []string, subIndex int, bad string, repl []string) []string {
	short := len(bad) == 2 && bad[0] == '-' && bad[1] != '-'
	out := make([]string, 0, len(args)+len(repl))
	insert := -1
	ended := false
	for i, a := range args {
		isFlag := !ended && len(a) > 1 && a[0] == '-'
		switch {
		case a == "--" && !ended:
			ended = true
			if insert < 0 {
				insert = len(out)
			}
			out = append(out, a)
		case ended || !isFlag:
			if insert < 0 && i != subIndex && !isFlag {
				insert = len(out)
			}
			out = append(out, a)
		case a == bad || strings.HasPrefix(a, bad+"="):
			// dropped
		case short && a[1] != '-' && strings.IndexByte(a[1:], bad[1]) >= 0:
			if rest := strings.Replace(a, bad[1:], "", 1); rest != "-" {
				out = append(out, rest)
			}
		default:
			out = append(out, a)
		}
	}
	var add []string
	for _, r := range repl {
		if !HasFlag(out, r) {
			add = append(add, r)
		}
	}
	if insert < 0 {
		insert = len(out)
	}
	return slices.Concat(out[:insert], add, out[insert:])
}

// HasFlag reports whether flag is already given, alone or, for a short
// flag, inside a group.
func HasFlag(args []string, flag string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == flag {
			return true
		}
		if len(flag) == 2 && flag[0] == '-' && flag[1] != '-' && len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a[1:], flag[1]) >= 0 {
			return true
		}
	}
	return false
}
