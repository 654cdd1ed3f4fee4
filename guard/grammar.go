package guard

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// node is one compiled level of a CommandPolicy. Its flag tables are
// effective: its own entries plus those inherited from persistent
// ancestors, so a lookup never walks the tree.
type node struct {
	form    string // "git stash list", for messages
	profile Profile

	abbrev, stopAtPos, singleDash, plus, shortEquals, separate, open bool

	long      map[string]*flagRule // "--all", "-name" (single-dash long), "+short", "("
	short     map[byte]*flagRule   // bundled letters
	num       *flagRule            // "-NUM"
	longNames []string             // sorted keys of long, for abbreviations

	refuseLong  map[string]*Refusal
	refuseShort map[byte]*Refusal
	refusedLong []string // sorted keys of refuseLong

	bsd       map[byte]*flagRule // ps BSD letters; nil when the level has none
	bsdRefuse map[byte]*Refusal

	subs       map[string]*node
	refuseSub  map[string]*Refusal
	requireSub *Refusal

	pos     compiledPositionals
	require *compiledRequirement

	// own is what this level adds, kept to build its children's tables.
	ownLong     map[string]*flagRule
	ownShort    map[byte]*flagRule
	ownRefLong  map[string]*Refusal
	ownRefShort map[byte]*Refusal
	ownNum      *flagRule
	persistent  bool
}

// flagRule is one allowed option. The default policies hold about four
// thousand of them, most of them switches: the value restrictions few
// have are behind one pointer, which keeps a rule in 64 bytes, not 128.
type flagRule struct {
	name         string // canonical spelling (first alias)
	arg          ArgKind
	limits       *valueLimits // nil when the value is not restricted
	refusal      *Refusal
	optional     bool
	followsLinks bool
	chdir, base  bool
	listsPaths   bool
	glob         bool
}

// valueLimits restricts an option's value: the values allowed (or
// literal), those denied, and the bounds of a number or size.
type valueLimits struct {
	values, deny []string
	min, max     *float64
}

// newLimits returns the limits of a flag, nil when it has none.
func newLimits(f Flag) *valueLimits {
	if len(f.Values) == 0 && len(f.Deny) == 0 && f.Min == nil && f.Max == nil {
		return nil
	}
	return &valueLimits{values: slices.Clone(f.Values), deny: slices.Clone(f.Deny), min: f.Min, max: f.Max}
}

// values returns the values the rule allows, nil when it names none.
func (r *flagRule) values() []string {
	if r.limits == nil {
		return nil
	}
	return r.limits.values
}

// checkValue checks v against the rule's kind and limits.
func (r *flagRule) checkValue(v string) (detail, why string) {
	if r.limits == nil {
		return checkValue(r.arg, nil, nil, nil, nil, v)
	}
	l := r.limits
	return checkValue(r.arg, l.values, l.deny, l.min, l.max, v)
}

type compiledPositionals struct {
	max           int
	kind          ArgKind
	leading       []ArgKind
	leadingUnless []*flagRule
	values, deny  []string
	needs         []*flagRule
	refusal       *Refusal
	counts        []int
	countRefusal  *Refusal
}

type compiledRequirement struct {
	flags   []*flagRule
	names   []string
	refusal *Refusal
}

// hasSubSlot reports whether the first positional of this level names a
// subcommand.
func (n *node) hasSubSlot() bool { return len(n.subs) > 0 || len(n.refuseSub) > 0 }

// isFlagName reports whether a policy key names an option rather than a
// subcommand.
func isFlagName(k string) bool {
	switch k {
	case "(", ")", "!", ",":
		return true
	}
	return len(k) > 1 && (k[0] == '-' || k[0] == '+')
}

func splitNames(key string) []string {
	if key == "," { // find's comma operator
		return []string{","}
	}
	parts := strings.Split(key, ",")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// compilePolicy compiles one command's policy; field is its config path
// for errors ("command_policies[git]").
func compilePolicy(cmd string, p CommandPolicy) (*node, error) {
	return compileNode(cmd, fmt.Sprintf("command_policies[%s]", cmd), p, nil)
}

func compileNode(form, field string, p CommandPolicy, parent *node) (*node, error) {
	fail := func(sub, format string, a ...any) error {
		f := field
		if sub != "" {
			f += "." + sub
		}
		return &PolicyError{Field: f, Message: fmt.Sprintf(format, a...)}
	}
	n := &node{
		form: form, abbrev: p.Abbrev, stopAtPos: p.StopAtPositional, singleDash: p.SingleDashLong,
		plus: p.PlusOptions, shortEquals: p.ShortEquals, separate: p.SeparateValues, open: p.Open,
		persistent: p.Persistent,
	}
	switch p.Profile {
	case "", ProfileReadonly:
		n.profile = ProfileReadonly
	case ProfileBuild:
		n.profile = ProfileBuild
	default:
		return nil, fail("profile", "must be %q or %q, got %s", ProfileReadonly, ProfileBuild, quote(string(p.Profile)))
	}
	if p.Open && len(p.Subcommands) > 0 {
		return nil, fail("open", "an open level cannot also have subcommands")
	}

	for _, key := range slices.Sorted(maps.Keys(p.Flags)) {
		f := p.Flags[key]
		if strings.TrimSpace(key) == "" {
			return nil, fail("flags", "a flag key is empty")
		}
		if f.Arg != "" && !slices.Contains(argKinds, f.Arg) {
			return nil, fail("flags["+key+"].arg", "must be one of %v, got %s", argKinds, quote(string(f.Arg)))
		}
		if f.Arg == "" && (f.Optional || len(f.Values) > 0 || len(f.Deny) > 0 || f.Min != nil || f.Max != nil) {
			return nil, fail("flags["+key+"]", "optional, values, deny, min and max need an arg kind")
		}
		if (f.Min != nil || f.Max != nil) && f.Arg != ArgNumber && f.Arg != ArgSize {
			return nil, fail("flags["+key+"]", "min and max need arg \"number\" or \"size\"")
		}
		if (f.Chdir || f.Base || f.ListsPaths || f.Glob) && f.Arg != ArgPath && f.Arg != ArgAny {
			return nil, fail("flags["+key+"]", "chdir, base, lists_paths and glob need arg \"path\" or \"any\"")
		}
		if err := checkRefusal(f.Refusal, fail, "flags["+key+"].refusal"); err != nil {
			return nil, err
		}
		// "a,b|c": a and b spell one option, c is another with the same rule.
		for _, group := range strings.Split(key, "|") {
			names := splitNames(group)
			if len(names) == 0 {
				return nil, fail("flags["+key+"]", "has an empty option between '|'")
			}
			r := &flagRule{name: names[0], arg: f.Arg, optional: f.Optional, limits: newLimits(f),
				followsLinks: f.FollowsLinks, chdir: f.Chdir, base: f.Base,
				listsPaths: f.ListsPaths, glob: f.Glob, refusal: f.Refusal.clone()}
			for _, name := range names {
				if err := n.addFlag(name, r); err != nil {
					return nil, fail("flags["+key+"]", "%v", err)
				}
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(p.Refuse)) {
		ref := p.Refuse[key]
		if err := checkRefusal(&ref, fail, "refuse["+key+"]"); err != nil {
			return nil, err
		}
		for _, name := range splitNames(strings.ReplaceAll(key, "|", ",")) {
			rc := ref
			rc.Hint = slices.Clone(ref.Hint)
			switch {
			case !isFlagName(name):
				n.refuseSub = put(n.refuseSub, name, &rc)
			case len(name) == 2 && name[0] == '-' && !p.SingleDashLong:
				if _, dup := n.ownShort[name[1]]; dup {
					return nil, fail("refuse["+key+"]", "%s is also an allowed flag", quote(name))
				}
				n.ownRefShort = put(n.ownRefShort, name[1], &rc)
			default:
				if _, dup := n.ownLong[name]; dup {
					return nil, fail("refuse["+key+"]", "%s is also an allowed flag", quote(name))
				}
				n.ownRefLong = put(n.ownRefLong, name, &rc)
			}
		}
	}

	if len(p.BSDFlags) > 0 || len(p.BSDRefuse) > 0 {
		n.bsd, n.bsdRefuse = map[byte]*flagRule{}, map[byte]*Refusal{}
		letter := func(k string) (byte, bool) {
			if len(k) != 1 || !isLetter(k[0]) {
				return 0, false
			}
			return k[0], true
		}
		for _, key := range slices.Sorted(maps.Keys(p.BSDFlags)) {
			f := p.BSDFlags[key]
			if f.Arg != "" && !slices.Contains(argKinds, f.Arg) {
				return nil, fail("bsd_flags["+key+"].arg", "must be one of %v, got %s", argKinds, quote(string(f.Arg)))
			}
			for _, name := range strings.Split(key, "|") {
				c, ok := letter(name)
				if !ok {
					return nil, fail("bsd_flags["+key+"]", "%s must be one ASCII letter", quote(name))
				}
				n.bsd[c] = &flagRule{name: name, arg: f.Arg, limits: newLimits(f), refusal: f.Refusal.clone()}
			}
		}
		for _, key := range slices.Sorted(maps.Keys(p.BSDRefuse)) {
			ref := p.BSDRefuse[key]
			c, ok := letter(key)
			if !ok {
				return nil, fail("bsd_refuse["+key+"]", "must be one ASCII letter")
			}
			if n.bsd[c] != nil {
				return nil, fail("bsd_refuse["+key+"]", "%s is also an allowed BSD letter", quote(key))
			}
			if err := checkRefusal(&ref, fail, "bsd_refuse["+key+"]"); err != nil {
				return nil, err
			}
			n.bsdRefuse[c] = &ref
		}
	}

	// Effective tables: inherited from persistent ancestors, then own.
	// Compiled nodes are never written to after compileNode returns, so a
	// level that adds nothing to a table shares its parent's.
	n.effectiveTables(parent)

	// Positionals.
	pp := p.Positionals
	if pp.Max < -1 {
		return nil, fail("positionals.max", "must be -1 (any number) or more, got %d", pp.Max)
	}
	n.pos = compiledPositionals{max: pp.Max, kind: pp.Kind, values: slices.Clone(pp.Values),
		deny: slices.Clone(pp.Deny), refusal: pp.Refusal.clone()}
	if n.pos.kind == "" {
		n.pos.kind = ArgPath
	}
	if !slices.Contains(argKinds, n.pos.kind) {
		return nil, fail("positionals.kind", "must be one of %v, got %s", argKinds, quote(string(pp.Kind)))
	}
	for i, k := range pp.Leading {
		if !slices.Contains(argKinds, k) {
			return nil, fail(fmt.Sprintf("positionals.leading[%d]", i), "must be one of %v, got %s", argKinds, quote(string(k)))
		}
	}
	n.pos.leading = slices.Clone(pp.Leading)
	if err := checkRefusal(pp.Refusal, fail, "positionals.refusal"); err != nil {
		return nil, err
	}
	if err := checkRefusal(pp.CountRefusal, fail, "positionals.count_refusal"); err != nil {
		return nil, err
	}
	for i, c := range pp.Counts {
		if c < 0 || (n.pos.max >= 0 && c > n.pos.max) {
			return nil, fail(fmt.Sprintf("positionals.counts[%d]", i), "must be between 0 and max, got %d", c)
		}
	}
	n.pos.counts, n.pos.countRefusal = slices.Clone(pp.Counts), pp.CountRefusal
	var err error
	if n.pos.leadingUnless, err = n.rules(pp.LeadingUnless, fail, "positionals.leading_unless"); err != nil {
		return nil, err
	}
	if n.pos.needs, err = n.rules(pp.Needs, fail, "positionals.needs"); err != nil {
		return nil, err
	}
	if p.Require != nil {
		if len(p.Require.Flags) == 0 {
			return nil, fail("require.flags", "must name at least one flag")
		}
		rules, err := n.rules(p.Require.Flags, fail, "require.flags")
		if err != nil {
			return nil, err
		}
		if err := checkRefusal(p.Require.Refusal, fail, "require.refusal"); err != nil {
			return nil, err
		}
		n.require = &compiledRequirement{flags: rules, names: slices.Clone(p.Require.Flags), refusal: p.Require.Refusal.clone()}
	}
	if p.RequireSubcommand != nil {
		if err := checkRefusal(p.RequireSubcommand, fail, "require_subcommand"); err != nil {
			return nil, err
		}
		n.requireSub = p.RequireSubcommand.clone()
	}

	if len(p.Subcommands) > 0 {
		n.subs = make(map[string]*node, len(p.Subcommands))
		for _, name := range slices.Sorted(maps.Keys(p.Subcommands)) {
			if name == "" || isFlagName(name) {
				return nil, fail("subcommands", "%s is not a subcommand word", quote(name))
			}
			if _, dup := n.refuseSub[name]; dup {
				return nil, fail("subcommands["+name+"]", "is also refused")
			}
			child, err := compileNode(form+" "+name, field+".subcommands["+name+"]", p.Subcommands[name], n)
			if err != nil {
				return nil, err
			}
			n.subs[name] = child
		}
	}
	// The own tables were kept to build the children's; the effective
	// tables hold everything a check reads.
	n.ownLong, n.ownShort, n.ownRefLong, n.ownRefShort = nil, nil, nil, nil
	return n, nil
}

// put sets m[k] = v, making m on the first entry: a level without entries
// keeps a nil map, which reads as empty.
func put[K comparable, V any](m map[K]V, k K, v V) map[K]V {
	if m == nil {
		m = map[K]V{}
	}
	m[k] = v
	return m
}

// effectiveTables builds n's long, short, refuseLong and refuseShort
// tables (and num) from what parent passes down and n's own entries.
// A table n adds nothing to, and that parent passes down whole, is
// parent's own map, shared rather than copied; an empty table is nil.
func (n *node) effectiveTables(parent *node) {
	// A table passes down whole when parent is persistent or added nothing
	// of that kind itself (what a non-persistent level keeps back is only
	// its own entries).
	whole := func(own int) bool { return parent != nil && (parent.persistent || own == 0) }
	sharedLong, sharedRefuse := false, false
	if len(n.ownLong) == 0 && len(n.ownRefLong) == 0 && (parent == nil || whole(len(parent.ownLong))) {
		if parent != nil {
			n.long, sharedLong = parent.long, true
		}
	} else {
		n.long = n.buildLong(parent)
	}
	if len(n.ownLong) == 0 && len(n.ownRefLong) == 0 && (parent == nil || whole(len(parent.ownRefLong))) {
		if parent != nil {
			n.refuseLong, sharedRefuse = parent.refuseLong, true
		}
	} else {
		n.refuseLong = n.buildRefuseLong(parent)
	}
	// The sorted names serve abbreviations only: a level that reads none
	// has none, and one that shares a table with a level that reads them
	// shares its names too.
	if n.abbrev {
		if sharedLong && parent.abbrev {
			n.longNames = parent.longNames
		} else {
			n.longNames = sortedKeys(n.long)
		}
		if sharedRefuse && parent.abbrev {
			n.refusedLong = parent.refusedLong
		} else {
			n.refusedLong = sortedKeys(n.refuseLong)
		}
	}
	if len(n.ownShort) == 0 && len(n.ownRefShort) == 0 && (parent == nil || whole(len(parent.ownShort))) {
		if parent != nil {
			n.short = parent.short
		}
	} else {
		n.short = n.buildShort(parent)
	}
	if len(n.ownShort) == 0 && len(n.ownRefShort) == 0 && (parent == nil || whole(len(parent.ownRefShort))) {
		if parent != nil {
			n.refuseShort = parent.refuseShort
		}
	} else {
		n.refuseShort = n.buildRefuseShort(parent)
	}
	if parent != nil && parent.num != nil && (parent.persistent || parent.ownNum == nil) {
		n.num = parent.num
	}
	if n.ownNum != nil {
		n.num = n.ownNum
	}
}

// sortedKeys returns the sorted keys of m, nil when m is empty.
func sortedKeys[V any](m map[string]V) []string {
	if len(m) == 0 {
		return nil
	}
	keys := make([]string, 0, len(m)) // sized once: kept for the guard's life
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// nilIfEmpty returns m, or nil when it has no entries.
func nilIfEmpty[K comparable, V any](m map[K]V) map[K]V {
	if len(m) == 0 {
		return nil
	}
	return m
}

// The build functions compute one effective table: what parent passes
// down (everything parent itself inherited, plus its own entries when it
// is persistent), then n's own allowed entries, minus what n refuses (for
// the allowed tables) or allows (for the refused ones). A level's own
// allowed and refused names are disjoint (compileNode refuses a policy
// that names one in both), so a top level's tables are its own maps.

func (n *node) buildLong(parent *node) map[string]*flagRule {
	if parent == nil {
		return nilIfEmpty(n.ownLong)
	}
	m := map[string]*flagRule{}
	if parent != nil {
		for k, v := range parent.long {
			if parent.persistent || parent.ownLong[k] == nil {
				m[k] = v
			}
		}
	}
	maps.Copy(m, n.ownLong)
	for k := range n.ownRefLong {
		delete(m, k)
	}
	return nilIfEmpty(m)
}

func (n *node) buildShort(parent *node) map[byte]*flagRule {
	if parent == nil {
		return nilIfEmpty(n.ownShort)
	}
	m := map[byte]*flagRule{}
	if parent != nil {
		for k, v := range parent.short {
			if parent.persistent || parent.ownShort[k] == nil {
				m[k] = v
			}
		}
	}
	maps.Copy(m, n.ownShort)
	for k := range n.ownRefShort {
		delete(m, k)
	}
	return nilIfEmpty(m)
}

func (n *node) buildRefuseLong(parent *node) map[string]*Refusal {
	if parent == nil {
		return nilIfEmpty(n.ownRefLong)
	}
	m := map[string]*Refusal{}
	if parent != nil {
		for k, v := range parent.refuseLong {
			if parent.persistent || parent.ownRefLong[k] == nil {
				m[k] = v
			}
		}
	}
	maps.Copy(m, n.ownRefLong)
	for k := range n.ownLong {
		delete(m, k)
	}
	return nilIfEmpty(m)
}

func (n *node) buildRefuseShort(parent *node) map[byte]*Refusal {
	if parent == nil {
		return nilIfEmpty(n.ownRefShort)
	}
	m := map[byte]*Refusal{}
	if parent != nil {
		for k, v := range parent.refuseShort {
			if parent.persistent || parent.ownRefShort[k] == nil {
				m[k] = v
			}
		}
	}
	maps.Copy(m, n.ownRefShort)
	for k := range n.ownShort {
		delete(m, k)
	}
	return nilIfEmpty(m)
}

func (n *node) addFlag(name string, r *flagRule) error {
	if n.ownLong[name] != nil || (len(name) == 2 && !n.singleDash && n.ownShort[name[1]] != nil) || (name == "-NUM" && n.ownNum != nil) {
		return fmt.Errorf("%s is listed twice", quote(name))
	}
	switch {
	case !isFlagName(name):
		return fmt.Errorf("%s must start with '-' or '+'", quote(name))
	case name == "-NUM":
		n.ownNum = r
	case len(name) == 2 && name[0] == '-' && !n.singleDash:
		if name[1] >= 128 {
			return fmt.Errorf("%s is not an ASCII letter", quote(name))
		}
		n.ownShort = put(n.ownShort, name[1], r)
	default:
		if name[0] == '+' && !n.plus {
			return fmt.Errorf("%s needs plus_options", quote(name))
		}
		if strings.ContainsAny(name, "= ") {
			return fmt.Errorf("%s must not contain '=' or a space", quote(name))
		}
		n.ownLong = put(n.ownLong, name, r)
	}
	return nil
}

// rules resolves flag names of this level (own or inherited) for Require,
// Needs and LeadingUnless.
func (n *node) rules(names []string, fail func(string, string, ...any) error, field string) ([]*flagRule, error) {
	var out []*flagRule
	for i, name := range names {
		var r *flagRule
		switch {
		case name == "-NUM":
			r = n.ownNum
		case len(name) == 2 && name[0] == '-' && !n.singleDash:
			r = n.ownShort[name[1]]
		default:
			r = n.ownLong[name]
		}
		if r == nil {
			return nil, fail(fmt.Sprintf("%s[%d]", field, i), "%s is not an allowed flag of this level", quote(name))
		}
		out = append(out, r)
	}
	return out, nil
}

func checkRefusal(r *Refusal, fail func(string, string, ...any) error, field string) error {
	if r == nil {
		return nil
	}
	if r.Detail == "" {
		return fail(field+".detail", "must not be empty")
	}
	if !slices.Contains(DetailCodes(), r.Detail) {
		return fail(field+".detail", "must be a detail code (%s), got %s", strings.Join(DetailCodes(), ", "), quote(r.Detail))
	}
	return nil
}

// argInfo is how the path and pattern layers treat one argument.
type argInfo struct {
	// pathFrom is where the part of the argument to check against the
	// allowed paths starts (0: all of it); -1 means no path check.
	pathFrom int
	// exempt skips the block patterns: the argument is text no shell reads.
	exempt bool
	// chdir: the value is a directory the program changes to first (git
	// -C); base: one it may resolve relative paths against (--work-tree).
	chdir, base bool
}

// refusal is a grammar refusal and how to build its hint: args[from:to]
// replaced by repl, when offer is set.
type refusal struct {
	d        Decision
	from, to int
	repl     []string
	offer    bool
}

type parseResult struct {
	info      []argInfo
	buildForm string // the form needing the build profile; "" if none
	buildIdx  int
	// subIdx is the argument that selected the first subcommand, -1 if
	// none: the tests hold Argv's reading of git's global options to it.
	subIdx int
}

type parser struct {
	g       *Guard
	cmd     string
	args    []string
	res     parseResult
	n       *node
	nodeIdx int // argument that selected n; -1 for the command itself
	dashes  bool
	expr    bool // find: the expression has started
	pos     []int
	seen    []*flagRule
}

// parse reads args with the command's grammar. It returns the first
// refusal, or how every argument is to be checked by the later layers.
func (g *Guard) parse(cmd string, root *node, args []string) (parseResult, *refusal) {
	p := parser{g: g, cmd: cmd, args: args, n: root, nodeIdx: -1}
	p.res.info = make([]argInfo, len(args))
	p.res.buildIdx, p.res.subIdx = -1, -1
	for i := range p.res.info {
		p.res.info[i] = argInfo{pathFrom: -1}
	}
	if root.profile == ProfileBuild {
		p.res.buildForm = cmd
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !p.dashes && a == "--" {
			p.dashes = true
			p.res.info[i].exempt = true
			continue
		}
		if !p.dashes && p.isOption(a) {
			var r *refusal
			if p.n.open {
				r = p.openOption(i)
			} else {
				i, r = p.option(i)
			}
			if r != nil {
				return p.res, r
			}
			continue
		}
		if p.n.bsd != nil && !p.dashes && a != "" && isLetter(a[0]) {
			var r *refusal
			if i, r = p.bsdWord(i); r != nil {
				return p.res, r
			}
			continue
		}
		if !p.n.open && p.n.hasSubSlot() && len(p.pos) == 0 {
			if r := p.enter(i); r != nil {
				return p.res, r
			}
			continue
		}
		if p.n.singleDash && p.expr && !p.dashes {
			return p.res, p.refuse(i, detailPositionalNotAllowed, nil,
				"Argument "+itoa(i)+" ("+quote(a)+") of "+quote(p.n.form)+" is a path after the expression; paths must come first")
		}
		p.pos = append(p.pos, i)
		if p.n.stopAtPos {
			p.dashes = true
		}
	}
	return p.res, p.finish()
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// bsdWord reads args[i] as a bundle of BSD letters (procps
// parse_bsd_option) and returns the index of the last argument consumed.
// A digit ends the bundle: the rest is a list of process IDs.
func (p *parser) bsdWord(i int) (int, *refusal) {
	a := p.args[i]
	n := p.n
	p.res.info[i].exempt = true
	for j := 0; j < len(a); j++ {
		c := a[j]
		if c >= '0' && c <= '9' {
			return i, nil
		}
		what := func() string {
			if c >= 128 {
				return "Argument " + itoa(i) + " (" + quote(a) + ")"
			}
			return "BSD option " + quote(string(rune(c))) + " in argument " + itoa(i) + " (" + quote(a) + ")"
		}
		rule := n.bsd[c]
		if rule == nil {
			if ref := n.bsdRefuse[c]; ref != nil {
				rf := p.refuse(i, "", ref, dangerMsg(what(), n.form, ref))
				if rest := a[:j] + a[j+1:]; !ref.TakesValue() && (ref.Drop || len(ref.Hint) > 0) {
					repl := slices.Clone(ref.Hint)
					if rest != "" {
						repl = append(repl, rest)
					}
					rf.from, rf.to, rf.repl, rf.offer = i, i+1, repl, true
				}
				return i, rf
			}
			return i, p.refuse(i, detailFlagNotAllowed, nil, what()+" is not allowed for "+quote(n.form))
		}
		p.see(rule)
		if rule.arg == "" {
			continue
		}
		if j+1 < len(a) {
			return i, p.value(i, j+1, rule, a[j+1:], what, "")
		}
		if i+1 < len(p.args) && p.args[i+1] != "" {
			return i + 1, p.value(i+1, 0, rule, p.args[i+1], what, "")
		}
		return i, nil
	}
	return i, nil
}

func (p *parser) isOption(a string) bool {
	if p.n.singleDash && p.n.long[a] != nil {
		return true // find's ( ) ! ,
	}
	if len(a) < 2 {
		return false
	}
	switch a[0] {
	case '-':
		return true
	case '+':
		return p.n.plus
	}
	return false
}

func (p *parser) see(r *flagRule) {
	if !slices.Contains(p.seen, r) {
		p.seen = append(p.seen, r)
	}
}

func (p *parser) seenAny(rs []*flagRule) bool {
	for _, r := range rs {
		if slices.Contains(p.seen, r) {
			return true
		}
	}
	return false
}

func (p *parser) refuse(i int, detail string, r *Refusal, msg string) *refusal {
	arg := p.cmd
	if i >= 0 {
		arg = p.args[i]
	}
	if r != nil && r.Detail != "" {
		detail = r.Detail
	}
	return &refusal{d: refuse(ReasonArgNotAllowed, detail, i, arg, msg)}
}

// withHint sets the hint of a refusal from a policy Refusal: args[from:to]
// replaced by its Hint.
func (rf *refusal) withHint(r *Refusal, from, to int) *refusal {
	if r != nil && (r.Drop || len(r.Hint) > 0) {
		rf.from, rf.to, rf.repl, rf.offer = from, to, r.Hint, true
	}
	return rf
}

// dangerMsg phrases a refusal of a known form.
func dangerMsg(what, form string, r *Refusal) string {
	if r != nil {
		if ph, ok := danger(r.Detail, form); ok {
			return what + " " + ph + "; the policy refuses it"
		}
	}
	return what + " is not allowed for " + quote(form)
}

// enter selects the subcommand named by args[i].
func (p *parser) enter(i int) *refusal {
	a := p.args[i]
	child := p.n.subs[a]
	if child == nil {
		if r := p.n.refuseSub[a]; r != nil {
			return p.refuse(i, "", r, dangerMsg("Subcommand "+quote(a)+" (argument "+itoa(i)+")", p.n.form, r)).
				withHint(r, i, i+1)
		}
		// A word the program resolves to a build command (npm's
		// abbreviations, camelCase) gets the profile answer in readonly.
		if p.g.profile != ProfileBuild {
			if form, idx, build := buildForm(p.cmd, p.args); build {
				return &refusal{d: profileRefusal(p.cmd, p.args, form, idx)}
			}
		}
		return p.refuse(i, detailSubcommandNotAllowed, nil,
			"Subcommand "+quote(a)+" (argument "+itoa(i)+") is not allowed for "+quote(p.n.form)+"; describe lists the allowed ones")
	}
	if r := p.finishLevel(false); r != nil {
		return r
	}
	p.res.info[i].exempt = true
	if p.nodeIdx < 0 {
		p.res.subIdx = i
	}
	p.n, p.nodeIdx, p.pos, p.expr = child, i, p.pos[:0], false
	if child.profile == ProfileBuild && p.res.buildForm == "" {
		p.res.buildForm, p.res.buildIdx = child.form, i
	}
	return nil
}

// option reads the option at args[i] and its value; it returns the index
// of the last argument consumed.
func (p *parser) option(i int) (int, *refusal) {
	a := p.args[i]
	n := p.n
	if strings.HasPrefix(a, "--") || (n.singleDash && a[0] == '-') || a[0] == '+' || n.long[a] != nil {
		return p.longOption(i)
	}
	return p.shortOptions(i)
}

func (p *parser) longOption(i int) (int, *refusal) {
	a := p.args[i]
	name, val, hasVal := a, "", false
	if eq := strings.IndexByte(a, '='); eq > 0 {
		name, val, hasVal = a[:eq], a[eq+1:], true
	}
	rule, ref, resolved, ambiguous := p.lookupLong(name)
	// Messages are built only for refusals: Check is on every call's path.
	what := func() string {
		if resolved != "" && resolved != name {
			return "Flag " + quote(name) + " (argument " + itoa(i) + ", read as " + quote(resolved) + ")"
		}
		return "Flag " + quote(name) + " (argument " + itoa(i) + ")"
	}
	if ref != nil && !(hasVal && val == "false" && !ref.Value) {
		to := i + 1
		if ref.TakesValue() && !hasVal && i+1 < len(p.args) {
			to++
		}
		return i, p.refuse(i, "", ref, dangerMsg(what(), p.n.form, ref)).withHint(ref, i, to)
	}
	if rule == nil && ref != nil {
		return i, nil // "--watch=false": a refused switch turned off (pflag)
	}
	if rule == nil {
		if ambiguous {
			return i, p.refuse(i, detailFlagAmbiguous, nil,
				what()+" is an ambiguous abbreviation for "+quote(p.n.form)+"; spell the option in full")
		}
		return i, p.refuse(i, detailFlagNotAllowed, nil, what()+" is not allowed for "+quote(p.n.form))
	}
	// "--flag=false" (pflag) turns a flag off: it neither counts as given
	// nor follows links.
	if !(rule.arg == "" && hasVal && val == "false") {
		p.see(rule)
		if rf := p.followCheck(i, -1, rule, what); rf != nil {
			return i, rf
		}
	}
	if a == "(" || a == ")" || a == "!" || a == "," {
		p.expr = true
		p.res.info[i].exempt = true
		return i, nil
	}
	// find: the expression starts at its first primary or operator; the
	// two-letter options before the paths (-H -L -P) do not start it.
	if p.n.singleDash && len(name) > 2 {
		p.expr = true
	}
	if rule.arg == "" {
		if hasVal && val != "true" && val != "false" {
			return i, p.refuse(i, detailFlagValueNotAllowed, nil, what()+" takes no value")
		}
		return i, nil
	}
	if hasVal {
		return i, p.value(i, len(name)+1, rule, val, what, "")
	}
	if rule.optional {
		return i, nil
	}
	if i+1 < len(p.args) {
		return i + 1, p.value(i+1, 0, rule, p.args[i+1], what, "")
	}
	return i, nil // the program reports the missing value
}

// lookupLong resolves a long option (or single-dash long, or +option) the
// way the program does, abbreviations included.
func (p *parser) lookupLong(name string) (rule *flagRule, ref *Refusal, resolved string, ambiguous bool) {
	n := p.n
	if r := n.long[name]; r != nil {
		return r, nil, name, false
	}
	if r := n.refuseLong[name]; r != nil {
		return nil, r, name, false
	}
	if !n.abbrev || !(strings.HasPrefix(name, "--") && len(name) > 2 || name[0] == '+' && len(name) > 1) {
		return nil, nil, "", false
	}
	// A prefix of a refused option is refused, whatever else it matches:
	// the program may resolve it there.
	if k := prefixed(n.refusedLong, name); k != "" {
		return nil, n.refuseLong[k], k, false
	}
	var match *flagRule
	resolved = ""
	lo, _ := slices.BinarySearch(n.longNames, name)
	for _, k := range n.longNames[lo:] {
		if !strings.HasPrefix(k, name) {
			break
		}
		if match != nil && n.long[k] != match {
			return nil, nil, "", true
		}
		match, resolved = n.long[k], k
	}
	return match, nil, resolved, false
}

// prefixed returns the first of the sorted names having prefix, or "".
func prefixed(sorted []string, prefix string) string {
	lo, _ := slices.BinarySearch(sorted, prefix)
	if lo < len(sorted) && strings.HasPrefix(sorted[lo], prefix) {
		return sorted[lo]
	}
	return ""
}

func (p *parser) shortOptions(i int) (int, *refusal) {
	a := p.args[i]
	n := p.n
	for j := 1; j < len(a); j++ {
		c := a[j]
		if c >= '0' && c <= '9' && n.num != nil {
			for j+1 < len(a) && a[j+1] >= '0' && a[j+1] <= '9' {
				j++
			}
			p.see(n.num)
			continue
		}
		rule := n.short[c]
		what := func() string {
			switch {
			case c >= 128:
				return "Argument " + itoa(i) + " (" + quote(a) + ")"
			case len(a) > 2:
				return "Flag " + quote("-"+string(rune(c))) + " in argument " + itoa(i) + " (" + quote(a) + ")"
			}
			return "Flag " + quote("-"+string(rune(c))) + " (argument " + itoa(i) + ")"
		}
		if rule == nil {
			if ref := n.refuseShort[c]; ref != nil {
				rf := p.refuse(i, "", ref, dangerMsg(what(), n.form, ref))
				return i, p.bundleHint(rf, ref, i, j)
			}
			return i, p.refuse(i, detailFlagNotAllowed, nil, what()+" is not allowed for "+quote(n.form))
		}
		p.see(rule)
		if rf := p.followCheck(i, j, rule, what); rf != nil {
			return i, rf
		}
		if rule.arg == "" {
			continue
		}
		if n.separate && j+1 < len(a) {
			return i, p.refuse(i, detailFormNotAllowed, nil,
				what()+" takes a value that "+quote(n.form)+" reads from the next argument; write it alone, as "+
					quote("-"+string(rune(c)))+" followed by the value")
		}
		if j+1 < len(a) {
			from := j + 1
			if n.shortEquals && a[from] == '=' {
				from++
			}
			return i, p.value(i, from, rule, a[from:], what, a[:j])
		}
		if rule.optional {
			return i, nil
		}
		if i+1 < len(p.args) {
			return i + 1, p.value(i+1, 0, rule, p.args[i+1], what, a[:j])
		}
		return i, nil
	}
	return i, nil
}

// bundleHint offers the argv without the refused letter (and its value).
func (p *parser) bundleHint(rf *refusal, ref *Refusal, i, j int) *refusal {
	if !ref.Drop && len(ref.Hint) == 0 {
		return rf
	}
	a := p.args[i]
	to := i + 1
	rest := a[:j] + a[j+1:]
	if ref.TakesValue() {
		rest = a[:j]
		if j+1 == len(a) && i+1 < len(p.args) {
			to++
		}
	}
	// The hint goes before what is left of the bundle, so a value the rest
	// takes ("-fu nginx" -> "-n 100 -u nginx") stays next to it.
	repl := slices.Clone(ref.Hint)
	if rest != "-" {
		repl = append(repl, rest)
	}
	rf.from, rf.to, rf.repl, rf.offer = i, to, repl, true
	return rf
}

// followCheck refuses, once allowed_paths is set, an option that follows
// links while walking or whose value lists more paths. j is the letter's
// index in a bundle, -1 for a long option. The hint drops the option, or
// puts the flag's Refusal.Hint in its place (grep -R -> -r).
func (p *parser) followCheck(i, j int, r *flagRule, what func() string) *refusal {
	if !(r.followsLinks || r.listsPaths) || len(p.g.roots) == 0 {
		return nil
	}
	// The hint drops the option's value with it (lscpu --sysroot DIR).
	valued := r.listsPaths || r.arg != "" && !r.optional
	ref := &Refusal{Detail: detailReadsOutside, Drop: true, Value: valued}
	if r.refusal != nil {
		ref.Hint = r.refusal.Hint
	}
	why := " follows symbolic links while walking, which could lead outside the allowed paths"
	if r.listsPaths {
		why = " reads the paths to visit from a file the guard cannot check, which could name files outside the allowed paths"
	}
	rf := p.refuse(i, detailReadsOutside, nil, what()+why)
	if j >= 0 {
		return p.bundleHint(rf, ref, i, j)
	}
	to := i + 1
	if valued && !strings.Contains(p.args[i], "=") && i+1 < len(p.args) {
		to++
	}
	return rf.withHint(ref, i, to)
}

// value checks a flag value held in args[i][from:] (from 0: the whole
// argument, which follows the flag) and records how the later layers treat
// it. keep is what a hint keeps of the flag's argument: the letters bundled
// before it ("-sS" of "-sSo").
func (p *parser) value(i, from int, r *flagRule, v string, what func() string, keep string) *refusal {
	p.res.info[i] = infoFor(r.arg, from)
	p.res.info[i].chdir, p.res.info[i].base = r.chdir, r.base
	if r.glob && len(p.g.roots) > 0 && strings.ContainsAny(v, "*?[") {
		return p.refuse(i, detailReadsOutside, nil, what()+" has the value "+quote(v)+
			", a glob pattern the program expands itself; the guard cannot check what it matches, so name the file")
	}
	if r.arg == ArgPackage {
		info, rf := p.packageArg(i, from, v, what())
		if rf != nil {
			return rf
		}
		p.res.info[i] = info
	}
	if detail, why := r.checkValue(v); detail != "" || why != "" {
		if detail == "" {
			detail = detailFlagValueNotAllowed
		}
		if r.refusal != nil {
			detail = r.refusal.Detail
		}
		msg := what() + " has the value " + quote(v) + ", which " + why
		if r.refusal != nil {
			if ph, ok := danger(r.refusal.Detail, p.n.form); ok {
				msg = what() + " with the value " + quote(v) + " " + ph + "; the policy refuses it"
			}
		}
		rf := p.refuse(i, detail, nil, msg)
		if r.refusal != nil {
			start := i
			if from == 0 && i > 0 {
				start = i - 1 // the flag was the previous argument
			}
			rf.withHint(r.refusal, start, i+1)
			if rf.offer && len(keep) > 1 {
				rf.repl = append([]string{keep}, rf.repl...)
			}
		}
		return rf
	}
	if literal(r.values(), v) {
		// A value the policy spells out (curl -o /dev/null) is the policy's
		// choice, not the agent's: no path or pattern check.
		p.res.info[i] = argInfo{pathFrom: -1, exempt: true}
	}
	return nil
}

// literal reports whether v equals an entry of values that has no "*".
func literal(values []string, v string) bool {
	for _, x := range values {
		if x == v && !strings.Contains(x, "*") {
			return true
		}
	}
	return false
}

// packageArg classifies a package spec held in args[i][from:]: a path
// part is path-checked, a git spec is refused, anything else is text.
func (p *parser) packageArg(i, from int, v, what string) (argInfo, *refusal) {
	at, git := packageSpec(v)
	if git {
		return argInfo{}, p.refuse(i, detailRunsProgram, nil, what+" is a git package spec, for which npm runs git; "+
			"name a registry package, a tarball URL or a local directory")
	}
	if at < 0 {
		return argInfo{pathFrom: -1, exempt: true}, nil
	}
	return argInfo{pathFrom: from + at}, nil
}

func infoFor(k ArgKind, from int) argInfo {
	switch k {
	case ArgAny, ArgPath, "":
		return argInfo{pathFrom: from}
	}
	return argInfo{pathFrom: -1, exempt: true}
}

// openOption checks an option of an open level: only refusals apply, and
// what could be a path is checked as one.
func (p *parser) openOption(i int) *refusal {
	a := p.args[i]
	n := p.n
	name := a
	eq := strings.IndexByte(a, '=')
	if eq > 0 {
		name = a[:eq]
		p.res.info[i].pathFrom = eq + 1
	}
	if strings.HasPrefix(a, "--") || n.singleDash || a[0] == '+' {
		if _, ref, _, _ := p.lookupLong(name); ref != nil {
			return p.refuse(i, "", ref, dangerMsg("Flag "+quote(name)+" (argument "+itoa(i)+")", n.form, ref)).
				withHint(ref, i, i+1)
		}
		return nil
	}
	// A bundle's letters may be values: refuse a refused letter anywhere.
	for j := 1; j < len(a); j++ {
		if ref := n.refuseShort[a[j]]; ref != nil {
			return p.refuse(i, "", ref, dangerMsg("Flag "+quote("-"+string(rune(a[j])))+" in argument "+itoa(i)+" ("+quote(a)+")", n.form, ref))
		}
	}
	if eq < 0 && len(a) > 2 {
		p.res.info[i].pathFrom = 2 // "-C/dir": the attached part may be a path
	}
	return nil
}

// openPositional is how a positional of an open level is checked. After
// "--" a build form passes words on to the project's scripts, which may
// read "--out-dir=/x" or "-o/x" as options: the value is the risky reading.
func openPositional(a string) argInfo {
	if len(a) > 1 && a[0] == '-' {
		if eq := strings.IndexByte(a, '='); eq > 0 {
			return argInfo{pathFrom: eq + 1}
		}
		if len(a) > 2 && a[1] != '-' {
			return argInfo{pathFrom: 2}
		}
		return argInfo{pathFrom: -1}
	}
	return argInfo{pathFrom: 0}
}

// finishLevel checks what can only be checked once a level's arguments are
// all read: required flags, then positionals. last is true at the end of
// the argv (a required subcommand is then missing).
func (p *parser) finishLevel(last bool) *refusal {
	n := p.n
	at := p.nodeIdx + 1 // where an inserted hint goes
	if last && n.requireSub != nil && !n.open && n.hasSubSlot() && len(p.pos) == 0 {
		msg := quote(n.form) + " needs a subcommand; run alone it is refused (" + n.requireSub.Detail + ")"
		rf := p.refuse(p.nodeIdx, detailSubcommandRequired, n.requireSub, msg)
		if len(n.requireSub.Hint) > 0 {
			rf.from, rf.to, rf.repl, rf.offer = at, at, n.requireSub.Hint, true
		}
		return rf
	}
	if n.require != nil && !p.seenAny(n.require.flags) {
		names := strings.Join(quoteAll(n.require.names), " or ")
		msg := quote(n.form) + " needs " + names
		if n.require.refusal != nil {
			if s, ok := danger(n.require.refusal.Detail, n.form); ok {
				msg += ": leaving it out " + s
			}
		}
		rf := p.refuse(p.nodeIdx, detailFlagRequired, n.require.refusal, msg)
		if r := n.require.refusal; r != nil && len(r.Hint) > 0 {
			rf.from, rf.to, rf.repl, rf.offer = at, at, r.Hint, true
		}
		return rf
	}
	return p.positionals()
}

func (p *parser) finish() *refusal { return p.finishLevel(true) }

func (p *parser) positionals() *refusal {
	n := p.n
	pos := p.pos
	pr := &n.pos
	if len(pr.counts) > 0 && !n.open && !slices.Contains(pr.counts, len(pos)) && (pr.max < 0 || len(pos) <= pr.max) {
		i := -1
		if len(pos) > 0 {
			i = pos[len(pos)-1]
		}
		msg := quote(n.form) + " takes " + joinInts(pr.counts) + " positional arguments, not " + itoa(len(pos))
		return p.refuse(i, detailPositionalNotAllowed, pr.countRefusal, msg)
	}
	if len(pos) == 0 {
		return nil
	}
	if n.open {
		for _, i := range pos {
			p.res.info[i] = openPositional(p.args[i])
		}
		return nil
	}
	if pr.max >= 0 && len(pos) > pr.max {
		i := pos[pr.max]
		msg := "Argument " + itoa(i) + " (" + quote(p.args[i]) + ") is one positional argument too many for " + quote(n.form)
		if pr.max == 0 {
			msg = "Argument " + itoa(i) + " (" + quote(p.args[i]) + "): " + quote(n.form) + " takes no positional arguments"
		}
		return p.refuse(i, detailPositionalNotAllowed, nil, msg)
	}
	if len(pr.needs) > 0 && !p.seenAny(pr.needs) {
		i := pos[0]
		msg := "Argument " + itoa(i) + " (" + quote(p.args[i]) + ") is only allowed for " + quote(n.form) +
			" with " + strings.Join(quoteAll(namesOf(pr.needs)), " or ")
		rf := p.refuse(i, detailPositionalNotAllowed, pr.refusal, msg)
		if pr.refusal != nil && len(pr.refusal.Hint) > 0 {
			rf.from, rf.to, rf.repl, rf.offer = i, i, pr.refusal.Hint, true
		}
		return rf
	}
	leading := pr.leading
	if p.seenAny(pr.leadingUnless) {
		leading = nil
	}
	for k, i := range pos {
		kind := pr.kind
		if k < len(leading) {
			kind = leading[k]
		}
		p.res.info[i] = infoFor(kind, 0)
		if kind == ArgPackage {
			what := "Argument " + itoa(i) + " (" + quote(p.args[i]) + ") of " + quote(n.form)
			info, rf := p.packageArg(i, 0, p.args[i], what)
			if rf != nil {
				return rf
			}
			p.res.info[i] = info
		}
		if detail, why := checkValue(kind, pr.values, pr.deny, nil, nil, p.args[i]); detail != "" || why != "" {
			if detail == "" {
				detail = detailPositionalNotAllowed
			}
			msg := "Argument " + itoa(i) + " (" + quote(p.args[i]) + ") of " + quote(n.form) + " " + why
			if pr.refusal != nil {
				msg = dangerMsg("Argument "+itoa(i)+" ("+quote(p.args[i])+")", n.form, pr.refusal)
			}
			return p.refuse(i, detail, pr.refusal, msg).withHint(pr.refusal, i, len(p.args))
		}
		if literal(pr.values, p.args[i]) {
			p.res.info[i] = argInfo{pathFrom: -1, exempt: true}
		}
	}
	return nil
}

// joinInts spells counts as "0 or 2".
func joinInts(ns []int) string {
	parts := make([]string, len(ns))
	for i, v := range ns {
		parts[i] = itoa(v)
	}
	return strings.Join(parts, " or ")
}

func namesOf(rs []*flagRule) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.name
	}
	return out
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
}

// TakesValue reports whether a refused option takes a value, which a hint
// then drops together with it.
func (r *Refusal) TakesValue() bool { return r != nil && r.Value }

// legacyInfo classifies the arguments of a command without a policy, as
// the first version of the guard did: non-flag words and the value of
// --flag=value are path candidates, after "--" every word is; every
// argument is pattern-checked.
func legacyInfo(args []string) []argInfo {
	info := make([]argInfo, len(args))
	dashes := false
	for i, a := range args {
		info[i] = argInfo{pathFrom: 0}
		if dashes {
			continue
		}
		if a == "--" {
			dashes = true
			info[i].pathFrom = -1
			continue
		}
		if strings.HasPrefix(a, "-") {
			info[i].pathFrom = -1
			if eq := strings.IndexByte(a, '='); eq >= 0 {
				info[i].pathFrom = eq + 1
			}
		}
	}
	return info
}
