package engine

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/guard"
)

// Overview is describe() without arguments: what an agent needs on its
// first call.
type Overview struct {
	Version          string          `json:"version"`
	OS               string          `json:"os"`
	AllowedCommands  []string        `json:"allowed_commands"`
	AvailableParsers []string        `json:"available_parsers"`
	GuardSummary     GuardSummary    `json:"guard_summary"`
	TelemetryEnabled bool            `json:"telemetry_enabled"`
	Stats            map[string]Stat `json:"stats,omitempty"`
	ConfigWarnings   []string        `json:"config_warnings,omitempty"`
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
		ConfigWarnings:   e.cfg.Warnings,
	}
	for _, ps := range e.reg.Parsers() {
		if !slices.Contains(o.AvailableParsers, ps.Key()) {
			o.AvailableParsers = append(o.AvailableParsers, ps.Key())
		}
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
	Truncated      bool                `json:"truncated,omitempty"`
}

// ParserInfo is one parser as describe shows it.
type ParserInfo struct {
	ID            string   `json:"id"`
	Reads         string   `json:"reads"`
	OS            []string `json:"os,omitempty"`
	Fields        []string `json:"fields"`
	AcceptedFlags []string `json:"accepted_flags"`
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
		Policy:   e.guard.Describe(cmd, sub...),
		Parsers:  []ParserInfo{},
		Examples: [][]string{},

		PathRestricted: len(e.guard.Policy().AllowedPaths) > 0,
	}
	for _, ps := range e.reg.ForCommand(cmd) {
		if len(sub) > 0 && ps.Subcommand != sub[0] {
			continue
		}
		pi := ParserInfo{ID: ps.ID, Reads: ps.Format, Fields: fieldsOf(ps.Result), AcceptedFlags: flagNames(ps.Flags)}
		for _, o := range ps.OS {
			pi.OS = append(pi.OS, string(o))
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
func fitDescribe(info *CommandInfo) {
	for size(info) > describeLimit {
		info.Truncated = true
		switch {
		case len(info.Examples) > 2:
			info.Examples = info.Examples[:len(info.Examples)-1]
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
		if kind == catalog.Value {
			k += " <value>"
		}
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

var fieldsCache sync.Map // reflect.Type -> []string

// fieldsOf lists the JSON fields of a parser's result type: top-level names,
// and "rows[].field" for arrays of objects, so an agent knows what to select.
func fieldsOf(v any) []string {
	if v == nil {
		return []string{}
	}
	t := reflect.TypeOf(v)
	if f, ok := fieldsCache.Load(t); ok {
		return slices.Clone(f.([]string))
	}
	out := []string{}
	walkFields(t, "", &out, 0)
	fieldsCache.Store(t, out)
	return slices.Clone(out)
}

func walkFields(t reflect.Type, prefix string, out *[]string, depth int) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || depth > 2 {
		return
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Slice && elemStruct(ft.Elem()) {
			walkFields(ft.Elem(), prefix+name+"[].", out, depth+1)
			continue
		}
		*out = append(*out, prefix+name)
	}
}

func elemStruct(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
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
	d := e.guard.Check(cmd, args, e.resolveCwd(cwd))
	if d.Allowed {
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
