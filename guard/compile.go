package guard

import (
	"fmt"
	"maps"
	"slices"
	"sync"
)

// defaultNodes compiles DefaultCommandPolicies once: compiled nodes are
// immutable, so every Guard shares them and New stays cheap.
var defaultNodes = sync.OnceValues(func() (map[string]*node, error) {
	return compileAll(DefaultCommandPolicies())
})

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

// compileCommands overlays over on the default policies command by command
// and compiles the result.
func compileCommands(over map[string]CommandPolicy) (map[string]*node, error) {
	defs, err := defaultNodes()
	if err != nil {
		return nil, fmt.Errorf("guard: default command policies: %w", err)
	}
	if len(over) == 0 {
		return defs, nil
	}
	mine, err := compileAll(over)
	if err != nil {
		return nil, err
	}
	out := maps.Clone(defs)
	maps.Copy(out, mine)
	return out, nil
}
