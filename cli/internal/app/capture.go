package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/pack"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
)

const captureAbout = `Run a command through the guard and the executor (no shell), exactly as
'parism run' does, and save what it printed as a fixture for 'parism test':
raw stdout, stderr, exit code, masked args, OS, and - when a parser read the
output - its result as an unreviewed proposal (expected.parsed without
reviewed_by).

Before anything is written, secrets are masked with the server's output
patterns (guard.secrets.output_patterns plus the built-in ones), the home
directory becomes "~", and values of flags named like secrets (--token=x,
--password x: names containing token, secret, password, passwd, credential,
key or auth) become [REDACTED]. Every masking is listed in "redactions".

The command is one quoted string split with shell quoting rules (no
expansion, no pipes) or the program and its arguments as separate words:
  parism capture "ls -l src"
  parism capture -- git log --oneline -5

Saved to $PARISM_HOME/fixtures (default ~/.parism/fixtures) as
<cmd>-YYYYMMDD-HHMMSS.json, or to --out. Exit 0 when saved (even if the
command exited non-zero: the fixture records it), 1 when the guard refused
the command or it did not run to completion, 2 on bad usage.`

func (c *cli) capture(args []string) int {
	fs := c.flags("capture", `[--out FILE] [--cwd DIR] [--config FILE] "CMD ARGS" | -- CMD [ARGS...]`, captureAbout)
	cm := c.commonFlags(fs)
	out := fs.String("out", "", "write the fixture to this `file` (must not exist) instead of the fixtures folder")
	if code, done := c.parseFlags(fs, args); done {
		return code
	}
	cmd, cargs, code := c.commandWords(fs)
	if code != exitOK {
		return code
	}
	cfg, err := config.Load(config.LoadOptions{ConfigPath: *cm.config})
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: configuration: %v\n", err)
		return exitConfig
	}
	patterns, err := captureSecretPatterns(cfg)
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: configuration: guard.secrets.output_patterns: %v\n", err)
		return exitConfig
	}
	// The engine must hand over the output unmasked: capture masks it
	// itself so that it can count and record every masking.
	cfg.Guard.Secrets.OutputRedactionEnabled = false
	e, err := engine.New(cfg)
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: configuration: %v\n", err)
		return exitConfig
	}
	path := *out
	if path == "" {
		dir, err := fixturesDir()
		if err != nil {
			fmt.Fprintf(c.stderr, "parism: capture: %v\n", err)
			return exitIOError
		}
		path = fixturePath(dir, cmd, time.Now())
	} else if _, err := os.Lstat(path); err == nil {
		fmt.Fprintf(c.stderr, "parism: capture: %s already exists; a fixture is never overwritten (it may hold a review)\n", path)
		return exitFailed
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	env := e.Run(ctx, engine.Request{Cmd: cmd, Args: cargs, Cwd: *cm.cwd, Format: engine.FormatJSON})
	if msg := captureRefusal(env); msg != "" {
		fmt.Fprintf(c.stderr, "parism: capture: %s\n", msg)
		return exitFailed
	}

	fx, parseNote := buildFixture(e, env, cmd, cargs, patterns, homeDirs(), time.Now())
	if err := fx.Save(path); err != nil {
		fmt.Fprintf(c.stderr, "parism: capture: saving the fixture: %v\n", err)
		return exitIOError
	}
	if env.ExitCode != nil && *env.ExitCode != 0 {
		fmt.Fprintf(c.stderr, "note: %s exited with status %d; the fixture records it\n", cmd, *env.ExitCode)
	}
	if parseNote != "" {
		fmt.Fprintf(c.stderr, "note: %s\n", parseNote)
	}
	for _, r := range fx.Redactions {
		fmt.Fprintf(c.stderr, "masked: %s in %s (%d) %s\n", r.Kind, r.Where, r.Count, r.Note)
	}
	fmt.Fprintf(c.stdout, "Fixture saved: %s\n", tildePath(path))
	return exitOK
}

// commandWords reads the command of capture and inspect from what is left
// after the flags: one string is split with shell quoting rules, several
// words are taken as they are.
func (c *cli) commandWords(fs interface {
	Args() []string
	Name() string
}) (string, []string, int) {
	rest := fs.Args()
	if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	}
	switch len(rest) {
	case 0:
		return "", nil, c.usageError(`%s: missing command (usage: parism %s "CMD ARGS" or parism %s -- CMD ARGS...)`, fs.Name(), fs.Name(), fs.Name())
	case 1:
		words, err := splitCommandLine(rest[0])
		if err != nil {
			return "", nil, c.usageError("%s: %v", fs.Name(), err)
		}
		return words[0], words[1:], exitOK
	}
	return rest[0], rest[1:], exitOK
}

// captureRefusal explains why env cannot become a fixture, or returns "".
func captureRefusal(env *engine.Envelope) string {
	f := env.Failure
	switch {
	case f != nil && f.Kind == engine.KindGuard:
		return fmt.Sprintf("the guard refused %s (%s): %s; nothing ran", commandLine(env.Cmd, engine.MaskArgs(env.Args)), f.Reason, f.Message)
	case f != nil && f.Kind == engine.KindConfig:
		return fmt.Sprintf("%s: %s", f.Reason, f.Message)
	case env.ExitCode == nil:
		// Spawn failure, timeout, cancellation, killed by a signal: the
		// output is not what the command prints when it works.
		msg := "the command did not run to completion"
		if f != nil {
			msg = fmt.Sprintf("%s did not run to completion (%s): %s", env.Cmd, f.Reason, f.Message)
		}
		return msg + "; nothing saved"
	case env.Truncated:
		return fmt.Sprintf("the output of %s exceeds guard.max_output_bytes and was cut; a fixture must hold the whole output: narrow the command or raise the limit. Nothing saved", env.Cmd)
	}
	return ""
}

// buildFixture turns a run into a fixture, masking secrets and the home
// directory, and proposes the parser's result read from the masked text
// (the very text `parism test` will replay). parseNote says why there is
// no proposal, if there is none.
func buildFixture(e *engine.Engine, env *engine.Envelope, cmd string, args []string, patterns []*regexp.Regexp, homes []string, now time.Time) (*pack.Fixture, string) {
	m := &masker{patterns: patterns, homes: homes}
	raw := ""
	if env.Stdout.Raw != nil {
		raw = *env.Stdout.Raw
	}
	fx := &pack.Fixture{
		FixtureVersion: pack.FixtureVersion,
		Command:        cmd,
		Args:           m.args(args),
		OS:             string(catalog.HostOS()),
		Cwd:            m.text("cwd", env.Cwd, false),
		CapturedAt:     now.UTC().Truncate(time.Second),
		ExitCode:       *env.ExitCode,
		Raw:            m.text("stdout", raw, true),
		Stderr:         m.text("stderr", env.Stderr, true),
	}
	fx.Redactions = m.done

	pe := e.Parse(engine.ParseRequest{Cmd: cmd, Args: fx.Args, Raw: fx.Raw, Format: engine.FormatJSON})
	id := pe.Stdout.Parser
	if id == "" {
		return fx, "no parser matched; the fixture has no proposal (write one with init-parser)"
	}
	fx.Parser = &pack.ParserRef{ID: id, Version: parserVersion(e.Registry(), id)}
	if pe.Stdout.Parsed == nil {
		why := "no result"
		if pe.Failure != nil {
			why = pe.Failure.Reason + ": " + pe.Failure.Message
		}
		return fx, fmt.Sprintf("parser %s did not read the output (%s); the fixture has no proposal", id, why)
	}
	b, err := engine.Marshal(pe.Stdout.Parsed)
	if err != nil {
		return fx, fmt.Sprintf("parser %s: encoding its result: %v", id, err)
	}
	fx.Expected = &pack.Expected{
		Parsed: b,
		Note: fmt.Sprintf("proposal: what parser %s read at capture time; check every value against raw, then set reviewed_by to make it a contract",
			id),
	}
	return fx, ""
}

func parserVersion(r *catalog.Registry, id string) string {
	for _, p := range r.Parsers() {
		if p.ID == id {
			return p.Version
		}
	}
	return ""
}

// captureSecretPatterns are the configured output patterns plus the
// built-in ones: a fixture is meant to be shared, so turning redaction off
// for the server (or listing only custom patterns) must not leak a
// well-known token into one.
func captureSecretPatterns(cfg config.Config) ([]*regexp.Regexp, error) {
	list := slices.Clone(cfg.Guard.Secrets.OutputPatterns)
	for _, p := range config.DefaultOutputPatterns() {
		if !slices.Contains(list, p) {
			list = append(list, p)
		}
	}
	return config.CompileOutputPatterns(list)
}

// masker masks one capture and records each masking.
type masker struct {
	patterns []*regexp.Regexp
	homes    []string // longest first
	done     []pack.Redaction
	// argSecrets are the flag values args masked, by argument index: a
	// program may print them back (echo, a verbose curl), and the
	// output must not keep what the args hid.
	argSecrets []argSecret
}

type argSecret struct {
	index int
	value string
}

func (m *masker) note(kind, where string, n int, note string) {
	if n > 0 {
		m.done = append(m.done, pack.Redaction{Kind: kind, Where: where, Count: n, Note: note})
	}
}

// text masks secrets (when secrets is set) then the home directory in s.
func (m *masker) text(where, s string, secrets bool) string {
	if secrets {
		for _, re := range m.patterns {
			n := len(re.FindAllStringIndex(s, -1))
			if n == 0 {
				continue
			}
			s = config.Redact(s, []*regexp.Regexp{re})
			m.note(pack.RedactSecret, where, n, secretLabel(re.String()))
		}
		// After the patterns, which must see whole tokens: a flag value
		// that happens to be part of one would otherwise break it up.
		for _, sec := range m.argSecrets {
			var n int
			if s, n = replaceOutsideMasks(s, sec.value); n > 0 {
				m.note(pack.RedactArgValue, where, n, fmt.Sprintf("the value masked in args[%d], repeated here", sec.index))
			}
		}
	}
	for _, h := range m.homes {
		var n int
		s, n = replaceHome(s, h)
		m.note(pack.RedactHome, where, n, homeNote)
	}
	return s
}

// args masks each argument with the rules the server uses for argv it
// stores (engine.MaskArgs), telling a flag value masked for its flag's
// name from a token found by an output pattern, then the home directory.
func (m *masker) args(args []string) []string {
	masked := engine.MaskArgs(args)
	out := make([]string, len(args))
	for i, a := range args {
		where := fmt.Sprintf("args[%d]", i)
		s := masked[i]
		if s != a {
			if byPattern := config.Redact(a, m.patterns); byPattern == s {
				m.note(pack.RedactSecret, where, 1, "token matched by an output pattern")
			} else {
				m.note(pack.RedactArgValue, where, 1, "value of a flag named like a secret")
				if v := maskedValue(a, s); len(v) >= minEchoedSecret {
					m.argSecrets = append(m.argSecrets, argSecret{i, v})
				}
			}
		} else {
			// Patterns MaskArgs does not know (configured ones).
			for _, re := range m.patterns {
				if n := len(re.FindAllStringIndex(s, -1)); n > 0 {
					s = config.Redact(s, []*regexp.Regexp{re})
					m.note(pack.RedactSecret, where, n, secretLabel(re.String()))
				}
			}
		}
		for _, h := range m.homes {
			var n int
			s, n = replaceHome(s, h)
			m.note(pack.RedactHome, where, n, homeNote)
		}
		out[i] = s
	}
	return out
}

// replaceOutsideMasks masks every value in s except inside masks already
// there, so that a value such as "ACT" does not rewrite "[REDACTED]".
func replaceOutsideMasks(s, value string) (string, int) {
	parts := strings.Split(s, config.RedactionMask)
	n := 0
	for i, p := range parts {
		n += strings.Count(p, value)
		parts[i] = strings.ReplaceAll(p, value, config.RedactionMask)
	}
	return strings.Join(parts, config.RedactionMask), n
}

// minEchoedSecret is the shortest masked flag value also masked where
// the output repeats it: a one- or two-letter value would blank out
// unrelated text all over the output.
const minEchoedSecret = 3

// maskedValue returns the secret that masking turned arg into masked:
// the whole argument, or the value after NAME=.
func maskedValue(arg, masked string) string {
	if masked == config.RedactionMask {
		return arg
	}
	if name, v, ok := strings.Cut(arg, "="); ok && masked == name+"="+config.RedactionMask {
		return v
	}
	return ""
}

// secretLabels name the built-in output patterns for the redaction notes;
// a configured pattern is named by its own text.
var secretLabels = func() map[string]string {
	names := []string{"OpenAI key (sk-)", "GitHub token (ghp_ gho_ ghu_ ghs_ ghr_)", "GitHub fine-grained token (github_pat_)",
		"GitLab token (glpat-)", "AWS access key id (AKIA ASIA)", "Slack token (xox?-)", "Bearer token", "PEM private key", "JWT"}
	m := map[string]string{}
	for i, p := range config.DefaultOutputPatterns() {
		if i < len(names) {
			m[p] = names[i]
		}
	}
	return m
}()

func secretLabel(pattern string) string {
	if l, ok := secretLabels[pattern]; ok {
		return l
	}
	return "output pattern " + pattern
}

// homeDirs returns the home directory and, when it differs, its real path
// (a symlinked home shows up either way in output), longest first. A home
// of "/" or nothing masks nothing.
func homeDirs() []string {
	h, err := os.UserHomeDir()
	if err != nil {
		return nil
	}
	h = filepath.Clean(h)
	if h == "/" || h == "." || !filepath.IsAbs(h) {
		return nil
	}
	out := []string{h}
	if real, err := filepath.EvalSymlinks(h); err == nil && real != h && real != "/" {
		out = append(out, real)
	}
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// homeNote does not name the directory: that would undo the masking.
const homeNote = `home directory -> "~"`

// replaceHome replaces home by "~" where it is a whole path prefix:
// /home/al/x and /home/al become ~/x and ~, /home/alice and /x/home/al stay.
func replaceHome(s, home string) (string, int) {
	var b strings.Builder
	n, last := 0, 0
	for i := 0; ; {
		j := strings.Index(s[i:], home)
		if j < 0 {
			break
		}
		j += i
		end := j + len(home)
		if (j == 0 || !pathNameByte(s[j-1])) && (end == len(s) || !pathNameByte(s[end])) {
			b.WriteString(s[last:j])
			b.WriteString("~")
			last, n = end, n+1
		}
		i = end
	}
	if n == 0 {
		return s, 0
	}
	b.WriteString(s[last:])
	return b.String(), n
}

func pathNameByte(c byte) bool {
	return c == '.' || c == '_' || c == '-' ||
		'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

// fixturesDir is $PARISM_HOME/fixtures, or ~/.parism/fixtures.
func fixturesDir() (string, error) {
	if h := os.Getenv("PARISM_HOME"); h != "" {
		return filepath.Join(h, "fixtures"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no home directory for ~/.parism/fixtures (set PARISM_HOME or use --out): %w", err)
	}
	return filepath.Join(home, config.GlobalDirName, "fixtures"), nil
}

var unsafeNameChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// fixturePath is dir/<cmd>-YYYYMMDD-HHMMSS.json, with -2, -3... added when
// a capture in the same second already took the name.
func fixturePath(dir, cmd string, now time.Time) string {
	name := unsafeNameChars.ReplaceAllString(filepath.Base(cmd), "_")
	base := filepath.Join(dir, name+"-"+now.Format("20060102-150405"))
	p := base + ".json"
	for i := 2; ; i++ {
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			return p
		}
		p = fmt.Sprintf("%s-%d.json", base, i)
	}
}

// tildePath shows a path under the home directory as ~/..., as the
// fixtures themselves do.
func tildePath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		for _, h := range homeDirs() {
			if s, n := replaceHome(abs, h); n > 0 && strings.HasPrefix(s, "~") {
				return s
			}
		}
	}
	return p
}

// commandLine shows a command for messages, quoting words that need it.
func commandLine(cmd string, args []string) string {
	var b strings.Builder
	for i, w := range append([]string{cmd}, args...) {
		if i > 0 {
			b.WriteByte(' ')
		}
		if w == "" || strings.ContainsAny(w, " \t\n'\"\\$`|&;<>()*?[]{}~#") {
			b.WriteString("'" + strings.ReplaceAll(w, "'", `'\''`) + "'")
		} else {
			b.WriteString(w)
		}
	}
	return b.String()
}
