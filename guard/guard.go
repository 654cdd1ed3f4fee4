package guard

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Guard is a compiled Policy. It is immutable after New, so one Guard can
// serve concurrent Check calls without locking.
type Guard struct {
	policy   Policy // normalised copy handed out (deep-copied) by Policy
	allowed  map[string]struct{}
	roots    []string // resolved AllowedPaths
	patterns []string
	flags    map[string][]blockedFlag
	own      map[string]*node // the Policy's compiled command_policies (defaults: defaultNodes)
	profile  Profile
	home     string // resolved home directory; "" when unknown
}

type options struct {
	home    string
	homeSet bool
}

// Option adjusts how New compiles a Policy.
type Option func(*options)

// WithHomeDir sets the directory "~" expands to, instead of
// os.UserHomeDir. Tests and servers running for another user need it; an
// empty dir disables "~" expansion (such paths are then refused).
func WithHomeDir(dir string) Option {
	return func(o *options) { o.home, o.homeSet = dir, true }
}

// New validates p and compiles it. Errors are *PolicyError, naming the
// offending field as spelled in a config file. p is copied: changing it
// afterwards does not affect the Guard.
func New(p Policy, opts ...Option) (*Guard, error) {
	var o options
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	if !o.homeSet {
		// A missing or odd $HOME only matters if "~" is used, where it is
		// reported; it must not make every policy fail to compile.
		if h, err := os.UserHomeDir(); err == nil && filepath.IsAbs(h) {
			o.home = h
		}
	}

	g := &Guard{
		allowed: make(map[string]struct{}, len(p.AllowedCommands)),
		flags:   make(map[string][]blockedFlag, len(p.CommandArgRestrictions)),
	}

	switch p.Profile {
	case "":
		g.profile = ProfileReadonly
	case ProfileReadonly, ProfileBuild:
		g.profile = p.Profile
	default:
		return nil, &PolicyError{Field: "profile",
			Message: fmt.Sprintf("must be %q or %q, got %s", ProfileReadonly, ProfileBuild, quote(string(p.Profile)))}
	}

	if o.home != "" {
		if !filepath.IsAbs(o.home) {
			return nil, &PolicyError{Field: "home_dir", Message: "must be an absolute path, got " + quote(o.home)}
		}
		h, fail := resolve("", filepath.Clean(o.home))
		if fail != resolvedOK {
			return nil, &PolicyError{Field: "home_dir", Message: "cannot be resolved (" + failPhrase(fail) + ")"}
		}
		g.home = h
	}

	for i, c := range p.AllowedCommands {
		if msg := badCommandName(c); msg != "" {
			return nil, &PolicyError{Field: fmt.Sprintf("allowed_commands[%d]", i), Message: msg}
		}
		g.allowed[c] = struct{}{}
	}

	for i, pat := range p.BlockPatterns {
		if pat == "" {
			// An empty pattern is a substring of everything: it would refuse
			// every argument, which is never what a config author meant.
			return nil, &PolicyError{Field: fmt.Sprintf("block_patterns[%d]", i), Message: "must not be empty"}
		}
	}
	g.patterns = slices.Clone(p.BlockPatterns)

	for i, ap := range p.AllowedPaths {
		r, msg := resolveAllowedPath(ap, g.home)
		if msg != "" {
			return nil, &PolicyError{Field: fmt.Sprintf("allowed_paths[%d]", i), Message: msg}
		}
		g.roots = append(g.roots, r)
	}

	// Sorted so that the first bad entry reported does not depend on map
	// iteration order.
	for _, c := range slices.Sorted(maps.Keys(p.CommandArgRestrictions)) {
		flags := p.CommandArgRestrictions[c]
		compiled := make([]blockedFlag, 0, len(flags.BlockedFlags))
		for i, f := range flags.BlockedFlags {
			if f == "" {
				return nil, &PolicyError{
					Field:   fmt.Sprintf("command_arg_restrictions[%s].blocked_flags[%d]", c, i),
					Message: "must not be empty",
				}
			}
			compiled = append(compiled, compileFlag(f))
		}
		g.flags[c] = compiled
	}

	own, err := compileOwn(p.CommandPolicies)
	if err != nil {
		return nil, err
	}
	g.own = own
	go defaultNodes() // compiled while the caller goes on (defaultNodes)

	g.policy = Policy{
		AllowedCommands:        slices.Clone(p.AllowedCommands),
		AllowedPaths:           slices.Clone(g.roots),
		BlockPatterns:          slices.Clone(p.BlockPatterns),
		CommandArgRestrictions: cloneRestrictions(p.CommandArgRestrictions),
		Profile:                g.profile,
		CommandPolicies:        clonePolicies(p.CommandPolicies),
	}
	return g, nil
}

// badCommandName explains why c cannot be an allowlist entry, or returns "".
// Entries are matched against bare names only, so anything that is not a
// bare name could never match and is a config mistake.
func badCommandName(c string) string {
	switch {
	case c == "":
		return "must not be empty"
	case strings.ContainsFunc(c, func(r rune) bool { return r < 128 && os.IsPathSeparator(uint8(r)) }):
		return "must be a bare program name without '/', got " + quote(c)
	case strings.IndexByte(c, 0) >= 0:
		return "must not contain a NUL byte"
	case c == "." || c == "..":
		return "must be a program name, got " + quote(c)
	}
	return ""
}

func cloneRestrictions(m map[string]ArgRestriction) map[string]ArgRestriction {
	if m == nil {
		return nil
	}
	out := make(map[string]ArgRestriction, len(m))
	for k, v := range m {
		out[k] = ArgRestriction{BlockedFlags: slices.Clone(v.BlockedFlags)}
	}
	return out
}

// Policy returns a deep copy of the compiled policy: Profile defaulted,
// AllowedPaths expanded and resolved as they are enforced. Feeding it back
// to New yields an equivalent Guard.
func (g *Guard) Policy() Policy {
	if g == nil {
		return Policy{}
	}
	p := g.policy
	p.AllowedCommands = slices.Clone(p.AllowedCommands)
	p.AllowedPaths = slices.Clone(p.AllowedPaths)
	p.BlockPatterns = slices.Clone(p.BlockPatterns)
	p.CommandArgRestrictions = cloneRestrictions(p.CommandArgRestrictions)
	p.CommandPolicies = clonePolicies(p.CommandPolicies)
	return p
}

// Allows reports whether cmd is an allowlisted bare program name. It
// ignores arguments, so a true result does not mean Check will pass.
func (g *Guard) Allows(cmd string) bool {
	if g == nil {
		return false
	}
	// New admits only bare names, so a lookup also rejects paths and NULs.
	_, ok := g.allowed[cmd]
	return ok
}

// Check decides whether cmd may run with args in cwd (empty cwd: the
// process's working directory, as with os/exec). It applies, in order, the
// allowlist, the command's grammar (its CommandPolicy), the path bounds, the
// per-argument patterns, the blocked flags and the profile, and returns the
// first refusal. A refusal may carry a Hint: a safe argv that passes.
//
// Check only reads the file system (lstat, readlink). Its answer is about
// the file system as it is during the call; a caller that lets another
// process change the tree between Check and exec accepts that race.
func (g *Guard) Check(cmd string, args []string, cwd string) Decision {
	return g.check(cmd, args, cwd, true)
}

func (g *Guard) check(cmd string, args []string, cwd string, hints bool) Decision {
	if g == nil {
		return refuse(ReasonCommandNotAllowed, detailNotInAllowlist, -1, cmd,
			"Command "+quote(cmd)+" is not in the allowed list")
	}
	if d := g.checkCommand(cmd); !d.Allowed {
		return d
	}
	var pr parseResult
	root, ok := g.command(cmd)
	if !ok {
		return refuse(ReasonCommandNotAllowed, detailPoliciesInvalid, -1, cmd,
			"Command "+quote(cmd)+" is refused: the guard's shipped command policies did not compile")
	}
	if root != nil {
		var rf *refusal
		if pr, rf = g.parse(cmd, root, args); rf != nil {
			d := rf.d
			if hints && rf.offer {
				d.Hint = g.hint(cmd, args, cwd, rf)
			}
			return d
		}
	} else {
		pr = parseResult{info: legacyInfo(args), buildIdx: -1}
	}
	// Read once, after the grammar admitted the argv: the rewrite, and
	// what runs after the guard, use it (Decision.Argv).
	v := ReadArgv(cmd, args)
	if cmd == "ps" {
		if i := psBSDEnv(v.Rewrite()); i >= 0 {
			return refuse(ReasonArgNotAllowed, detailRevealsSecrets, i, args[i],
				"Argument "+itoa(i)+" ("+quote(args[i])+") reads as the BSD option 'e' when procps ps re-reads a failing argv the BSD way, "+
					"which prints the environment of every process; spell user, command and tty values so that they do not start a BSD 'e', or use -o")
		}
	}
	if len(g.roots) == 0 {
		// Without allowed paths the guard checks no path but one: the
		// kernel layer still cuts the credential stores out, and an
		// private hard link would take its file past that cut.
		if d := g.checkHardLinks(args, pr.info, cwd); !d.Allowed {
			return d
		}
	} else {
		if d := g.checkPaths(args, pr.info, cwd); !d.Allowed {
			if hints && d.Detail == detailReadsOutside {
				d.Hint = g.procHint(cmd, args, cwd, d.ArgIndex)
			}
			return d
		}
	}
	if d := g.checkPatterns(args, pr.info, cwd); !d.Allowed {
		return d
	}
	if d := g.checkFlags(cmd, args); !d.Allowed {
		return d
	}
	if d := g.checkProfile(cmd, args); !d.Allowed {
		return d
	}
	if pr.buildForm != "" && g.profile != ProfileBuild {
		arg := cmd
		if pr.buildIdx >= 0 {
			arg = args[pr.buildIdx]
		}
		return refuse(ReasonArgNotAllowed, detailProfileBuildNeeded, pr.buildIdx, arg,
			quote(pr.buildForm)+" runs project code and needs the build profile; set guard.profile to \"build\" to allow it")
	}
	d := allow()
	d.Argv = v
	return d
}

// hint builds the alternative argv of a grammar refusal and returns it only
// if it passes: a hint that would itself be refused is worse than none.
func (g *Guard) hint(cmd string, args []string, cwd string, rf *refusal) *Hint {
	if rf.from < 0 || rf.to > len(args) || rf.from > rf.to {
		return nil
	}
	alt := make([]string, 0, len(args)-(rf.to-rf.from)+len(rf.repl))
	alt = append(alt, args[:rf.from]...)
	alt = append(alt, rf.repl...)
	alt = append(alt, args[rf.to:]...)
	if slices.Equal(alt, args) || !g.check(cmd, alt, cwd, false).Allowed {
		return nil
	}
	return &Hint{Args: alt}
}

// procHint offers, for a path refused because it goes through the
// child's own /proc/self/cwd (or thread-self's), the same path relative to
// the working directory, which is what the program would have opened; it
// is returned only if it passes.
func (g *Guard) procHint(cmd string, args []string, cwd string, i int) *Hint {
	if i < 0 || i >= len(args) {
		return nil
	}
	for _, pre := range []string{"/proc/self/cwd/", "/proc/thread-self/cwd/"} {
		k := strings.Index(args[i], pre)
		if k < 0 {
			continue
		}
		alt := slices.Clone(args)
		alt[i] = args[i][:k] + "./" + args[i][k+len(pre):]
		if g.check(cmd, alt, cwd, false).Allowed {
			return &Hint{Args: alt}
		}
		return nil
	}
	return nil
}

// checkCommand is layer 1. A path is refused even when its base name is
// allowed: "/tmp/ls" would run whatever the agent put there.
func (g *Guard) checkCommand(cmd string) Decision {
	if strings.ContainsFunc(cmd, func(r rune) bool { return r < 128 && os.IsPathSeparator(uint8(r)) }) {
		return refuse(ReasonCommandNotAllowed, detailCommandIsPath, -1, cmd,
			"Command "+quote(cmd)+" is a path; only bare program names from the allowed list may run")
	}
	if !g.Allows(cmd) {
		return refuse(ReasonCommandNotAllowed, detailNotInAllowlist, -1, cmd,
			"Command "+quote(cmd)+" is not in the allowed list")
	}
	return allow()
}

// checkPatterns is layer 3. Patterns are matched inside each argument on
// its own: there is no shell, so a metacharacter only matters if it reaches
// a program that re-parses one argument, and a match spanning two arguments
// ("foo>" + ">bar") is not one. Arguments the grammar reads as text (a grep
// pattern, a git format string) are exempt: no shell and no file system
// ever reads them.
func (g *Guard) checkPatterns(args []string, info []argInfo, cwd string) Decision {
	// NUL first: exec cannot pass it, and a C program would silently read a
	// truncated argument, so it is refused whatever the patterns say.
	for i, a := range args {
		if strings.IndexByte(a, 0) >= 0 {
			return refuse(ReasonArgNotAllowed, detailNulByte, i, a,
				"Argument "+itoa(i)+" contains a NUL byte")
		}
	}
	if strings.IndexByte(cwd, 0) >= 0 {
		return refuse(ReasonArgNotAllowed, detailNulByte, -1, cwd,
			"Working directory contains a NUL byte")
	}
	for i, a := range args {
		if info[i].exempt {
			continue
		}
		for _, p := range g.patterns {
			if strings.Contains(a, p) {
				return refuse(ReasonInjectionPattern, detailPattern, i, a,
					"Argument "+itoa(i)+" ("+quote(a)+") contains the blocked pattern "+quote(p))
			}
		}
	}
	return allow()
}
