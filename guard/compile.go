package guard

import (
	"fmt"
	"maps"
	"slices"
	"sync"
)

// defaultNodes compiles DefaultCommandPolicies once: compiled nodes are
// immutable, so every Guard shares them and New stays cheap. New starts it
// and does not wait: it is the bulk of a server's start (13 ms of CPU for
// about a hundred commands' grammars, measured on Linux, 2 cores), which then goes on
// meanwhile (answering MCP's initialize needs no policy); the first check
// of a command waits for what is left (Guard.command).
var defaultNodes = sync.OnceValues(func() (map[string]*node, error) {
	return compileAll(DefaultCommandPolicies())
})

// HasDefaultPolicy reports whether cmd has a shipped policy (a key of
// DefaultCommandPolicies), waiting for the defaults to compile.
func HasDefaultPolicy(cmd string) bool {
	defs, err := defaultNodes()
	if err != nil {
		_, ok := DefaultCommandPolicies()[cmd]
		return ok
	}
	return defs[cmd] != nil
}

// DefaultCommands lists the commands that have a shipped policy (the keys
// of DefaultCommandPolicies), sorted, from the compiled defaults every
// Guard shares: without building the policies again, which allocates
// about 1.3 MB.
func DefaultCommands() []string {
	defs, err := defaultNodes()
	if err != nil {
		return slices.Sorted(maps.Keys(DefaultCommandPolicies()))
	}
	return slices.Sorted(maps.Keys(defs))
}

func compileAll(m map[string]CommandPolicy) (map[string]*node, error) {
	out := make(map[string]*node, len(m))
	for _, cmd := range slices.Sorted(maps.Keys(m)) {
		if msg := badCommandName(cmd); msg != "" {
			return nil, &PolicyError{Field: fmt.Sprintf("command_policies[%s]", cmd), Message: "key " + msg}
		}
		n, err := compilePolicy(cmd, m[cmd])
		if err != nil {
			return nil, err
		}
		out[cmd] = n
	}
	return out, nil
}

// compileOwn compiles a Policy's command_policies, which replace the
// defaults of the same commands (nil when there are none).
func compileOwn(over map[string]CommandPolicy) (map[string]*node, error) {
	if len(over) == 0 {
		return nil, nil
	}
	return compileAll(over)
}

// command is cmd's compiled policy, nil when it has none: the Policy's
// own, else the shipped default. ok is false when the defaults did not
// compile (TestDefaultPoliciesCompile rules it out); check then refuses
// every command, its own policy or not.
func (g *Guard) command(cmd string) (n *node, ok bool) {
	defs, err := defaultNodes()
	if err != nil {
		return nil, false
	}
	if n, mine := g.own[cmd]; mine {
		return n, true
	}
	return defs[cmd], true
}
