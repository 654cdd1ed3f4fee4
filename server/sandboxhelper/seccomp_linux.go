//go:build linux

package sandboxhelper

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Landlock's TCP rules do not cover Multipath TCP sockets (IPProtoMPTCP;
// checked on Linux 6.18: bind and connect through an MPTCP socket succeed
// where plain TCP gets EACCES), and Go 1.24+ listeners use MPTCP by
// default. The helper closes that gap with a seccomp filter whenever it
// restricts the network.

// nativeAudit is the AUDIT_ARCH value of this build's architecture; 0 where
// the filter is not built (the gap is then reported by documentation only).
func nativeAudit() uint32 {
	switch runtime.GOARCH {
	case "amd64":
		return unix.AUDIT_ARCH_X86_64
	case "arm64":
		return unix.AUDIT_ARCH_AARCH64
	}
	return 0
}

// denyMPTCP installs a seccomp filter on the calling thread that makes
// socket(..., IPPROTO_MPTCP) fail with EPROTONOSUPPORT, which programs
// (Go's net package among them) answer by falling back to plain TCP, which
// Landlock does cover. System calls of a foreign ABI (32-bit x86 on amd64,
// x32) fail with ENOSYS: their socketcall multiplexer hides the protocol
// from seccomp. no_new_privs must already be set.
func denyMPTCP() error {
	arch := nativeAudit()
	if arch == 0 {
		return nil
	}
	const (
		offNr    = 0
		offArch  = 4
		offProto = 16 + 2*8 // args[2], low 32 bits on little-endian
		x32Bit   = 0x40000000
	)
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
		ld(offArch),     // 0
		jeq(arch, 0, 6), // 1: foreign ABI -> 8
		ld(offNr),       // 2
		{Code: unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K, K: x32Bit, Jt: 4}, // 3: x32 -> 8
		jeq(unix.SYS_SOCKET, 0, 2),                                 // 4: not socket -> 7
		ld(offProto),                                               // 5
		jeq(IPProtoMPTCP, 2, 0),                                    // 6: MPTCP -> 9
		ret(unix.SECCOMP_RET_ALLOW),                                // 7
		ret(unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)),          // 8
		ret(unix.SECCOMP_RET_ERRNO | uint32(unix.EPROTONOSUPPORT)), // 9
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&fprog)), 0, 0); err != nil {
		return fmt.Errorf("seccomp filter against MPTCP: %w", err)
	}
	return nil
}
