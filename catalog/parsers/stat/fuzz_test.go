package stat

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var statFuzzArgs = [][]string{{"a"}, {"-t", "a"}, {"-c", "%s %Y %A %U %n", "a"}, {"-c", "%y %w %n", "a"}, {"-x", "a"}, {"-L", "a", "b"}}

func FuzzStat(f *testing.F) {
	catalogtest.SeedGolden(f, "stat", statFuzzArgs)
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "stat-bsd", "*.txt"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b), uint8(len(statFuzzArgs)+4), true)
	}
	p := catalogtest.ByID(f, Parsers(), "stat")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, statFuzzArgs, sel, spans)
	})
}
