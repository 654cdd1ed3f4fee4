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
			argv("route", "-A", "inet6"), argv("arp", "-a"), argv("arp", "-an"), argv("arp", "-n", "-i", "eth0"), argv("arp", "-a", "10.0.0.1"),
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
		{"route changes the table", detailPositionalNotAllowed, [][]string{
			argv("route", "add", "default", "gw", "10.0.0.1"), argv("route", "del", "default"), argv("route", "-n", "del", "10.0.0.0"),
		}},
		{"route's add options", detailFlagNotAllowed, [][]string{argv("route", "-n", "add", "-net", "10.0.0.0")}},
		{"arp changes the cache", detailStateChange, [][]string{
			argv("arp", "-s", "10.0.0.1", "aa:bb:cc:dd:ee:ff"), argv("arp", "-d", "10.0.0.1"), argv("arp", "-f", "/etc/ethers"),
			argv("arp", "--set", "x", "y"), argv("arp", "-an", "-d", "10.0.0.1"),
		}},
		{"ip neigh changes the cache", detailSubcommandNotAllowed, [][]string{
			argv("ip", "neigh", "add", "10.0.0.1", "lladdr", "aa:bb:cc:dd:ee:ff", "dev", "eth0"), argv("ip", "neigh", "flush", "all"),
		}},
	})
}
