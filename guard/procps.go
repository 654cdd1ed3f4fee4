package guard

import "strings"

// procps ps reads its argv twice. It first parses it the SysV/Unix98 way
// ("-ef" is -e -f); if that fails for any reason (an option SysV lacks
// such as -x or -k, a user or tty that does not exist, a thread or format
// conflict), it parses the whole argv again the BSD way, where "-ef" is the
// BSD letters e and f, and BSD e prints the environment of every process
// (ps/parser.c: arg_parse, try_bsd). So "ps -ex" or "ps -u e" show
// environments while reading, to the guard, like harmless SysV options.
//
// Rewrite turns every SysV "e" letter into its synonym "A" ("select all"),
// which BSD rejects: the second reading then always fails. psBSDEnv reads
// the argv the second way and reports a BSD "e" that no rejected letter
// before the end would stop; Check refuses such an argv whatever the
// policy of ps says.

// psSysVValue are the SysV letters that take a value (the rest of the word
// or the next argument).
const psSysVValue = "CDGOUgopqstu"

// psBSDLetters are the letters parse_bsd_option accepts; any other letter
// makes the BSD reading fail. psBSDValue take a value.
const (
	psBSDLetters = "HLMOSTUVXZacefghjklmnopqrstuvwx"
	psBSDValue   = "OUkopqt"
)

// psGNUValue are procps's long options that take a value (after '=' or
// ':', or the next argument).
var psGNUValue = map[string]bool{
	"Group": true, "User": true, "cols": true, "columns": true, "date-format": true, "delimiter": true,
	"format": true, "group": true, "lines": true, "pid": true, "ppid": true, "quick-pid": true, "rows": true,
	"sid": true, "sort": true, "tty": true, "user": true, "width": true,
}

// psGNUTakesNext reports whether the long option a ("--sort") takes the
// next argument as its value.
func psGNUTakesNext(a string) bool {
	name := a[2:]
	if strings.ContainsAny(name, "=:") {
		return false
	}
	return psGNUValue[name]
}

// psBSDEnv returns the index of the argument where the BSD reading of args
// finds the letter e, or -1 when it finds none or fails before the end.
func psBSDEnv(args []string) int {
	found := -1
	for i := 0; i < len(args); i++ {
		a := args[i]
		word := a
		switch {
		case strings.HasPrefix(a, "--"):
			if len(a) == 2 || !isLetter(a[2]) && a[2] < 128 {
				return -1 // "--" and garbage: the reading fails
			}
			if psGNUTakesNext(a) {
				i++
			}
			continue
		case len(a) > 1 && a[0] == '-' && isLetter(a[1]):
			word = a[1:]
		case a != "" && isLetter(a[0]):
		case a != "" && (a[0] >= '0' && a[0] <= '9' || a[0] == '+' || a[0] == '-'):
			return found // trailing process, group or session IDs: all the rest
		default:
			return -1
		}
		for j := 0; j < len(word); j++ {
			c := word[j]
			if c >= '0' && c <= '9' {
				break // a PID list ends the word
			}
			if !strings.ContainsRune(psBSDLetters, rune(c)) {
				return -1
			}
			if c == 'e' && found < 0 {
				found = i
			}
			if strings.IndexByte(psBSDValue, c) >= 0 {
				if j+1 == len(word) {
					i++ // the next argument is the value
				}
				break
			}
		}
	}
	return found
}

// psRewrite replaces the SysV letter e by its synonym A in every dash
// bundle, so that a BSD re-reading of the argv fails instead of printing
// environments.
func psRewrite(args []string) []string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "--") {
			if len(a) > 2 && psGNUTakesNext(a) {
				i++
			}
			continue
		}
		if len(a) < 2 || a[0] != '-' || !isLetter(a[1]) {
			continue
		}
		b := []byte(a)
		next := false
		for j := 1; j < len(b); j++ {
			if strings.IndexByte(psSysVValue, b[j]) >= 0 {
				next = j+1 == len(b)
				break
			}
			if b[j] == 'e' {
				b[j] = 'A'
			}
		}
		args[i] = string(b)
		if next {
			i++ // the value
		}
	}
	return args
}
