//go:build linux

package sandboxhelper

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestRulesetKey: the cache's key tells apart every difference that gives
// another ruleset, and only those (the rights the ABI does not handle are
// dropped by the ruleset, so they do not count).
func TestRulesetKey(t *testing.T) {
	base := Config{ABI: 4, Connect: true, Ports: []uint16{443}, Rules: []Rule{
		{Path: "/usr", Rights: AccessRead | AccessExecute}, {Path: "/etc/hosts", Rights: AccessReadFile}}}
	edits := map[string]func(c *Config){
		"another path":    func(c *Config) { c.Rules[1].Path = "/etc/passwd" },
		"other rights":    func(c *Config) { c.Rules[0].Rights = AccessRead },
		"one rule less":   func(c *Config) { c.Rules = c.Rules[:1] },
		"rules reordered": func(c *Config) { c.Rules[0], c.Rules[1] = c.Rules[1], c.Rules[0] },
		"another port":    func(c *Config) { c.Ports = []uint16{80} },
		"any port":        func(c *Config) { c.Ports = nil },
		"bind allowed":    func(c *Config) { c.Bind = true },
		"another ABI":     func(c *Config) { c.ABI = 6 },
	}
	clone := func() Config {
		c := base
		c.Rules = append([]Rule(nil), base.Rules...)
		c.Ports = append([]uint16(nil), base.Ports...)
		return c
	}
	k := keyOf(base)
	if c := clone(); !k.same(keyOf(c)) || k.hash() != keyOf(c).hash() {
		t.Fatal("a copy of the configuration has another key")
	}
	for name, edit := range edits {
		c := clone()
		edit(&c)
		if k.same(keyOf(c)) || keyOf(c).same(k) {
			t.Errorf("%s: the same key", name)
		}
	}
	// Rights past what ABI 4 handles (ioctl on devices, ABI 5) are not in
	// the ruleset: the same one.
	c := clone()
	c.Rules[0].Rights |= 1 << 15
	if !k.same(keyOf(c)) || k.hash() != keyOf(c).hash() {
		t.Error("a right the ABI does not handle changed the key")
	}
	// Ports count only where the kernel filters connect by port.
	c, d := clone(), clone()
	c.ABI, d.ABI, d.Ports = 3, 3, []uint16{80}
	if !keyOf(c).same(keyOf(d)) {
		t.Error("ports changed the key of an ABI without TCP rules")
	}
}

// listedConfig is a configuration with the n entries of dir, the first
// nMissing of them not made, and the last one a symbolic link to link.
func listedConfig(t *testing.T, dir string, n, nMissing int, link string) Config {
	t.Helper()
	var c Config
	c.ABI = 1
	for i := range n {
		p := filepath.Join(dir, "e"+strconv.Itoa(i))
		c.Rules = append(c.Rules, Rule{Path: p, Rights: AccessRead})
		switch {
		case i < nMissing:
		case i == n-1 && link != "":
			if err := os.Symlink(link, p); err != nil {
				t.Fatal(err)
			}
		default:
			if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return c
}

// pathChanges are changes to what the paths of listedConfig(dir, 10, 2,
// outside/target) name: each must make a ruleset of them stale.
func pathChanges() map[string]func(t *testing.T, dir, outside string) {
	return map[string]func(t *testing.T, dir, outside string){
		"entry replaced": func(t *testing.T, dir, _ string) {
			must(t, os.Rename(filepath.Join(dir, "e3"), filepath.Join(dir, "moved")))
			must(t, os.WriteFile(filepath.Join(dir, "e3"), []byte("y"), 0o644))
		},
		"entry removed":  func(t *testing.T, dir, _ string) { must(t, os.Remove(filepath.Join(dir, "e4"))) },
		"entry created":  func(t *testing.T, dir, _ string) { must(t, os.WriteFile(filepath.Join(dir, "e0"), nil, 0o644)) },
		"entry made dir": func(t *testing.T, dir, _ string) { must(t, os.Mkdir(filepath.Join(dir, "e1"), 0o755)) },
		"directory replaced by a copy": func(t *testing.T, dir, _ string) {
			must(t, os.Rename(dir, dir+".old"))
			must(t, os.Mkdir(dir, 0o755))
			ents, err := os.ReadDir(dir + ".old")
			must(t, err)
			for _, e := range ents {
				if e.Type()&os.ModeSymlink != 0 {
					l, err := os.Readlink(filepath.Join(dir+".old", e.Name()))
					must(t, err)
					must(t, os.Symlink(l, filepath.Join(dir, e.Name())))
					continue
				}
				must(t, os.WriteFile(filepath.Join(dir, e.Name()), []byte("x"), 0o644))
			}
		},
		"link target replaced": func(t *testing.T, _, outside string) {
			must(t, os.Remove(filepath.Join(outside, "target")))
			must(t, os.WriteFile(filepath.Join(outside, "target"), []byte("z"), 0o644))
		},
	}
}

// TestRulesetListing: the entries of a directory with many rules are
// checked by listing it, and every change a stat of each would see is
// seen: an entry replaced, removed or created, the directory replaced by
// a copy, a symbolic link's target replaced (a link keeps its stat).
func TestRulesetListing(t *testing.T) {
	if _, _, err := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, 1); err != 0 {
		t.Skipf("no Landlock: %v", err)
	}
	build := func(t *testing.T, c Config) *ruleset {
		t.Helper()
		rs, err := buildRuleset(c)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { syscall.Close(rs.fd) })
		rs.plan.Store(planListing(rs.paths))
		if !rs.current() {
			t.Fatal("a ruleset just built is not current")
		}
		return rs
	}
	changes := pathChanges()
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			dir, outside := filepath.Join(t.TempDir(), "d"), t.TempDir()
			must(t, os.Mkdir(dir, 0o755))
			must(t, os.WriteFile(filepath.Join(outside, "target"), []byte("t"), 0o644))
			rs := build(t, listedConfig(t, dir, 10, 2, filepath.Join(outside, "target")))
			if p := rs.plan.Load(); len(p.dirs) != 1 || len(p.dirs[0].want) != 9 || len(p.stats) != 1 {
				t.Fatalf("%d listings (%v), %d paths stat'd: want the 9 entries but the link listed, the link stat'd", len(p.dirs), p.dirs, len(p.stats))
			}
			if !rs.current() {
				t.Fatal("not current before the change")
			}
			change(t, dir, outside)
			if rs.current() {
				t.Fatal("still current after the change")
			}
		})
	}
	// An entry that is a mount point keeps its stat: the listing shows
	// the inode under the mount.
	t.Run("mount point", func(t *testing.T) {
		dir := t.TempDir()
		c := listedConfig(t, dir, 10, 0, "")
		e5 := filepath.Join(dir, "e5")
		if err := unix.Mount(filepath.Join(dir, "e6"), e5, "", unix.MS_BIND, ""); err != nil {
			t.Skipf("cannot bind-mount here: %v", err)
		}
		defer unix.Unmount(e5, unix.MNT_DETACH)
		rs := build(t, c)
		if p := rs.plan.Load(); len(p.dirs) != 1 || len(p.stats) != 1 || p.stats[0].path != e5 {
			t.Fatalf("%d listings, paths stat'd %v: want the mount point stat'd", len(p.dirs), p.stats)
		}
	})
	// One path in two rules (other rights): listed once, and current.
	t.Run("path twice", func(t *testing.T) {
		c := listedConfig(t, t.TempDir(), 10, 2, "")
		c.Rules = append(c.Rules, Rule{Path: c.Rules[5].Path, Rights: AccessWriteFile}, Rule{Path: c.Rules[0].Path, Rights: AccessWriteFile})
		rs := build(t, c)
		if p := rs.plan.Load(); len(p.dirs) != 1 || len(p.dirs[0].want) != 10 || len(p.stats) != 0 {
			t.Fatalf("%d listings, %d paths stat'd: want the 10 names listed once", len(p.dirs), len(p.stats))
		}
	})
	// Rules on fewer than half a directory's entries: a stat each.
	t.Run("few of many", func(t *testing.T) {
		dir := t.TempDir()
		c := listedConfig(t, dir, minListed, 0, "")
		for i := range 2*minListed + 1 {
			must(t, os.WriteFile(filepath.Join(dir, "other"+strconv.Itoa(i)), nil, 0o644))
		}
		rs := build(t, c)
		if p := rs.plan.Load(); len(p.dirs) != 0 || len(p.stats) != minListed {
			t.Fatalf("%d listings, %d paths stat'd: want the %d rules stat'd", len(p.dirs), len(p.stats), minListed)
		}
	})
	// Fewer entries than minListed: a stat each.
	rs := build(t, listedConfig(t, t.TempDir(), minListed-1, 0, ""))
	if p := rs.plan.Load(); len(p.dirs) != 0 || len(p.stats) != minListed-1 {
		t.Fatalf("%d listings, %d paths for %d entries", len(p.dirs), len(p.stats), minListed-1)
	}
}

// TestMountWatch: a mount over an entry of a listed directory leaves the
// listing as it was; the mount table's generation is what tells.
func TestMountWatch(t *testing.T) {
	var mw mountWatch
	defer mw.close()
	g0, ok := mw.poll()
	if !ok {
		t.Skip("no /proc/self/mountinfo")
	}
	if g, _ := mw.poll(); g != g0 {
		t.Fatalf("the generation moved without a mount: %d, then %d", g0, g)
	}
	dir, other := t.TempDir(), t.TempDir()
	entry := filepath.Join(dir, "e")
	must(t, os.Mkdir(entry, 0o755))
	if err := unix.Mount(other, entry, "", unix.MS_BIND, ""); err != nil {
		t.Skipf("cannot bind-mount here: %v", err)
	}
	g1, _ := mw.poll()
	must(t, unix.Unmount(entry, 0))
	if g1 == g0 {
		t.Fatal("a mount did not move the generation")
	}
	if g2, _ := mw.poll(); g2 == g1 {
		t.Fatal("an unmount did not move the generation")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// useCache restricts a throwaway thread from rc with c.
func useCache(t *testing.T, rc *RulesetCache, c Config) {
	t.Helper()
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			errc <- err
			return
		}
		errc <- rc.restrict(c)
	}()
	select {
	case err := <-errc:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("restrict did not return")
	}
}

// quietUses uses c from rc three times and fails if any use fully checked
// the ruleset while the watch saw no event. The temporary directory's
// parents are watched too and shared with whatever else runs: a round in
// which an event came is tried again.
func quietUses(t *testing.T, rc *RulesetCache, c Config) {
	t.Helper()
	for range 20 {
		rc.mu.Lock()
		g0, _ := rc.watch.poll()
		rc.mu.Unlock()
		checks := rc.checks.Load()
		for range 3 {
			useCache(t, rc, c)
		}
		rc.mu.Lock()
		g1, _ := rc.watch.poll()
		rc.mu.Unlock()
		if g1 != g0 {
			continue // an event from elsewhere
		}
		if n := rc.checks.Load() - checks; n != 0 {
			t.Fatalf("%d full checks in 3 uses without an event: want 0", n)
		}
		return
	}
	t.Skip("the watched directories never went quiet")
}

// TestRulesetWatch: a reused ruleset is not checked while nothing changed
// in the directories its paths are looked up in (the link's target
// directory included), and every change of pathChanges, or a directory
// on the way renamed and replaced, makes its next use build it again.
// Paths on a file system inotify does not cover are stat'd every time.
func TestRulesetWatch(t *testing.T) {
	if _, _, err := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, 1); err != 0 {
		t.Skipf("no Landlock: %v", err)
	}
	changes := pathChanges()
	changes["parent replaced"] = func(t *testing.T, dir, _ string) {
		parent := filepath.Dir(dir)
		must(t, os.Rename(parent, parent+".old"))
		must(t, os.MkdirAll(dir, 0o755))
		ents, err := os.ReadDir(filepath.Join(parent+".old", "d"))
		must(t, err)
		for _, e := range ents {
			if e.Type()&os.ModeSymlink != 0 {
				l, err := os.Readlink(filepath.Join(parent+".old", "d", e.Name()))
				must(t, err)
				must(t, os.Symlink(l, filepath.Join(dir, e.Name())))
				continue
			}
			must(t, os.WriteFile(filepath.Join(dir, e.Name()), []byte("x"), 0o644))
		}
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			dir, outside := filepath.Join(root, "p", "d"), t.TempDir()
			must(t, os.MkdirAll(dir, 0o755))
			must(t, os.WriteFile(filepath.Join(outside, "target"), []byte("t"), 0o644))
			c := listedConfig(t, dir, 10, 2, filepath.Join(outside, "target"))
			rc := NewRulesetCache()
			defer rc.Drop()
			useCache(t, rc, c)
			if _, ok := rc.watch.poll(); !ok {
				t.Skip("no inotify here")
			}
			quietUses(t, rc, c)
			if rc.Builds() != 1 {
				t.Fatalf("%d builds for uses without a change: want 1", rc.Builds())
			}
			change(t, dir, outside)
			useCache(t, rc, c)
			if rc.Builds() != 2 {
				t.Fatalf("%d builds: the change was not seen", rc.Builds())
			}
			// Watched again from the new build on.
			quietUses(t, rc, c)
			if rc.Builds() != 2 {
				t.Fatalf("after the rebuild: %d builds, want none more", rc.Builds())
			}
		})
	}
	t.Run("unwatched file system", func(t *testing.T) {
		var fs unix.Statfs_t
		if unix.Statfs("/proc/sys", &fs) != nil || watchedFS[int64(fs.Type)] {
			t.Skip("no procfs at /proc")
		}
		c := listedConfig(t, t.TempDir(), 3, 0, "")
		c.Rules = append(c.Rules, Rule{Path: "/proc/sys/kernel/ostype", Rights: AccessReadFile})
		rc := NewRulesetCache()
		defer rc.Drop()
		useCache(t, rc, c)
		key := keyOf(c)
		rs := rc.lookupLocked(key.hash(), key)
		ws := rs.watched.Load()
		if ws == nil || len(ws.unwatched) != 1 || ws.unwatched[0].path != "/proc/sys/kernel/ostype" {
			t.Fatalf("unwatched paths %+v: want the procfs one alone", ws)
		}
	})
}
