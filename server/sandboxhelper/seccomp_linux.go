//go:build linux

package sandboxhelper

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"
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
	prog, err := seccompProgram(nativeAudit(), mptcp, protect)
	if err != nil || prog == nil {
		return err
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&fprog)), 0, 0); err != nil {
		return fmt.Errorf("seccomp filter: %w", err)
	}
	return nil
}

// seccompProgram is the filter for arch (nil when there is nothing to
// filter). It loads the system call number once and dispatches on it by
// binary search, so that the kernel, which checks, compiles and runs the
// program once per call number on every confined start, has a short one
// (about 70 instructions, five comparisons for a call it does not name).
// The program is made once per shape (arch, mptcp, how many ids) and only
// the ids are written in for each start.
func seccompProgram(arch uint32, mptcp bool, protect []int) ([]unix.SockFilter, error) {
	if arch == 0 || !mptcp && len(protect) == 0 {
		return nil, nil
	}
	var vals []uint32
	for _, p := range protect {
		if p > 0 {
			vals = append(vals, uint32(p))
		}
	}
	key := templateKey{arch, mptcp, len(vals)}
	v, ok := templates.Load(key)
	if !ok {
		var t seccompTemplate
		t.prog, t.slots, t.err = seccompShape(arch, mptcp, len(vals))
		v, _ = templates.LoadOrStore(key, &t)
	}
	t := v.(*seccompTemplate)
	if t.err != nil {
		return nil, t.err
	}
	prog := slices.Clone(t.prog)
	for i, at := range t.slots {
		prog[at].K = vals[i%len(vals)]
	}
	return prog, nil
}

// templates are the programs of seccompProgram by shape.
var templates sync.Map // templateKey -> *seccompTemplate

type templateKey struct {
	arch  uint32
	mptcp bool
	ids   int
}

type seccompTemplate struct {
	prog []unix.SockFilter
	// slots are the comparisons with the protected ids: slot i compares
	// with id i modulo their number.
	slots []int
	err   error
}

// seccompShape assembles the program for ids protected ids, their
// comparisons left at 0 (slots).
func seccompShape(arch uint32, mptcp bool, ids int) ([]unix.SockFilter, []int, error) {
	const (
		offNr   = 0
		offArch = 4
		x32Bit  = 0x40000000
	)
	offArg := func(i uint32) uint32 { return 16 + 8*i } // low 32 bits on little-endian
	a := bpfAsm{prog: make([]unix.SockFilter, 0, 64), jumps: make([]bpfJump, 0, 48)}
	a.ld(offArch)
	a.jeq(arch, "", "foreign")
	a.ld(offNr)
	a.jge(x32Bit, "foreign", "")
	// Where each named call goes: the kernel compiles the program at every
	// confined start and runs it once per system call number to find the
	// calls it always allows, so a binary search (five comparisons for a
	// call the filter does not name) is cheaper to install than a chain.
	var named []target
	if mptcp {
		named = append(named, target{unix.SYS_SOCKET, "socket"})
	}
	// io_uring creates sockets (MPTCP ones too) without the socket system
	// call this filter sees: ENOSYS, as on kernels without it, which
	// programs answer by falling back to plain system calls.
	for _, nr := range []uint32{unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER, unix.SYS_IO_URING_REGISTER} {
		named = append(named, target{nr, "enosys"})
	}
	// A call whose id is in argument 0 and in argument 1 (kcmp) is sent to
	// the check of argument 0, which goes on to argument 1.
	var both []uint32
	if ids > 0 {
		for _, c := range pidCalls {
			switch i := slices.IndexFunc(named, func(t target) bool { return t.nr == c.nr }); {
			case i < 0:
				named = append(named, target{c.nr, "arg" + strconv.Itoa(int(c.arg))})
			case named[i].label == "arg0" && c.arg == 1:
				both = append(both, c.nr)
			default:
				return nil, nil, fmt.Errorf("seccomp filter: call %d listed twice", c.nr)
			}
		}
	}
	slices.SortFunc(named, func(x, y target) int { return int(x.nr) - int(y.nr) })
	a.dispatch(named)
	a.label("foreign")
	a.label("enosys")
	a.ret(unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS))
	if mptcp {
		a.label("socket")
		a.ld(offArg(2))
		a.jeq(IPProtoMPTCP, "", "allow")
		a.ret(unix.SECCOMP_RET_ERRNO | uint32(unix.EPROTONOSUPPORT))
	}
	var slots []int
	if ids > 0 {
		for _, arg := range []uint32{0, 1} {
			a.label("arg" + strconv.Itoa(int(arg)))
			a.ld(offArg(arg))
			for range ids {
				slots = append(slots, len(a.prog))
				a.jeq(0, "eperm", "")
			}
			if arg == 0 && len(both) > 0 {
				a.ld(offNr)
				for _, nr := range both {
					a.jeq(nr, "arg1", "")
				}
			}
			a.ret(unix.SECCOMP_RET_ALLOW)
		}
		a.label("eperm")
		a.ret(unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM))
	}
	a.label("allow")
	a.ret(unix.SECCOMP_RET_ALLOW)
	prog, err := a.assemble()
	return prog, slots, err
}

// target is where the dispatch sends a system call number.
type target struct {
	nr    uint32
	label string
}

// dispatch sends the number in the accumulator to its target's label, by
// binary search over named (sorted), and allows the numbers not named.
func (a *bpfAsm) dispatch(named []target) {
	if len(named) <= 3 {
		for _, t := range named {
			a.jeq(t.nr, t.label, "")
		}
		a.ret(unix.SECCOMP_RET_ALLOW)
		return
	}
	mid := len(named) / 2
	upper := "n" + strconv.Itoa(len(a.prog))
	a.jge(named[mid].nr, upper, "")
	a.dispatch(named[:mid])
	a.label(upper)
	a.dispatch(named[mid:])
}

// bpfAsm assembles a classic BPF program whose jumps name labels; "" is
// the next instruction. Jumps only go forward, as the kernel requires.
type bpfAsm struct {
	prog   []unix.SockFilter
	jumps  []bpfJump
	labels map[string]int
}

type bpfJump struct {
	at     int
	jt, jf string
}

func (a *bpfAsm) ld(off uint32) {
	a.prog = append(a.prog, unix.SockFilter{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: off})
}

func (a *bpfAsm) ret(k uint32) {
	a.prog = append(a.prog, unix.SockFilter{Code: unix.BPF_RET | unix.BPF_K, K: k})
}

func (a *bpfAsm) jeq(k uint32, jt, jf string) { a.jump(unix.BPF_JEQ, k, jt, jf) }
func (a *bpfAsm) jge(k uint32, jt, jf string) { a.jump(unix.BPF_JGE, k, jt, jf) }

func (a *bpfAsm) jump(op uint16, k uint32, jt, jf string) {
	a.jumps = append(a.jumps, bpfJump{len(a.prog), jt, jf})
	a.prog = append(a.prog, unix.SockFilter{Code: unix.BPF_JMP | op | unix.BPF_K, K: k})
}

func (a *bpfAsm) label(name string) {
	if a.labels == nil {
		a.labels = map[string]int{}
	}
	a.labels[name] = len(a.prog)
}

// assemble resolves the jumps: an offset counts from the next
// instruction and must fit in a byte.
func (a *bpfAsm) assemble() ([]unix.SockFilter, error) {
	off := func(at int, name string) (uint8, error) {
		if name == "" {
			return 0, nil
		}
		to, ok := a.labels[name]
		d := to - at - 1
		if !ok || d < 0 || d > 255 {
			return 0, fmt.Errorf("seccomp filter: bad jump from %d to %q", at, name)
		}
		return uint8(d), nil
	}
	for _, j := range a.jumps {
		var err error
		if a.prog[j.at].Jt, err = off(j.at, j.jt); err != nil {
			return nil, err
		}
		if a.prog[j.at].Jf, err = off(j.at, j.jf); err != nil {
			return nil, err
		}
	}
	return a.prog, nil
}
