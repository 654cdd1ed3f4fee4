//go:build linux

package sandboxhelper

import (
	"errors"
	"fmt"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// RestrictThread confines the calling OS thread, and every process it
// creates from now on, to c: the capabilities cut to keptCaps, then
// no_new_privs, then the seccomp filter, then the Landlock rules when
// c.Landlock. All three bind the thread's
// credentials or task, not the process: the caller must have locked the
// goroutine to its thread and must let that thread end (a goroutine that
// returns while locked ends its thread) instead of unlocking it.
//
// The file-system rules, the TCP ports and the process ids to protect are
// all in c; the resource limits are not (they are per process: the
// caller sets them on the child).
func RestrictThread(c Config) error { return restrictThread(c, nil) }

// RestrictThread is the package's RestrictThread with the Landlock
// ruleset taken from the cache.
func (rc *RulesetCache) RestrictThread(c Config) error { return restrictThread(c, rc) }

func restrictThread(c Config, cache *RulesetCache) error {
	if err := prepareThread(FilterMPTCP(c), c.Protect); err != nil {
		return err
	}
	return finishThread(c, cache)
}

// FilterMPTCP reports whether the seccomp filter of c refuses MPTCP
// sockets: when Landlock handles a TCP right for c, whose rules such
// sockets would pass by (seccomp_linux.go).
func FilterMPTCP(c Config) bool {
	return c.Landlock && c.ABI >= 4 && (!c.Bind || !c.Connect || len(c.Ports) > 0)
}

// PrepareThread does to the calling OS thread everything RestrictThread
// does but the Landlock rules: the capabilities cut, no_new_privs and the
// seccomp filter, refusing MPTCP sockets when mptcp and protecting the
// ids in protect. None of it depends on the command, so that a thread can
// be prepared before its command is known, and a start then only adds its
// Landlock domain (FinishThread): the filter's install alone is 30-50 µs
// (the kernel checks and compiles it), the capability drops of a root
// process 30 µs (measured on Linux 6.18). The same rules as for
// RestrictThread hold: a locked thread, never unlocked, that ends.
func PrepareThread(mptcp bool, protect []int) error { return prepareThread(mptcp, protect) }

// FinishThread completes the restriction of a thread prepared by
// PrepareThread(FilterMPTCP(c), c.Protect) with c's Landlock rules, the
// ruleset taken from the cache. The thread then carries what
// RestrictThread(c) would have given it: Landlock after seccomp instead
// of before changes nothing, as the filter leaves Landlock's system
// calls alone.
func (rc *RulesetCache) FinishThread(c Config) error { return finishThread(c, rc) }

// FinishThread is the cache's FinishThread with a ruleset built for this
// thread alone.
func FinishThread(c Config) error { return finishThread(c, nil) }

func prepareThread(mptcp bool, protect []int) error {
	if err := dropCaps(); err != nil {
		return err
	}
	// Without no_new_privs a setuid program could regain what Landlock and
	// the limits take away; Landlock and seccomp require it anyway.
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("prctl(PR_SET_NO_NEW_PRIVS): %w", err)
	}
	return seccompFilter(mptcp, protect)
}

func finishThread(c Config, cache *RulesetCache) error {
	if !c.Landlock {
		return nil
	}
	if err := restrict(c, cache); err != nil {
		return fmt.Errorf("landlock: %w", err)
	}
	return nil
}

// rulesetAttr is struct landlock_ruleset_attr up to ABI 7. Not
// unix.LandlockRulesetAttr: that one has fields of newer kernels, and a
// kernel refuses (E2BIG) a larger struct whose unknown tail is not zero;
// keeping to the fields we set is plainer.
type rulesetAttr struct {
	handledFS  uint64
	handledNet uint64
	scoped     uint64
}

// netPortAttr is struct landlock_net_port_attr.
type netPortAttr struct {
	allowed uint64
	port    uint64
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

// rulesetAttrOf is the ruleset attribute of c: every file-system right
// of its ABI handled, TCP bind and connect handled unless allowed, and the
// scopes of ABI 6.
func rulesetAttrOf(c Config) rulesetAttr {
	attr := rulesetAttr{handledFS: handledFS(c.ABI)}
	if c.ABI >= 4 {
		if !c.Bind {
			attr.handledNet |= unix.LANDLOCK_ACCESS_NET_BIND_TCP
		}
		if !c.Connect || len(c.Ports) > 0 {
			attr.handledNet |= unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
		}
	}
	if c.ABI >= 6 {
		// Signals and abstract unix sockets cannot reach processes outside
		// the child's domain: the server, other runs, the user's session.
		attr.scoped = unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | unix.LANDLOCK_SCOPE_SIGNAL
	}
	return attr
}

// restrict applies the Landlock rules of c to the calling thread only (no
// thread-sync flag): the domain belongs to the thread's credentials, and a
// process the thread forks, or the image it executes, inherits them. With
// a cache the ruleset is built once per distinct c and reused while every
// path of it still names the file it named (RulesetCache).
func restrict(c Config, cache *RulesetCache) error {
	if cache != nil {
		return cache.restrict(c)
	}
	rs, err := buildRuleset(c)
	if err != nil {
		return err
	}
	defer syscall.Close(rs.fd)
	return restrictSelf(rs.fd)
}

func restrictSelf(fd int) error {
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(fd), 0, 0); errno != 0 {
		return fmt.Errorf("landlock_restrict_self: %w", errno)
	}
	return nil
}

// buildRuleset makes the ruleset of c, and records what each of its paths
// named (the file, or its absence) for RulesetCache's check.
func buildRuleset(c Config) (*ruleset, error) {
	attr := rulesetAttrOf(c)
	r, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if errno != 0 {
		return nil, fmt.Errorf("landlock_create_ruleset: %w", errno)
	}
	// The kernel makes the descriptor close-on-exec: no child inherits it.
	rs := &ruleset{fd: int(r), paths: make([]pathState, 0, len(c.Rules))}
	fail := func(err error) (*ruleset, error) {
		syscall.Close(rs.fd)
		return nil, err
	}
	for _, r := range c.Rules {
		if err := rs.addPath(r.Path, r.Rights&attr.handledFS); err != nil {
			return fail(err)
		}
	}
	if c.Connect && len(c.Ports) > 0 && c.ABI >= 4 {
		for _, p := range c.Ports {
			na := netPortAttr{allowed: unix.LANDLOCK_ACCESS_NET_CONNECT_TCP, port: uint64(p)}
			if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(rs.fd), landlockRuleNetPort,
				uintptr(unsafe.Pointer(&na)), 0, 0, 0); errno != 0 {
				return fail(fmt.Errorf("landlock_add_rule port %d: %w", p, errno))
			}
		}
	}
	return rs, nil
}

// addPath grants rights under path, or on path alone when it is not a
// directory; a missing path grants nothing. What path names is recorded.
func (rs *ruleset) addPath(path string, rights uint64) error {
	if rights == 0 {
		return nil
	}
	pfd, err := syscall.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if missing(err) {
		rs.paths = append(rs.paths, pathState{path: path, missing: true})
		return nil
	}
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer syscall.Close(pfd)
	var st syscall.Stat_t
	if err := syscall.Fstat(pfd, &st); err != nil {
		return fmt.Errorf("stat %s: %w", path, err)
	}
	rs.paths = append(rs.paths, stateOf(path, &st))
	if st.Mode&syscall.S_IFMT != syscall.S_IFDIR {
		rights &= accessFileOnly
	}
	attr := unix.LandlockPathBeneathAttr{Allowed_access: rights, Parent_fd: int32(pfd)}
	if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(rs.fd), unix.LANDLOCK_RULE_PATH_BENEATH,
		uintptr(unsafe.Pointer(&attr)), 0, 0, 0); errno != 0 {
		return fmt.Errorf("landlock_add_rule %s: %w", path, errno)
	}
	return nil
}

// missing reports the errors of a path that names nothing: a rule on it
// grants nothing.
func missing(err error) bool {
	return errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.ELOOP)
}

// landlockRuleNetPort is LANDLOCK_RULE_NET_PORT (x/sys has no constant).
const landlockRuleNetPort = 2

// keptCaps are the capabilities a confined program of a server running as
// root may keep: Docker's default set without CAP_MKNOD, CAP_SETFCAP and
// CAP_SETPCAP (file ownership and permission overrides, setuid/setgid,
// kill, raw sockets for ping, low ports, chroot, audit writes). Every other
// one is dropped: among them CAP_SYS_PTRACE, CAP_SYS_ADMIN and
// CAP_PERFMON, each of which opens another process's /proc files (environ,
// mem, fd) past a cleared PR_SET_DUMPABLE (found one by one on Linux 6.18,
// for a child of a root server); CAP_SYS_RESOURCE, which would let the
// program raise the hard limits set on it; CAP_SYS_MODULE, CAP_SYS_RAWIO
// and CAP_BPF, which reach the kernel and all memory.
var keptCaps = map[int]bool{
	unix.CAP_CHOWN: true, unix.CAP_DAC_OVERRIDE: true, unix.CAP_FSETID: true, unix.CAP_FOWNER: true,
	unix.CAP_NET_RAW: true, unix.CAP_SETGID: true, unix.CAP_SETUID: true, unix.CAP_NET_BIND_SERVICE: true,
	unix.CAP_SYS_CHROOT: true, unix.CAP_KILL: true, unix.CAP_AUDIT_WRITE: true,
}

// dropBounding drops every capability but keptCaps from the calling
// thread's bounding set. Dropping one the set no longer holds succeeds,
// so there is no PR_CAPBSET_READ before each drop: a fresh thread of a
// root server holds all of them, and the reads were 30 system calls more
// on every confined start (measured on a fresh locked thread, Linux 6.18:
// the bounding set's cut 70 -> 53 µs). The kernel checks CAP_SETPCAP before the
// number, so EINVAL, once the caller may drop, is the end of its
// capabilities; EPERM is an error for root only.
func dropBounding(root bool) error {
	for c := 0; c < 64; c++ {
		if keptCaps[c] {
			continue
		}
		err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0)
		switch {
		case err == nil:
		case errors.Is(err, unix.EINVAL):
			return nil // past the kernel's last capability
		case root:
			return fmt.Errorf("prctl(PR_CAPBSET_DROP, %d): %w", c, err)
		default:
			return nil // without CAP_SETPCAP after all: nothing to drop
		}
	}
	return nil
}

// dropCaps removes every capability but keptCaps from the calling
// thread's effective, permitted, inheritable and bounding sets, so that a
// program of a server running as root cannot regain them at exec. A thread
// without them has nothing to drop; one that has one and cannot drop it
// from the bounding set is an error (a root child would get it back).
func dropCaps() error {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capget: %w", err)
	}
	// Without CAP_SETPCAP every drop fails with EPERM, which only root
	// must not ignore (a root child would get the capability back at
	// exec): another user skips the drops.
	root := unix.Geteuid() == 0
	setpcap := data[unix.CAP_SETPCAP/32].Effective&(1<<(unix.CAP_SETPCAP%32)) != 0
	if setpcap || root {
		if err := dropBounding(root); err != nil {
			return err
		}
	}
	var keep [2]uint32
	for c := range keptCaps {
		keep[c/32] |= 1 << (c % 32)
	}
	changed := false
	for i := range data {
		d := &data[i]
		if (d.Effective|d.Permitted|d.Inheritable)&^keep[i] != 0 {
			d.Effective &= keep[i]
			d.Permitted &= keep[i]
			d.Inheritable &= keep[i]
			changed = true
		}
	}
	if !changed {
		return nil
	}
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capset: %w", err)
	}
	return nil
}
