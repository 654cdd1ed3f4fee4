//go:build linux

package sandboxhelper

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Main runs the helper, and never returns, when this process was started
// as one (argv[0] Arg0 and the Env variable both set); otherwise it
// returns at once. The executor calls it from its init, the dedicated
// parism-sandbox binary from main.
func Main() {
	if len(os.Args) < 2 || os.Args[0] != Arg0 {
		return
	}
	if raw, ok := os.LookupEnv(Env); ok {
		run(raw) // never returns
	}
}

// run confines the current process and executes the target; its argv is
// os.Args[1:]. Any failure is written to the status pipe as
// "stage\x00errno\x00message" and the helper exits 127 without running the
// target.
func run(raw string) {
	// Landlock, seccomp and no_new_privs belong to the thread: set them
	// and exec from one and the same thread.
	runtime.LockOSThread()
	status := os.NewFile(StatusFD, "status")
	syscall.CloseOnExec(StatusFD)
	fail := func(stage string, err error) {
		var errno syscall.Errno
		errors.As(err, &errno)
		if status != nil {
			_, _ = fmt.Fprintf(status, "%s\x00%d\x00%s", stage, int(errno), err)
		}
		os.Exit(127)
	}
	c, err := decode(raw)
	if err != nil {
		fail("sandbox", err)
	}
	env := make([]string, 0, len(os.Environ()))
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); name != Env {
			env = append(env, kv)
		}
	}
	// Without no_new_privs a setuid program could regain what Landlock and
	// the limits take away; Landlock requires it anyway.
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		fail("sandbox", fmt.Errorf("prctl(PR_SET_NO_NEW_PRIVS): %w", err))
	}
	if c.Landlock {
		if err := restrict(c); err != nil {
			fail("sandbox", fmt.Errorf("landlock: %w", err))
		}
		if c.ABI >= 4 && (!c.Bind || !c.Connect) {
			// Landlock's TCP rules miss MPTCP sockets (seccomp_linux.go).
			if err := denyMPTCP(); err != nil {
				fail("sandbox", err)
			}
		}
	}
	// Limits last: a small RLIMIT_AS could starve the Go runtime above.
	for _, l := range []struct {
		res int
		val uint64
		// hard is the hard limit: RLIMIT_CPU's is a second later, so the
		// SIGXCPU at the soft limit is followed by a SIGKILL for a process
		// that ignores it.
		hard uint64
	}{
		{unix.RLIMIT_CPU, c.CPU, c.CPU + 1},
		{unix.RLIMIT_AS, c.AS, c.AS},
		{unix.RLIMIT_FSIZE, c.FSize, c.FSize},
		{unix.RLIMIT_NPROC, c.NProc, c.NProc},
	} {
		if l.val == 0 {
			continue
		}
		if err := lowerLimit(l.res, l.val, l.hard); err != nil {
			fail("sandbox", err)
		}
	}
	err = syscall.Exec(c.Path, os.Args[1:], env)
	fail("exec", err)
}

// decode parses the configuration strictly: a field this helper does not
// know, or another protocol version, is a restriction it would silently
// skip, so it refuses to run anything (a parism-sandbox left over from
// another release next to a newer parism).
func decode(raw string) (Config, error) {
	var c Config
	d := json.NewDecoder(bytes.NewReader([]byte(raw)))
	d.DisallowUnknownFields()
	if err := d.Decode(&c); err != nil {
		return c, fmt.Errorf("bad sandbox helper configuration (install parism and parism-sandbox from the same release): %w", err)
	}
	if c.Version != Version {
		return c, fmt.Errorf("sandbox helper protocol version %d, this helper (%s) speaks %d: install parism and parism-sandbox from the same release",
			c.Version, selfName(), Version)
	}
	return c, nil
}

func selfName() string {
	if p, err := os.Executable(); err == nil {
		return p
	}
	return "?"
}

// lowerLimit sets a resource limit, never above the current hard limit
// (raising it needs privileges the helper does not take).
func lowerLimit(res int, soft, hard uint64) error {
	var cur unix.Rlimit
	if err := unix.Getrlimit(res, &cur); err != nil {
		return fmt.Errorf("getrlimit(%d): %w", res, err)
	}
	hard = min(hard, cur.Max)
	soft = min(soft, hard)
	if err := unix.Setrlimit(res, &unix.Rlimit{Cur: soft, Max: hard}); err != nil {
		return fmt.Errorf("setrlimit(%d): %w", res, err)
	}
	return nil
}

// Landlock access rights, by what they let a program do. The helper makes
// the three Landlock system calls itself, without go-landlock: its
// all-threads support (psx) links cgo, and a dynamically linked helper
// starts measurably slower than a static one.
const (
	llRead = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR
	// llWriteFile is for single files (/dev/null): a path-beneath rule on
	// a file may only carry file rights.
	llWriteFile = unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE
	// llWriteDir is everything inside a writable directory, including
	// moving files between writable directories (Refer), which mv and
	// build tools' atomic renames need.
	llWriteDir = llRead | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE |
		unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE | unix.LANDLOCK_ACCESS_FS_MAKE_CHAR |
		unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG | unix.LANDLOCK_ACCESS_FS_MAKE_SOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK | unix.LANDLOCK_ACCESS_FS_MAKE_SYM |
		unix.LANDLOCK_ACCESS_FS_REFER
)

// rulesetAttr is struct landlock_ruleset_attr up to ABI 7. Not
// unix.LandlockRulesetAttr: that one has fields of newer kernels, and a
// kernel refuses (E2BIG) a larger struct whose unknown tail is not zero;
// keeping to the fields we set is plainer.
type rulesetAttr struct {
	handledFS  uint64
	handledNet uint64
	scoped     uint64
}

// handledFS is every file-system right Landlock knows at an ABI: whatever
// is handled and not granted by a rule is denied.
func handledFS(abi int) uint64 {
	switch {
	case abi <= 0:
		return 0
	case abi == 1:
		return 1<<13 - 1
	case abi == 2:
		return 1<<14 - 1 // + refer
	case abi <= 4:
		return 1<<15 - 1 // + truncate
	default:
		return 1<<16 - 1 // + ioctl on devices (ABI 5, up to our ABI 7)
	}
}

// restrict applies the Landlock rules of c to the calling thread, which
// then executes the program: the domain belongs to the thread's
// credentials, and execve gives the new image the calling thread's. The
// Go runtime's other threads die at execve and run none of our code
// meanwhile, so an all-threads restriction (go-landlock's psx, which costs
// milliseconds of signalling) is not needed here.
func restrict(c Config) error {
	fsRights := handledFS(c.ABI)
	attr := rulesetAttr{handledFS: fsRights}
	if c.ABI >= 4 {
		if !c.Bind {
			attr.handledNet |= unix.LANDLOCK_ACCESS_NET_BIND_TCP
		}
		if !c.Connect {
			attr.handledNet |= unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
		}
	}
	if c.ABI >= 6 {
		// Signals and abstract unix sockets cannot reach processes outside
		// the child's domain: the server, other runs, the user's session.
		attr.scoped = unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | unix.LANDLOCK_SCOPE_SIGNAL
	}
	r, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if errno != 0 {
		return fmt.Errorf("landlock_create_ruleset: %w", errno)
	}
	fd := int(r)
	defer syscall.Close(fd)
	for _, r := range []struct {
		paths  []string
		rights uint64
	}{
		{c.Read, llRead},
		// Programs redirect to /dev/null and open it for writing.
		{[]string{"/dev/null"}, llWriteFile},
		{c.Write, llWriteDir},
	} {
		for _, p := range r.paths {
			if err := addPath(fd, p, r.rights&fsRights); err != nil {
				return err
			}
		}
	}
	// The calling thread only (no TSYNC flag): see above.
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(fd), 0, 0); errno != 0 {
		return fmt.Errorf("landlock_restrict_self: %w", errno)
	}
	return nil
}

// addPath grants rights under path; a missing path grants nothing.
func addPath(rulesetFD int, path string, rights uint64) error {
	pfd, err := syscall.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if errors.Is(err, syscall.ENOENT) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer syscall.Close(pfd)
	attr := unix.LandlockPathBeneathAttr{Allowed_access: rights, Parent_fd: int32(pfd)}
	if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(rulesetFD), unix.LANDLOCK_RULE_PATH_BENEATH,
		uintptr(unsafe.Pointer(&attr)), 0, 0, 0); errno != 0 {
		return fmt.Errorf("landlock_add_rule %s: %w", path, errno)
	}
	return nil
}
