//go:build linux

package sandboxhelper

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The seccomp filter closes gaps Landlock leaves.
//
// Landlock's TCP rules do not cover Multipath TCP sockets (IPProtoMPTCP;
// checked on Linux 6.18: bind and connect through an MPTCP socket succeed
// where plain TCP gets EACCES), and Go 1.24+ listeners use MPTCP by
// default: socket(..., IPPROTO_MPTCP) fails with EPROTONOSUPPORT, which
// programs (Go's net package among them) answer by falling back to plain
// TCP, which Landlock does cover.
//
// Landlock lets a domain reach its own members: the server's thread that
// restricted itself to start the command shares the command's domain for
// as long as it waits for it. The system calls that name a process or
// thread by id fail with EPERM when the id is one of Config.Protect (the
// server's process id and that thread's id), so the command cannot
// signal, trace, re-limit, renice or open a pidfd on it. (Reading its
// /proc files is the server's PR_SET_DUMPABLE's job: see package
// executor.)

// nativeAudit is the AUDIT_ARCH value of this build's architecture; 0 where
// the filter is not built (the gaps are then reported by documentation).
func nativeAudit() uint32 {
	switch runtime.GOARCH {
	case "amd64":
		return unix.AUDIT_ARCH_X86_64
	case "arm64":
		return unix.AUDIT_ARCH_AARCH64
	}
	return 0
}

// pidCall is a system call and the argument that holds a process or
// thread id.
type pidCall struct {
	nr  uint32
	arg uint32
}

var pidCalls = []pidCall{
	{unix.SYS_KILL, 0}, {unix.SYS_RT_SIGQUEUEINFO, 0}, {unix.SYS_TKILL, 0}, {unix.SYS_TGKILL, 1}, {unix.SYS_RT_TGSIGQUEUEINFO, 1},
	{unix.SYS_PIDFD_OPEN, 0}, {unix.SYS_PTRACE, 1},
	{unix.SYS_PROCESS_VM_READV, 0}, {unix.SYS_PROCESS_VM_WRITEV, 0},
	{unix.SYS_KCMP, 0}, {unix.SYS_KCMP, 1},
	{unix.SYS_PRLIMIT64, 0}, {unix.SYS_SETPRIORITY, 1}, {unix.SYS_IOPRIO_SET, 1},
	{unix.SYS_SCHED_SETAFFINITY, 0}, {unix.SYS_SCHED_SETSCHEDULER, 0},
	{unix.SYS_SCHED_SETPARAM, 0}, {unix.SYS_SCHED_SETATTR, 0},
	{unix.SYS_MIGRATE_PAGES, 0}, {unix.SYS_MOVE_PAGES, 0}, {unix.SYS_GET_ROBUST_LIST, 0},
}

// seccompFilter installs the filter on the calling thread: socket(...,
// IPPROTO_MPTCP) refused when mptcp, io_uring refused, the pidCalls
// refused on the protected ids. System calls of a foreign ABI (32-bit x86 on amd64, x32) fail with
// ENOSYS: their socketcall multiplexer hides the arguments from seccomp.
// no_new_privs must already be set.
func seccompFilter(mptcp bool, protect []int) error {
	arch := nativeAudit()
	if arch == 0 || !mptcp && len(protect) == 0 {
		return nil
	}
	const (
		offNr   = 0
		offArch = 4
		x32Bit  = 0x40000000
	)
	offArg := func(i uint32) uint32 { return 16 + 8*i } // low 32 bits on little-endian
	ld := func(off uint32) unix.SockFilter {
		return unix.SockFilter{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: off}
	}
	jeq := func(k uint32, jt, jf uint8) unix.SockFilter {
		return unix.SockFilter{Code: unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K, K: k, Jt: jt, Jf: jf}
	}
	ret := func(k uint32) unix.SockFilter {
		return unix.SockFilter{Code: unix.BPF_RET | unix.BPF_K, K: k}
	}
	// Jump offsets count from the next instruction.
	prog := []unix.SockFilter{
		ld(offArch),
		jeq(arch, 1, 0),
		ret(unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)), // foreign ABI
		ld(offNr),
		{Code: unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K, K: x32Bit, Jt: 0, Jf: 1},
		ret(unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)), // x32
	}
	// block refuses nr with errno when its argument arg is one of vals:
	//   ld nr; jeq nr ? next : end; ld arg; jeq v0 ? deny ...; ja end; deny: ret errno; end:
	block := func(nr, arg uint32, vals []uint32, errno unix.Errno) {
		n := len(vals)
		prog = append(prog, ld(offNr), jeq(nr, 0, uint8(n+3)), ld(offArg(arg)))
		for i, v := range vals {
			prog = append(prog, jeq(v, uint8(n-i), 0))
		}
		prog = append(prog, unix.SockFilter{Code: unix.BPF_JMP | unix.BPF_JA, K: 1},
			ret(unix.SECCOMP_RET_ERRNO|uint32(errno)))
	}
	if mptcp {
		block(unix.SYS_SOCKET, 2, []uint32{IPProtoMPTCP}, unix.EPROTONOSUPPORT)
	}
	// io_uring creates sockets (MPTCP ones too) without the socket system
	// call this filter sees: ENOSYS, as on kernels without it, which
	// programs answer by falling back to plain system calls.
	for _, nr := range []uint32{unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER, unix.SYS_IO_URING_REGISTER} {
		prog = append(prog, ld(offNr), jeq(nr, 0, 1), ret(unix.SECCOMP_RET_ERRNO|uint32(unix.ENOSYS)))
	}
	if len(protect) > 0 {
		vals := make([]uint32, 0, len(protect))
		for _, p := range protect {
			if p > 0 {
				vals = append(vals, uint32(p))
			}
		}
		for _, c := range pidCalls {
			block(c.nr, c.arg, vals, unix.EPERM)
		}
	}
	prog = append(prog, ret(unix.SECCOMP_RET_ALLOW))
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&fprog)), 0, 0); err != nil {
		return fmt.Errorf("seccomp filter: %w", err)
	}
	return nil
}
