package windows

// lpArgsWithout returns args without args[i], for hints.
func lpArgsWithout(args []string, i int) []string {
	out := make([]string, 0, len(args))
	out = append(out, args[:i]...)
	return append(out, args[i+1:]...)
}
