package guard

// This file holds the small vocabulary the default policies are written in;
// the policies themselves are in defaults_*.go, one file per family. They
// are plain CommandPolicy values, the same data an operator writes in
// guard.command_policies.

// flagSet is a Flags map; keys may list aliases separated by commas.
type flagSet = map[string]Flag

var bare = Flag{}

// val is an option with a required value.
func val(k ArgKind, values ...string) Flag { return Flag{Arg: k, Values: values} }

// optv is an option whose value is optional (and then only attached).
func optv(k ArgKind, values ...string) Flag { return Flag{Arg: k, Optional: true, Values: values} }

func num(lo, hi float64) Flag { return Flag{Arg: ArgNumber, Min: &lo, Max: &hi} }

func follows() Flag { return Flag{FollowsLinks: true} }

// bools makes value-less options of keys.
func bools(keys ...string) flagSet {
	m := make(flagSet, len(keys))
	for _, k := range keys {
		m[k] = bare
	}
	return m
}

// with merges flag sets; later sets win.
func with(sets ...flagSet) flagSet {
	n := 0
	for _, s := range sets {
		n += len(s)
	}
	m := make(flagSet, n) // sized once: the defaults build a few hundred of these
	for _, s := range sets {
		for k, v := range s {
			m[k] = v
		}
	}
	return m
}

// refusal builders. replace offers hint in place of the refused argument;
// drop offers the argv without it; valued marks an option taking a value.
func denied(detail string) Refusal { return Refusal{Detail: detail} }

func replace(detail string, hint ...string) Refusal { return Refusal{Detail: detail, Hint: hint} }

func drop(detail string) Refusal { return Refusal{Detail: detail, Drop: true} }

func valued(r Refusal) Refusal { r.Value = true; return r }

func ptr[T any](v T) *T { return &v }

// refuseAll gives every key the same refusal.
func refuseAll(r Refusal, keys ...string) map[string]Refusal {
	m := make(map[string]Refusal, len(keys))
	for _, k := range keys {
		m[k] = r
	}
	return m
}

func refusals(sets ...map[string]Refusal) map[string]Refusal {
	m := map[string]Refusal{}
	for _, s := range sets {
		for k, v := range s {
			m[k] = v
		}
	}
	return m
}

var (
	noPositionals = Positionals{}
	pathArgs      = Positionals{Max: -1, Kind: ArgPath}
	textArgs      = Positionals{Max: -1, Kind: ArgText}
)

func upTo(n int, k ArgKind) Positionals { return Positionals{Max: n, Kind: k} }

// subs builds a subcommand map where several words share one policy
// ("ls,list").
func subs(m map[string]CommandPolicy) map[string]CommandPolicy {
	out := make(map[string]CommandPolicy, len(m))
	for k, v := range m {
		for _, name := range splitNames(k) {
			out[name] = v
		}
	}
	return out
}

// DefaultCommandPolicies returns the shipped policy of every command of
// DefaultAllowedCommands, plus node, npx, yarn and pnpm (build profile
// only) and the other commands a parser reads (date, uptime, w, ip, lsblk,
// mount, dir, ipconfig, systeminfo, tasklist), which an operator must add
// to the allowlist. Each call returns a fresh map the caller may change.
func DefaultCommandPolicies() map[string]CommandPolicy {
	m := map[string]CommandPolicy{}
	for _, family := range policyFamilies() {
		for k, v := range family {
			m[k] = v
		}
	}
	return m
}

// policyFamilies are the default policies, a map per family of commands;
// a command is in one family only (TestPolicyFamiliesDisjoint), so that no
// family's policy silently replaces another's.
func policyFamilies() []map[string]CommandPolicy {
	return []map[string]CommandPolicy{
		fsPolicies(), netPolicies(), gitPolicies(), clusterPolicies(), systemPolicies(), packagePolicies(), hostPolicies(), goPolicies(), ccPolicies(),
		jsPyPolicies(),
		rustPolicies(),
		diagMorePolicies(),
		diffPolicies(),
		inspectPolicies(), inspectPackagePolicies(), fileInspectPolicies(), procInspectPolicies(),
	}
}
