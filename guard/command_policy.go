package guard

import (
	"maps"
	"slices"
)

// CommandPolicy is the plain-data description of one program: how it reads
// its argv (the grammar fields) and which forms of it may run. It is what
// guard.command_policies decodes into, so every field has a json and a toml
// key. Subcommands are CommandPolicy values too, so a policy is a tree that
// mirrors "git", "git stash", "git stash list".
//
// The policy is an allowlist of forms: a flag, subcommand or positional the
// policy does not admit is refused. Refuse only refines that refusal with a
// precise detail code and a hint; it never admits anything.
type CommandPolicy struct {
	// Profile is the profile this command (or subcommand) needs: empty or
	// readonly for query forms, build for forms that run project code.
	Profile Profile `json:"profile,omitempty" toml:"profile,omitempty"`

	// Grammar. Each level of the tree states its own: git's global options
	// are not abbreviated while its subcommands' options are.

	// Abbrev: the program accepts an unambiguous prefix of a long option
	// ("--sta" for "--stat"), as getopt_long, git's parse-options and curl do.
	// The guard reads such a prefix as the program would: it is refused if it
	// is a prefix of any refused option, and admitted only when it names
	// exactly one allowed option.
	Abbrev bool `json:"abbrev,omitempty" toml:"abbrev,omitempty"`
	// StopAtPositional: options end at the first positional argument, as for
	// env (everything after is the command it would run). Without it,
	// options may follow positionals (GNU permutation), which is the safe
	// assumption: a later "-x" is then checked as an option.
	StopAtPositional bool `json:"stop_at_positional,omitempty" toml:"stop_at_positional,omitempty"`
	// SingleDashLong: "-name" is one option, never a bundle of letters, and a
	// value is the next argument or follows "=" (find, terraform).
	SingleDashLong bool `json:"single_dash_long,omitempty" toml:"single_dash_long,omitempty"`
	// PlusOptions: words starting with "+" are options too (dig +short,
	// lsof +D).
	PlusOptions bool `json:"plus_options,omitempty" toml:"plus_options,omitempty"`
	// ShortEquals: "-n=x" gives -n the value "x", not "=x" (cobra/pflag:
	// kubectl, docker, helm, gh).
	ShortEquals bool `json:"short_equals,omitempty" toml:"short_equals,omitempty"`
	// SeparateValues: a short option's value is always the next argument,
	// even inside a bundle (tree reads "-Io x y" as -I x -o y). Such options
	// must then stand alone ("-I x"); a bundle or an attached value holding
	// one is refused as ambiguous.
	SeparateValues bool `json:"separate_values,omitempty" toml:"separate_values,omitempty"`
	// BSDFlags are options written without a dash, as procps ps reads its
	// BSD options ("ps aux"): at a level that has them, every word starting
	// with a letter is a bundle of these letters, and a letter taking a
	// value takes the rest of the word or else the next argument. Keys are
	// single letters; a word starting with a digit is left to Positionals.
	BSDFlags map[string]Flag `json:"bsd_flags,omitempty" toml:"bsd_flags,omitempty"`
	// BSDRefuse names refused BSD letters ("e": the environment of every
	// process).
	BSDRefuse map[string]Refusal `json:"bsd_refuse,omitempty" toml:"bsd_refuse,omitempty"`
	// Persistent: the flags and refusals of this level also apply in all its
	// subcommands, as cobra's persistent flags (kubectl -n anywhere).
	Persistent bool `json:"persistent,omitempty" toml:"persistent,omitempty"`

	// Open admits any flag and positional at this level (Refuse still
	// applies): for build forms such as "npm run" or "cargo build" whose
	// arguments are the project's own. Path and pattern checks still see
	// every argument.
	Open bool `json:"open,omitempty" toml:"open,omitempty"`

	// Flags are the allowed options of this level, keyed by spelling. A key
	// may list aliases separated by commas ("-n,--lines"), and several
	// options sharing one rule separated by "|" ("-A,--after-context|-B").
	// Single-letter
	// options ("-l") may be bundled and take attached values; the key "-NUM"
	// admits a number written as an option ("-5" for head, git log, grep).
	Flags map[string]Flag `json:"flags,omitempty" toml:"flags,omitempty"`
	// Subcommands are the allowed words in first positional position. When
	// set, the first positional must be one of them.
	Subcommands map[string]CommandPolicy `json:"subcommands,omitempty" toml:"subcommands,omitempty"`
	// RequireSubcommand refuses the level without a subcommand ("git stash"
	// alone pushes a stash).
	RequireSubcommand *Refusal `json:"require_subcommand,omitempty" toml:"require_subcommand,omitempty"`
	// Positionals bounds the non-option arguments of this level.
	Positionals Positionals `json:"positionals,omitempty" toml:"positionals,omitempty"`
	// Require names flags of which at least one must be present ("ping"
	// needs "-c" to stop).
	Require *Requirement `json:"require,omitempty" toml:"require,omitempty"`
	// Refuse names known-dangerous options and subcommands (several per key,
	// separated by "," or "|") with the class of danger and a hint.
	Refuse map[string]Refusal `json:"refuse,omitempty" toml:"refuse,omitempty"`
}

// ArgKind is how a value (of a flag or a positional) is checked.
type ArgKind string

const (
	// ArgAny is an unconstrained value that may name a file: it is checked
	// against the allowed paths and the block patterns.
	ArgAny ArgKind = "any"
	// ArgPath is a file name: checked against the allowed paths and the block
	// patterns.
	ArgPath ArgKind = "path"
	// ArgText is a pattern, format string or other text that no shell and no
	// file system reads (grep -E 'a|b', git log --format='%h <%ae>'): exempt
	// from the path and pattern checks. Values and Deny still apply.
	ArgText ArgKind = "text"
	// ArgNumber is a decimal number, optionally signed, within Min..Max.
	ArgNumber ArgKind = "number"
	// ArgSize is a number with an optional unit suffix (10K, 1MiB, +5).
	ArgSize ArgKind = "size"
	// ArgURL is an http or https URL; file:// and every other scheme, and
	// curl's URL globs ({a,b}, [1-9]) are refused.
	ArgURL ArgKind = "url"
	// ArgPackage is a package spec as npm reads it (npm-package-arg): a
	// registry name, range, tag or tarball URL is text; a path ("./dir",
	// "/abs", "~/x", "x.tgz", "file:..." and the same after "name@") is
	// checked as a path; a git spec ("git+...", "github:...", "user/repo",
	// "git@host:path") is refused as runs_program, since npm runs git for it.
	ArgPackage ArgKind = "package"
)

var argKinds = []ArgKind{ArgAny, ArgPath, ArgText, ArgNumber, ArgSize, ArgURL, ArgPackage}

// Flag is one allowed option.
type Flag struct {
	// Arg is the kind of value the option takes; empty means it takes none.
	Arg ArgKind `json:"arg,omitempty" toml:"arg,omitempty"`
	// Optional: the value may be left out, and is then only ever attached
	// ("--color=never", "-U3"); a following argument is not its value.
	Optional bool `json:"optional,omitempty" toml:"optional,omitempty"`
	// Values, when set, are the only values admitted. "*" in an entry
	// matches any run of characters ("format:*").
	Values []string `json:"values,omitempty" toml:"values,omitempty"`
	// Deny refuses values matching any entry ("@*", "*%G*").
	Deny []string `json:"deny,omitempty" toml:"deny,omitempty"`
	// Min and Max bound a number or size value.
	Min *float64 `json:"min,omitempty" toml:"min,omitempty"`
	Max *float64 `json:"max,omitempty" toml:"max,omitempty"`
	// FollowsLinks: the option makes the program follow symbolic links
	// while walking a tree (grep -R, find -L); refused when allowed_paths is
	// set, since a link planted inside could lead out.
	FollowsLinks bool `json:"follows_links,omitempty" toml:"follows_links,omitempty"`
	// Chdir: the program changes to the value's directory before it reads
	// any other path (git -C, cargo -C, terraform -chdir). Every other
	// relative path of the argv resolves against it, and repeated Chdir
	// options are cumulative ("git -C a -C b" is a/b).
	Chdir bool `json:"chdir,omitempty" toml:"chdir,omitempty"`
	// Base: the program may also resolve relative paths against the value's
	// directory (git --work-tree: git may chdir to the work tree's top), so
	// every relative path must stay inside read against it too.
	Base bool `json:"base,omitempty" toml:"base,omitempty"`
	// ListsPaths: the value is a file listing more paths, which the guard
	// cannot see (find -files0-from, du/wc --files0-from); refused when
	// allowed_paths is set.
	ListsPaths bool `json:"lists_paths,omitempty" toml:"lists_paths,omitempty"`
	// Glob: the program expands glob characters in the value itself
	// (journalctl --file); a value holding '*', '?' or '[' is refused when
	// allowed_paths is set, since the guard cannot see what it matches.
	Glob bool `json:"glob,omitempty" toml:"glob,omitempty"`
	// Refusal classifies a refused value (curl -X POST is network_send). For
	// a follows_links option its Hint replaces the option when it is refused
	// (grep -R: "-r").
	Refusal *Refusal `json:"refusal,omitempty" toml:"refusal,omitempty"`
}

// Positionals bounds the non-option arguments of one level.
type Positionals struct {
	// Max is the number admitted: 0 none, -1 any number.
	Max int `json:"max" toml:"max"`
	// Kind is how each positional is checked; empty means path.
	Kind ArgKind `json:"kind,omitempty" toml:"kind,omitempty"`
	// Leading gives the kinds of the first positionals, before Kind applies
	// ("grep PATTERN FILE...": ["text"]).
	Leading []ArgKind `json:"leading,omitempty" toml:"leading,omitempty"`
	// LeadingUnless names flags whose presence anywhere cancels Leading
	// (grep -e PATTERN makes every positional a file).
	LeadingUnless []string `json:"leading_unless,omitempty" toml:"leading_unless,omitempty"`
	// Values and Deny constrain every positional as for a Flag.
	Values []string `json:"values,omitempty" toml:"values,omitempty"`
	Deny   []string `json:"deny,omitempty" toml:"deny,omitempty"`
	// Needs names flags of which one must be present for any positional to
	// be admitted ("git branch NAME" creates a branch; with --list it lists).
	Needs []string `json:"needs,omitempty" toml:"needs,omitempty"`
	// Refusal classifies a positional refused by Values, Deny, its kind or
	// Needs (env's command is runs_program); one too many is always
	// positional_not_allowed.
	Refusal *Refusal `json:"refusal,omitempty" toml:"refusal,omitempty"`
	// Counts, when set, are the only numbers of positionals admitted, for
	// programs whose positionals change what they do by their number
	// (vmstat DELAY runs until killed, vmstat DELAY COUNT ends): any other
	// number is refused as CountRefusal says, or positional_not_allowed.
	Counts       []int    `json:"counts,omitempty" toml:"counts,omitempty"`
	CountRefusal *Refusal `json:"count_refusal,omitempty" toml:"count_refusal,omitempty"`
}

// Requirement asks for at least one of Flags.
type Requirement struct {
	Flags []string `json:"flags" toml:"flags"`
	// Refusal classifies the refusal; its Hint is inserted into the argv.
	Refusal *Refusal `json:"refusal,omitempty" toml:"refusal,omitempty"`
}

// Refusal is why a form is refused and what to run instead.
type Refusal struct {
	// Detail is the Decision.Detail code: runs_program, writes_files,
	// reads_outside, network_send, state_change, unbounded, reveals_secrets
	// (or any other detail code).
	Detail string `json:"detail" toml:"detail"`
	// Hint replaces the refused argument (with its value) in the argv
	// returned as Decision.Hint. Drop offers the argv without it even when
	// Hint is empty. A hint is only ever returned if it passes Check.
	Hint []string `json:"hint,omitempty" toml:"hint,omitempty"`
	Drop bool     `json:"drop,omitempty" toml:"drop,omitempty"`
	// Value: the refused option takes a value, which the hint drops with it
	// ("tree -o FILE").
	Value bool `json:"value,omitempty" toml:"value,omitempty"`
}

// MergeCommandPolicies overlays over on base command by command: a command
// named in over replaces that command's policy whole, every other entry of
// base stays. Neither input is modified and the result shares no memory with
// them.
func MergeCommandPolicies(base, over map[string]CommandPolicy) map[string]CommandPolicy {
	out := make(map[string]CommandPolicy, len(base)+len(over))
	for k, v := range base {
		out[k] = v.Clone()
	}
	for k, v := range over {
		out[k] = v.Clone()
	}
	return out
}

// Clone returns a deep copy of p.
func (p CommandPolicy) Clone() CommandPolicy {
	c := p
	if p.Flags != nil {
		c.Flags = make(map[string]Flag, len(p.Flags))
		for k, f := range p.Flags {
			c.Flags[k] = f.clone()
		}
	}
	if p.Subcommands != nil {
		c.Subcommands = make(map[string]CommandPolicy, len(p.Subcommands))
		for k, s := range p.Subcommands {
			c.Subcommands[k] = s.Clone()
		}
	}
	c.RequireSubcommand = p.RequireSubcommand.clone()
	c.Positionals = p.Positionals.clone()
	if p.Require != nil {
		r := Requirement{Flags: slices.Clone(p.Require.Flags), Refusal: p.Require.Refusal.clone()}
		c.Require = &r
	}
	c.Refuse = cloneRefusals(p.Refuse)
	if p.BSDFlags != nil {
		c.BSDFlags = make(map[string]Flag, len(p.BSDFlags))
		for k, f := range p.BSDFlags {
			c.BSDFlags[k] = f.clone()
		}
	}
	c.BSDRefuse = cloneRefusals(p.BSDRefuse)
	return c
}

func cloneRefusals(m map[string]Refusal) map[string]Refusal {
	if m == nil {
		return nil
	}
	out := make(map[string]Refusal, len(m))
	for k, r := range m {
		out[k] = Refusal{Detail: r.Detail, Hint: slices.Clone(r.Hint), Drop: r.Drop, Value: r.Value}
	}
	return out
}

func (f Flag) clone() Flag {
	c := f
	c.Values = slices.Clone(f.Values)
	c.Deny = slices.Clone(f.Deny)
	if f.Min != nil {
		v := *f.Min
		c.Min = &v
	}
	if f.Max != nil {
		v := *f.Max
		c.Max = &v
	}
	c.Refusal = f.Refusal.clone()
	return c
}

func (p Positionals) clone() Positionals {
	c := p
	c.Leading = slices.Clone(p.Leading)
	c.LeadingUnless = slices.Clone(p.LeadingUnless)
	c.Values = slices.Clone(p.Values)
	c.Deny = slices.Clone(p.Deny)
	c.Needs = slices.Clone(p.Needs)
	c.Refusal = p.Refusal.clone()
	return c
}

func (r *Refusal) clone() *Refusal {
	if r == nil {
		return nil
	}
	c := Refusal{Detail: r.Detail, Hint: slices.Clone(r.Hint), Drop: r.Drop, Value: r.Value}
	return &c
}

func clonePolicies(m map[string]CommandPolicy) map[string]CommandPolicy {
	if m == nil {
		return nil
	}
	out := make(map[string]CommandPolicy, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out[k] = m[k].Clone()
	}
	return out
}
