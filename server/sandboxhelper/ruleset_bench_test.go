//go:build linux

package sandboxhelper

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// engineLikeConfig has the rules of a readonly run: every /etc entry and
// the system's read-only areas.
func engineLikeConfig() Config {
	c := Config{ABI: 1}
	ents, _ := os.ReadDir("/etc")
	for _, e := range ents {
		c.Rules = append(c.Rules, Rule{Path: filepath.Join("/etc", e.Name()), Rights: AccessRead})
	}
	for _, p := range []string{"/usr", "/bin", "/sbin", "/lib", "/lib64", "/proc", "/sys", "/dev/null", "/dev/zero",
		"/dev/full", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/fd", "/dev/pts"} {
		c.Rules = append(c.Rules, Rule{Path: p, Rights: AccessRead})
	}
	return c
}

// BenchmarkRuleset compares what a run pays for its Landlock ruleset:
// built (a landlock_create_ruleset, then an open, fstat, landlock_add_rule
// and close per path), or cached and checked (a stat per path, or the
// entries of /etc by listing it).
func BenchmarkRuleset(b *testing.B) {
	c := engineLikeConfig()
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			rs, err := buildRuleset(c)
			if err != nil {
				b.Skip(err)
			}
			syscall.Close(rs.fd)
		}
	})
	// What the cache adds at a ruleset's first reuse: the listings' plan.
	b.Run("plan", func(b *testing.B) {
		rs, err := buildRuleset(c)
		if err != nil {
			b.Skip(err)
		}
		defer syscall.Close(rs.fd)
		for b.Loop() {
			planListing(rs.paths)
		}
	})
	check := func(b *testing.B, listed bool) {
		rs, err := buildRuleset(c)
		if err != nil {
			b.Skip(err)
		}
		defer syscall.Close(rs.fd)
		if listed {
			rs.plan.Store(planListing(rs.paths))
		}
		for b.Loop() {
			if !rs.current() {
				b.Fatal("stale")
			}
		}
		stats, listings := len(rs.paths), 0
		if p := rs.plan.Load(); p != nil {
			stats, listings = len(p.stats), len(p.dirs)
		}
		b.ReportMetric(float64(stats), "stats")
		b.ReportMetric(float64(listings), "listings")
	}
	// A stat per path, as before the listings.
	b.Run("check-stat", func(b *testing.B) { check(b, false) })
	// /etc's entries by one listing, the rest a stat each: what the
	// cache does.
	b.Run("check", func(b *testing.B) { check(b, true) })
}
