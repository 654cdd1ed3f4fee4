package executor

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// maxSmallFile bounds what readSmall reads: the files it is for hold a
// path or a few (a .git file, commondir, alternates).
const maxSmallFile = 64 << 10

// errNotSmallFile is readSmall's refusal of a file that is not a regular
// file of at most maxSmallFile bytes.
var errNotSmallFile = errors.New("not a regular file of at most 64 KiB")

// readSmall reads a small file of a repository before the command runs,
// outside any confinement or deadline: it must be a regular file (a FIFO
// there would block the server's goroutine for good; git refuses one
// too) of at most maxSmallFile bytes (a link to /dev/zero would take all
// memory). It is opened without blocking and checked on the descriptor
// it reads, so a file swapped in between is not read.
func readSmall(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxSmallFile {
		return nil, errNotSmallFile
	}
	b, err := io.ReadAll(io.LimitReader(f, maxSmallFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxSmallFile {
		return nil, errNotSmallFile
	}
	return b, nil
}
