package catalog

import (
	"os"
	"path/filepath"
	"testing"
)

// Fuzz targets of the filesystem, text and environment parsers, one per
// parser, on the harness of fuzz_test.go: no panic, bounded time, the input
// left alone, the span contract kept.

var (
	findFuzzArgs  = [][]string{{"."}, {".", "-print0"}, {"src", "docs/", "-type", "f"}, {}, {"/", "-name", "x"}}
	statFuzzArgs  = [][]string{{"a"}, {"-t", "a"}, {"-c", "%s %Y %A %U %n", "a"}, {"-c", "%y %w %n", "a"}, {"-x", "a"}, {"-L", "a", "b"}}
	duFuzzArgs    = [][]string{{}, {"-h"}, {"-ac"}, {"-b", "-d", "1"}, {"-0", "-a"}, {"--inodes"}, {"-sk"}, {"-m"}, {"-BM"}, {"--si"}, {"--time", "-a"}, {"--time=ctime", "--time-style=full-iso"}}
	dfFuzzArgs    = [][]string{{}, {"-h"}, {"-hT"}, {"-i"}, {"-B1"}, {"-P"}, {"--total"}, {"-k"}, {"-BM"}, {"-H"}}
	treeFuzzArgs  = [][]string{{}, {"-a"}, {"-d"}, {"-Q", "src", "."}, {"--noreport", "a", "b"}, {"-L", "1"}}
	grepFuzzArgs  = [][]string{{"-n", "x", "f"}, {"-rn", "x", "."}, {"-rnZ", "x", "."}, {"x", "f"}, {"-n", "x", "a", "b"}, {"-c", "x", "a", "b"}, {"-rl", "x"}, {"-rn", "-C1", "x", "src"}, {"-nb", "x", "f"}, {"-rn", "x", "f"}, {"-h", "x", "a", "b"}}
	wcFuzzArgs    = [][]string{{"a"}, {"a", "b"}, {"-l", "a", "b"}, {"-lwmcL", "a", "b"}, {}, {"--total=only", "a", "b"}, {"--files0-from", "f"}, {"-c", "-m", "a", "b"}}
	headFuzzArgs  = [][]string{{"-n", "5", "a"}, {"-3", "a", "b"}, {"-v", "a"}, {"-q", "a", "b"}, {"-z", "a"}, {"a", "-", "missing"}}
	catFuzzArgs   = [][]string{{"a"}, {"-n", "a"}, {"-b", "a"}, {"-A", "a"}}
	envFuzzArgs   = [][]string{{}, {"-0"}, {"-i", "A=1"}}
	pwdFuzzArgs   = [][]string{{}, {"-P"}}
	whichFuzzArgs = [][]string{{"ls"}, {"-a", "ls", "sh"}, {"-s", "go"}, {"go", "nope"}}
)

func FuzzFind(f *testing.F) {
	seedGolden(f, "find", findFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseFind, raw, findFuzzArgs, sel, spans)
	})
}

func FuzzStat(f *testing.F) {
	seedGolden(f, "stat", statFuzzArgs)
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "stat-bsd", "*.txt"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b), uint8(len(statFuzzArgs)+4), true)
	}
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseStat, raw, statFuzzArgs, sel, spans)
	})
}

func FuzzDu(f *testing.F) {
	seedGolden(f, "du", duFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseDu, raw, duFuzzArgs, sel, spans)
	})
}

func FuzzDf(f *testing.F) {
	seedGolden(f, "df", dfFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseDf, raw, dfFuzzArgs, sel, spans)
	})
}

func FuzzTree(f *testing.F) {
	seedGolden(f, "tree", treeFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseTree, raw, treeFuzzArgs, sel, spans)
	})
}

func FuzzGrep(f *testing.F) {
	seedGolden(f, "grep", grepFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseGrep, raw, grepFuzzArgs, sel, spans)
	})
}

func FuzzWc(f *testing.F) {
	seedGolden(f, "wc", wcFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseWc, raw, wcFuzzArgs, sel, spans)
	})
}

func FuzzHead(f *testing.F) {
	seedGolden(f, "head", headFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseHeadTail, raw, headFuzzArgs, sel, spans)
	})
}

func FuzzTail(f *testing.F) {
	seedGolden(f, "tail", headFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseHeadTail, raw, headFuzzArgs, sel, spans)
	})
}

func FuzzCat(f *testing.F) {
	seedGolden(f, "cat", catFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseCat, raw, catFuzzArgs, sel, spans)
	})
}

func FuzzEnv(f *testing.F) {
	seedGolden(f, "env", envFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseEnv, raw, envFuzzArgs, sel, spans)
	})
}

func FuzzPwd(f *testing.F) {
	seedGolden(f, "pwd", pwdFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parsePwd, raw, pwdFuzzArgs, sel, spans)
	})
}

func FuzzWhich(f *testing.F) {
	seedGolden(f, "which", whichFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseWhich, raw, whichFuzzArgs, sel, spans)
	})
}
