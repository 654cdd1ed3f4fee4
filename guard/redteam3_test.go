package guard

import (
	"slices"
	"testing"
)

// TestRedteam3Decisions: the options of the third hostile-repository round
// (engine: TestRedLscpuSysrootLink, TestRedDpkgAdmindirLink,
// TestRedLspciDNS, TestRedAptShowDebFile; brew, not installed here, from
// Homebrew's documentation: a formula argument may be a .rb path, which
// brew evaluates, or user/tap/formula, which it taps first). A tree or database the program follows links in is
// refused once allowed_paths is set and stays without it; the hint drops
// the option with its value.
func TestRedteam3Decisions(t *testing.T) {
	root, proj := project(t)
	cmds := allowCmds("lscpu", "dpkg", "dpkg-query", "lspci", "apt", "brew")
	g := mustNew(t, policy(paths(proj), cmds), WithHomeDir(root))
	open := mustNew(t, policy(cmds), WithHomeDir(root))
	cases := []struct {
		g      *Guard
		argv   []string
		detail string
		hint   []string
	}{
		{g, argv("lscpu", "--sysroot", "src", "-J"), detailReadsOutside, argv("-J")},
		{g, argv("lscpu", "-Js", "src"), detailReadsOutside, argv("-J")},
		{g, argv("lscpu", "--sysroot=src"), detailReadsOutside, []string{}},
		{open, argv("lscpu", "--sysroot", "src"), "", nil},
		{g, argv("lscpu", "-J"), "", nil},
		{g, argv("dpkg-query", "--admindir", "src", "-L", "p"), detailReadsOutside, argv("-L", "p")},
		{g, argv("dpkg", "--root=src", "-l"), detailReadsOutside, argv("-l")},
		{g, argv("dpkg", "--instdir", "src", "-l"), detailReadsOutside, argv("-l")},
		{open, argv("dpkg-query", "--admindir=src", "-l"), "", nil},
		{g, argv("dpkg", "-l"), "", nil},
		{g, argv("lspci", "-q"), detailNetworkSend, []string{}},
		{g, argv("lspci", "-vQ"), detailNetworkSend, argv("-v")},
		{open, argv("lspci", "-q"), detailNetworkSend, []string{}},
		{g, argv("lspci", "-vmm"), "", nil},
		// Package names that are files (see defaults_system.go).
		{open, argv("apt", "show", "/tmp/x.deb"), detailReadsOutside, nil},
		{g, argv("apt", "policy", "x.dsc"), detailReadsOutside, nil},
		{g, argv("apt", "show", "bash"), "", nil},
		{g, argv("apt", "list", "--installed", "bash*"), "", nil},
		{open, argv("brew", "info", "./evil.rb"), detailRunsProgram, nil},
		{open, argv("brew", "info", "someone/tap/formula"), detailRunsProgram, nil},
		{open, argv("brew", "deps", "--tree", "x.rb"), detailRunsProgram, nil},
		{g, argv("brew", "info", "--json=v2", "wget"), "", nil},
	}
	for _, c := range cases {
		d := c.g.Check(c.argv[0], c.argv[1:], proj)
		if d.Allowed != (c.detail == "") || d.Detail != c.detail {
			t.Errorf("%q: allowed=%v detail=%q (%s), want %q", c.argv, d.Allowed, d.Detail, d.Message, c.detail)
			continue
		}
		if c.hint != nil && (d.Hint == nil || !slices.Equal(d.Hint.Args, c.hint)) {
			t.Errorf("%q: hint %+v, want %q", c.argv, d.Hint, c.hint)
		}
	}
}
