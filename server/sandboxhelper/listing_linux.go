//go:build linux

package sandboxhelper

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"sync"

	"golang.org/x/sys/unix"
)

// A ruleset's paths are checked one stat each, except, once the ruleset
// has been reused (the plan is made then: a ruleset used once never pays
// for it), the entries of a directory that holds many of them (/etc,
// granted entry by entry: about 150 of a readonly run's 170 paths), which
// are checked by listing the directory: its entries name the same inodes
// as when the ruleset was built, and the names that were missing are
// still missing. That is the same guarantee as a stat of each, given
// three things the plan and the check hold to:
//   - the directory is the same one: opened by its path at every check
//     and its device and inode compared, as a stat of it would be;
//   - only an entry that is neither a symbolic link nor a mount point is
//     checked by listing (the stat recorded at build time, which follows
//     both, gave the directory's device and the inode the plan's listing
//     shows; others keep their stat): a listed inode is then the file
//     itself;
//   - a mount made since the build (one over an entry would change what
//     its path names without changing the listing) discards every
//     ruleset: the cache polls /proc/self/mountinfo, which the kernel
//     marks at every mount and unmount in this mount namespace, before
//     each use (mountWatch).

// minListed is the fewest paths of one directory worth a listing (an
// open, a fstat, two getdents and a close) instead of a stat each; they
// must also be at least half of its entries (a listing costs about a
// third of a stat per entry on ext4).
const minListed = 6

// dirCheck checks the paths of one directory by listing it.
type dirCheck struct {
	path     string
	dev, ino uint64
	// index numbers the entries checked; want is each one's inode, 0 for
	// one that was missing.
	index map[string]int
	want  []uint64
}

// checkPlan is how a ruleset's paths are checked: stats, listings.
type checkPlan struct {
	stats []pathState
	dirs  []dirCheck
}

// planListing plans the check of paths: the paths of directories that
// hold at least minListed of them, and half its entries or more, by one
// listing per directory, the rest by a stat each. What is not seen to
// qualify keeps its stat. It reads the directories as they are now, and
// lists an entry only where that agrees with what paths recorded.
func planListing(paths []pathState) *checkPlan {
	byDir := map[string][]int{}
	for i, p := range paths {
		if p.path == "/" || !filepath.IsAbs(p.path) || filepath.Clean(p.path) != p.path {
			continue
		}
		d := filepath.Dir(p.path)
		byDir[d] = append(byDir[d], i)
	}
	var listed []bool
	plan := &checkPlan{}
	for dir, members := range byDir {
		if len(members) < minListed {
			continue
		}
		// The names asked for, and their inodes as listed now (0: absent).
		index := make(map[string]int, len(members))
		for _, i := range members {
			if name := filepath.Base(paths[i].path); !hasKey(index, name) {
				index[name] = len(index)
			}
		}
		ino := make([]uint64, len(index))
		dc := dirCheck{path: dir}
		entries := 0
		if !dc.scan(func(name []byte, in uint64) bool {
			entries++
			if i, ok := index[string(name)]; ok {
				ino[i] = in
			}
			return true
		}) {
			continue
		}
		// A name is listed when every path of it agrees with the listing:
		// missing and absent, or present with the listed inode on the
		// directory's device (neither a link nor a mount point: its stat,
		// which follows both, gave the entry itself).
		ok := make([]bool, len(index))
		for i := range ok {
			ok[i] = true
		}
		for _, i := range members {
			p := paths[i]
			j := index[filepath.Base(p.path)]
			switch {
			case p.missing && ino[j] == 0:
			case !p.missing && ino[j] != 0 && p.dev == dc.dev && p.ino == ino[j]:
			default:
				ok[j] = false // a link, a mount point, or changed meanwhile: stat it
			}
		}
		var covered []int
		for _, i := range members {
			if ok[index[filepath.Base(paths[i].path)]] {
				covered = append(covered, i)
			}
		}
		if len(covered) < minListed || 2*len(covered) < entries-2 {
			// Too few, or too few of the directory's entries (six devices
			// of /dev's hundred): the listing would cost more.
			continue
		}
		dc.index = make(map[string]int, len(index))
		for name, j := range index {
			if ok[j] {
				dc.index[name] = len(dc.want)
				dc.want = append(dc.want, ino[j])
			}
		}
		if listed == nil {
			listed = make([]bool, len(paths))
		}
		for _, i := range covered {
			listed[i] = true
		}
		plan.dirs = append(plan.dirs, dc)
	}
	for i, p := range paths {
		if listed == nil || !listed[i] {
			plan.stats = append(plan.stats, p)
		}
	}
	return plan
}

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// current reports whether the directory is the same one and its checked
// entries name what they named.
func (dc *dirCheck) current() bool {
	seen := make([]bool, len(dc.want))
	want := dirCheck{path: dc.path}
	if !want.scan(func(name []byte, ino uint64) bool {
		i, ok := dc.index[string(name)]
		if !ok {
			return true
		}
		if dc.want[i] != ino || seen[i] { // a new entry, another inode, or listed twice
			return false
		}
		seen[i] = true
		return true
	}) || want.dev != dc.dev || want.ino != dc.ino {
		return false
	}
	for i, s := range seen {
		if s != (dc.want[i] != 0) {
			return false
		}
	}
	return true
}

var direntBufs = sync.Pool{New: func() any { b := make([]byte, 16<<10); return &b }}

// scan opens dc.path (following symbolic links, as a stat would), sets
// dc.dev and dc.ino from it, and calls each with every entry's name and
// inode until each returns false. It reports whether the listing was
// read whole, from a directory, and each accepted every entry.
func (dc *dirCheck) scan(each func(name []byte, ino uint64) bool) bool {
	fd, err := unix.Open(dc.path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return false
	}
	dc.dev, dc.ino = uint64(st.Dev), st.Ino
	bp := direntBufs.Get().(*[]byte)
	defer direntBufs.Put(bp)
	for {
		n, err := unix.Getdents(fd, *bp)
		if err != nil {
			return false
		}
		if n <= 0 {
			return true
		}
		// struct linux_dirent64: ino u64, off s64, reclen u16, type u8,
		// then the name, NUL-terminated and padded.
		for b := (*bp)[:n]; len(b) > 0; {
			const head = 19
			if len(b) < head {
				return false
			}
			reclen := int(binary.NativeEndian.Uint16(b[16:18]))
			if reclen < head || reclen > len(b) {
				return false
			}
			name := b[head:reclen]
			if end := bytes.IndexByte(name, 0); end >= 0 {
				name = name[:end]
			}
			if !each(name, binary.NativeEndian.Uint64(b[:8])) {
				return false
			}
			b = b[reclen:]
		}
	}
}

// mountWatch tells mounts and unmounts in this process's mount namespace
// apart: /proc/self/mountinfo polls with POLLPRI once after each, and gen
// counts what it has seen. Its caller serialises it (RulesetCache.mu): a
// poll consumes the mark it reports.
type mountWatch struct {
	open bool
	fd   int
	gen  uint64
}

// poll returns the generation of the mount table now, and false when it
// cannot be watched (no /proc): listing is then not used.
func (mw *mountWatch) poll() (uint64, bool) {
	if !mw.open {
		fd, err := unix.Open("/proc/self/mountinfo", unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			return mw.gen, false
		}
		// Whatever changed while nothing watched: a generation of its own.
		mw.open, mw.fd = true, fd
		mw.gen++
	}
	p := []unix.PollFd{{Fd: int32(mw.fd), Events: unix.POLLPRI}}
	for {
		n, err := unix.Poll(p, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			mw.close()
			return mw.gen, false
		}
		if n > 0 && p[0].Revents&(unix.POLLPRI|unix.POLLERR) != 0 {
			mw.gen++
		}
		return mw.gen, true
	}
}

func (mw *mountWatch) close() {
	if mw.open {
		unix.Close(mw.fd)
		mw.open = false
		mw.gen++
	}
}
