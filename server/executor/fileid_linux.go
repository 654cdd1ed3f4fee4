//go:build linux

package executor

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// fileID returns a file's device and inode with its change time (ctime),
// which no user can set back, and that change time.
func fileID(fi os.FileInfo) (string, time.Time) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "", time.Time{}
	}
	ctime := time.Unix(int64(st.Ctim.Sec), int64(st.Ctim.Nsec))
	return fmt.Sprintf("%d:%d:%d", st.Dev, st.Ino, ctime.UnixNano()), ctime
}
