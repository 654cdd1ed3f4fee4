//go:build linux

package sandboxhelper

import (
	"hash/maphash"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
)

// RulesetCache keeps the Landlock rulesets of the confinements a process
// starts children under, so that a run opens and adds none of its paths
// (one per /etc entry: about 170 rules, 0.3-0.4 ms of system time per
// run measured on Linux 6.18) when an earlier run had the same
// confinement, and only checks them.
//
// A rule binds the file its path named when it was added, not the path:
// a cached ruleset is used only while every one of its paths still names
// the same file (device and inode, which the ruleset's reference keeps
// from being reused) or is still missing; any difference (a path renamed,
// replaced, created, removed, a mount over it, a stat that fails) builds
// the ruleset anew. While inotify has seen no change in the directories
// the paths are looked up in, only the paths it cannot cover are checked
// (watch_linux.go); otherwise the check is one stat per path, or, from
// the ruleset's second use on, for the entries of a directory that holds
// many of them (/etc), one listing of it (listing_linux.go), with every
// ruleset discarded after a mount or unmount anywhere in the mount
// namespace; it is done just before the domain is made: what the fresh
// ruleset would bind, the cached one binds, with the same window between
// check and use as a fresh build has. Each run still gets a domain of its own
// (landlock_restrict_self makes a new one from the ruleset every time),
// so runs stay apart from each other.
//
// A cached ruleset holds the files its rules name (the kernel keeps an
// inode while a rule refers to it): a program replaced by an upgrade keeps
// its old file until its ruleset is rebuilt, at the next run that uses
// it, or dropped with the cache.
//
// The rulesets' descriptors are close-on-exec and live in this process
// only, which its children cannot open (executor makes it non-dumpable
// and the seccomp filter keeps pidfds off it). A RulesetCache is safe for
// concurrent use.
type RulesetCache struct {
	mu      sync.Mutex
	entries map[uint64][]*ruleset // by the key's hash
	size    int
	builds  atomic.Int64
	// checks counts the full checks of a reused ruleset (for tests).
	checks atomic.Int64
	mounts mountWatch
	watch  entryWatch
}

// maxRulesets bounds the cache (a confinement differs by project and
// program); past it the rulesets not in use are closed and it starts
// over.
const maxRulesets = 64

// NewRulesetCache returns an empty cache.
func NewRulesetCache() *RulesetCache { return &RulesetCache{entries: map[uint64][]*ruleset{}} }

// Builds returns how many rulesets the cache has built.
func (rc *RulesetCache) Builds() int64 { return rc.builds.Load() }

// ruleset is one Landlock ruleset and what its paths named.
type ruleset struct {
	key   rulesetKey
	fd    int
	paths []pathState
	// plan, once made (at the ruleset's first reuse: a ruleset used once
	// never pays for it), checks the paths of directories that hold many
	// by listing them (listing_linux.go); planning says it is being made.
	// mountGen is the mount table's generation before the ruleset was
	// built.
	plan     atomic.Pointer[checkPlan]
	planning atomic.Bool
	mountGen uint64
	// watched, once set, says which paths need no check while the entry
	// watch's generation is its gen (watch_linux.go).
	watched atomic.Pointer[watchState]
	// refs counts the restrictions using fd; an evicted ruleset is closed
	// when the last one is done.
	refs    int
	evicted bool
}

// pathState is what a rule's path named when the rule was added.
type pathState struct {
	path     string
	missing  bool
	dev, ino uint64
	dir      bool
}

func stateOf(path string, st *syscall.Stat_t) pathState {
	return pathState{path: path, dev: uint64(st.Dev), ino: st.Ino, dir: st.Mode&syscall.S_IFMT == syscall.S_IFDIR}
}

// current reports whether every path still names what it named.
func (rs *ruleset) current() bool {
	stats := rs.paths
	if plan := rs.plan.Load(); plan != nil {
		for i := range plan.dirs {
			if !plan.dirs[i].current() {
				return false
			}
		}
		stats = plan.stats
	}
	return statsCurrent(stats)
}

// watchState is a ruleset's paths as the entry watch covers them: from
// generation gen on, the ruleset is current while the generation stays
// and the paths of unwatched still name what they named.
type watchState struct {
	gen       uint64
	unwatched []pathState
}

// newWatchState is the watch state of paths at generation gen, where ok
// says which of them (by path) the watch covers.
func newWatchState(gen uint64, paths []pathState, ok map[string]bool) *watchState {
	ws := &watchState{gen: gen}
	for _, p := range paths {
		if !ok[p.path] {
			ws.unwatched = append(ws.unwatched, p)
		}
	}
	return ws
}

// watchLocked watches the directories of paths and returns which paths
// are covered; rc.mu is held.
func (rc *RulesetCache) watchLocked(paths []string) map[string]bool {
	ok := rc.watch.watchPaths(paths)
	m := make(map[string]bool, len(paths))
	for i, p := range paths {
		if _, seen := m[p]; !seen || !ok[i] {
			// A path in two rules is covered only if both lookups were.
			m[p] = ok[i]
		}
	}
	return m
}

// statsCurrent reports whether every one of paths still names what it
// named, by a stat each.
func statsCurrent(paths []pathState) bool {
	var st syscall.Stat_t
	for _, p := range paths {
		// Stat follows symbolic links, as the rule's open did.
		err := syscall.Stat(p.path, &st)
		switch {
		case missing(err):
			if !p.missing {
				return false
			}
		case err != nil:
			return false
		case p.missing || stateOf(p.path, &st) != p:
			return false
		}
	}
	return true
}

// rulesetKey is everything buildRuleset reads from c: the ruleset's
// attribute, the ports and the rules, each rule's rights as the ruleset
// handles them.
type rulesetKey struct {
	attr  rulesetAttr
	ports []uint16
	rules []Rule
}

func keyOf(c Config) rulesetKey {
	k := rulesetKey{attr: rulesetAttrOf(c), rules: c.Rules}
	if c.Connect && len(c.Ports) > 0 && c.ABI >= 4 {
		k.ports = c.Ports
	}
	return k
}

// hash is the key's hash: the cache's index, never its identity (same
// compares the keys).
func (k rulesetKey) hash() uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	maphash.WriteComparable(&h, k.attr)
	for _, p := range k.ports {
		maphash.WriteComparable(&h, p)
	}
	for _, r := range k.rules {
		h.WriteString(r.Path)
		maphash.WriteComparable(&h, r.Rights&k.attr.handledFS)
	}
	return h.Sum64()
}

var hashSeed = maphash.MakeSeed()

func (k rulesetKey) same(o rulesetKey) bool {
	return k.attr == o.attr && slices.Equal(k.ports, o.ports) &&
		slices.EqualFunc(k.rules, o.rules, func(a, b Rule) bool {
			return a.Path == b.Path && a.Rights&k.attr.handledFS == b.Rights&k.attr.handledFS
		})
}

// restrict applies c's Landlock rules to the calling thread from the
// cached ruleset, built or rebuilt first when needed.
func (rc *RulesetCache) restrict(c Config) error {
	key := keyOf(c)
	h := key.hash()
	rc.mu.Lock()
	gen, watched := rc.mounts.poll()
	wgen, watching := rc.watch.poll()
	// Without the mount table's marks a mount over a path goes unseen by
	// the entry watch: every use is then fully checked (the stats follow
	// mounts).
	watching = watching && watched
	rs := rc.lookupLocked(h, key)
	var recheck map[string]bool // the paths covered, when a full check is due
	if rs != nil {
		rs.refs++
		if ws := rs.watched.Load(); watching && (ws == nil || ws.gen != wgen) {
			// Watched before the check, so that a change after it is an event.
			recheck = rc.watchLocked(pathsOf(rs.paths))
		}
	}
	rc.mu.Unlock()
	if rs != nil && !rc.fresh(rs, gen, wgen, watching, recheck) {
		rc.release(rs)
		rs = nil
	}
	if rs != nil && watched && rs.plan.Load() == nil && rs.planning.CompareAndSwap(false, true) {
		// Reused, so likely to be again: its next full checks list
		// directories.
		rs.plan.Store(planListing(rs.paths))
	}
	if rs == nil {
		var covered map[string]bool
		if watching {
			// Watched before the build: a change while it reads the paths
			// is an event.
			paths := make([]string, len(c.Rules))
			for i, r := range c.Rules {
				paths[i] = r.Path
			}
			rc.mu.Lock()
			covered = rc.watchLocked(paths)
			rc.mu.Unlock()
		}
		var err error
		if rs, err = buildRuleset(c); err != nil {
			return err
		}
		rs.mountGen = gen
		if watching {
			rs.watched.Store(newWatchState(wgen, rs.paths, covered))
		}
		rc.builds.Add(1)
		// The key keeps its own copy: the caller's slices may change.
		rs.key = rulesetKey{attr: key.attr, ports: slices.Clone(key.ports), rules: slices.Clone(key.rules)}
		rs.refs = 1
		rc.mu.Lock()
		if rc.size >= maxRulesets {
			for _, list := range rc.entries {
				for _, old := range list {
					rc.evictLocked(old)
				}
			}
			clear(rc.entries)
			rc.size = 0
		}
		if old := rc.lookupLocked(h, key); old != nil {
			rc.evictLocked(old)
			rc.entries[h] = slices.DeleteFunc(rc.entries[h], func(e *ruleset) bool { return e == old })
			rc.size--
		}
		rc.entries[h] = append(rc.entries[h], rs)
		rc.size++
		rc.mu.Unlock()
	}
	defer rc.release(rs)
	return restrictSelf(rs.fd)
}

// fresh reports whether the reused rs still binds what its paths name:
// the mount table as it was at the build and, while the entry watch has
// seen nothing since rs was last found current, only its unwatched paths
// checked; otherwise (recheck set, or no watch) every path checked, after
// which the watch covers rs again from generation wgen.
func (rc *RulesetCache) fresh(rs *ruleset, gen, wgen uint64, watching bool, recheck map[string]bool) bool {
	if rs.mountGen != gen {
		return false
	}
	if ws := rs.watched.Load(); watching && recheck == nil && ws != nil && ws.gen == wgen {
		return statsCurrent(ws.unwatched)
	}
	rc.checks.Add(1)
	if !rs.current() {
		return false
	}
	if recheck != nil {
		rs.watched.Store(newWatchState(wgen, rs.paths, recheck))
	}
	return true
}

func pathsOf(ps []pathState) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.path
	}
	return out
}

func (rc *RulesetCache) lookupLocked(h uint64, key rulesetKey) *ruleset {
	for _, rs := range rc.entries[h] {
		if rs.key.same(key) {
			return rs
		}
	}
	return nil
}

// evictLocked marks rs evicted, closing it unless in use; the caller
// takes it out of the entries.
func (rc *RulesetCache) evictLocked(rs *ruleset) {
	rs.evicted = true
	if rs.refs == 0 {
		syscall.Close(rs.fd)
	}
}

// Drop empties the cache: every ruleset not in use is closed now, one in
// use when its run has restricted its thread. A process calls it when it
// goes idle, so that it holds no descriptor between bursts of commands.
func (rc *RulesetCache) Drop() {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	for _, list := range rc.entries {
		for _, rs := range list {
			rc.evictLocked(rs)
		}
	}
	clear(rc.entries)
	rc.size = 0
	rc.mounts.close()
	rc.watch.close()
}

// Len is the number of rulesets cached.
func (rc *RulesetCache) Len() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.size
}

func (rc *RulesetCache) release(rs *ruleset) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rs.refs--
	if rs.evicted && rs.refs == 0 {
		syscall.Close(rs.fd)
	}
}
