package builtin

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// netsysParsers are the parsers of the network and system family.
var netsysParsers = []string{
	"ping", "ping6", "ping-windows", "curl-head", "netstat", "netstat-bsd", "ss", "lsof", "dig", "ip-addr",
	"free", "uname", "id", "uptime", "w", "date", "mount", "lsblk", "systemctl", "systemctl-list-units",
	"journalctl", "apt-list", "apt-search", "brew-list",
}

// TestNetsysArgumentRange pins which argument lists the network and system
// parsers read and which they refuse, with which hint.
func TestNetsysArgumentRange(t *testing.T) {
	r := Default()
	none := []string{}
	tests := []struct {
		cmd  string
		args []string
		os   catalog.OS
		hint []string // nil: accepted; non-nil: refused with this hint ([] = no hint)
	}{
		{"ping", []string{"-c", "3", "127.0.0.1"}, catalog.Linux, nil},
		{"ping", []string{"-c3", "-W1", "-q", "-D", "host"}, catalog.Linux, nil},
		{"ping", []string{"-c", "3", "-a", "host"}, catalog.Linux, []string{"-c", "3", "host"}},
		{"ping", []string{"a", "b"}, catalog.Linux, none},
		{"ping", []string{"-c", "2", "-p", "ff", "-s", "100", "-O", "-A", "-b", "-I", "eth0", "h"}, catalog.Linux, nil},
		{"ping", []string{"-c", "2", "-A", "h"}, catalog.Darwin, none},
		{"ping", []string{"-c", "2", "-R", "h"}, catalog.Linux, []string{"-c", "2", "h"}},
		{"ping6", []string{"-c", "2", "::1"}, catalog.Darwin, nil},
		{"ping", []string{"-n", "3", "-l", "64", "-w", "1000", "h"}, catalog.Windows, nil},
		{"ping", []string{"-t", "h"}, catalog.Windows, []string{"-n", "4", "h"}},
		{"netstat", []string{"-aon"}, catalog.Windows, nil},
		{"netstat", []string{"-aonb"}, catalog.Windows, nil},
		{"netstat", []string{"-ano", "-t"}, catalog.Windows, []string{"-ano"}},
		{"netstat", []string{"-anA"}, catalog.FreeBSD, nil},
		{"netstat", []string{"-anT"}, catalog.FreeBSD, nil},
		{"netstat", []string{"-anL"}, catalog.FreeBSD, []string{"-an"}},
		{"ping6", []string{"-c", "2", "-v", "::1"}, catalog.FreeBSD, []string{"-c", "2", "::1"}},

		{"curl", []string{"-sI", "https://example.com"}, catalog.Linux, nil},
		{"curl", []string{"-I", "-L", "-H", "Accept: x", "https://example.com"}, catalog.Linux, nil},
		{"curl", []string{"https://example.com"}, catalog.Linux, []string{"-I", "https://example.com"}},
		{"curl", []string{"-si", "https://example.com"}, catalog.Linux, []string{"-I", "-s", "https://example.com"}},
		{"curl", []string{"-sLm", "5", "https://example.com"}, catalog.Linux, []string{"-I", "-sLm", "5", "https://example.com"}},
		{"curl", []string{"-sI", "-o", "out", "https://example.com"}, catalog.Linux, none},

		{"netstat", []string{"-tunap"}, catalog.Linux, nil},
		{"netstat", []string{"-an", "--numeric-ports"}, catalog.Linux, nil},
		{"netstat", []string{"-tunapo"}, catalog.Linux, []string{"-tunap"}},
		{"netstat", []string{"-r"}, catalog.Linux, none},
		{"netstat", []string{"-an", "-p", "tcp"}, catalog.Darwin, nil},
		{"netstat", []string{"-anv"}, catalog.Darwin, []string{"-an"}},

		{"ss", []string{"-tunap"}, catalog.Linux, nil},
		{"ss", []string{"-t", "state", "established", "dport", "=", ":443"}, catalog.Linux, nil},
		{"ss", []string{"-tlnH"}, catalog.Linux, []string{"-tln"}},
		{"ss", []string{"-s"}, catalog.Linux, none},
		{"ss", []string{"-tie"}, catalog.Linux, nil},
		{"ss", []string{"-tulpen"}, catalog.Linux, nil},
		{"ss", []string{"-tm"}, catalog.Linux, nil},
		{"ss", []string{"-to"}, catalog.Linux, []string{"-t"}},

		{"lsof", []string{"-i", "-n", "-P"}, catalog.Linux, nil},
		{"lsof", []string{"-i", ":8080"}, catalog.Linux, nil},
		{"lsof", []string{"-iTCP", "-sTCP:LISTEN", "-nP"}, catalog.Linux, nil},
		{"lsof", []string{"-i", "-t"}, catalog.Linux, []string{"-i"}},
		{"lsof", []string{"-i", "-F"}, catalog.Linux, []string{"-i"}}, // -i takes no value that starts with "-"
		{"lsof", []string{"-i", "-s"}, catalog.Linux, none},

		{"dig", []string{"example.com"}, catalog.Linux, nil},
		{"dig", []string{"@1.1.1.1", "+short", "example.com", "MX"}, catalog.Linux, nil},
		{"dig", []string{"+noall", "+answer", "example.com"}, catalog.Linux, nil},
		{"dig", []string{"-p", "5353", "+tries=1", "+time=2", "x.test"}, catalog.Linux, nil},
		{"dig", []string{"+yaml", "example.com"}, catalog.Linux, []string{"example.com"}},
		{"dig", []string{"+trace", "example.com"}, catalog.Linux, []string{"example.com"}},
		{"dig", []string{"+noall", "+answer", "+authority", "example.com"}, catalog.Linux, none},
		{"dig", []string{"+short", "a.test", "b.test"}, catalog.Linux, []string{"+noall", "+answer", "a.test", "b.test"}},
		{"dig", []string{"+qr", "+dnssec", "+nsid", "@192.0.2.53", "a.test", "b.test"}, catalog.Linux, nil},

		{"ip", []string{"addr"}, catalog.Linux, nil},
		{"ip", []string{"a"}, catalog.Linux, nil},
		{"ip", []string{"-4", "address", "show", "dev", "eth0"}, catalog.Linux, nil},
		{"ip", []string{"-family", "inet6", "addr"}, catalog.Linux, nil},
		{"ip", []string{"link", "show", "up"}, catalog.Linux, nil},
		{"ip", []string{"rule"}, catalog.Linux, none}, // ip route and ip neigh have their own parsers (inspect_net.go)
		{"ip", []string{"addr", "add", "10.0.0.1/24", "dev", "eth0"}, catalog.Linux, []string{"addr", "show"}},
		{"ip", []string{"-br", "addr"}, catalog.Linux, nil},
		{"ip", []string{"-brief", "-4", "address", "show", "dev", "eth0"}, catalog.Linux, nil},
		{"ip", []string{"-o", "addr"}, catalog.Linux, nil},
		{"ip", []string{"-oneline", "-6", "addr"}, catalog.Linux, nil},
		{"ip", []string{"-br", "link"}, catalog.Linux, none},
		{"ip", []string{"-d", "addr"}, catalog.Linux, none},
		{"ip", []string{}, catalog.Linux, []string{"addr"}},

		{"free", []string{"-b"}, catalog.Linux, nil},
		{"free", []string{"-hw", "--si"}, catalog.Linux, nil},
		{"free", []string{"-b", "-s", "1"}, catalog.Linux, []string{"-b"}},
		{"free", []string{"-bc", "3"}, catalog.Linux, []string{"-b"}},
		{"free", []string{"-L"}, catalog.Linux, none},

		{"uname", []string{"-a"}, catalog.Linux, nil},
		{"uname", []string{"-r"}, catalog.Linux, nil},
		{"uname", []string{"-sr"}, catalog.Linux, []string{"-a"}},
		{"uname", []string{"-s", "-r"}, catalog.Linux, []string{"-a"}},
		{"uname", []string{"--kernel-release"}, catalog.Linux, nil},
		{"uname", []string{}, catalog.Linux, nil},

		{"id", []string{}, catalog.Linux, nil},
		{"id", []string{"alice"}, catalog.Linux, nil},
		{"id", []string{"-un"}, catalog.Linux, none},
		{"id", []string{"-G", "alice"}, catalog.Linux, []string{"alice"}},

		{"uptime", []string{}, catalog.Linux, nil},
		{"uptime", []string{"-p"}, catalog.Linux, nil},
		{"uptime", []string{"--since"}, catalog.Linux, nil},
		{"uptime", []string{"-x"}, catalog.Linux, none},

		{"w", []string{}, catalog.Linux, nil},
		{"w", []string{"-s", "alice"}, catalog.Linux, nil},
		{"w", []string{"-hs"}, catalog.Linux, []string{"-s"}},

		{"date", []string{}, catalog.Linux, nil},
		{"date", []string{"-u", "-Iseconds"}, catalog.Linux, nil},
		{"date", []string{"--iso-8601=ns"}, catalog.Linux, nil},
		{"date", []string{"-I", "-u"}, catalog.Linux, nil},
		{"date", []string{"--rfc-3339=seconds", "-d", "yesterday"}, catalog.Linux, nil},
		{"date", []string{"+%s"}, catalog.Linux, []string{"-Iseconds"}},
		{"date", []string{"-u", "+%Y-%m-%d"}, catalog.Linux, []string{"-u", "-Iseconds"}},
		{"date", []string{"-Ifortnight"}, catalog.Linux, none},
		{"date", []string{"112923492026"}, catalog.Linux, none},

		{"mount", []string{}, catalog.Linux, nil},
		{"mount", []string{"-t", "ext4"}, catalog.Linux, nil},
		{"mount", []string{"/dev/sda1", "/mnt"}, catalog.Linux, none},

		{"lsblk", []string{}, catalog.Linux, nil},
		{"lsblk", []string{"-f", "-b", "/dev/sda"}, catalog.Linux, nil},
		{"lsblk", []string{"-o", "NAME,SIZE,MOUNTPOINTS"}, catalog.Linux, nil},
		{"lsblk", []string{"-o", "NAME,ROTA,SIZE"}, catalog.Linux, []string{"-o", "NAME,SIZE"}},
		{"lsblk", []string{"-P"}, catalog.Linux, none},

		{"systemctl", []string{"list-units", "--no-pager", "--type=service", "--all"}, catalog.Linux, nil},
		{"systemctl", []string{"--user", "list-units", "--failed"}, catalog.Linux, nil},
		{"systemctl", []string{"--no-pager"}, catalog.Linux, nil},
		{"systemctl", []string{"status", "nginx"}, catalog.Linux, none},
		{"systemctl", []string{"list-units", "-o", "json"}, catalog.Linux, none},

		{"journalctl", []string{"-o", "short-iso", "-n", "100"}, catalog.Linux, nil},
		{"journalctl", []string{"-b", "-1", "--output=short-iso-precise", "-u", "nginx"}, catalog.Linux, nil},
		{"journalctl", []string{"-ocat"}, catalog.Linux, []string{"-o", "short-iso"}},
		{"journalctl", []string{"-u", "nginx", "-n", "50"}, catalog.Linux, []string{"-o", "short-iso", "-u", "nginx", "-n", "50"}},
		{"journalctl", []string{"-b", "-1", "-o", "json"}, catalog.Linux, []string{"-b", "-1", "-o", "short-iso"}},
		{"journalctl", []string{"-o", "short-iso", "-x"}, catalog.Linux, []string{"-o", "short-iso"}},

		{"apt", []string{"list", "--installed"}, catalog.Linux, nil},
		{"apt", []string{"list", "-a", "curl", "zlib*"}, catalog.Linux, nil},
		{"apt", []string{"search", "--names-only", "^curl"}, catalog.Linux, nil},
		{"apt", []string{"list", "--names-only"}, catalog.Linux, none},

		{"brew", []string{"list", "--versions"}, catalog.Darwin, nil},
		{"brew", []string{"ls", "--cask", "--versions", "firefox"}, catalog.Darwin, nil},
		{"brew", []string{"list", "-l"}, catalog.Darwin, []string{"list", "--versions"}},
		{"brew", []string{"list", "wget"}, catalog.Darwin, []string{"list", "--versions", "wget"}},
		{"brew", []string{"list", "--installed-on-request"}, catalog.Darwin, nil},
		{"brew", []string{"list", "-lt", "git"}, catalog.Darwin, []string{"list", "--versions", "git"}},
		{"brew", []string{"list", "-1q"}, catalog.Darwin, nil},
		{"brew", []string{"info", "git"}, catalog.Darwin, []string{"list", "--versions"}},
	}
	for _, tc := range tests {
		res := r.Parse(catalog.Input{Cmd: tc.cmd, Args: tc.args, OS: tc.os, Raw: "x\n"})
		name := tc.cmd + " " + strings.Join(tc.args, " ") + " (" + string(tc.os) + ")"
		refused := res.Err != nil && res.Err.Reason == catalog.ReasonUnsupportedFormat
		if tc.hint == nil {
			if refused {
				t.Errorf("%s: refused: %s", name, res.Err.Message)
			}
			if res.Parser == nil {
				t.Errorf("%s: no parser", name)
			}
			continue
		}
		if !refused {
			t.Errorf("%s: accepted (err %v)", name, res.Err)
			continue
		}
		got := []string{}
		if res.Err.Hint != nil {
			got = res.Err.Hint.Args
		}
		if !slices.Equal(got, tc.hint) {
			t.Errorf("%s: hint %q, want %q (%s)", name, got, tc.hint, res.Err.Message)
		}
	}
}

// TestNetsysLookup checks which parser the registry picks.
func TestNetsysLookup(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd  string
		args []string
		os   catalog.OS
		id   string
	}{
		{"netstat", []string{"-an"}, catalog.Linux, "netstat"},
		{"netstat", []string{"-an"}, catalog.Darwin, "netstat-bsd"},
		{"netstat", []string{"-an"}, catalog.FreeBSD, "netstat-bsd"},
		{"netstat", []string{"-ano"}, catalog.Windows, "netstat-windows"},
		{"systemctl", []string{"list-units"}, catalog.Linux, "systemctl-list-units"},
		{"systemctl", []string{"--type", "service", "list-units"}, catalog.Linux, "systemctl-list-units"},
		{"systemctl", []string{"--all"}, catalog.Linux, "systemctl"},
		{"apt", []string{"list", "--installed"}, catalog.Linux, "apt-list"},
		{"apt", []string{"search", "x"}, catalog.Linux, "apt-search"},
		{"apt", []string{"show", "x"}, catalog.Linux, ""},
	}
	for _, tc := range tests {
		p, _ := r.Lookup(tc.cmd, tc.args, tc.os)
		got := ""
		if p != nil {
			got = p.ID
		}
		if got != tc.id {
			t.Errorf("%s %q on %s: parser %q, want %q", tc.cmd, tc.args, tc.os, got, tc.id)
		}
	}
}

// TestNetsysPassthrough: the JSON forms the parsers refuse (lsblk -J,
// ip -j, systemctl -o json) come through as JSON.
func TestNetsysPassthrough(t *testing.T) {
	r := Default()
	for _, in := range []catalog.Input{
		{Cmd: "lsblk", Args: []string{"-J"}, Raw: `{"blockdevices": [{"name": "vda", "size": "256G"}]}` + "\n"},
		{Cmd: "ip", Args: []string{"-j", "addr"}, Raw: `[{"ifindex":1,"ifname":"lo"}]` + "\n"},
		{Cmd: "systemctl", Args: []string{"list-units", "-o", "json"}, Raw: `[{"unit":"a.service"}]`},
	} {
		in.OS = catalog.Linux
		res := r.Parse(in)
		if !res.Passthrough || res.Value == nil {
			t.Errorf("%s %q: not passed through: %+v", in.Cmd, in.Args, res.Err)
		}
	}
}

// TestNetsysCRLF: every golden input of the family read with CRLF line
// endings gives the same value.
func TestNetsysCRLF(t *testing.T) {
	for _, gc := range loadGolden(t) {
		if !slices.Contains(netsysParsers, gc.parser) || strings.Contains(gc.raw, "\r") {
			continue
		}
		t.Run(string(gc.os)+"/"+gc.parser+"/"+gc.name, func(t *testing.T) {
			in := gc.input(t, false)
			want := Default().Parse(in)
			in.Raw = strings.ReplaceAll(gc.raw, "\n", "\r\n")
			got := Default().Parse(in)
			a, _ := json.Marshal(catalogtest.Outcome(t, want))
			b, _ := json.Marshal(catalogtest.Outcome(t, got))
			if string(a) != string(b) {
				t.Errorf("CRLF changes the value:\n%s\n%s", a, b)
			}
			if !slices.Equal(want.UnreadLines, got.UnreadLines) {
				t.Errorf("CRLF changes the unread lines: %v / %v", want.UnreadLines, got.UnreadLines)
			}
		})
	}
}

// TestNetsysGoldenCoverage: every parser of the family has golden cases.
func TestNetsysGoldenCoverage(t *testing.T) {
	seen := map[string]bool{}
	for _, gc := range loadGolden(t) {
		seen[gc.parser] = true
	}
	for _, id := range netsysParsers {
		if !seen[id] {
			t.Errorf("no golden case for %s", id)
		}
		p := findParser(t, id)
		if len(p.Examples) == 0 || p.Format == "" || p.Result == nil {
			t.Errorf("%s: examples, format and result must be declared", id)
		}
		for _, ex := range p.Examples {
			if res := Default().Parse(catalog.Input{Cmd: p.Command, Args: ex, OS: netsysExampleOS(p), Raw: ""}); res.Err != nil {
				t.Errorf("%s: example %q refused: %v", id, ex, res.Err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join("..", "testdata", "capture-netsys.sh")); err != nil {
		t.Error(err)
	}
}

func netsysExampleOS(p *catalog.Parser) catalog.OS {
	if len(p.OS) > 0 {
		return p.OS[0]
	}
	return catalog.Linux
}

// TestNetsysMaxItemsSpans: with max_items 1, every golden input of the
// family keeps the span contract (no span of a dropped row is left behind)
// and reports what it dropped.
func TestNetsysMaxItemsSpans(t *testing.T) {
	for _, gc := range loadGolden(t) {
		if !slices.Contains(netsysParsers, gc.parser) {
			continue
		}
		t.Run(string(gc.os)+"/"+gc.parser+"/"+gc.name, func(t *testing.T) {
			in := gc.input(t, true)
			in.MaxItems = 1
			res := Default().Parse(in)
			if res.Err != nil {
				return
			}
			if err := catalogtest.CheckSpans(gc.raw, res.Value, res.Spans); err != nil {
				t.Fatal(err)
			}
			full := Default().Parse(gc.input(t, false))
			if p := findParser(t, gc.parser); p.RowsKey != "" && full.Err == nil {
				b, _ := json.Marshal(full.Value)
				var m map[string]json.RawMessage
				if json.Unmarshal(b, &m) == nil {
					var rows []json.RawMessage
					_ = json.Unmarshal(m[p.RowsKey], &rows)
					if len(rows) > 1 && res.RowsOmitted < len(rows)-1 {
						t.Errorf("%d rows, %d omitted at max_items 1", len(rows), res.RowsOmitted)
					}
				}
			}
		})
	}
}

// TestPingExitAnswers: no reply is an answer where ping says so with its
// statistics (iputils 1, BSD 2, Windows 1), never an error status with
// nothing on stdout (iputils 2: unknown host).
func TestPingExitAnswers(t *testing.T) {
	stats := "--- h ping statistics ---\n1 packets transmitted, 0 received, 100% packet loss, time 0ms\n"
	r := Default()
	for _, tc := range []struct {
		cmd    string
		os     catalog.OS
		code   int
		stdout string
		want   bool
	}{
		{"ping", catalog.Linux, 1, stats, true}, {"ping6", catalog.Linux, 1, stats, true}, {"ping", catalog.Linux, 1, "", false},
		{"ping", catalog.Linux, 2, stats, false}, {"ping", catalog.Darwin, 2, stats, true}, {"ping", catalog.FreeBSD, 1, stats, false},
		{"ping6", catalog.FreeBSD, 2, stats, true}, {"ping", catalog.Windows, 1, "Request timed out.\r\n", true},
	} {
		p, _ := r.Lookup(tc.cmd, []string{"-c", "1", "h"}, tc.os)
		if p == nil {
			t.Fatalf("no parser for %s on %s", tc.cmd, tc.os)
		}
		if _, got := p.ExitAnswer([]string{"-c", "1", "h"}, tc.code, tc.os, tc.stdout); got != tc.want {
			t.Errorf("%s on %s, exit %d, stdout %q: answer %v, want %v", tc.cmd, tc.os, tc.code, tc.stdout, got, tc.want)
		}
	}
}
