package config

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode/utf8"
)

// A prefilter holds literals of which every match of a pattern contains
// at least one: a text containing none of them cannot match, and Redact
// skips the pattern without running it. Running the ~16 default patterns
// over an output costs about 0.35 ms per KB (most of them start with \b,
// which leaves the regexp package no literal prefix to scan for); looking
// for their literals costs a few microseconds. It only ever skips a
// pattern that cannot match, so Redact's result is the same.
type prefilter struct {
	lits []string
	// fold: the literals are ASCII lower case and match case-insensitively
	// (the pattern has (?i) parts).
	fold bool
}

// minPrefilterLen is the shortest literal worth a prefilter: a single
// character is in almost every output.
const minPrefilterLen = 2

// prefilters caches the prefilter of each pattern by its text; nil when
// the pattern has none.
var prefilters sync.Map // string -> *prefilter

func prefilterOf(re *regexp.Regexp) *prefilter {
	src := re.String()
	if p, ok := prefilters.Load(src); ok {
		return p.(*prefilter)
	}
	var p *prefilter
	if ast, err := syntax.Parse(src, syntax.Perl); err == nil {
		if lits, fold, ok := required(ast.Simplify()); ok && minLen(lits) >= minPrefilterLen {
			p = &prefilter{lits: lits, fold: fold}
			if fold {
				for i, l := range lits {
					p.lits[i] = asciiLower(l)
				}
			}
		}
	}
	prefilters.Store(src, p)
	return p
}

// required returns literals of which every match of re contains one
// (ok false when it finds none). fold says some are case-insensitive;
// they are then all treated so, which can only let more texts through.
func required(re *syntax.Regexp) (lits []string, fold, ok bool) {
	switch re.Op {
	case syntax.OpLiteral:
		fold = re.Flags&syntax.FoldCase != 0
		s := string(re.Rune)
		if fold && !isASCII(s) {
			// Folding beyond ASCII is the regexp package's to do.
			return nil, false, false
		}
		return []string{s}, fold, true
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		// The best of: what one part requires, and the strings a run of
		// parts that each match one of a few strings can be (gh[pousr]_
		// is one of ghp_, gho_, ghu_, ghs_, ghr_: four bytes where "gh"
		// alone, in "high" or "fight", let most texts through).
		best := -1
		take := func(l []string, f bool) {
			if minLen(l) > best {
				lits, fold, ok, best = l, f, true, minLen(l)
			}
		}
		run, runFold := []string{""}, false
		for _, sub := range re.Sub {
			if set, f, o := exact(sub); o && len(run)*len(set) <= maxExact {
				run, runFold = cross(run, set), runFold || f
				continue
			}
			take(run, runFold)
			run, runFold = []string{""}, false
			if set, f, o := exact(sub); o {
				run, runFold = set, f
			} else if l, f, o := required(sub); o {
				take(l, f)
			}
		}
		take(run, runFold)
		if fold {
			lits = lowerAll(lits)
		}
		return lits, fold, ok && best > 0
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			l, f, o := required(sub)
			if !o {
				return nil, false, false
			}
			lits = append(lits, l...)
			fold = fold || f
		}
		return lits, fold, true
	}
	return nil, false, false
}

// maxExact bounds the strings exact and a concatenation's run may
// stand for.
const maxExact = 32

// exact returns the strings re matches, when it matches one of at most
// maxExact (ASCII) strings: a literal, a small class, an alternation or a
// concatenation of those. fold says some parts are case-insensitive; the
// strings are then in lower case.
func exact(re *syntax.Regexp) (set []string, fold, ok bool) {
	switch re.Op {
	case syntax.OpLiteral:
		s := string(re.Rune)
		if !isASCII(s) {
			return nil, false, false
		}
		if re.Flags&syntax.FoldCase != 0 {
			return []string{asciiLower(s)}, true, true
		}
		return []string{s}, false, true
	case syntax.OpCharClass:
		n := 0
		for i := 0; i+1 < len(re.Rune); i += 2 {
			n += int(re.Rune[i+1]-re.Rune[i]) + 1
			if n > maxExact || re.Rune[i+1] >= utf8.RuneSelf {
				return nil, false, false
			}
		}
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				set = append(set, string(r))
			}
		}
		return set, false, len(set) > 0
	case syntax.OpCapture:
		return exact(re.Sub[0])
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			l, f, o := exact(sub)
			if !o || len(set)+len(l) > maxExact {
				return nil, false, false
			}
			set, fold = append(set, l...), fold || f
		}
		return set, fold, len(set) > 0
	case syntax.OpConcat:
		set = []string{""}
		for _, sub := range re.Sub {
			l, f, o := exact(sub)
			if !o || len(set)*len(l) > maxExact {
				return nil, false, false
			}
			set, fold = cross(set, l), fold || f
		}
		return set, fold, true
	}
	return nil, false, false
}

// cross is every string of a followed by every string of b.
func cross(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out
}

// lowerAll lowers lits in place (ASCII), for a prefilter that folds.
func lowerAll(lits []string) []string {
	for i, l := range lits {
		lits[i] = asciiLower(l)
	}
	return lits
}

func minLen(lits []string) int {
	n := -1
	for _, l := range lits {
		if n < 0 || len(l) < n {
			n = len(l)
		}
	}
	return n
}

// mayMatch reports whether s contains one of p's literals; lower is s in
// ASCII lower case, made on first need (and kept for the next pattern).
func (p *prefilter) mayMatch(s string, lower *string) bool {
	if p.fold {
		// Two non-ASCII letters fold to ASCII ones: the Kelvin sign to k
		// and the long s to s. A text that has one goes to the regexp.
		if strings.Contains(s, "\u212a") || strings.Contains(s, "\u017f") {
			return true
		}
		if *lower == "" {
			*lower = asciiLower(s)
		}
		s = *lower
	}
	for _, l := range p.lits {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiLower lowers A-Z only, so that byte offsets are kept. It copies
// s once (into the builder), the text between capitals a run at a time.
func asciiLower(s string) string {
	i := nextUpper(s, 0)
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for ; i < len(s); i = nextUpper(s, i+1) {
		b.WriteString(s[last:i])
		b.WriteByte(s[i] + 'a' - 'A')
		last = i + 1
	}
	b.WriteString(s[last:])
	return b.String()
}

// nextUpper is the index of the first A-Z at or after i, len(s) if none.
func nextUpper(s string, i int) int {
	for i < len(s) && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	return i
}
