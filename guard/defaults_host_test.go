package guard

import (
	"testing"
)

// TestHostPolicies: the commands added to the allowlist by an operator
// run the forms their parsers read and nothing that changes the host.
func TestHostPolicies(t *testing.T) {
	p := DefaultPolicy()
	p.AllowedCommands = append(p.AllowedCommands, "date", "uptime", "w", "ip", "lsblk", "mount", "ipconfig", "systeminfo", "tasklist", "dir")
	g, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	checkSpellings(t, g, dir, []spelled{
		{"read-only forms", "", [][]string{
			argv("date"), argv("date", "-Iseconds"), argv("date", "-u", "--iso-8601=ns"), argv("date", "+%s"), argv("date", "-d", "yesterday"),
			argv("date", "--rfc-3339=seconds"), argv("uptime"), argv("uptime", "-p"), argv("w"), argv("w", "-s"), argv("w", "root"),
			argv("ip", "addr"), argv("ip", "-4", "addr", "show", "dev", "eth0"), argv("ip", "link"), argv("ip", "-j", "route", "show"),
			argv("lsblk"), argv("lsblk", "-b"), argv("lsblk", "-f", "-o", "NAME,SIZE"), argv("mount"), argv("mount", "-t", "ext4"), argv("mount", "-l"),
			argv("ipconfig"), argv("ipconfig", "/all"), argv("systeminfo", "/fo", "csv"), argv("tasklist", "/v"), argv("tasklist", "/fo", "csv", "/nh"),
			argv("dir"), argv("dir", "/a"),
		}},
		{"date sets the clock", detailStateChange, [][]string{
			argv("date", "-s", "2020-01-01"), argv("date", "--set=2020-01-01"), argv("date", "--se", "x"), argv("date", "010112002020"),
		}},
		{"date reads a file of dates", detailReadsOutside, [][]string{argv("date", "-f", "/etc/shadow"), argv("date", "--file=x")}},
		{"ip changes the network", detailSubcommandNotAllowed, [][]string{
			argv("ip", "link", "set", "eth0", "down"), argv("ip", "addr", "add", "10.0.0.1/24", "dev", "eth0"),
			argv("ip", "route", "del", "default"), argv("ip", "netns", "exec", "x", "sh"), argv("ip", "addr", "flush", "dev", "eth0"),
		}},
		{"ip batch runs commands", detailRunsProgram, [][]string{argv("ip", "-b", "cmds"), argv("ip", "-batch", "cmds")}},
		{"mount mounts", detailStateChange, [][]string{argv("mount", "-a")}},
		{"mount with a device", detailPositionalNotAllowed, [][]string{argv("mount", "/dev/sda1", "/mnt"), argv("mount", "-t", "tmpfs", "x", "/mnt")}},
		{"ipconfig changes leases", detailStateChange, [][]string{argv("ipconfig", "/release"), argv("ipconfig", "/renew"), argv("ipconfig", "/flushdns")}},
		{"systeminfo and tasklist reach another host", detailNetworkSend, [][]string{
			argv("systeminfo", "/s", "srv01"), argv("tasklist", "/s", "srv01", "/u", "admin", "/p", "pw"),
		}},
	})
	// pnpm runs project code: build profile only.
	p.AllowedCommands = append(p.AllowedCommands, "pnpm")
	g, _ = New(p)
	if d := g.Check("pnpm", []string{"list"}, dir); d.Allowed || d.Detail != detailProfileBuildNeeded {
		t.Errorf("pnpm list in readonly: %+v", d)
	}
}
