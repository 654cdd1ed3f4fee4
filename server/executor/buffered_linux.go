package executor

import (
	"os"
	"syscall"
	"unsafe"
)

// buffered reports whether any of the pipes holds unread bytes (TIOCINQ):
// output a loaded machine has not copied yet is the command's and must not
// be cut off by a read deadline.
func buffered(files []*os.File) bool {
	for _, f := range files {
		rc, err := f.SyscallConn()
		if err != nil {
			continue
		}
		var n int32
		_ = rc.Control(func(fd uintptr) {
			_, _, _ = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&n)))
		})
		if n > 0 {
			return true
		}
	}
	return false
}
