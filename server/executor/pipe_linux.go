package executor

import (
	"os"
	"sync"
	"syscall"
)

// outputPipe is a pipe for a child's output: the read end non-blocking and
// polled (the copy reads it on the runtime's poller), the write end
// blocking and not polled. os.Pipe polls both ends, and os/exec puts the
// write end, the child's, back in blocking mode when it takes its
// descriptor: four system calls a pipe (two fcntl, two epoll_ctl) and one
// more (epoll_ctl) when it is closed, which this one does not make.
func outputPipe() (r, w *os.File, err error) {
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	if err := syscall.SetNonblock(p[0], true); err != nil {
		syscall.Close(p[0])
		syscall.Close(p[1])
		return nil, nil, os.NewSyscallError("fcntl", err)
	}
	return os.NewFile(uintptr(p[0]), "|0"), os.NewFile(uintptr(p[1]), "|1"), nil
}

// devNull is the null device, opened once for reading: every child's
// standard input. os/exec would open and close it for each start. A child
// shares it with the others as it shares any inherited descriptor: the
// file status flags it may change (O_NONBLOCK) change nothing of what
// reading the null device gives, and it cannot write to it or close it for
// the others. nil, os/exec's own null device, if it cannot be opened.
var devNull = sync.OnceValue(func() *os.File {
	f, err := os.Open(os.DevNull)
	if err != nil {
		return nil
	}
	return f
})
