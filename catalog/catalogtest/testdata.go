package catalogtest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Each parser package keeps its golden cases, fuzz corpora and inputs in
// its own testdata/ directory. A test of one package reads its own; a test
// of the builtin package, which runs over every parser, reads them all.
var roots = []string{"testdata", filepath.Join("..", "parsers", "*", "testdata")}

// Glob returns the files matching pattern (relative to a testdata
// directory) of this package and, from the builtin package, of every
// parser package, sorted by their path inside testdata/.
func Glob(pattern string) []string {
	var out []string
	for _, r := range roots {
		m, _ := filepath.Glob(filepath.Join(r, pattern))
		out = append(out, m...)
	}
	slices.SortFunc(out, func(a, b string) int { return strings.Compare(Rel(a), Rel(b)) })
	return out
}

// Rel is path inside its testdata directory ("linux/ls/ls-la.json").
func Rel(path string) string {
	p := filepath.ToSlash(path)
	if i := strings.LastIndex(p, "testdata/"); i >= 0 {
		return p[i+len("testdata/"):]
	}
	return p
}

// Find returns the path of testdata/rel, in this package or in a parser
// package; rel itself when none has it (the read then fails with its name).
func Find(rel string) string {
	if m := Glob(rel); len(m) > 0 {
		return m[0]
	}
	if _, err := os.Stat(filepath.Join("testdata", rel)); err == nil {
		return filepath.Join("testdata", rel)
	}
	return filepath.Join("testdata", rel)
}
