package engine

import (
	"slices"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/guard"
)

// Overview is describe() without arguments: what an agent needs on its
// first call.
type Overview struct {
	Version          string   `json:"version"`
	OS               string   `json:"os"`
	AllowedCommands  []string `json:"allowed_commands"`
	AvailableParsers []string `json:"available_parsers"`
	// ParsersNotAllowed are the catalog's parsers whose command the guard
	// refuses as configured, grouped by why, with what would allow them.
	ParsersNotAllowed []NotAllowed    `json:"parsers_not_allowed,omitempty"`
	GuardSummary      GuardSummary    `json:"guard_summary"`
	TelemetryEnabled  bool            `json:"telemetry_enabled"`
	Sandbox           SandboxOverview `json:"sandbox"` // the kernel layer (guard.sandbox)
	Stats             map[string]Stat `json:"stats,omitempty"`
	ConfigWarnings    []string        `json:"config_warnings,omitempty"`
	// PackErrors lists parser packs that could not be loaded.
	PackErrors []string `json:"pack_errors,omitempty"`
}

// NotAllowed is a group of parsers the guard refuses every form of.
type NotAllowed struct {
	// Reason is the guard's detail code: not_in_allowlist,
	// profile_build_required, or another refusal of the forms they read.
	Reason  string   `json:"reason"`
	Parsers []string `json:"parsers"`
	// Enable says which configuration key allows them.
	Enable string `json:"enable"`
}

// Enable texts of parsers_not_allowed, by guard detail code.
const (
	enableAllowlist = "add the command to guard.allowed_commands in ~/.parism/prism.config.json or PARISM_ALLOWED_COMMANDS " +
		"(the list replaces the default one: keep the commands still wanted; a project file cannot widen it)"
	enableBuild = "set guard.profile to build in ~/.parism/prism.config.json or PARISM_PROFILE=build"
	enableOther = "the guard refuses every form the parser reads: see describe({cmd}) and dry_run"
)

func enableText(detail string) string {
	switch detail {
	case "not_in_allowlist":
		return enableAllowlist
	case "profile_build_required":
		return enableBuild
	}
	return enableOther
}

// parserRefusal is "" when the guard lets some form the parser reads run
// (one of its examples, else the bare command or subcommand), else the
// guard's detail code for the first. A refusal of an argument's path or
// pattern does not count: it depends on the arguments an agent passes,
// not on the command.
func (e *Engine) parserRefusal(p *catalog.Parser) string {
	forms := p.Examples
	if len(forms) == 0 {
		forms = [][]string{nil}
		if p.Subcommand != "" {
			forms = [][]string{{p.Subcommand}}
		}
	}
	first := ""
	for _, args := range forms {
		d := e.guard.Check(p.Command, args, e.workdir)
		if d.Allowed || d.Reason == guard.ReasonPathNotAllowed || d.Reason == guard.ReasonInjectionPattern {
			return ""
		}
		if first == "" {
			first = d.Detail
			if first == "" {
				first = string(d.Reason)
			}
		}
	}
	return first
}

// GuardSummary is the guard's limits as an agent sees them.
type GuardSummary struct {
	Profile         string   `json:"profile"`
	TimeoutMs       int      `json:"timeout_ms"`
	MaxOutputBytes  int      `json:"max_output_bytes"`
	MaxItems        int      `json:"max_items"`
	DefaultPageSize int      `json:"default_page_size"`
	MaxPageSize     int      `json:"max_page_size"`
	MaxConcurrent   int      `json:"max_concurrent_runs"`
	MaxQueued       int      `json:"max_queued_runs"`
	BlockPatterns   []string `json:"block_patterns"`
	AllowedPaths    []string `json:"allowed_paths"`
}

// Describe answers describe(): the environment, the allowlist and parsers.
func (e *Engine) Describe() *Overview {
	p := e.guard.Policy()
	o := &Overview{
		Version:          Version,
		OS:               string(e.os),
		AllowedCommands:  slices.Sorted(slices.Values(p.AllowedCommands)),
		AvailableParsers: []string{},
		GuardSummary: GuardSummary{
			Profile:         string(p.Profile),
			TimeoutMs:       e.cfg.Guard.TimeoutMs,
			MaxOutputBytes:  e.cfg.Guard.MaxOutputBytes,
			MaxItems:        e.cfg.Guard.MaxItems,
			DefaultPageSize: e.cfg.Guard.DefaultPageSize,
			MaxPageSize:     e.cfg.Guard.MaxPageSize,
			MaxConcurrent:   e.cfg.Guard.MaxConcurrentRuns,
			MaxQueued:       e.cfg.Guard.MaxQueuedRuns,
			BlockPatterns:   p.BlockPatterns,
			AllowedPaths:    nonNil(p.AllowedPaths),
		},
		TelemetryEnabled: e.cfg.Telemetry.Enabled,
		Sandbox:          e.describeSandbox(p.AllowedCommands),
		ConfigWarnings:   e.cfg.Warnings,
		PackErrors:       e.PackErrors(),
	}
	// A key is available when one of its parsers is usable now; the others
	// are grouped by why the guard refuses them.
	refused := map[string]string{}
	var keys []string
	for _, ps := range e.reg.Parsers() {
		k := ps.Key()
		why, seen := refused[k]
		if !seen {
			keys = append(keys, k)
		}
		if !seen || why != "" {
			refused[k] = e.parserRefusal(ps)
		}
	}
	for _, k := range keys {
		why := refused[k]
		if why == "" {
			o.AvailableParsers = append(o.AvailableParsers, k)
			continue
		}
		i := slices.IndexFunc(o.ParsersNotAllowed, func(n NotAllowed) bool { return n.Reason == why })
		if i < 0 {
			o.ParsersNotAllowed = append(o.ParsersNotAllowed, NotAllowed{Reason: why, Enable: enableText(why)})
			i = len(o.ParsersNotAllowed) - 1
		}
		o.ParsersNotAllowed[i].Parsers = append(o.ParsersNotAllowed[i].Parsers, k)
	}
	if e.cfg.Telemetry.Enabled {
		o.Stats = e.stats.snapshot()
	}
	return o
}

// CommandInfo is describe({cmd}): one command, within describeLimit bytes.
type CommandInfo struct {
	Cmd    string                  `json:"cmd"`
	Policy guard.CommandPolicyView `json:"policy"`
	// PathRestricted: cwd and path arguments must lie under allowed_paths.
	PathRestricted bool                `json:"path_restricted"`
	Parsers        []ParserInfo        `json:"parsers"`
	Alternatives   map[string][]string `json:"alternatives,omitempty"`
	Examples       [][]string          `json:"examples"`
	// PolicyFlagsOmitted counts policy.flags left out to stay within the
	// size bound; dry_run answers for any flag.
	PolicyFlagsOmitted int  `json:"policy_flags_omitted,omitempty"`
	Truncated          bool `json:"truncated,omitempty"`
}

// ParserInfo is one parser as describe shows it.
type ParserInfo struct {
	ID    string `json:"id"`
	Reads string `json:"reads"`
	// Stream is where the command writes what the parser reads, when not
	// stdout alone: "stderr" (compilers) or "both" (test runners); a run
	// then merges the two streams (stdout.stream). Reads says when an
	// argument moves it (go test -json: stdout).
	Stream        string   `json:"stream,omitempty"`
	OS            []string `json:"os,omitempty"`
	Fields        []string `json:"fields"`
	AcceptedFlags []string `json:"accepted_flags"`
	// ExitAnswers lists the non-zero exit statuses that answer rather than
	// fail ("1: no line was selected"): ok is true with them.
	ExitAnswers []string `json:"exit_answers,omitempty"`
	// Pack is "declarative" or "exec" for a parser pack; empty for built-ins.
	Pack string `json:"pack,omitempty"`
	// Usable: the guard lets a form the parser reads run now; otherwise
	// Enable names the configuration key that would.
	Usable bool   `json:"usable"`
	Enable string `json:"enable,omitempty"`
}

// describeLimit is the size bound of describe({cmd}), so an agent can ask
// about a command without paying for the whole catalog.
const describeLimit = 2048

// DescribeCommand answers describe({cmd}).
//
// cmd may name a subcommand too ("git status"): the policy and parsers are
// then that subcommand's, which keeps multi-tool answers small.
func (e *Engine) DescribeCommand(cmd string, sub ...string) *CommandInfo {
	if words := strings.Fields(cmd); len(words) > 1 {
		cmd, sub = words[0], append(words[1:], sub...)
	}
	info := &CommandInfo{
		Cmd:      cmd,
		Policy:   compactPolicy(e.guard.Describe(cmd, sub...)),
		Parsers:  []ParserInfo{},
		Examples: [][]string{},

		PathRestricted: len(e.guard.Policy().AllowedPaths) > 0,
	}
	e.refreshPacks(false)
	for _, ps := range e.reg.ForCommand(cmd) {
		if len(sub) > 0 && ps.Subcommand != sub[0] {
			continue
		}
		pi := ParserInfo{ID: ps.ID, Reads: ps.Format, Fields: groupFields(fieldsOf(ps)), AcceptedFlags: flagNames(ps.Flags), Usable: true}
		if why := e.parserRefusal(ps); why != "" {
			pi.Usable, pi.Enable = false, enableText(why)
		}
		if pk, ok := e.packInfo(ps.ID); ok {
			pi.Pack, pi.Fields = pk.Kind(), groupFields(pk.Fields())
		}
		for _, o := range ps.OS {
			pi.OS = append(pi.OS, string(o))
		}
		pi.ExitAnswers = exitAnswerTexts(ps.ExitAnswers)
		if st := ps.ReadsStream(catalog.Args{}); st != catalog.StreamStdout {
			pi.Stream = string(st)
		}
		info.Parsers = append(info.Parsers, pi)
		for k, v := range ps.Alternatives {
			if info.Alternatives == nil {
				info.Alternatives = map[string][]string{}
			}
			info.Alternatives[k] = v
		}
		for _, ex := range ps.Examples {
			if e.guard.Check(cmd, ex, e.workdir).Allowed {
				info.Examples = append(info.Examples, ex)
			}
		}
	}
	fitDescribe(info)
	return info
}

// fitDescribe trims the longest lists until the answer fits describeLimit.
//
// What goes first is what an agent can get elsewhere: extra examples, then
// the policy's flag list (dry_run checks any flag), then alternatives; the
// parser's fields and accepted flags, which select, where and the parsed
// forms depend on, go last.
// exitAnswerTexts writes a parser's exit answers for describe:
// "1: no line was selected", "1 with --exit-code: differences found".
func exitAnswerTexts(as []catalog.ExitAnswer) []string {
	var out []string
	for _, a := range as {
		s := strconv.Itoa(a.Code)
		if len(a.With) > 0 {
			s += " with " + strings.Join(a.With, " or ")
		}
		if a.WithOutput {
			s += " with output"
		}
		if len(a.OS) > 0 {
			os := make([]string, len(a.OS))
			for i, o := range a.OS {
				os[i] = string(o)
			}
			s += " on " + strings.Join(os, ", ")
		}
		out = append(out, s+": "+a.Means)
	}
	return out
}

func fitDescribe(info *CommandInfo) {
	for size(info) > describeLimit {
		info.Truncated = true
		switch {
		case len(info.Examples) > 2:
			info.Examples = info.Examples[:len(info.Examples)-1]
		case len(info.Policy.Flags) > 0:
			info.Policy.Flags = info.Policy.Flags[:len(info.Policy.Flags)-1]
			info.PolicyFlagsOmitted++
		case len(info.Alternatives) > 0:
			keys := slices.Sorted(func(yield func(string) bool) {
				for k := range info.Alternatives {
					if !yield(k) {
						return
					}
				}
			})
			delete(info.Alternatives, keys[len(keys)-1])
		case trimLongest(info):
		case len(info.Examples) > 0:
			info.Examples = info.Examples[:len(info.Examples)-1]
		case len(info.Parsers) > 1:
			// Multi-tool programs (git) have many parsers: the last ones go,
			// describe({cmd}) with the subcommand still shows each.
			info.Parsers = info.Parsers[:len(info.Parsers)-1]
		default:
			return
		}
	}
}

func trimLongest(info *CommandInfo) bool {
	var longest *[]string
	for i := range info.Parsers {
		for _, l := range []*[]string{&info.Parsers[i].Fields, &info.Parsers[i].AcceptedFlags} {
			if longest == nil || len(*l) > len(*longest) {
				longest = l
			}
		}
	}
	if longest == nil || len(*longest) <= 1 {
		return false
	}
	*longest = (*longest)[:len(*longest)-1]
	return true
}

func size(v any) int {
	b, err := marshalJSON(v)
	if err != nil {
		return 0
	}
	return len(b)
}

func flagNames(f catalog.Flags) []string {
	out := make([]string, 0, len(f))
	for k, kind := range f {
		if kind != catalog.Bool { // Value, and Optional (its value attached only)
			k += " <value>"
		}
		out = append(out, k)
	}
	slices.Sort(out)
	return clusterShort(out)
}

// compactPolicy shortens a policy view's flag list with clusterShort.
func compactPolicy(v guard.CommandPolicyView) guard.CommandPolicyView {
	v.Flags = clusterShort(v.Flags)
	return v
}

// clusterShort folds the single-letter flags that take no value ("-l",
// "-a", "-1") into one leading entry written as programs accept them
// combined ("-1al"), keeping the others in order. A listing of ls's
// flags shrinks by a third, which leaves room for the parser's fields.
func clusterShort(flags []string) []string {
	var letters []byte
	rest := make([]string, 0, len(flags))
	for _, f := range flags {
		if len(f) == 2 && f[0] == '-' && f[1] != '-' && f[1] != '#' {
			letters = append(letters, f[1])
			continue
		}
		rest = append(rest, f)
	}
	if len(letters) < 2 {
		return flags
	}
	return append([]string{"-" + string(letters)}, rest...)
}

// DryRunResult is dry_run's answer: the guard's verdict without running.
type DryRunResult struct {
	WouldPass bool        `json:"would_pass"`
	Reason    *string     `json:"reason"`
	Message   *string     `json:"message"`
	Detail    string      `json:"detail,omitempty"`
	ArgIndex  *int        `json:"arg_index,omitempty"`
	Hint      *guard.Hint `json:"hint,omitempty"`
}

// DryRun checks cmd, args and cwd against the guard without running.
func (e *Engine) DryRun(cmd string, args []string, cwd string) *DryRunResult {
	if f := checkSize(Request{Args: args}); f != nil {
		reason, msg := f.Reason, f.Message
		return &DryRunResult{Reason: &reason, Message: &msg}
	}
	d := e.guard.Check(cmd, args, e.resolveCwd(cwd))
	if d.Allowed {
		if msg, detail := e.kernel.workdirRefusal(e.resolveCwd(cwd)); msg != "" {
			reason := string(guard.ReasonPathNotAllowed)
			return &DryRunResult{Reason: &reason, Message: &msg, Detail: detail}
		}
		return &DryRunResult{WouldPass: true}
	}
	reason, msg := string(d.Reason), d.Message
	r := &DryRunResult{Reason: &reason, Message: &msg, Detail: d.Detail, Hint: d.Hint}
	if d.ArgIndex >= 0 {
		i := d.ArgIndex
		r.ArgIndex = &i
	}
	return r
}

// groupFields folds field paths that share a parent into one entry,
// "entries[].{name,size_bytes:int,permissions.{owner,group}}", so a row
// type's prefix is written once instead of once per field: for ls that is
// a third of describe's size bound. Order is kept.
func groupFields(paths []string) []string {
	type node struct {
		name string
		kids []*node
	}
	root := &node{}
	for _, p := range paths {
		n := root
		for seg := range strings.SplitSeq(p, ".") {
			var next *node
			for _, k := range n.kids {
				if k.name == seg {
					next = k
					break
				}
			}
			if next == nil {
				next = &node{name: seg}
				n.kids = append(n.kids, next)
			}
			n = next
		}
	}
	var render func(n *node) string
	render = func(n *node) string {
		switch len(n.kids) {
		case 0:
			return n.name
		case 1:
			return n.name + "." + render(n.kids[0])
		}
		parts := make([]string, len(n.kids))
		for i, k := range n.kids {
			parts[i] = render(k)
		}
		return n.name + ".{" + strings.Join(parts, ",") + "}"
	}
	out := make([]string, 0, len(root.kids))
	for _, k := range root.kids {
		out = append(out, render(k))
	}
	return out
}

// expandFields is groupFields' inverse: the flat paths again.
func expandFields(grouped []string) []string {
	var out []string
	var walk func(prefix, s string)
	walk = func(prefix, s string) {
		i := strings.Index(s, ".{")
		if i < 0 || !strings.HasSuffix(s, "}") {
			out = append(out, prefix+s)
			return
		}
		head, body := s[:i+1], s[i+2:len(s)-1]
		depth, start := 0, 0
		for j := 0; j <= len(body); j++ {
			if j == len(body) || (body[j] == ',' && depth == 0) {
				walk(prefix+head, body[start:j])
				start = j + 1
				continue
			}
			switch body[j] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
	}
	for _, g := range grouped {
		walk("", g)
	}
	return out
}
