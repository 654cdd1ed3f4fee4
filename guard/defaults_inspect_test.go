package guard

import "testing"

// TestInspectPolicies checks that the inspection commands of
// defaults_inspect.go run the forms their parsers read and nothing that
// changes the host, runs a program or reads an unchecked file.
func TestInspectPolicies(t *testing.T) {
	p := DefaultPolicy()
	p.AllowedCommands = append(p.AllowedCommands, "ip")
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
		}},
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
