package guard

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
)

// DescribeLimit bounds the JSON size of a CommandPolicyView: describe({cmd})
// answers within 2 KB, and the view shares that with the parser's fields and
// examples.
const DescribeLimit = 1200

// CommandPolicyView is the policy in force for one command or subcommand,
// compact enough for describe({cmd}). Lists are sorted; when the view would
// exceed DescribeLimit the longest lists are cut and Truncated is set, and
// describing a subcommand gives its own flags.
type CommandPolicyView struct {
	Cmd     string `json:"cmd"`
	Allowed bool   `json:"allowed"`
	// Policy is false when the command has no command policy: then only the
	// allowlist, the paths, the patterns and the blocked flags apply.
	Policy bool `json:"policy"`
	// Profile is the profile this form needs; Active the guard's.
	Profile Profile `json:"profile"`
	Active  Profile `json:"active_profile"`
	// Grammar names how the program reads its argv: abbrev,
	// stop_at_positional, single_dash_long, plus_options, short_equals,
	// separate_values, persistent, open.
	Grammar []string `json:"grammar,omitempty"`
	// Subcommands are the allowed subcommands; NeedsBuild those of them that
	// need the build profile.
	Subcommands []string `json:"subcommands,omitempty"`
	NeedsBuild  []string `json:"needs_build,omitempty"`
	// Flags are the allowed options, aliases joined by "|", with the kind of
	// their value: "-n|--lines SIZE", "--color[=TEXT]". Shorter names first.
	Flags []string `json:"flags,omitempty"`
	// Positionals says how many positionals of which kind: "0", "any PATH",
	// "≤1 TEXT", with leading kinds first ("TEXT then any PATH").
	Positionals string `json:"positionals,omitempty"`
	// Require lists flags of which one must be given.
	Require []string `json:"require,omitempty"`
	// Refused maps a detail code to the options and subcommands refused for
	// that reason.
	Refused map[string][]string `json:"refused,omitempty"`
	// BlockedFlags are the command_arg_restrictions of the command.
	BlockedFlags []string `json:"blocked_flags,omitempty"`
	Truncated    bool     `json:"truncated,omitempty"`
}

// Describe returns the policy in force for cmd, or for one of its
// subcommands when subcommand names the path ("stash", "list"). An unknown
// subcommand describes the deepest level found.
func (g *Guard) Describe(cmd string, subcommand ...string) CommandPolicyView {
	v := CommandPolicyView{Cmd: cmd, Profile: ProfileReadonly}
	if g == nil {
		return v
	}
	v.Allowed, v.Active = g.Allows(cmd), g.profile
	v.BlockedFlags = slices.Clone(g.policy.CommandArgRestrictions[cmd].BlockedFlags)
	if _, _, build := buildForm(cmd, subcommand); build {
		v.Profile = ProfileBuild
	}
	n, _ := g.command(cmd)
	if n == nil {
		return v
	}
	v.Policy = true
	for _, s := range subcommand {
		c := n.subs[s]
		if c == nil {
			break
		}
		n = c
		v.Cmd += " " + s
	}
	if n.profile == ProfileBuild {
		v.Profile = ProfileBuild
	}
	for _, gr := range []struct {
		on   bool
		name string
	}{
		{n.abbrev, "abbrev"}, {n.stopAtPos, "stop_at_positional"}, {n.singleDash, "single_dash_long"},
		{n.plus, "plus_options"}, {n.shortEquals, "short_equals"}, {n.separate, "separate_values"},
		{n.persistent, "persistent"}, {n.open, "open"},
	} {
		if gr.on {
			v.Grammar = append(v.Grammar, gr.name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(n.subs)) {
		if n.subs[name].profile == ProfileBuild {
			v.NeedsBuild = append(v.NeedsBuild, name)
		} else {
			v.Subcommands = append(v.Subcommands, name)
		}
	}
	v.Flags = describeFlags(n)
	if !n.open {
		v.Positionals = describePositionals(n)
	}
	if n.require != nil {
		v.Require = slices.Clone(n.require.names)
	}
	v.Refused = describeRefused(n)
	fitView(&v)
	return v
}

func describeFlags(n *node) []string {
	names := map[*flagRule][]string{}
	for k, r := range n.long {
		names[r] = append(names[r], k)
	}
	for c, r := range n.short {
		names[r] = append(names[r], "-"+string(rune(c)))
	}
	if n.num != nil {
		names[n.num] = append(names[n.num], "-NUM")
	}
	out := make([]string, 0, len(names))
	for r, ns := range names {
		// Short spellings first, then long, each sorted.
		slices.SortFunc(ns, func(a, b string) int {
			if la, lb := len(a) <= 2, len(b) <= 2; la != lb {
				if la {
					return -1
				}
				return 1
			}
			return strings.Compare(a, b)
		})
		s := strings.Join(ns, "|")
		switch kind := strings.ToUpper(string(r.arg)); {
		case r.arg == "":
		case r.optional:
			s += "[=" + kind + "]"
		default:
			s += " " + kind
		}
		switch {
		case r.followsLinks, r.listsPaths:
			s += " (without allowed_paths)"
		case r.glob:
			s += " (no glob with allowed_paths)"
		}
		out = append(out, s)
	}
	// BSD letters (ps aux): one entry for the switches, one per value kind.
	if len(n.bsd) > 0 {
		byKind := map[ArgKind][]byte{}
		for c, r := range n.bsd {
			byKind[r.arg] = append(byKind[r.arg], c)
		}
		for _, k := range slices.Sorted(maps.Keys(byKind)) {
			cs := byKind[k]
			slices.Sort(cs)
			e := "BSD " + string(cs)
			if k != "" {
				e += " " + strings.ToUpper(string(k))
			}
			out = append(out, e)
		}
	}
	// Shorter first: the common options (-n, --all, --stat, --oneline)
	// survive when a long list is cut to fit.
	slices.SortFunc(out, func(a, b string) int {
		if la, lb := firstLen(a), firstLen(b); la != lb {
			return la - lb
		}
		return strings.Compare(a, b)
	})
	return out
}

// firstLen is the length of a described flag's first spelling.
func firstLen(s string) int {
	if i := strings.IndexAny(s, "| ["); i >= 0 {
		return i
	}
	return len(s)
}

func describePositionals(n *node) string {
	p := n.pos
	count := "any"
	switch {
	case p.max == 0:
		return "0"
	case p.max > 0:
		count = "≤" + itoa(p.max)
	}
	s := count + " " + strings.ToUpper(string(p.kind))
	if len(p.leading) > 0 {
		lead := make([]string, len(p.leading))
		for i, k := range p.leading {
			lead[i] = strings.ToUpper(string(k))
		}
		s = strings.Join(lead, " ") + " then " + s
	}
	if len(p.needs) > 0 {
		s += " with " + strings.Join(namesOf(p.needs), "|")
	}
	if len(p.values) > 0 && len(p.values) <= 4 {
		s += " in " + strings.Join(p.values, ",")
	}
	return s
}

func describeRefused(n *node) map[string][]string {
	out := map[string][]string{}
	add := func(name string, r *Refusal) { out[r.Detail] = append(out[r.Detail], name) }
	for k, r := range n.refuseLong {
		add(k, r)
	}
	for c, r := range n.bsdRefuse {
		add("BSD "+string(rune(c)), r)
	}
	for c, r := range n.refuseShort {
		add("-"+string(rune(c)), r)
	}
	for k, r := range n.refuseSub {
		add(k, r)
	}
	if len(out) == 0 {
		return nil
	}
	for _, l := range out {
		slices.Sort(l)
	}
	return out
}

// fitView cuts lists, one entry at a time, until the view fits
// DescribeLimit: first the refused names (what may run matters most), then
// the build-only subcommands, then the longest of flags and subcommands.
func fitView(v *CommandPolicyView) {
	for viewSize(v) > DescribeLimit {
		v.Truncated = true
		var best *[]string
		bestKey := ""
		for _, k := range slices.Sorted(maps.Keys(v.Refused)) {
			if l := v.Refused[k]; best == nil || len(l) > len(*best) {
				best, bestKey = &l, k
			}
		}
		if best == nil && len(v.NeedsBuild) > 0 {
			best = &v.NeedsBuild
		}
		if best == nil {
			best = &v.Flags
			if len(v.Subcommands) > len(v.Flags) {
				best = &v.Subcommands
			}
		}
		if len(*best) == 0 {
			return
		}
		*best = (*best)[:len(*best)-1]
		if bestKey != "" {
			if len(*best) == 0 {
				delete(v.Refused, bestKey)
			} else {
				v.Refused[bestKey] = *best
			}
		}
	}
}

func viewSize(v *CommandPolicyView) int {
	b, err := json.Marshal(v)
	if err != nil {
		return 0
	}
	return len(b)
}
