package file

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzFile(f *testing.F) {
	catalogtest.Fuzz(f, []string{"file"}, Parsers(), [][]string{{"a", "b"}, {"-b", "a"}, {"-i", "a"}, {"--mime-encoding", "a"}})
}
