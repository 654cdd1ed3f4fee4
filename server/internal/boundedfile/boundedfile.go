// Package boundedfile reads small files the server opens outside any
// confinement or deadline (configuration files, a repository's .git file,
// commondir and alternates), which a hostile project may have replaced: a
// FIFO there would block the reading goroutine for good, a link to
// /dev/zero would take all memory (out of memory is fatal in Go).
package boundedfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ErrNotRegular and ErrTooLarge are Read's refusals, wrapped with what
// was found.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrTooLarge   = errors.New("too large")
)

// Read returns the contents of the file at path when it is a regular file
// of at most max bytes. The file is opened without blocking and checked
// on the descriptor read, so a file swapped in between is not read, and
// at most max+1 bytes are ever read (a file that grows while read is
// refused too).
func Read(path string, max int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s", ErrNotRegular, kind(fi.Mode()))
	}
	if fi.Size() > max {
		return nil, fmt.Errorf("%w: %d bytes, more than %d", ErrTooLarge, fi.Size(), max)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%w: grew past %d bytes while read", ErrTooLarge, max)
	}
	return b, nil
}

// kind names a file type that is not a regular file.
func kind(m fs.FileMode) string {
	switch t := m.Type(); {
	case t&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case t&fs.ModeDevice != 0:
		return "a device"
	case t&fs.ModeDir != 0:
		return "a directory"
	case t&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}
