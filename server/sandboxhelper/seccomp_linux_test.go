//go:build linux

package sandboxhelper

import (
	"encoding/binary"
	"fmt"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

// runBPF evaluates a classic BPF seccomp program on one seccomp_data
// (the instructions seccompProgram uses, nothing else).
func runBPF(t *testing.T, prog []unix.SockFilter, data []byte) (verdict uint32, steps int) {
	t.Helper()
	verdict, steps, err := evalBPF(prog, data)
	if err != nil {
		t.Fatal(err)
	}
	return verdict, steps
}

func evalBPF(prog []unix.SockFilter, data []byte) (verdict uint32, steps int, err error) {
	var acc uint32
	for pc := 0; pc < len(prog); pc++ {
		steps++
		in := prog[pc]
		switch in.Code {
		case unix.BPF_LD | unix.BPF_W | unix.BPF_ABS:
			if int(in.K)+4 > len(data) {
				return 0, steps, fmt.Errorf("load past the data at %d", pc)
			}
			acc = binary.LittleEndian.Uint32(data[in.K:])
		case unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K, unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K:
			taken := acc == in.K
			if in.Code&0xf0 == unix.BPF_JGE {
				taken = acc >= in.K
			}
			if taken {
				pc += int(in.Jt)
			} else {
				pc += int(in.Jf)
			}
		case unix.BPF_JMP | unix.BPF_JA:
			pc += int(in.K)
		case unix.BPF_RET | unix.BPF_K:
			return in.K, steps, nil
		default:
			return 0, steps, fmt.Errorf("instruction %d: unexpected code %#x", pc, in.Code)
		}
	}
	return 0, steps, fmt.Errorf("the program ran off its end")
}

// verdict is what the filter must answer, written from its documentation.
func verdict(native, arch, nr uint32, args [6]uint64, mptcp bool, protect []uint32) uint32 {
	switch {
	case arch != native, nr >= 0x40000000:
		return unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)
	case mptcp && nr == unix.SYS_SOCKET && uint32(args[2]) == IPProtoMPTCP:
		return unix.SECCOMP_RET_ERRNO | uint32(unix.EPROTONOSUPPORT)
	case nr == unix.SYS_IO_URING_SETUP || nr == unix.SYS_IO_URING_ENTER || nr == unix.SYS_IO_URING_REGISTER:
		return unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)
	}
	for _, c := range pidCalls {
		if c.nr == nr && slices.Contains(protect, uint32(args[c.arg])) {
			return unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
		}
	}
	return unix.SECCOMP_RET_ALLOW
}

// TestSeccompProgram checks the filter's answer to every system call
// number (and the x32 and foreign-ABI ones) with the protected ids, the
// MPTCP protocol and other values in each argument the filter reads,
// against its specification.
func TestSeccompProgram(t *testing.T) {
	native := nativeAudit()
	if native == 0 {
		t.Skip("no seccomp filter on this architecture")
	}
	const pid, tid = 4242, 4343
	values := []uint64{0, pid, tid, 777, IPProtoMPTCP, 1<<32 | pid, 7}
	nrs := []uint32{0x40000000, 0x40000000 + unix.SYS_KILL, 0xffffffff}
	for nr := range uint32(512) {
		nrs = append(nrs, nr)
	}
	for _, tc := range []struct {
		mptcp   bool
		protect []int
	}{{true, []int{pid, tid}}, {false, []int{pid, tid}}, {true, nil}, {false, []int{pid}}, {true, []int{0, -1, pid}},
		// The same shapes with other ids: the program made for the first
		// is reused with these written in.
		{true, []int{777, pid}}, {false, []int{tid}}} {
		t.Run(fmt.Sprintf("mptcp=%v/protect=%v", tc.mptcp, tc.protect), func(t *testing.T) {
			prog, err := seccompProgram(native, tc.mptcp, tc.protect)
			if err != nil {
				t.Fatal(err)
			}
			if len(prog) > 100 {
				t.Errorf("%d instructions: the dispatch should keep the program short", len(prog))
			}
			var protect []uint32
			for _, p := range tc.protect {
				if p > 0 {
					protect = append(protect, uint32(p))
				}
			}
			data := make([]byte, 64)
			for _, arch := range []uint32{native, unix.AUDIT_ARCH_I386} {
				for _, nr := range nrs {
					for _, a0 := range values {
						for _, a1 := range values {
							for _, a2 := range values {
								args := [6]uint64{a0, a1, a2}
								binary.LittleEndian.PutUint32(data[0:], nr)
								binary.LittleEndian.PutUint32(data[4:], arch)
								for i, a := range args {
									binary.LittleEndian.PutUint64(data[16+8*i:], a)
								}
								got, steps := runBPF(t, prog, data)
								want := verdict(native, arch, nr, args, tc.mptcp, protect)
								if got != want {
									t.Fatalf("arch %#x nr %d args %v: filter answers %#x, want %#x", arch, nr, args[:3], got, want)
								}
								// The kernel runs the program for every call
								// number when it is installed: a call the
								// filter allows whatever its arguments
								// must be decided in a few steps.
								if want == unix.SECCOMP_RET_ALLOW && steps > 12 && !slices.ContainsFunc(pidCalls, func(c pidCall) bool { return c.nr == nr }) && nr != unix.SYS_SOCKET {
									t.Fatalf("nr %d: allowed after %d instructions", nr, steps)
								}
							}
						}
					}
				}
			}
		})
	}
	if prog, _ := seccompProgram(native, false, nil); prog != nil {
		t.Errorf("nothing to filter, yet a program of %d instructions", len(prog))
	}
}

// TestSeccompProgramConcurrent: starts on many threads at once each get
// their own ids written in, never another start's.
func TestSeccompProgramConcurrent(t *testing.T) {
	native := nativeAudit()
	if native == 0 {
		t.Skip("no seccomp filter on this architecture")
	}
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			data := make([]byte, 64)
			binary.LittleEndian.PutUint32(data[0:], unix.SYS_KILL)
			binary.LittleEndian.PutUint32(data[4:], native)
			for i := range 300 {
				own := uint64(10000 + 100*g + i%50)
				prog, err := seccompProgram(native, true, []int{int(own), 1})
				if err != nil {
					errs <- err
					return
				}
				binary.LittleEndian.PutUint64(data[16:], own)
				if got, _, err := evalBPF(prog, data); err != nil || got != unix.SECCOMP_RET_ERRNO|uint32(unix.EPERM) {
					errs <- fmt.Errorf("goroutine %d: kill(%d) answered %#x (%v): another start's ids", g, own, got, err)
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
