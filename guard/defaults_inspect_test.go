package guard

import "testing"

// TestInspectPolicies checks that the inspection commands of
// defaults_inspect.go run the forms their parsers read and nothing that
// changes the host, runs a program or reads an unchecked file.
func TestInspectPolicies(t *testing.T) {
	p := DefaultPolicy()
	p.AllowedCommands = append(p.AllowedCommands, "ip", "dmesg")
	g, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	checkSpellings(t, g, dir, []spelled{
		{"read-only forms", "", [][]string{
			argv("route"), argv("route", "-n"), argv("route", "-ne"), argv("route", "-ee", "-n"), argv("route", "-6", "-n"),
			argv("route", "-A", "inet6"), argv("route", "-n", "get", "default"), argv("route", "get", "-inet6", "::1"), argv("route", "print", "-4"), argv("arp", "-a"), argv("arp", "-an"), argv("arp", "-n", "-i", "eth0"), argv("arp", "-a", "10.0.0.1"),
			argv("ip", "route"), argv("ip", "-6", "route", "show"), argv("ip", "neigh"), argv("ip", "neigh", "show", "dev", "eth0"),
			argv("vmstat"), argv("vmstat", "-w", "1", "3"), argv("vmstat", "-a", "-S", "M"), argv("vmstat", "-s"),
			argv("lscpu"), argv("lscpu", "-x"), argv("lscpu", "-J"), argv("sysctl", "-a"), argv("sysctl", "vm.swappiness"),
			argv("sysctl", "-n", "kernel.hostname"), argv("sysctl", "-a", "-r", "^vm"), argv("dmesg"), argv("dmesg", "-T"),
			argv("dmesg", "-x", "-l", "err,warn"), argv("dmesg", "--color=never"), argv("findmnt"), argv("findmnt", "-l", "-t", "ext4"),
			argv("findmnt", "-P"), argv("findmnt", "-J"), argv("findmnt", "/"), argv("lspci"), argv("lspci", "-mm"), argv("lspci", "-nnk"),
		}},
		{"sysctl writes settings", detailStateChange, [][]string{
			argv("sysctl", "-w", "vm.swappiness=10"), argv("sysctl", "vm.swappiness=10"), argv("sysctl", "-p"),
			argv("sysctl", "-p", "/etc/sysctl.conf"), argv("sysctl", "--system"), argv("sysctl", "--load=/tmp/x"), argv("sysctl", "--wr", "a=b"),
		}},
		{"dmesg clears or reconfigures the buffer", detailStateChange, [][]string{
			argv("dmesg", "-C"), argv("dmesg", "-c"), argv("dmesg", "--clear"), argv("dmesg", "-n", "1"), argv("dmesg", "-D"), argv("dmesg", "-Tc"),
		}},
		{"dmesg and findmnt follow", detailUnbounded, [][]string{argv("dmesg", "-w"), argv("dmesg", "--follow"), argv("findmnt", "-p"), argv("findmnt", "--poll")}},
		{"lspci reaches the hardware", detailReadsOutside, [][]string{argv("lspci", "-H1"), argv("lspci", "-A", "intel-conf1")}},
		{"route changes the table", detailSubcommandNotAllowed, [][]string{
			argv("route", "add", "default", "gw", "10.0.0.1"), argv("route", "del", "default"), argv("route", "-n", "del", "10.0.0.0"),
		}},
		{"route's add options", detailSubcommandNotAllowed, [][]string{argv("route", "-n", "add", "-net", "10.0.0.0")}},
		{"route get takes one destination", detailPositionalNotAllowed, [][]string{argv("route", "get", "a", "b")}},
		{"arp changes the cache", detailStateChange, [][]string{
			argv("arp", "-s", "10.0.0.1", "aa:bb:cc:dd:ee:ff"), argv("arp", "-d", "10.0.0.1"), argv("arp", "-f", "/etc/ethers"),
			argv("arp", "--set", "x", "y"), argv("arp", "-an", "-d", "10.0.0.1"),
		}},
		{"ip neigh changes the cache", detailSubcommandNotAllowed, [][]string{
			argv("ip", "neigh", "add", "10.0.0.1", "lladdr", "aa:bb:cc:dd:ee:ff", "dev", "eth0"), argv("ip", "neigh", "flush", "all"),
		}},
	})
}

// TestInspectPackagePolicies: dpkg queries run in readonly; pip and the
// go inspection subcommands only in the build profile, never writing
// settings, installing or naming another index.
func TestInspectPackagePolicies(t *testing.T) {
	dir := t.TempDir()
	ro := mustNew(t, policy(allowCmds("dpkg", "dpkg-query", "pip", "pip3", "go")))
	checkSpellings(t, ro, dir, []spelled{
		{"dpkg queries", "", [][]string{argv("dpkg", "-l"), argv("dpkg", "-l", "libc6*"), argv("dpkg-query", "-l"), argv("dpkg", "-L", "bash"), argv("dpkg", "-S", "/bin/ls")}},
		{"dpkg changes packages", detailFlagNotAllowed, [][]string{
			argv("dpkg", "-i", "x.deb"), argv("dpkg", "--install", "x.deb"), argv("dpkg", "-r", "bash"), argv("dpkg", "--purge", "bash"),
			argv("dpkg", "--configure", "-a"), argv("dpkg", "-x", "x.deb", "/tmp"), argv("dpkg-query", "--control-path", "bash"),
		}},
	})
	for _, a := range [][]string{{"list"}, {"freeze"}, {"show", "pip"}} {
		for _, cmd := range []string{"pip", "pip3"} {
			if d := ro.Check(cmd, a, dir); d.Allowed || d.Detail != detailProfileBuildNeeded {
				t.Errorf("%s %v in readonly: %+v", cmd, a, d)
			}
		}
	}
	for _, a := range [][]string{{"version"}, {"env"}, {"list", "-m"}} {
		if d := ro.Check("go", a, dir); d.Allowed || d.Detail != detailProfileBuildNeeded {
			t.Errorf("go %v in readonly: %+v", a, d)
		}
	}
	g := mustNew(t, policy(allowCmds("pip", "pip3", "go"), profile(ProfileBuild)))
	checkSpellings(t, g, dir, []spelled{
		{"pip and go queries", "", [][]string{
			argv("pip", "list"), argv("pip3", "list", "--format=freeze"), argv("pip", "list", "-v", "--not-required"), argv("pip", "freeze", "--all"),
			argv("pip", "show", "-f", "requests"), argv("pip", "--disable-pip-version-check", "list"),
			argv("go", "version"), argv("go", "env"), argv("go", "env", "-json", "GOOS"), argv("go", "env", "-changed"),
			argv("go", "list", "-m", "all"), argv("go", "list", "./..."), argv("go", "list", "-m", "-u", "-json", "all"),
		}},
		{"pip installs", detailStateChange, [][]string{argv("pip", "install", "x"), argv("pip3", "uninstall", "-y", "x"), argv("pip", "config", "set", "a", "b")}},
		{"pip asks another index", detailNetworkSend, [][]string{argv("pip", "list", "-o"), argv("pip", "list", "--index-url", "https://evil"), argv("pip", "--proxy", "http://x", "list")}},
		{"pip runs another interpreter", detailRunsProgram, [][]string{argv("pip", "--python", "/tmp/py", "list")}},
		{"go env writes settings", detailWritesFiles, [][]string{argv("go", "env", "-w", "GOFLAGS=x"), argv("go", "env", "-u", "GOFLAGS"), argv("go", "env", "--w", "GOPROXY=direct")}},
		{"go list runs a program", detailRunsProgram, [][]string{argv("go", "list", "-toolexec", "sh", "./...")}},
	})
}

// TestFileInspectPolicies: checksums and file read only the paths named.
func TestFileInspectPolicies(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	checkSpellings(t, g, proj, []spelled{
		{"read-only forms", "", [][]string{
			argv("sha256sum", "a.txt"), argv("sha256sum", "-b", "--tag", "a.txt"), argv("md5sum", "a.txt"), argv("sha1sum", "-"),
			argv("sha512sum", "a.txt"), argv("md5", "-r", "a.txt"), argv("sha256", "-s", "hello"),
			argv("file", "a.txt"), argv("file", "-b", "a.txt"), argv("file", "-i", "a.txt"), argv("file", "--mime-type", "a.txt"), argv("file", "-N", "a.txt"),
		}},
		{"a path outside", detailOutsidePaths, [][]string{argv("sha256sum", "/etc/shadow"), argv("file", "/etc/shadow"), argv("file", "-m", "/etc/shadow", "a.txt")}},
		{"lists of paths unseen", detailReadsOutside, [][]string{argv("sha256sum", "-c", "SUMS"), argv("md5sum", "--check", "SUMS"), argv("file", "-f", "names.txt"), argv("file", "--files-from=names.txt")}},
		{"file writes or runs", detailWritesFiles, [][]string{argv("file", "-C", "-m", "x.magic")}},
		{"file runs decompressors", detailRunsProgram, [][]string{argv("file", "-z", "a.gz"), argv("file", "-Z", "a.gz")}},
	})
}

// TestProcInspectPolicies: top runs one batch screen; crontab only lists.
func TestProcInspectPolicies(t *testing.T) {
	dir := t.TempDir()
	g := mustNew(t, policy(allowCmds("top", "crontab", "who", "mpstat", "iostat")))
	checkSpellings(t, g, dir, []spelled{
		{"read-only forms", "", [][]string{
			argv("top", "-b", "-n", "1"), argv("top", "-bn1"), argv("top", "-b", "-n", "1", "-c", "-w", "512"), argv("top", "-b", "-n1", "-o", "%MEM"),
			argv("crontab", "-l"), argv("crontab", "-l", "-u", "www-data"),
			argv("who"), argv("who", "-H", "-u"), argv("who", "-b"), argv("who", "am", "i"),
			argv("mpstat"), argv("mpstat", "-P", "ALL"), argv("mpstat", "1", "2"), argv("mpstat", "-o", "JSON"),
			argv("iostat"), argv("iostat", "-x"), argv("iostat", "-d", "-k", "vda", "1", "2"), argv("iostat", "-o", "JSON"),
		}},
		{"top runs on", detailUnbounded, [][]string{argv("top", "-b"), argv("top", "-b", "-n", "2"), argv("top", "-b", "-n", "0"), argv("top")}},
		{"crontab edits", detailRunsProgram, [][]string{argv("crontab", "-e")}},
		{"crontab installs or removes", detailStateChange, [][]string{argv("crontab", "-r"), argv("crontab", "-ri"), argv("crontab", "newtab"), argv("crontab", "-u", "x", "-r")}},
	})
}

// TestIntervalNeedsCount: vmstat and mpstat with an interval alone sample
// until killed; with an interval and a count, or neither, they end.
func TestIntervalNeedsCount(t *testing.T) {
	g, err := New(DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"vmstat", "mpstat"} {
		for _, c := range []struct {
			args []string
			ok   bool
		}{
			{nil, true},
			{[]string{"1", "3"}, true},
			{[]string{"1"}, false},
			{[]string{"-w", "2"}, false},
			{[]string{"1", "2", "3"}, false},
		} {
			d := g.Check(cmd, c.args, t.TempDir())
			if d.Allowed != c.ok {
				t.Errorf("%s %q: allowed=%v (%s), want %v", cmd, c.args, d.Allowed, d.Message, c.ok)
			}
			if !c.ok && len(c.args) == 1 && d.Detail != "unbounded" {
				t.Errorf("%s %q: detail %q, want unbounded", cmd, c.args, d.Detail)
			}
		}
	}
}
