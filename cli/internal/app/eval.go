package app

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/server/engine"
	"github.com/pelletier/go-toml/v2"
)

const evalAbout = `Check on this host, in three layers, that commands behave as expected:
  execution  ran (the process started and exited by itself, any status),
             blocked (the guard refused it) or failed (it could not start,
             timed out or was killed)
  parse      structured (a parser read it), no_parser, parse_failure
  task       the item's goal: strings present or absent in stdout, values at
             JSON pointers of the parsed output, a number of rows, files
             that must (not) exist, or nothing_found - a search for
             something absent succeeds only by finding nothing (no output,
             no rows, exit 0 or 1), never by failing
Each item runs through the guard and the executor exactly as 'parism run'
does, with this host's configuration, in a temporary project the eval
prepares (a git repository on branch main with a few files), so results do
not depend on where you run it. A layer an item states no expectation for is
left out of the counts.

Scenarios are TOML files (built in: parism eval --list; yours: --file).
Exit 0 when every result is as expected, 1 when any is not, 2 on bad usage.`

//go:embed eval/*.toml
var builtinScenarios embed.FS

// Execution and parse outcomes.
const (
	execRan     = "ran"
	execBlocked = "blocked"
	execFailed  = "failed"

	parseStructured = "structured"
	parseNoParser   = "no_parser"
	parseFailure    = "parse_failure"
	parseNotRun     = "not_run"
)

// scenario is one TOML file of eval items.
type scenario struct {
	Name  string     `toml:"name"`
	About string     `toml:"about"`
	Items []evalItem `toml:"item"`
	file  string
}

// evalItem is one command and what each layer should see. Empty
// expectations are not counted.
type evalItem struct {
	Name string   `toml:"name"`
	Cmd  string   `toml:"cmd"`
	Args []string `toml:"args"`
	// Cwd is relative to the eval's project ("" is its root).
	Cwd string `toml:"cwd"`

	Execution   string `toml:"execution"`
	ExitCode    *int   `toml:"exit_code"`
	GuardReason string `toml:"guard_reason"`
	Parse       string `toml:"parse"`
	ParseReason string `toml:"parse_reason"`
	Task        *task  `toml:"task"`
}

// task is an item's goal; every check given must hold for it to be met.
type task struct {
	Contains     []string       `toml:"contains"`
	Lacks        []string       `toml:"lacks"`
	Values       map[string]any `toml:"values"`
	MinRows      *int           `toml:"min_rows"`
	NothingFound bool           `toml:"nothing_found"`
	FilesExist   []string       `toml:"files_exist"`
	FilesAbsent  []string       `toml:"files_absent"`
	// Met is the expected verdict (default true): false states that the
	// goal must not be reached, e.g. a failing search is no miss.
	Met *bool `toml:"met"`
}

func (t *task) wantMet() bool { return t.Met == nil || *t.Met }

// loadScenario decodes and checks one scenario file strictly: a misspelt
// key would otherwise silently drop an expectation from the counts.
func loadScenario(name string, b []byte) (*scenario, error) {
	dec := toml.NewDecoder(bytes.NewReader(b)).DisallowUnknownFields()
	var s scenario
	if err := dec.Decode(&s); err != nil {
		// The first problem, with its position and key (a strict-mode
		// error wraps one DecodeError per unknown key).
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			msg := strings.TrimPrefix(de.Error(), "toml: ")
			if msg == "unknown field" {
				msg = "unknown key"
			}
			if k := de.Key(); len(k) > 0 {
				msg += " " + strings.Join(k, ".")
			}
			return nil, fmt.Errorf("%s:%d:%d: %s", name, row, col, msg)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	s.file = name
	bad := func(i int, format string, a ...any) error {
		return fmt.Errorf("%s: item %d (%q): %s", name, i+1, s.Items[i].Name, fmt.Sprintf(format, a...))
	}
	if s.Name == "" || strings.ContainsAny(s.Name, " /\t") {
		return nil, fmt.Errorf("%s: name must be one word, got %q", name, s.Name)
	}
	if len(s.Items) == 0 {
		return nil, fmt.Errorf("%s: no [[item]]", name)
	}
	for i, it := range s.Items {
		switch {
		case it.Name == "":
			return nil, bad(i, "name is required")
		case it.Cmd == "":
			return nil, bad(i, "cmd is required")
		case !slices.Contains([]string{"", execRan, execBlocked, execFailed}, it.Execution):
			return nil, bad(i, "execution must be ran, blocked or failed, got %q", it.Execution)
		case !slices.Contains([]string{"", parseStructured, parseNoParser, parseFailure}, it.Parse):
			return nil, bad(i, "parse must be structured, no_parser or parse_failure, got %q", it.Parse)
		case filepath.IsAbs(it.Cwd) || !filepath.IsLocal(filepath.Join(".", it.Cwd)):
			return nil, bad(i, "cwd must be a folder inside the eval's project, got %q", it.Cwd)
		}
		if t := it.Task; t != nil {
			for p := range t.Values {
				if !strings.HasPrefix(p, "/") {
					return nil, bad(i, "task.values: %q is not a JSON pointer (starts with /)", p)
				}
			}
			for _, f := range slices.Concat(t.FilesExist, t.FilesAbsent) {
				if !filepath.IsLocal(f) {
					return nil, bad(i, "task files must be inside the project, got %q", f)
				}
			}
		}
	}
	return &s, nil
}

func builtinScenarioList() ([]*scenario, error) {
	names, err := fs.Glob(builtinScenarios, "eval/*.toml")
	if err != nil {
		return nil, err
	}
	var out []*scenario
	for _, n := range names {
		b, err := builtinScenarios.ReadFile(n)
		if err != nil {
			return nil, err
		}
		s, err := loadScenario(n, b)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// layerResult is one layer's verdict on one item.
type layerResult struct {
	Expected string `json:"expected"`
	Actual   string `json:"actual"`
	OK       bool   `json:"ok"`
	Detail   string `json:"detail,omitempty"`
}

type itemResult struct {
	Scenario  string       `json:"scenario"`
	Name      string       `json:"name"`
	Cmd       string       `json:"cmd"`
	Args      []string     `json:"args"`
	Cwd       string       `json:"cwd"`
	Execution *layerResult `json:"execution,omitempty"`
	Parse     *layerResult `json:"parse,omitempty"`
	Task      *layerResult `json:"task,omitempty"`
	// Observed is what happened, whether or not a layer expected it.
	Observed observed `json:"observed"`
}

type observed struct {
	Execution string          `json:"execution"`
	ExitCode  *int            `json:"exit_code"`
	Parse     string          `json:"parse"`
	Parser    string          `json:"parser,omitempty"`
	Failure   *engine.Failure `json:"failure,omitempty"`
}

func (r *itemResult) ok() bool {
	for _, l := range []*layerResult{r.Execution, r.Parse, r.Task} {
		if l != nil && !l.OK {
			return false
		}
	}
	return true
}

type layerCount struct {
	Expected   int `json:"expected"`
	Unexpected int `json:"unexpected"`
}

type evalReport struct {
	OS     string                `json:"os"`
	Layers map[string]layerCount `json:"layers"`
	Items  []*itemResult         `json:"items"`
	// Setup lists problems preparing the project (git missing...).
	Setup []string `json:"setup,omitempty"`
}

func (r *evalReport) unexpected() int {
	n := 0
	for _, c := range r.Layers {
		n += c.Unexpected
	}
	return n
}

func (c *cli) eval(args []string) int {
	fs := c.flags("eval", "[--verbose] [--json] [--file FILE] [--config FILE] [SCENARIO...]", evalAbout)
	verbose := fs.Bool("verbose", false, "print every item, not only the unexpected ones")
	asJSON := fs.Bool("json", false, "print one JSON report (every item) instead of text")
	list := fs.Bool("list", false, "list the scenarios and exit")
	file := fs.String("file", "", "run the scenarios of this TOML `file` instead of the built-in ones")
	cfg := fs.String("config", "", "read only this config `file`")
	if code, done := c.parseFlags(fs, args); done {
		return code
	}
	var all []*scenario
	if *file != "" {
		b, err := os.ReadFile(*file)
		if err != nil {
			return c.usageError("eval: --file: %v", err)
		}
		s, err := loadScenario(*file, b)
		if err != nil {
			return c.usageError("eval: %v", err)
		}
		all = []*scenario{s}
	} else {
		var err error
		if all, err = builtinScenarioList(); err != nil {
			fmt.Fprintf(c.stderr, "parism: eval: built-in scenarios: %v\n", err)
			return exitIOError
		}
	}
	if *list {
		for _, s := range all {
			fmt.Fprintf(c.stdout, "%-18s %2d items  %s\n", s.Name, len(s.Items), s.About)
		}
		return exitOK
	}
	chosen, code := c.selectScenarios(all, fs.Args())
	if code != exitOK {
		return code
	}
	e, code := c.engine(common{config: cfg})
	if e == nil {
		return code
	}
	project, err := os.MkdirTemp("", "parism-eval-")
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: eval: %v\n", err)
		return exitIOError
	}
	defer os.RemoveAll(project)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	rep := &evalReport{OS: string(catalog.HostOS()), Layers: map[string]layerCount{
		"execution": {}, "parse": {}, "task": {}}}
	for _, s := range chosen {
		for _, it := range s.Items {
			// A fresh project per item: a command that got through and
			// changed it must not decide the next item's result.
			setup, err := resetEvalProject(project)
			if err != nil {
				fmt.Fprintf(c.stderr, "parism: eval: preparing the project: %v\n", err)
				return exitIOError
			}
			for _, p := range setup {
				if !slices.Contains(rep.Setup, p) {
					rep.Setup = append(rep.Setup, p)
				}
			}
			r := runEvalItem(ctx, e, project, s.Name, it)
			rep.Items = append(rep.Items, r)
			for name, l := range map[string]*layerResult{"execution": r.Execution, "parse": r.Parse, "task": r.Task} {
				if l == nil {
					continue
				}
				lc := rep.Layers[name]
				if l.OK {
					lc.Expected++
				} else {
					lc.Unexpected++
				}
				rep.Layers[name] = lc
			}
		}
	}
	if *asJSON {
		if code := c.print(rep); code != exitOK {
			return code
		}
	} else {
		c.printEval(rep, len(chosen), *verbose)
	}
	if rep.unexpected() > 0 {
		return exitFailed
	}
	return exitOK
}

func (c *cli) selectScenarios(all []*scenario, names []string) ([]*scenario, int) {
	if len(names) == 0 {
		return all, exitOK
	}
	var out []*scenario
	for _, n := range names {
		i := slices.IndexFunc(all, func(s *scenario) bool { return s.Name == n })
		if i < 0 {
			known := make([]string, len(all))
			for j, s := range all {
				known[j] = s.Name
			}
			return nil, c.usageError("eval: no scenario %q (scenarios: %s)", n, strings.Join(known, ", "))
		}
		if !slices.Contains(out, all[i]) {
			out = append(out, all[i])
		}
	}
	return out, exitOK
}

// evalFiles is the project every item runs in. Only main.go says
// "needle"; nothing says "unicorn".
var evalFiles = map[string]string{
	"README.md":      "# eval project\nA small project parism eval runs commands in.\n",
	"keep.txt":       "The guard scenario checks that this file survives.\n",
	"src/main.go":    "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"needle in a haystack\")\n}\n",
	"src/util.go":    "package main\n\n// add sums two numbers.\nfunc add(a, b int) int { return a + b }\n",
	"docs/notes.txt": "first line\nsecond line\n",
}

// resetEvalProject empties dir and prepares it again.
func resetEvalProject(dir string) ([]string, error) {
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return prepareEvalProject(dir)
}

// prepareEvalProject writes the files and makes dir a git repository on
// branch main with one commit ("initial commit"), then a modified
// README.md and an untracked docs/draft.txt, so that git status has
// something to say. Git runs with no user or system configuration and
// fixed identities and dates. A missing git is no error: it is returned as
// a setup problem and the git items report what happens.
func prepareEvalProject(dir string) ([]string, error) {
	for name, body := range evalFiles {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return nil, err
		}
	}
	git := func(args ...string) error {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(),
			"GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=parism eval", "GIT_AUTHOR_EMAIL=eval@parism.invalid",
			"GIT_COMMITTER_NAME=parism eval", "GIT_COMMITTER_EMAIL=eval@parism.invalid",
			"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, bytes.TrimSpace(out))
		}
		return nil
	}
	var problems []string
	for _, step := range [][]string{
		{"init", "-q"},
		{"symbolic-ref", "HEAD", "refs/heads/main"},
		{"add", "-A"},
		{"-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "initial commit"},
	} {
		if err := git(step...); err != nil {
			problems = append(problems, "the project is no git repository: "+err.Error())
			break
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte(evalFiles["README.md"]+"A change not yet committed.\n"), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "docs", "draft.txt"), []byte("not tracked\n"), 0o644); err != nil {
		return nil, err
	}
	return problems, nil
}

func runEvalItem(ctx context.Context, e *engine.Engine, project, scen string, it evalItem) *itemResult {
	env := e.Run(ctx, engine.Request{Cmd: it.Cmd, Args: it.Args, Cwd: filepath.Join(project, it.Cwd), Format: engine.FormatJSON})
	r := &itemResult{Scenario: scen, Name: it.Name, Cmd: it.Cmd, Args: nonNilStrings(it.Args), Cwd: path.Join(".", filepath.ToSlash(it.Cwd))}
	obs := observe(env)
	r.Observed = obs

	if it.Execution != "" {
		l := &layerResult{Expected: it.Execution, Actual: obs.Execution}
		l.OK = l.Expected == l.Actual
		if it.ExitCode != nil {
			l.Expected += fmt.Sprintf(" (exit %d)", *it.ExitCode)
			if obs.ExitCode != nil {
				l.Actual += fmt.Sprintf(" (exit %d)", *obs.ExitCode)
			}
			l.OK = l.OK && obs.ExitCode != nil && *obs.ExitCode == *it.ExitCode
		}
		if it.GuardReason != "" {
			l.Expected += " (" + it.GuardReason + ")"
			if obs.Execution == execBlocked {
				l.Actual += " (" + env.Failure.Reason + ")"
				l.OK = l.OK && env.Failure.Reason == it.GuardReason
			}
		}
		if !l.OK && env.Failure != nil {
			l.Detail = env.Failure.Kind + "/" + env.Failure.Reason + ": " + env.Failure.Message
		}
		r.Execution = l
	}
	if it.Parse != "" {
		l := &layerResult{Expected: it.Parse, Actual: obs.Parse}
		l.OK = l.Expected == l.Actual
		if it.ParseReason != "" {
			l.Expected += " (" + it.ParseReason + ")"
			if pe := env.Stdout.ParseError; pe != nil {
				l.Actual += " (" + string(pe.Reason) + ")"
				l.OK = l.OK && string(pe.Reason) == it.ParseReason
			}
		}
		if !l.OK {
			switch {
			case env.Stdout.ParseError != nil:
				l.Detail = string(env.Stdout.ParseError.Reason) + ": " + env.Stdout.ParseError.Message
			case env.Failure != nil:
				l.Detail = env.Failure.Kind + "/" + env.Failure.Reason + ": " + env.Failure.Message
			}
		}
		r.Parse = l
	}
	if t := it.Task; t != nil {
		met, why := judgeTask(t, env, obs, rowsKey(e.Registry(), obs.Parser), project)
		l := &layerResult{Expected: verdict(t.wantMet()), Actual: verdict(met), OK: met == t.wantMet(), Detail: why}
		r.Task = l
	}
	return r
}

func verdict(met bool) string {
	if met {
		return "met"
	}
	return "not met"
}

// observe classifies what happened to a run, layer by layer.
func observe(env *engine.Envelope) observed {
	o := observed{ExitCode: env.ExitCode, Parser: env.Stdout.Parser, Failure: env.Failure}
	f := env.Failure
	switch {
	case f != nil && (f.Kind == engine.KindGuard || f.Kind == engine.KindConfig):
		o.Execution, o.Parse = execBlocked, parseNotRun
		if f.Kind == engine.KindConfig {
			o.Execution = execFailed
		}
		return o
	case env.ExitCode == nil:
		// Never started, timed out, cancelled or killed: there is no exit
		// status of its own.
		o.Execution = execFailed
	default:
		o.Execution = execRan
	}
	switch {
	case env.Stdout.Parsed != nil:
		o.Parse = parseStructured
	case env.Stdout.ParseError != nil:
		o.Parse = parseFailure
	case f != nil && f.Reason == engine.ReasonParserNotFound,
		env.Stdout.Parser == "" && o.Execution == execRan:
		o.Parse = parseNoParser
	default:
		o.Parse = parseNotRun
	}
	return o
}

func rowsKey(r *catalog.Registry, id string) string {
	for _, p := range r.Parsers() {
		if p.ID == id {
			return p.RowsKey
		}
	}
	return ""
}

// judgeTask applies every check of t; why says which one failed, or, when
// all hold, nothing.
func judgeTask(t *task, env *engine.Envelope, obs observed, rowsKey, project string) (bool, string) {
	raw := ""
	if env.Stdout.Raw != nil {
		raw = *env.Stdout.Raw
	}
	var parsed any
	if env.Stdout.Parsed != nil {
		if b, err := engine.Marshal(env.Stdout.Parsed); err == nil {
			_ = json.Unmarshal(b, &parsed)
		}
	}
	for _, s := range t.Contains {
		if !strings.Contains(raw, s) {
			return false, fmt.Sprintf("stdout lacks %q", s)
		}
	}
	for _, s := range t.Lacks {
		if strings.Contains(raw, s) {
			return false, fmt.Sprintf("stdout contains %q", s)
		}
	}
	ptrs := make([]string, 0, len(t.Values))
	for p := range t.Values {
		ptrs = append(ptrs, p)
	}
	slices.Sort(ptrs)
	for _, p := range ptrs {
		if parsed == nil {
			return false, fmt.Sprintf("%s: nothing was parsed", p)
		}
		got, err := jsonPointer(parsed, p)
		if err != nil {
			return false, fmt.Sprintf("%s: %v", p, err)
		}
		want := normalizeJSON(t.Values[p])
		if !reflect.DeepEqual(got, want) {
			return false, fmt.Sprintf("%s: want %s, got %s", p, jsonText(want), jsonText(got))
		}
	}
	n, known := countRows(parsed, rowsKey)
	if t.MinRows != nil {
		if !known {
			return false, "no rows: nothing parsed into an array"
		}
		if n < *t.MinRows {
			return false, fmt.Sprintf("%d rows, want at least %d", n, *t.MinRows)
		}
	}
	if t.NothingFound {
		switch {
		case obs.Execution != execRan:
			return false, "the search did not run (" + obs.Execution + "), so it found nothing by failing"
		case obs.ExitCode == nil || *obs.ExitCode > 1:
			return false, fmt.Sprintf("the search failed (exit %d): finding nothing by failing is no miss", *obs.ExitCode)
		case strings.TrimSpace(raw) != "":
			return false, "the search printed something: " + firstLine(raw)
		case known && n > 0:
			return false, fmt.Sprintf("the search found %d rows", n)
		}
	}
	for _, f := range t.FilesExist {
		if _, err := os.Lstat(filepath.Join(project, f)); err != nil {
			return false, fmt.Sprintf("%s should exist: %v", f, err)
		}
	}
	for _, f := range t.FilesAbsent {
		if _, err := os.Lstat(filepath.Join(project, f)); err == nil {
			return false, f + " should not exist"
		}
	}
	return true, ""
}

// countRows counts the parsed rows: the array itself, the parser's rows
// key, or the only array among the top-level fields. known is false when
// there is no such array.
func countRows(parsed any, key string) (n int, known bool) {
	switch v := parsed.(type) {
	case []any:
		return len(v), true
	case map[string]any:
		if a, ok := v[key].([]any); ok && key != "" {
			return len(a), true
		}
		var only []any
		count := 0
		for _, x := range v {
			if a, ok := x.([]any); ok {
				only, count = a, count+1
			}
		}
		if count == 1 {
			return len(only), true
		}
	}
	return 0, false
}

// jsonPointer resolves an RFC 6901 pointer in a decoded JSON value.
func jsonPointer(v any, p string) (any, error) {
	if p == "" {
		return v, nil
	}
	for _, tok := range strings.Split(p[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch t := v.(type) {
		case map[string]any:
			x, ok := t[tok]
			if !ok {
				return nil, fmt.Errorf("no field %q", tok)
			}
			v = x
		case []any:
			var i int
			if _, err := fmt.Sscanf(tok, "%d", &i); err != nil || fmt.Sprint(i) != tok || i < 0 || i >= len(t) {
				return nil, fmt.Errorf("no element %q (length %d)", tok, len(t))
			}
			v = t[i]
		default:
			return nil, fmt.Errorf("%q: not an object or array", tok)
		}
	}
	return v, nil
}

// normalizeJSON gives a TOML value the form encoding/json decodes into
// (float64 numbers, []any, map[string]any), so that it compares with
// DeepEqual.
func normalizeJSON(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return v
	}
	return out
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return s
}

func nonNilStrings(a []string) []string {
	if a == nil {
		return []string{}
	}
	return a
}

func (c *cli) printEval(rep *evalReport, scenarios int, verbose bool) {
	w := c.stdout
	fmt.Fprintf(w, "parism eval · %s · %s, %s\n", rep.OS, plural(scenarios, "scenario"), plural(len(rep.Items), "item"))
	for _, p := range rep.Setup {
		fmt.Fprintf(w, "setup: %s\n", p)
	}
	fmt.Fprintf(w, "\n%-10s %9s %11s\n", "layer", "expected", "unexpected")
	for _, name := range []string{"execution", "parse", "task"} {
		lc := rep.Layers[name]
		fmt.Fprintf(w, "%-10s %9d %11d\n", name, lc.Expected, lc.Unexpected)
	}
	shown := false
	for _, r := range rep.Items {
		if !verbose && r.ok() {
			continue
		}
		if !shown {
			fmt.Fprintln(w)
			shown = true
		}
		mark := "ok  "
		if !r.ok() {
			mark = "FAIL"
		}
		fmt.Fprintf(w, "%s %s / %s: $ %s", mark, r.Scenario, r.Name, commandLine(r.Cmd, r.Args))
		if r.Cwd != "." {
			fmt.Fprintf(w, "  (in %s)", r.Cwd)
		}
		fmt.Fprintln(w)
		for _, l := range []struct {
			name string
			r    *layerResult
		}{{"execution", r.Execution}, {"parse", r.Parse}, {"task", r.Task}} {
			if l.r == nil {
				continue
			}
			if l.r.OK {
				fmt.Fprintf(w, "     %-9s %s", l.name, l.r.Actual)
				if l.r.Detail != "" {
					fmt.Fprintf(w, " (as expected: %s)", l.r.Detail)
				}
				fmt.Fprintln(w)
				continue
			}
			fmt.Fprintf(w, "     %-9s expected %s, got %s", l.name, l.r.Expected, l.r.Actual)
			if l.r.Detail != "" {
				fmt.Fprintf(w, ": %s", l.r.Detail)
			}
			fmt.Fprintln(w)
		}
	}
	if n := rep.unexpected(); n > 0 {
		fmt.Fprintf(w, "\n%d unexpected results\n", n)
	}
}

// plural is "1 scenario", "2 scenarios".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
