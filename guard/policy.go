package guard

import (
	"maps"
	"slices"
)

// Profile selects which forms of the allowed commands may run.
type Profile string

const (
	// ProfileReadonly (the default) admits only query forms.
	ProfileReadonly Profile = "readonly"
	// ProfileBuild also admits build and test forms, which run project code.
	ProfileBuild Profile = "build"
)

// ArgRestriction lists flags refused for one command. A single-letter flag
// ("-e") is also refused bundled ("-pe") or with its value attached ("-e1");
// any other flag also as "--flag=value".
type ArgRestriction struct {
	BlockedFlags []string `json:"blocked_flags" toml:"blocked_flags"`
}

// Policy is the plain-data description of what may run. It is what a
// configuration file decodes into; New compiles it into a Guard.
type Policy struct {
	// AllowedCommands names the programs that may run, by bare name.
	AllowedCommands []string `json:"allowed_commands" toml:"allowed_commands"`
	// AllowedPaths bounds cwd and path-like arguments; empty means no bound.
	// Entries are absolute or start with "~"; New resolves their symlinks
	// once, and an entry that does not exist yet is kept as written.
	AllowedPaths []string `json:"allowed_paths" toml:"allowed_paths"`
	// BlockPatterns are substrings refused inside any single argument.
	BlockPatterns []string `json:"block_patterns" toml:"block_patterns"`
	// CommandArgRestrictions refuses flags per command. Merge a user's map over
	// DefaultArgRestrictions with MergeArgRestrictions so defaults survive.
	CommandArgRestrictions map[string]ArgRestriction `json:"command_arg_restrictions" toml:"command_arg_restrictions"`
	// Profile is readonly or build; empty means readonly.
	Profile Profile `json:"profile" toml:"profile"`
	// CommandPolicies says, per program, how it reads its argv and which
	// forms of it may run. New overlays these entries on
	// DefaultCommandPolicies command by command: a command named here
	// replaces its default policy, every other default stays. A command
	// with no policy at all is bounded only by the other layers.
	CommandPolicies map[string]CommandPolicy `json:"command_policies,omitempty" toml:"command_policies,omitempty"`
}

// DefaultAllowedCommands is the allowlist of the original Parism 2.1: the
// commands whose parsers ship enabled. cargo and terraform are listed but
// need the build profile.
func DefaultAllowedCommands() []string {
	return []string{
		"ls", "find", "stat", "du", "df", "tree",
		"ps",
		"ping", "ping6", "curl", "netstat", "lsof", "ss", "dig",
		"grep", "wc", "head", "tail", "cat",
		"git",
		"kubectl", "docker", "gh", "helm",
		"env", "pwd", "which",
		"free", "uname", "id", "systemctl", "journalctl", "apt", "brew",
		"npm",
		"terraform", "cargo",
		"diff", "route", "arp", "vmstat", "lscpu", "sysctl", "findmnt", "lspci", "dpkg", "dpkg-query",
		"sha256sum", "sha1sum", "md5sum", "sha512sum", "md5", "sha256", "file", "top", "mpstat", "iostat",
	}
}

// DefaultBlockPatterns are the shell metacharacters refused per argument.
func DefaultBlockPatterns() []string {
	return []string{";", "$(", "`", "&&", "||", ">", ">>", "<", "|"}
}

// DefaultArgRestrictions refuses the flags that turn node and npx into
// arbitrary code runners.
func DefaultArgRestrictions() map[string]ArgRestriction {
	return map[string]ArgRestriction{
		"node": {BlockedFlags: []string{"-e", "--eval", "-r", "--require", "-p", "--print", "--input-type"}},
		"npx":  {BlockedFlags: []string{"--yes", "-y"}},
	}
}

// DefaultPolicy is the policy used when no configuration says otherwise.
func DefaultPolicy() Policy {
	return Policy{
		AllowedCommands:        DefaultAllowedCommands(),
		BlockPatterns:          DefaultBlockPatterns(),
		CommandArgRestrictions: DefaultArgRestrictions(),
		Profile:                ProfileReadonly,
	}
}

// MergeArgRestrictions overlays over on base key by key: a command named in
// over replaces that command's entry, every other entry of base stays.
func MergeArgRestrictions(base, over map[string]ArgRestriction) map[string]ArgRestriction {
	out := maps.Clone(base)
	if out == nil {
		out = map[string]ArgRestriction{}
	}
	for k, v := range over {
		out[k] = ArgRestriction{BlockedFlags: slices.Clone(v.BlockedFlags)}
	}
	return out
}
