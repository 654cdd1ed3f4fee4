package executor

import (
	"os"
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
