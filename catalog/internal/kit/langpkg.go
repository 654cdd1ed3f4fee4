package kit

// LpReplaceArg returns args with the argument at i (and at i+1 when
// two is set: a flag and its separate value) replaced by repl.
func LpReplaceArg(args []string, i int, two bool, repl ...string) []string {
	out := make([]string, 0, len(args)+len(repl))
	out = append(out, args[:i]...)
	out = append(out, repl...)
	if two {
		i++
	}
	if i+1 < len(args) {
		out = append(out, args[i+1:]...)
	}
	return out
}
