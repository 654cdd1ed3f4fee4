package stat

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// BenchmarkGolden parses the shapes the bench's throughput table repeats
// (its stat-macos scenario is one default BSD line, stat-linux one GNU
// labeled block), each golden repeated to 1 MB.
func BenchmarkGolden(b *testing.B) {
	ps := Parsers()
	catalogtest.RunParseBenchOS(b, catalog.Darwin, []catalogtest.BenchCase{
		catalogtest.BenchGolden(b, "bsd-default", catalogtest.ByID(b, ps, "stat-bsd"), "darwin/stat-bsd/default", 0, 0),
	})
	catalogtest.RunParseBenchOS(b, catalog.Linux, []catalogtest.BenchCase{
		catalogtest.BenchGolden(b, "gnu-labeled", catalogtest.ByID(b, ps, "stat"), "linux/stat/plain", 0, 0),
	})
}
