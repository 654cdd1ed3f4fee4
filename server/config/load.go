package config

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/parism-go/parism/guard"
)

// File names and the global directory.
const (
	// GlobalDirName is the directory under the home directory that holds
	// the global configuration file.
	GlobalDirName = ".parism"
	// FileJSON and FileTOML are the configuration file names; only one may
	// exist in a directory.
	FileJSON = "prism.config.json"
	FileTOML = "prism.config.toml"
)

// LoadOptions says where Load looks. Every field has a default.
type LoadOptions struct {
	// Home is the home directory; the global file is in Home/.parism.
	// Default: os.UserHomeDir (when that fails the global layer is skipped
	// with a warning).
	Home string
	// Cwd is the project directory holding the project file, and the base
	// for a relative ConfigPath and relative allowed paths. Default: os.Getwd.
	Cwd string
	// Env looks environment variables up. Default: os.LookupEnv.
	Env func(string) (string, bool)
	// Environ lists the environment ("NAME=value"), where an unknown
	// PARISM_ variable is an error. Default: os.Environ when Env is
	// unset; with Env set and Environ nil, names are not checked.
	Environ func() []string
	// ConfigPath, when set, is the only file read (JSON or TOML by
	// extension, and it must exist), over the defaults and under the
	// environment; the global and project files are not read. The file is
	// the operator's choice, so it is trusted.
	ConfigPath string
}

// Load builds the configuration from the defaults, the global file, the
// project file and the environment (or, with ConfigPath, from that file and
// the environment). Every mistake in a file or a variable is a *Error; on
// error the returned Config is the zero value and must not be used.
func Load(opts LoadOptions) (Config, error) {
	cfg := Default()
	lookup := opts.Env
	if lookup == nil {
		lookup = os.LookupEnv
	}
	cwd := opts.Cwd
	if cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return Config{}, fmt.Errorf("config: working directory: %w", err)
		}
		cwd = wd
	}
	if abs, err := filepath.Abs(cwd); err == nil {
		cwd = abs
	}
	ld := loader{cfg: &cfg, cwd: cwd}

	if opts.ConfigPath != "" {
		path := opts.ConfigPath
		if !filepath.IsAbs(path) {
			path = filepath.Join(cwd, path)
		}
		if err := ld.file(path, roleExplicit); err != nil {
			return Config{}, err
		}
	} else {
		home := opts.Home
		if home == "" {
			h, err := os.UserHomeDir()
			if err != nil {
				cfg.Warnings = append(cfg.Warnings, "no home directory ("+err.Error()+"): global config not read")
			}
			home = h
		}
		var globalPath string
		if home != "" {
			p, err := findFile(filepath.Join(home, GlobalDirName))
			if err != nil {
				return Config{}, err
			}
			if p != "" {
				if err := ld.file(p, roleGlobal); err != nil {
					return Config{}, err
				}
				globalPath = p
			}
		}
		p, err := findFile(cwd)
		if err != nil {
			return Config{}, err
		}
		if p != "" && !samePath(p, globalPath) {
			if err := ld.file(p, roleProject); err != nil {
				if cfg.TrustProjectConfig {
					return Config{}, err
				}
				// An untrusted project file can only narrow, so leaving a
				// broken one out loses nothing it could grant; refusing to
				// start would let any repository stop Parism in its
				// directory with one bad value. The mistake is reported.
				cfg.Warnings = append(cfg.Warnings, "project config "+p+": ignored, it has a mistake (set trust_project_config: true in the global config to make that an error): "+err.Error())
			}
		}
	}

	environ := opts.Environ
	if environ == nil && opts.Env == nil {
		environ = os.Environ
	}
	if environ != nil {
		if err := unknownEnv(environ()); err != nil {
			return Config{}, err
		}
	}
	if err := ld.env(lookup); err != nil {
		return Config{}, err
	}
	// The guard takes absolute paths only; a relative one in a file or a
	// variable means the project directory's, as documented.
	for i, p := range cfg.Guard.AllowedPaths {
		if !filepath.IsAbs(p) && p != "~" && !strings.HasPrefix(p, "~/") {
			cfg.Guard.AllowedPaths[i] = filepath.Join(cwd, p)
		}
	}
	return cfg, nil
}

// findFile returns the configuration file in dir, "" if there is none, and
// an error if both a .json and a .toml file are there.
func findFile(dir string) (string, error) {
	var found []string
	for _, name := range []string{FileJSON, FileTOML} {
		p := filepath.Join(dir, name)
		_, err := os.Stat(p)
		switch {
		case err == nil:
			found = append(found, p)
		case errors.Is(err, fs.ErrNotExist):
		default:
			return "", &Error{File: p, Message: "cannot read: " + unwrapPathError(err)}
		}
	}
	switch len(found) {
	case 0:
		return "", nil
	case 1:
		return found[0], nil
	}
	return "", &Error{File: found[0], Message: fmt.Sprintf("both %s and %s exist: keep only one", found[0], found[1])}
}

func samePath(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// role is which layer a file is.
type role int

const (
	roleGlobal role = iota
	roleProject
	roleExplicit
)

func (r role) String() string {
	switch r {
	case roleGlobal:
		return "global config"
	case roleProject:
		return "project config"
	}
	return "config"
}

// loader applies layers to cfg.
type loader struct {
	cfg *Config
	cwd string
}

// file reads, validates and applies one file. Only the project file is
// subject to the trust rule.
func (ld *loader) file(path string, r role) error {
	fc, lines, err := readFile(path, r == roleProject)
	if err != nil {
		return err
	}
	err = validateLayer(fc, func(key, msg string) error {
		return &Error{File: path, Key: key, Line: lines.near(key), Message: msg}
	})
	if err != nil {
		return err
	}
	ld.apply(fc, layerInfo{
		label:   r.String() + " " + path,
		role:    r,
		trusted: r != roleProject || ld.cfg.TrustProjectConfig,
	})
	ld.cfg.Sources = append(ld.cfg.Sources, path)
	return nil
}

// layerInfo describes the layer being applied.
type layerInfo struct {
	label   string // "project config /x/prism.config.json", for warnings
	role    role
	trusted bool // may widen the guard
}

// apply overlays the keys fc sets on ld.cfg. For an untrusted layer, the
// parts of a guard key that would widen the guard are dropped and reported.
func (ld *loader) apply(fc *fileConfig, l layerInfo) {
	c := ld.cfg
	w := widening{label: l.label, trusted: l.trusted, cwd: ld.cwd, warnings: &c.Warnings}
	if v := fc.TrustProjectConfig; v != nil {
		if l.role == roleProject {
			c.Warnings = append(c.Warnings, l.label+": trust_project_config: ignored (it is only read from the global config)")
		} else {
			c.TrustProjectConfig = *v
		}
	}
	if g := fc.Guard; g != nil {
		cg := &c.Guard
		if g.AllowedCommands != nil {
			cg.AllowedCommands = w.commands(cg.AllowedCommands, *g.AllowedCommands)
		}
		if g.AllowedPaths != nil {
			cg.AllowedPaths = w.paths(cg.AllowedPaths, *g.AllowedPaths)
		}
		if g.Profile != nil {
			cg.Profile = w.profile(cg.Profile, guard.Profile(*g.Profile))
		}
		// Resource limits follow the trust rule too: an untrusted layer
		// may lower them, never raise them (or lift the memory limit with
		// 0), so a hostile project cannot make a call run longer, print
		// more or take more memory than the operator allowed.
		w.limit("guard.timeout_ms", &cg.TimeoutMs, g.TimeoutMs, false)
		w.limit("guard.max_output_bytes", &cg.MaxOutputBytes, g.MaxOutputBytes, false)
		w.limit("guard.max_items", &cg.MaxItems, g.MaxItems, false)
		setInt(&cg.DefaultPageSize, g.DefaultPageSize)
		w.limit("guard.max_page_size", &cg.MaxPageSize, g.MaxPageSize, false)
		w.limit("guard.max_concurrent_runs", &cg.MaxConcurrentRuns, g.MaxConcurrentRuns, false)
		w.limit("guard.max_queued_runs", &cg.MaxQueuedRuns, g.MaxQueuedRuns, false)
		if g.Sandbox != nil {
			cg.Sandbox = w.sandbox(cg.Sandbox, *g.Sandbox)
		}
		w.limit("guard.max_memory_mb", &cg.MaxMemoryMb, g.MaxMemoryMb, true)
		if g.BlockPatterns != nil {
			cg.BlockPatterns = w.onlyAdd("guard.block_patterns", cg.BlockPatterns, *g.BlockPatterns)
		}
		if g.CommandArgRestrictions != nil {
			cg.CommandArgRestrictions = w.restrictions(cg.CommandArgRestrictions, g.CommandArgRestrictions)
		}
		if g.CommandPolicies != nil {
			// A policy can admit any form of a command, so only a trusted
			// layer may set one.
			if w.trusted {
				cg.CommandPolicies = guard.MergeCommandPolicies(cg.CommandPolicies, g.CommandPolicies)
			} else {
				w.ignore("guard.command_policies", "sets command policies")
			}
		}
		if s := g.Secrets; s != nil {
			// Secrets protect too: an untrusted project may add patterns or
			// turn masking on, never take protection away.
			masking := cg.Secrets.OutputRedactionEnabled
			if s.EnvPatterns != nil {
				cg.Secrets.EnvPatterns = w.onlyAdd("guard.secrets.env_patterns", cg.Secrets.EnvPatterns, *s.EnvPatterns)
			}
			if v := s.OutputRedactionEnabled; v != nil {
				if !*v && cg.Secrets.OutputRedactionEnabled && !w.trusted {
					w.ignore("guard.secrets.output_redaction_enabled", "turns masking off")
				} else {
					cg.Secrets.OutputRedactionEnabled = *v
				}
			}
			if s.OutputPatterns != nil {
				// Patterns only protect once masking is on; before that a
				// project may choose its own.
				if masking {
					cg.Secrets.OutputPatterns = w.onlyAdd("guard.secrets.output_patterns", cg.Secrets.OutputPatterns, *s.OutputPatterns)
				} else {
					cg.Secrets.OutputPatterns = append([]string{}, *s.OutputPatterns...)
				}
				cg.Secrets.OutputPatternsSet = true
			}
		}
	}
	if p := fc.Parsers; p != nil {
		cp := &c.Parsers
		setBool(&cp.StrictSchemas, p.StrictSchemas)
		if p.ExternalIsolation != nil {
			if !w.trusted && *p.ExternalIsolation == IsolationNone && cp.ExternalIsolation != IsolationNone {
				w.ignore("parsers.external_isolation", "turns isolation off")
			} else {
				cp.ExternalIsolation = *p.ExternalIsolation
			}
		}
		w.limit("parsers.external_time_limit_ms", &cp.ExternalTimeLimitMs, p.ExternalTimeLimitMs, false)
		w.limit("parsers.external_memory_limit_mb", &cp.ExternalMemoryLimitMb, p.ExternalMemoryLimitMb, false)
		if t := p.AdaptiveFormatThreshold; t != nil {
			setInt(&cp.AdaptiveFormatThreshold.JSON, t.JSON)
			setInt(&cp.AdaptiveFormatThreshold.Compact, t.Compact)
			setInt(&cp.AdaptiveFormatThreshold.JSONNoRaw, t.JSONNoRaw)
		}
	}
	if t := fc.Telemetry; t != nil {
		setBool(&c.Telemetry.Enabled, t.Enabled)
	}
	if r := fc.Results; r != nil {
		w.limit("results.max_result_bytes", &c.Results.MaxResultBytes, r.MaxResultBytes, false)
		w.limit("results.max_total_bytes", &c.Results.MaxTotalBytes, r.MaxTotalBytes, false)
		w.limit("results.max_results", &c.Results.MaxResults, r.MaxResults, false)
		w.limit("results.ttl_ms", &c.Results.TTLMs, r.TTLMs, false)
	}
}

func setInt(dst *int, v *int) {
	if v != nil {
		*dst = *v
	}
}

func setBool(dst *bool, v *bool) {
	if v != nil {
		*dst = *v
	}
}

// widening applies the trust rule to the guard's list keys: when the layer
// is not trusted, it keeps the narrowing part of a new value and reports
// the widening part as ignored.
type widening struct {
	label    string
	trusted  bool
	cwd      string
	warnings *[]string
}

func (w widening) ignore(key, what string) {
	*w.warnings = append(*w.warnings, fmt.Sprintf(
		"%s: %s %s: ignored (set trust_project_config: true in the global config to allow)",
		w.label, key, what))
}

// commands keeps the intersection: a command the current list lacks is not
// added.
func (w widening) commands(cur, next []string) []string {
	if w.trusted {
		return slices.Clone(next)
	}
	var kept, added []string
	for _, c := range next {
		if slices.Contains(cur, c) {
			kept = append(kept, c)
		} else if !slices.Contains(added, c) {
			added = append(added, c)
		}
	}
	if len(added) > 0 {
		w.ignore("guard.allowed_commands", "adds "+quoteList(added))
	}
	if kept == nil {
		kept = []string{}
	}
	return kept
}

// paths keeps the new paths that lie under a current one. With no current
// restriction every new list narrows; clearing a restriction widens.
func (w widening) paths(cur, next []string) []string {
	if w.trusted || len(cur) == 0 {
		return slices.Clone(next)
	}
	if len(next) == 0 {
		w.ignore("guard.allowed_paths", "clears the path restriction")
		return cur
	}
	var kept, outside []string
	for _, p := range next {
		if slices.ContainsFunc(cur, func(base string) bool { return w.under(p, base) }) {
			kept = append(kept, p)
		} else {
			outside = append(outside, p)
		}
	}
	if len(outside) > 0 {
		w.ignore("guard.allowed_paths", "adds "+quoteList(outside)+" (not under "+quoteList(cur)+")")
	}
	if len(kept) == 0 {
		return cur
	}
	return kept
}

// under reports whether p is base or inside it, both lexically and after
// resolving symbolic links (so a project cannot add "/allowed/link" where
// link points outside). Relative paths are taken from the working directory.
func (w widening) under(p, base string) bool {
	abs := func(s string) string {
		if !filepath.IsAbs(s) {
			s = filepath.Join(w.cwd, s)
		}
		return filepath.Clean(s)
	}
	p, base = abs(p), abs(base)
	return within(p, base) && within(resolveLinks(p), resolveLinks(base))
}

func within(p, base string) bool {
	rel, err := filepath.Rel(base, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolveLinks resolves the symbolic links of the longest existing prefix
// of the absolute, clean path p.
func resolveLinks(p string) string {
	rest := ""
	for dir := p; ; dir = filepath.Dir(dir) {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(dir) == dir {
			return p
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// limit applies the trust rule to a resource limit: an untrusted layer
// may lower it, not raise it. When zeroNone is set, 0 means "no limit" and
// so is the widest value of all.
func (w widening) limit(key string, cur *int, next *int, zeroNone bool) {
	if next == nil {
		return
	}
	raises := *next > *cur
	if zeroNone {
		raises = *cur != 0 && (*next == 0 || *next > *cur)
	}
	if !w.trusted && raises {
		w.ignore(key, fmt.Sprintf("raises the limit from %d to %d", *cur, *next))
		return
	}
	*cur = *next
}

func (w widening) profile(cur, next guard.Profile) guard.Profile {
	if !w.trusted && cur != guard.ProfileBuild && next == guard.ProfileBuild {
		w.ignore("guard.profile", fmt.Sprintf("switches from '%s' to '%s'", guard.ProfileReadonly, guard.ProfileBuild))
		return cur
	}
	return next
}

// sandbox applies the trust rule to guard.sandbox: an untrusted layer may
// make it stricter (off < auto < required), never looser.
func (w widening) sandbox(cur, next string) string {
	rank := map[string]int{SandboxOff: 0, "": 1, SandboxAuto: 1, SandboxRequired: 2}
	if !w.trusted && rank[next] < rank[cur] {
		w.ignore("guard.sandbox", fmt.Sprintf("loosens the sandbox from '%s' to '%s'", cur, next))
		return cur
	}
	return next
}

// onlyAdd keeps every current entry of a list that protects (block
// patterns, secret patterns): an untrusted list may only add to it.
func (w widening) onlyAdd(key string, cur, next []string) []string {
	out := slices.Clone(next)
	if w.trusted {
		return out
	}
	var removed []string
	for _, p := range cur {
		if !slices.Contains(next, p) {
			removed = append(removed, p)
		}
	}
	if len(removed) > 0 {
		w.ignore(key, "removes "+quoteList(removed))
		out = append(out, removed...)
	}
	return out
}

// restrictions merges over on cur command by command; an untrusted layer
// keeps every flag cur already blocks.
func (w widening) restrictions(cur map[string]guard.ArgRestriction, over map[string]*fileArgRestriction) map[string]guard.ArgRestriction {
	next := make(map[string]guard.ArgRestriction, len(over))
	for _, cmd := range slices.Sorted(maps.Keys(over)) {
		flags := slices.Clone(*over[cmd].BlockedFlags)
		if !w.trusted {
			var removed []string
			for _, f := range cur[cmd].BlockedFlags {
				if !slices.Contains(flags, f) {
					removed = append(removed, f)
				}
			}
			if len(removed) > 0 {
				w.ignore("guard.command_arg_restrictions."+cmd, "removes blocked flags "+quoteList(removed))
				flags = append(flags, removed...)
			}
		}
		next[cmd] = guard.ArgRestriction{BlockedFlags: flags}
	}
	return guard.MergeArgRestrictions(cur, next)
}

func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = "'" + s + "'"
	}
	return strings.Join(q, ", ")
}

// validateLayer checks the values one layer sets; errAt builds the error
// for a key.
func validateLayer(fc *fileConfig, errAt func(key, msg string) error) error {
	type check struct {
		key string
		msg string
	}
	var checks []check
	add := func(key, msg string) { checks = append(checks, check{key, msg}) }
	positive := func(key string, v *int) {
		if v != nil {
			add(key, checkPositive(*v))
		}
	}
	nonNegative := func(key string, v *int) {
		if v != nil {
			add(key, checkNonNegative(*v))
		}
	}
	list := func(key string, v *[]string, fn func([]string) string) {
		if v != nil {
			add(key, fn(*v))
		}
	}
	if g := fc.Guard; g != nil {
		list("guard.allowed_commands", g.AllowedCommands, checkCommands)
		list("guard.allowed_paths", g.AllowedPaths, checkEntries)
		if g.Profile != nil {
			add("guard.profile", checkProfile(*g.Profile))
		}
		positive("guard.timeout_ms", g.TimeoutMs)
		positive("guard.max_output_bytes", g.MaxOutputBytes)
		positive("guard.max_items", g.MaxItems)
		positive("guard.default_page_size", g.DefaultPageSize)
		positive("guard.max_page_size", g.MaxPageSize)
		positive("guard.max_concurrent_runs", g.MaxConcurrentRuns)
		if g.MaxQueuedRuns != nil {
			add("guard.max_queued_runs", checkQueue(*g.MaxQueuedRuns))
		}
		if g.Sandbox != nil {
			add("guard.sandbox", checkSandbox(*g.Sandbox))
		}
		nonNegative("guard.max_memory_mb", g.MaxMemoryMb)
		list("guard.block_patterns", g.BlockPatterns, checkEntries)
		for _, cmd := range slices.Sorted(maps.Keys(g.CommandArgRestrictions)) {
			key := "guard.command_arg_restrictions." + cmd
			switch r := g.CommandArgRestrictions[cmd]; {
			case strings.TrimSpace(cmd) == "":
				add("guard.command_arg_restrictions", "a command name is empty")
			case r == nil || r.BlockedFlags == nil:
				add(key, "blocked_flags is missing (write blocked_flags = [] to block no flag)")
			default:
				list(key+".blocked_flags", r.BlockedFlags, checkEntries)
			}
		}
		if s := g.Secrets; s != nil {
			list("guard.secrets.env_patterns", s.EnvPatterns, checkEntries)
			list("guard.secrets.output_patterns", s.OutputPatterns, checkRegexps)
		}
	}
	if p := fc.Parsers; p != nil {
		if p.ExternalIsolation != nil {
			add("parsers.external_isolation", checkIsolation(*p.ExternalIsolation))
		}
		positive("parsers.external_time_limit_ms", p.ExternalTimeLimitMs)
		positive("parsers.external_memory_limit_mb", p.ExternalMemoryLimitMb)
		if t := p.AdaptiveFormatThreshold; t != nil {
			nonNegative("parsers.adaptive_format_threshold.json", t.JSON)
			nonNegative("parsers.adaptive_format_threshold.compact", t.Compact)
			nonNegative("parsers.adaptive_format_threshold.json_no_raw", t.JSONNoRaw)
		}
	}
	if r := fc.Results; r != nil {
		positive("results.max_result_bytes", r.MaxResultBytes)
		positive("results.max_total_bytes", r.MaxTotalBytes)
		positive("results.max_results", r.MaxResults)
		positive("results.ttl_ms", r.TTLMs)
	}
	for _, c := range checks {
		if c.msg != "" {
			return errAt(c.key, c.msg)
		}
	}
	return nil
}
