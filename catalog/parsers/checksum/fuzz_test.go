package checksum

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzChecksum(f *testing.F) {
	catalogtest.Fuzz(f, []string{"sha256sum", "md5sum", "sha1sum", "sha512sum", "md5", "sha256"}, Parsers(),
		[][]string{{"a"}, {"-c", "SUMS"}, {"-r", "a"}})
}
