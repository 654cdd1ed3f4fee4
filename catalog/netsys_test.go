package catalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
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
		os   OS
		hint []string // nil: accepted; non-nil: refused with this hint ([] = no hint)
	}{
		{"ping", []string{"-c", "3", "127.0.0.1"}, Linux, nil},
		{"ping", []string{"-c3", "-W1", "-q", "-D", "host"}, Linux, nil},
		{"ping", []string{"-c", "3", "-a", "host"}, Linux, []string{"-c", "3", "host"}},
		{"ping", []string{"a", "b"}, Linux, none},
		{"ping", []string{"-c", "2", "-p", "ff", "-s", "100", "-O", "-A", "-b", "-I", "eth0", "h"}, Linux, nil},
		{"ping", []string{"-c", "2", "-A", "h"}, Darwin, none},
		{"ping", []string{"-c", "2", "-R", "h"}, Linux, []string{"-c", "2", "h"}},
		{"ping6", []string{"-c", "2", "::1"}, Darwin, nil},
		{"ping", []string{"-n", "3", "-l", "64", "-w", "1000", "h"}, Windows, nil},
		{"ping", []string{"-t", "h"}, Windows, []string{"-n", "4", "h"}},
		{"netstat", []string{"-aon"}, Windows, nil},
		{"netstat", []string{"-aonb"}, Windows, nil},
		{"netstat", []string{"-ano", "-t"}, Windows, []string{"-ano"}},
		{"netstat", []string{"-anA"}, FreeBSD, nil},
		{"netstat", []string{"-anT"}, FreeBSD, nil},
		{"netstat", []string{"-anL"}, FreeBSD, []string{"-an"}},
		{"ping6", []string{"-c", "2", "-v", "::1"}, FreeBSD, []string{"-c", "2", "::1"}},

		{"curl", []string{"-sI", "https://example.com"}, Linux, nil},
		{"curl", []string{"-I", "-L", "-H", "Accept: x", "https://example.com"}, Linux, nil},
		{"curl", []string{"https://example.com"}, Linux, []string{"-I", "https://example.com"}},
		{"curl", []string{"-si", "https://example.com"}, Linux, []string{"-I", "-s", "https://example.com"}},
		{"curl", []string{"-sLm", "5", "https://example.com"}, Linux, []string{"-I", "-sLm", "5", "https://example.com"}},
		{"curl", []string{"-sI", "-o", "out", "https://example.com"}, Linux, none},

		{"netstat", []string{"-tunap"}, Linux, nil},
		{"netstat", []string{"-an", "--numeric-ports"}, Linux, nil},
		{"netstat", []string{"-tunapo"}, Linux, []string{"-tunap"}},
		{"netstat", []string{"-r"}, Linux, none},
		{"netstat", []string{"-an", "-p", "tcp"}, Darwin, nil},
		{"netstat", []string{"-anv"}, Darwin, []string{"-an"}},

		{"ss", []string{"-tunap"}, Linux, nil},
		{"ss", []string{"-t", "state", "established", "dport", "=", ":443"}, Linux, nil},
		{"ss", []string{"-tlnH"}, Linux, []string{"-tln"}},
		{"ss", []string{"-s"}, Linux, none},
		{"ss", []string{"-tie"}, Linux, nil},
		{"ss", []string{"-tulpen"}, Linux, nil},
		{"ss", []string{"-tm"}, Linux, nil},
		{"ss", []string{"-to"}, Linux, []string{"-t"}},

		{"lsof", []string{"-i", "-n", "-P"}, Linux, nil},
		{"lsof", []string{"-i", ":8080"}, Linux, nil},
		{"lsof", []string{"-iTCP", "-sTCP:LISTEN", "-nP"}, Linux, nil},
		{"lsof", []string{"-i", "-t"}, Linux, []string{"-i"}},
		{"lsof", []string{"-i", "-F"}, Linux, []string{"-i"}}, // -i takes no value that starts with "-"
		{"lsof", []string{"-i", "-s"}, Linux, none},

		{"dig", []string{"example.com"}, Linux, nil},
		{"dig", []string{"@1.1.1.1", "+short", "example.com", "MX"}, Linux, nil},
		{"dig", []string{"+noall", "+answer", "example.com"}, Linux, nil},
		{"dig", []string{"-p", "5353", "+tries=1", "+time=2", "x.test"}, Linux, nil},
		{"dig", []string{"+yaml", "example.com"}, Linux, []string{"example.com"}},
		{"dig", []string{"+trace", "example.com"}, Linux, []string{"example.com"}},
		{"dig", []string{"+noall", "+answer", "+authority", "example.com"}, Linux, none},
		{"dig", []string{"+short", "a.test", "b.test"}, Linux, []string{"+noall", "+answer", "a.test", "b.test"}},
		{"dig", []string{"+qr", "+dnssec", "+nsid", "@192.0.2.53", "a.test", "b.test"}, Linux, nil},

		{"ip", []string{"addr"}, Linux, nil},
		{"ip", []string{"a"}, Linux, nil},
		{"ip", []string{"-4", "address", "show", "dev", "eth0"}, Linux, nil},
		{"ip", []string{"-family", "inet6", "addr"}, Linux, nil},
		{"ip", []string{"link", "show", "up"}, Linux, nil},
		{"ip", []string{"rule"}, Linux, none}, // ip route and ip neigh have their own parsers (inspect_net.go)
		{"ip", []string{"addr", "add", "10.0.0.1/24", "dev", "eth0"}, Linux, []string{"addr", "show"}},
		{"ip", []string{"-br", "addr"}, Linux, nil},
		{"ip", []string{"-brief", "-4", "address", "show", "dev", "eth0"}, Linux, nil},
		{"ip", []string{"-o", "addr"}, Linux, nil},
		{"ip", []string{"-oneline", "-6", "addr"}, Linux, nil},
		{"ip", []string{"-br", "link"}, Linux, none},
		{"ip", []string{"-d", "addr"}, Linux, none},
		{"ip", []string{}, Linux, []string{"addr"}},

		{"free", []string{"-b"}, Linux, nil},
		{"free", []string{"-hw", "--si"}, Linux, nil},
		{"free", []string{"-b", "-s", "1"}, Linux, []string{"-b"}},
		{"free", []string{"-bc", "3"}, Linux, []string{"-b"}},
		{"free", []string{"-L"}, Linux, none},

		{"uname", []string{"-a"}, Linux, nil},
		{"uname", []string{"-r"}, Linux, nil},
		{"uname", []string{"-sr"}, Linux, []string{"-a"}},
		{"uname", []string{"-s", "-r"}, Linux, []string{"-a"}},
		{"uname", []string{"--kernel-release"}, Linux, nil},
		{"uname", []string{}, Linux, nil},

		{"id", []string{}, Linux, nil},
		{"id", []string{"alice"}, Linux, nil},
		{"id", []string{"-un"}, Linux, none},
		{"id", []string{"-G", "alice"}, Linux, []string{"alice"}},

		{"uptime", []string{}, Linux, nil},
		{"uptime", []string{"-p"}, Linux, nil},
		{"uptime", []string{"--since"}, Linux, nil},
		{"uptime", []string{"-x"}, Linux, none},

		{"w", []string{}, Linux, nil},
		{"w", []string{"-s", "alice"}, Linux, nil},
		{"w", []string{"-hs"}, Linux, []string{"-s"}},

		{"date", []string{}, Linux, nil},
		{"date", []string{"-u", "-Iseconds"}, Linux, nil},
		{"date", []string{"--iso-8601=ns"}, Linux, nil},
		{"date", []string{"-I", "-u"}, Linux, nil},
		{"date", []string{"--rfc-3339=seconds", "-d", "yesterday"}, Linux, nil},
		{"date", []string{"+%s"}, Linux, []string{"-Iseconds"}},
		{"date", []string{"-u", "+%Y-%m-%d"}, Linux, []string{"-u", "-Iseconds"}},
		{"date", []string{"-Ifortnight"}, Linux, none},
		{"date", []string{"112923492026"}, Linux, none},

		{"mount", []string{}, Linux, nil},
		{"mount", []string{"-t", "ext4"}, Linux, nil},
		{"mount", []string{"/dev/sda1", "/mnt"}, Linux, none},

		{"lsblk", []string{}, Linux, nil},
		{"lsblk", []string{"-f", "-b", "/dev/sda"}, Linux, nil},
		{"lsblk", []string{"-o", "NAME,SIZE,MOUNTPOINTS"}, Linux, nil},
		{"lsblk", []string{"-o", "NAME,ROTA,SIZE"}, Linux, []string{"-o", "NAME,SIZE"}},
		{"lsblk", []string{"-P"}, Linux, none},

		{"systemctl", []string{"list-units", "--no-pager", "--type=service", "--all"}, Linux, nil},
		{"systemctl", []string{"--user", "list-units", "--failed"}, Linux, nil},
		{"systemctl", []string{"--no-pager"}, Linux, nil},
		{"systemctl", []string{"status", "nginx"}, Linux, none},
		{"systemctl", []string{"list-units", "-o", "json"}, Linux, none},

		{"journalctl", []string{"-o", "short-iso", "-n", "100"}, Linux, nil},
		{"journalctl", []string{"-b", "-1", "--output=short-iso-precise", "-u", "nginx"}, Linux, nil},
		{"journalctl", []string{"-ocat"}, Linux, []string{"-o", "short-iso"}},
		{"journalctl", []string{"-u", "nginx", "-n", "50"}, Linux, []string{"-o", "short-iso", "-u", "nginx", "-n", "50"}},
		{"journalctl", []string{"-b", "-1", "-o", "json"}, Linux, []string{"-b", "-1", "-o", "short-iso"}},
		{"journalctl", []string{"-o", "short-iso", "-x"}, Linux, []string{"-o", "short-iso"}},

		{"apt", []string{"list", "--installed"}, Linux, nil},
		{"apt", []string{"list", "-a", "curl", "zlib*"}, Linux, nil},
		{"apt", []string{"search", "--names-only", "^curl"}, Linux, nil},
		{"apt", []string{"list", "--names-only"}, Linux, none},

		{"brew", []string{"list", "--versions"}, Darwin, nil},
		{"brew", []string{"ls", "--cask", "--versions", "firefox"}, Darwin, nil},
		{"brew", []string{"list", "-l"}, Darwin, []string{"list", "--versions"}},
		{"brew", []string{"list", "wget"}, Darwin, []string{"list", "--versions", "wget"}},
		{"brew", []string{"list", "--installed-on-request"}, Darwin, nil},
		{"brew", []string{"list", "-lt", "git"}, Darwin, []string{"list", "--versions", "git"}},
		{"brew", []string{"list", "-1q"}, Darwin, nil},
		{"brew", []string{"info", "git"}, Darwin, []string{"list", "--versions"}},
	}
	for _, tc := range tests {
		res := r.Parse(Input{Cmd: tc.cmd, Args: tc.args, OS: tc.os, Raw: "x\n"})
		name := tc.cmd + " " + strings.Join(tc.args, " ") + " (" + string(tc.os) + ")"
		refused := res.Err != nil && res.Err.Reason == ReasonUnsupportedFormat
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
		os   OS
		id   string
	}{
		{"netstat", []string{"-an"}, Linux, "netstat"},
		{"netstat", []string{"-an"}, Darwin, "netstat-bsd"},
		{"netstat", []string{"-an"}, FreeBSD, "netstat-bsd"},
		{"netstat", []string{"-ano"}, Windows, "netstat-windows"},
		{"systemctl", []string{"list-units"}, Linux, "systemctl-list-units"},
		{"systemctl", []string{"--type", "service", "list-units"}, Linux, "systemctl-list-units"},
		{"systemctl", []string{"--all"}, Linux, "systemctl"},
		{"apt", []string{"list", "--installed"}, Linux, "apt-list"},
		{"apt", []string{"search", "x"}, Linux, "apt-search"},
		{"apt", []string{"show", "x"}, Linux, ""},
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
	for _, in := range []Input{
		{Cmd: "lsblk", Args: []string{"-J"}, Raw: `{"blockdevices": [{"name": "vda", "size": "256G"}]}` + "\n"},
		{Cmd: "ip", Args: []string{"-j", "addr"}, Raw: `[{"ifindex":1,"ifname":"lo"}]` + "\n"},
		{Cmd: "systemctl", Args: []string{"list-units", "-o", "json"}, Raw: `[{"unit":"a.service"}]`},
	} {
		in.OS = Linux
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
			a, _ := json.Marshal(outcome(t, want))
			b, _ := json.Marshal(outcome(t, got))
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
			if res := Default().Parse(Input{Cmd: p.Command, Args: ex, OS: netsysExampleOS(p), Raw: ""}); res.Err != nil {
				t.Errorf("%s: example %q refused: %v", id, ex, res.Err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join("testdata", "capture-netsys.sh")); err != nil {
		t.Error(err)
	}
}

func netsysExampleOS(p *Parser) OS {
	if len(p.OS) > 0 {
		return p.OS[0]
	}
	return Linux
}

func TestPingForms(t *testing.T) {
	raw := "PING localhost(localhost (::1)) 56 data bytes\n" +
		"[1795996148.711243] 64 bytes from localhost (::1): icmp_seq=1 ttl=64 time=0.020 ms\n" +
		"64 bytes from ::1: icmp_seq=1 ttl=64 time=0.031 ms (DUP!)\n" +
		"From gateway (10.0.0.1) icmp_seq=2 Time to live exceeded\n" +
		"64 bytes from ::1: icmp_seq=3 ttl=64 time=0.031 ms wrong\n" +
		"\n--- localhost ping statistics ---\n" +
		"3 packets transmitted, 1 received, +1 duplicates, +1 errors, 66.6667% packet loss, time 2003ms, pipe 2\n" +
		"rtt min/avg/max/mdev = 0.020/0.025/0.031/0.005 ms, ipg/ewma 1001.500/0.024 ms\n"
	res := parseWith(t, "ping", []string{"-c", "3", "localhost"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	p := res.Value.(*PingResult)
	if p.Target != "localhost" || p.TargetAddress != "::1" || *p.PayloadBytes != 56 {
		t.Errorf("header: %q %q", p.Target, p.TargetAddress)
	}
	if len(p.Replies) != 2 || p.Replies[0].Timestamp != "2026-11-29T23:49:08.711243+00:00" || p.Replies[0].FromAddress != "::1" || !p.Replies[1].Duplicate {
		t.Errorf("replies: %+v", p.Replies)
	}
	if len(p.Failures) != 1 || p.Failures[0].From != "gateway" || p.Failures[0].FromAddress != "10.0.0.1" || p.Failures[0].Message != "Time to live exceeded" {
		t.Errorf("failures: %+v", p.Failures)
	}
	if *p.Duplicates != 1 || *p.Errors != 1 || *p.PacketLossPercent != 66.6667 || *p.IpgMs != 1001.5 || *p.EwmaMs != 0.024 {
		t.Errorf("statistics: %+v", p)
	}
	if !slices.Equal(res.UnreadLines, []int{5}) {
		t.Errorf("unread lines %v", res.UnreadLines)
	}
	if len(res.Warnings) != 0 || p.Pipe == nil || *p.Pipe != 2 {
		t.Errorf("pipe %v, warnings %q", p.Pipe, res.Warnings)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}

func TestCurlHeadForms(t *testing.T) {
	raw := "HTTP/1.1 100 Continue\r\n\r\n" +
		"HTTP/1.1 200 OK\r\nVary: Accept\r\nX-Long: a\r\n  b\r\nvary: Cookie\r\nbad line\r\n\r\n"
	res := parseWith(t, "curl", []string{"-sI", "http://x"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	c := res.Value.(*CurlHeadResult)
	if c.StatusCode != 200 || c.Headers["Vary"] != "Accept, Cookie" || c.Headers["X-Long"] != "a b" {
		t.Errorf("got %+v", c)
	}
	if !reflect.DeepEqual(c.RepeatedHeaders, map[string][]string{"Vary": {"Accept", "Cookie"}}) {
		t.Errorf("repeated %v", c.RepeatedHeaders)
	}
	if len(c.Redirects) != 1 || c.Redirects[0].StatusCode != 100 {
		t.Errorf("earlier responses %+v", c.Redirects)
	}
	if !slices.Equal(res.UnreadLines, []int{8}) {
		t.Errorf("unread %v", res.UnreadLines)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}

func TestSsProcesses(t *testing.T) {
	raw := "State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process\n" +
		"LISTEN 0      511          0.0.0.0:80         0.0.0.0:*     users:((\"nginx\",pid=813,fd=6),(\"nginx\",pid=812,fd=6))\n" +
		"LISTEN 0      4096  127.0.0.53%lo:53          0.0.0.0:*     users:((\"systemd-resolve\",pid=501,fd=14))\n" +
		"LISTEN 0      128            [::]:22            [::]:*     users:((\"sshd\",pid=700,fd=4)\n"
	res := parseWith(t, "ss", []string{"-tlnp"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	c := res.Value.(*SsResult).Connections
	if len(c) != 2 || len(c[0].Processes) != 2 || c[0].Processes[1].PID != 812 || *c[1].LocalPort != 53 || c[1].LocalAddress != "127.0.0.53%lo:53" {
		t.Fatalf("got %+v", c)
	}
	if !slices.Equal(res.UnreadLines, []int{4}) {
		t.Errorf("unread %v (a malformed users list is not guessed at)", res.UnreadLines)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}

func TestUptimeForms(t *testing.T) {
	for in, want := range map[string]int64{
		"1:13": 4380, "5 days,  3:02": 442920, "10 min": 600, "1 day, 10 min": 87000, "2 days": 172800,
		"3 days, 1 hr": 262800, "42 secs": 42, "1 day(s),  2:03": 93780,
		"2 hours, 40 minutes": 9600, "1 week, 1 minute": 604860, "1 year": 31536000,
	} {
		if got, ok := uptimeSeconds(in); !ok || got != want {
			t.Errorf("uptimeSeconds(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "soon", "1:75", "3 fortnights"} {
		if _, ok := uptimeSeconds(bad); ok {
			t.Errorf("uptimeSeconds(%q) accepted", bad)
		}
	}
}

func TestJournalContinuationAndMarkers(t *testing.T) {
	raw := "-- Journal begins at Sun 2026-11-01 10:00:00 UTC, ends at Sun 2026-11-29 12:00:00 UTC. --\n" +
		"2026-11-29T10:00:00+00:00 höst app[1]: a\n" +
		strings.Repeat(" ", len([]rune("2026-11-29T10:00:00+00:00 höst app[1]: "))) + "b\n" +
		"-- Reboot --\n" +
		"2026-11-29T10:00:01+0000 höst app: only\n" +
		"2026-11-29 10:00:02 host app: old form\n"
	res := parseWith(t, "journalctl", []string{"-o", "short-iso"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e := res.Value.(*JournalResult).Entries
	if len(e) != 2 || e[0].Message != "a\nb" || e[0].Hostname != "höst" || e[1].PID != nil || e[1].Timestamp != "2026-11-29T10:00:01+00:00" {
		t.Fatalf("got %+v", e)
	}
	if !slices.Equal(res.UnreadLines, []int{6}) {
		t.Errorf("unread %v", res.UnreadLines)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}

func TestAptDescriptionsAndNotes(t *testing.T) {
	raw := "Sorting... Done\nFull Text Search... Done\n" +
		"curl/stable,now 7.88.1 amd64 [installed]\n  command line tool\n  second line\n\n" +
		"N: There is 1 additional version. Please use the '-a' switch to see it\n" +
		"broken line\n"
	res := parseWith(t, "apt", []string{"search", "--full", "curl"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	a := res.Value.(*AptPackages)
	if len(a.Packages) != 1 || a.Packages[0].Description != "command line tool\nsecond line" || len(a.Notes) != 1 {
		t.Fatalf("got %+v", a)
	}
	if !slices.Equal(res.UnreadLines, []int{8}) {
		t.Errorf("unread %v", res.UnreadLines)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}

func TestDigSeveralResponses(t *testing.T) {
	resp := func(name string, id int) string {
		return ";; Got answer:\n;; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: " + strconv.Itoa(id) +
			"\n;; QUESTION SECTION:\n;" + name + ".\t\tIN\tA\n\n;; ANSWER SECTION:\n" + name + ".\t60\tIN\tA\t192.0.2.1\n\n;; MSG SIZE  rcvd: 56\n\n"
	}
	raw := resp("a.test", 1) + resp("b.test", 2)
	// One name asked, two responses printed: not this parser's form.
	if res := parseWith(t, "dig", []string{"a.test"}, Linux, raw); res.Err == nil || res.Err.Reason != ReasonUnsupportedFormat {
		t.Fatalf("two responses read as one: %+v", res.Value)
	}
	res := parseWith(t, "dig", []string{"a.test", "MX", "b.test", "IN"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	d := res.Value.(*DigResponses)
	if len(d.Responses) != 2 || d.Responses[0].Query != "a.test." || d.Responses[1].Query != "b.test." ||
		*d.Responses[1].ID != 2 || len(d.Responses[1].Answers) != 1 || *d.Responses[0].MsgSizeBytes != 56 {
		t.Fatalf("responses: %+v", d.Responses)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
	for args, want := range map[string]int{"a.test MX b.test": 2, "-x 192.0.2.1 a.test": 2, "-t MX a.test": 1,
		"@192.0.2.53 +short -p 53 a": 0, "-x192.0.2.1": 1, "a. TYPE65 CLASS1 b. c.": 3} {
		if n := digNames(strings.Fields(args)); n != want {
			t.Errorf("digNames(%s) = %d, want %d", args, n, want)
		}
	}
}

func TestLsblkEscapes(t *testing.T) {
	raw := "NAME FSTYPE LABEL      MOUNTPOINT\n" +
		"sdb  vfat   My\\x20Disk /media/My\\x20Disk\n"
	res := parseWith(t, "lsblk", []string{"-o", "NAME,FSTYPE,LABEL,MOUNTPOINT"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	d := res.Value.(*LsblkResult).Devices
	if len(d) != 1 || d[0].Label != "My Disk" || !slices.Equal(d[0].MountPoints, []string{"/media/My Disk"}) {
		t.Fatalf("got %+v", d)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}

func TestSysCTimeZones(t *testing.T) {
	tests := []struct{ in, loc, want string }{
		{"Sun Nov 29 23:49:08 UTC 2026", "UTC", "2026-11-29T23:49:08+00:00"},
		{"Sun Nov 29 23:49:08 GMT 2026", "Europe/Paris", "2026-11-29T23:49:08+00:00"},
		{"Sun Nov 29 23:49:08 CET 2026", "Europe/Paris", "2026-11-29T23:49:08+01:00"},
		{"Sun Jul  5 23:49:08 CEST 2026", "Europe/Paris", "2026-07-05T23:49:08+02:00"},
		{"Sun Nov 29 23:49:08 +0530 2026", "UTC", "2026-11-29T23:49:08+05:30"},
		{"Sun Nov 29 23:49:08 CET 2026", "America/New_York", "2026-11-29T23:49:08"},
	}
	for _, tc := range tests {
		loc, err := time.LoadLocation(tc.loc)
		if err != nil {
			t.Fatal(err)
		}
		res := Default().Parse(Input{Cmd: "date", Raw: tc.in + "\n", OS: Linux, Location: loc, Spans: true})
		if res.Err != nil {
			t.Errorf("%s: %v", tc.in, res.Err)
			continue
		}
		if got := res.Value.(*DateResult).Timestamp; got != tc.want {
			t.Errorf("%s in %s: %s, want %s", tc.in, tc.loc, got, tc.want)
		}
	}
	for _, bad := range []string{"Sun Feb 30 10:00:00 UTC 2026", "Sun Nov 29 25:00:00 UTC 2026", "yesterday"} {
		if res := parseWith(t, "date", nil, Linux, bad+"\n"); res.Err == nil {
			t.Errorf("%q read as %+v", bad, res.Value)
		}
	}
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
			if err := checkSpans(gc.raw, res.Value, res.Spans); err != nil {
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
		os     OS
		code   int
		stdout string
		want   bool
	}{
		{"ping", Linux, 1, stats, true}, {"ping6", Linux, 1, stats, true}, {"ping", Linux, 1, "", false},
		{"ping", Linux, 2, stats, false}, {"ping", Darwin, 2, stats, true}, {"ping", FreeBSD, 1, stats, false},
		{"ping6", FreeBSD, 2, stats, true}, {"ping", Windows, 1, "Request timed out.\r\n", true},
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

// TestSsDetailsNeverGuessed: an -e item or a detail line the parser does
// not know leaves its line unread rather than half read.
func TestSsDetailsNeverGuessed(t *testing.T) {
	raw := "State Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
		"ESTAB 0      0      127.0.0.1:1        127.0.0.1:2       uid:1 ino:5 sk:1f <->\n" +
		"\t skmem:(r0,rb1,t0,tb2,f0,w0,o0,bl0,d0)\n" +
		"ESTAB 0      0      127.0.0.1:3        127.0.0.1:4       uid:1 ino:6 weird:7 <->\n" +
		"ESTAB 0      0      127.0.0.1:5        127.0.0.1:6       ino:7 sk:2\n" +
		"\t skmem:(r0,zz1)\n"
	res := parseWith(t, "ss", []string{"-tem"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	s := res.Value.(*SsResult)
	if len(s.Connections) != 2 || s.Connections[0].Memory == nil || s.Connections[0].Memory.SndBufBytes != 2 ||
		*s.Connections[1].UID != 0 || s.Connections[1].Memory != nil {
		t.Fatalf("connections: %+v", s.Connections)
	}
	if !slices.Equal(res.UnreadLines, []int{4, 6}) {
		t.Errorf("unread lines %v, want [4 6]", res.UnreadLines)
	}
	if err := checkSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}
