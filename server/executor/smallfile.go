package executor

import (
	"errors"

	"github.com/parism-go/parism/server/internal/boundedfile"
)

// maxSmallFile bounds the repository files readSmall reads: they hold a
// path or a few (a .git file, commondir, alternates).
const maxSmallFile = 64 << 10

// readSmall reads such a file before the command runs, outside any
// confinement or deadline (boundedfile.Read: a FIFO or a link to
// /dev/zero there is refused, not read; git refuses a FIFO too).
func readSmall(path string) ([]byte, error) { return boundedfile.Read(path, maxSmallFile) }

// isNotSmallFile reports readSmall's refusal of a file that exists.
func isNotSmallFile(err error) bool {
	return errors.Is(err, boundedfile.ErrNotRegular) || errors.Is(err, boundedfile.ErrTooLarge)
}
