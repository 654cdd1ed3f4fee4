package catalog

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// TestArgumentRange pins which argument lists each parser reads and which
// it refuses (with which hint).
func TestArgumentRange(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd  string
		args []string
		os   OS
		hint []string // nil: accepted; non-nil: refused with this hint ([] = no hint)
	}{
		{"ls", []string{"-la", "--color=never", "--time-style=long-iso", "dir"}, Linux, nil},
		{"ls", []string{"-lhS", "--group-directories-first", "-I", "*.o", "a", "b"}, Linux, nil},
		{"ls", []string{"--color=auto", "-1"}, Linux, nil},
		{"ls", []string{"-lQ", "--quoting-style=c"}, Linux, nil},
		{"ls", []string{"-1p"}, Linux, nil},
		{"ls", []string{"-lT"}, Darwin, nil},
		{"ls", []string{"-l", "--full-time", "-R"}, Linux, nil},
		{"ls", []string{"--color", "-l"}, Linux, []string{"-l", "--color=never"}},
		{"ls", []string{"--color=always"}, Linux, []string{"--color=never"}},
		{"ls", []string{"--color", "-F"}, Linux, []string{"--color", "-l"}}, // -F would hide behind --color's value; --color is refused next
		{"ls", []string{"-lF"}, Linux, []string{"-l"}},
		{"ls", []string{"-lp"}, Linux, []string{"-l"}},
		{"ls", []string{"-lb"}, Linux, nil},
		{"ls", []string{"-lq"}, Linux, []string{"-l", "-Q"}},
		{"ls", []string{"-C"}, Linux, []string{"-1"}},
		{"ls", []string{"--format=commas"}, Linux, []string{"-1"}},
		{"ls", []string{"--time-style=+%s", "-l"}, Linux, []string{"-l", "--time-style=full-iso"}},
		{"ls", []string{"--quoting-style=shell-escape"}, Linux, []string{"--quoting-style=c"}},
		{"ls", []string{"-lT"}, Linux, []string{}},
		{"ls", []string{"-lU"}, Darwin, nil},
		{"ls", []string{"-lo"}, FreeBSD, []string{"-l"}},
		{"ls", []string{"-lu"}, Linux, nil},
		{"ls", []string{"-lcZ"}, Linux, nil},
		{"ls", []string{"-l", "--time=birth"}, Linux, nil},
		{"ls", []string{"-l", "--time=bogus"}, Linux, []string{"-l"}},
		{"ls", []string{"-lB"}, FreeBSD, []string{}},

		{"git", []string{"status"}, Linux, nil},
		{"git", []string{"-C", "repo", "-c", "core.quotePath=false", "status", "-sb"}, Linux, nil},
		{"git", []string{"status", "--porcelain=v1", "-z", "--branch"}, Linux, nil},
		{"git", []string{"status", "--ignored", "-s"}, Linux, nil},
		{"git", []string{"status", "-uall", "--ignored=matching", "--", "src"}, Linux, nil},
		{"git", []string{"status", "--untracked-files=no", "--show-stash"}, Linux, nil},
		{"git", []string{"status", "-M50%", "--null", "--no-show-stash"}, Linux, nil},
		{"git", []string{"status", "--porcelain=v2", "--branch", "-z"}, Linux, nil},
		{"git", []string{"--literal-pathspecs", "status", "-s"}, Linux, nil},
		{"git", []string{"log", "--cherry-pick", "--right-only", "--oneline", "main...topic"}, Linux, nil},
		{"git", []string{"status", "-u", "-s"}, Linux, nil},
		{"git", []string{"status", "--porcelain=v3"}, Linux, []string{"status", "--porcelain"}},
		{"git", []string{"status", "--porcelain", "-v"}, Linux, []string{"status", "--porcelain"}},
		{"git", []string{"status", "-v"}, Linux, []string{"status"}},
		{"git", []string{"-c", "color.status=always", "status"}, Linux, []string{"status"}},
		{"git", []string{"status", "--column"}, Linux, []string{"status", "--no-column"}},
		{"git", []string{"status", "-ubogus"}, Linux, []string{}},

		{"ps", []string{"aux"}, Linux, nil},
		{"ps", []string{"-ef"}, Linux, nil},
		{"ps", []string{"-eo", "pid,ppid,user,comm,args"}, Linux, nil},
		{"ps", []string{"-o", "pid=,comm=", "-p", "1"}, Linux, nil},
		{"ps", []string{"axo", "pid,args"}, Linux, nil},
		{"ps", []string{"-p", "1,2", "-o", "pid,lstart,args"}, Linux, nil},
		{"ps", []string{"aux"}, Darwin, nil},
		{"ps", []string{"-eo", "args,pid"}, Linux, []string{"-o", "pid,args"}},
		{"ps", []string{"-o", "pid,comm,args"}, Darwin, []string{"-o", "pid,args,comm"}},
		{"ps", []string{"-o", "pid=PROCESS"}, Linux, nil},
		{"ps", []string{"-o", "pid=,comm"}, Linux, nil},
		{"ps", []string{"-o", "pid,user=USER NAME"}, Darwin, nil},
		{"ps", []string{"-ax", "-h"}, FreeBSD, nil},
		{"ps", []string{"-M"}, Darwin, []string{"aux"}},
		{"ps", []string{"-e", "--headers"}, Linux, nil},
		{"ps", []string{"auxf"}, Linux, []string{"aux"}},
		{"ps", []string{"-ef", "--forest"}, Linux, []string{"-ef"}},
		{"ps", []string{"-eH"}, Linux, []string{"-e"}},
		{"ps", []string{"-O", "rss"}, Linux, []string{"aux"}},
		{"ps", []string{"aux", "--no-headers"}, Linux, []string{"-ef"}},
	}
	for _, tc := range tests {
		res := r.Parse(Input{Cmd: tc.cmd, Args: tc.args, OS: tc.os, Raw: "x\n"})
		name := tc.cmd + " " + strings.Join(tc.args, " ") + " (" + string(tc.os) + ")"
		refused := res.Err != nil && res.Err.Reason == ReasonUnsupportedFormat
		if tc.hint == nil {
			if refused {
				t.Errorf("%s: refused: %s", name, res.Err.Message)
			}
			continue
		}
		if !refused {
			t.Errorf("%s: accepted (err %v)", name, res.Err)
			continue
		}
		var got []string
		if res.Err.Hint != nil {
			got = res.Err.Hint.Args
		}
		if !slices.Equal(got, tc.hint) {
			t.Errorf("%s: hint %q, want %q (%s)", name, got, tc.hint, res.Err.Message)
		}
	}
}

func parseWith(t *testing.T, cmd string, args []string, os OS, raw string) Result {
	t.Helper()
	return Default().Parse(Input{Cmd: cmd, Args: args, OS: os, Raw: raw, Spans: true,
		Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), Location: time.UTC})
}

func TestLsTimeForms(t *testing.T) {
	tests := []struct {
		line, want string
		inferred   bool
	}{
		{"-rw-r--r-- 1 a b 5 Mar  6 09:23 x", "2026-03-06T09:23:00+00:00", true},
		{"-rw-r--r-- 1 a b 5 Nov 30 11:59 x", "2026-11-30T11:59:00+00:00", true}, // within a day ahead
		{"-rw-r--r-- 1 a b 5 Dec  1 09:00 x", "2025-12-01T09:00:00+00:00", true}, // more than a day ahead
		{"-rw-r--r-- 1 a b 5 Mar  6  2024 x", "2024-03-06T00:00:00+00:00", false},
		{"-rw-r--r-- 1 a b 5 2026-03-06 09:23 x", "2026-03-06T09:23:00+00:00", false},
		{"-rw-r--r-- 1 a b 5 2026-03-06 09:23:45.123456789 +0530 x", "2026-03-06T09:23:45.123456789+05:30", false},
		{"-rw-r--r-- 1 a b 5 2026-03-06 09:23:45 -0800 x", "2026-03-06T09:23:45-08:00", false},
		{"-rw-r--r-- 1 a b 5 Mar  6 09:23:45 2026 x", "2026-03-06T09:23:45+00:00", false},
		{"-rw-r--r-- 1 a b 5 03-06 09:23 x", "2026-03-06T09:23:00+00:00", true},
		{"-rw-r--r-- 1 a b 5 2024-03-06  x", "2024-03-06T00:00:00+00:00", false},
		{"-rw-r--r-- 1 a b 5 Feb 29  2024 x", "2024-02-29T00:00:00+00:00", false},
	}
	for _, tc := range tests {
		res := parseWith(t, "ls", []string{"-l"}, Linux, tc.line+"\n")
		if res.Err != nil {
			t.Errorf("%q: %v", tc.line, res.Err)
			continue
		}
		ls := res.Value.(*LsResult)
		if len(ls.Entries) != 1 || ls.Entries[0].ModifiedAt != tc.want || ls.Entries[0].Name != "x" {
			t.Errorf("%q: got %+v, want %s", tc.line, ls.Entries, tc.want)
			continue
		}
		if ls.YearInferred != tc.inferred {
			t.Errorf("%q: year_inferred %v", tc.line, ls.YearInferred)
		}
	}
	// Impossible dates are not guessed at.
	for _, line := range []string{
		"-rw-r--r-- 1 a b 5 Feb 30  2024 x",
		"-rw-r--r-- 1 a b 5 Feb 29  2025 x",
		"-rw-r--r-- 1 a b 5 Feb 29 10:00 x", // neither 2026 nor 2025 has one
		"-rw-r--r-- 1 a b 5 Mar  6 24:00 x",
		"-rw-r--r-- 1 a b 5 2026-13-06 09:23 x",
	} {
		res := parseWith(t, "ls", []string{"-l"}, Linux, line+"\n")
		if res.Err == nil || res.Err.Reason != ReasonUnrecognizedOutput {
			t.Errorf("%q: got %+v", line, res.Value)
		}
	}
}

func TestLsNames(t *testing.T) {
	raw := "total 0\n" +
		"lrwxrwxrwx 1 a b 6 Mar  6 09:23 my link -> a -> b\n" + // 6: the target's length
		"-rw-r--r-- 1 a b 5 Mar  6 09:23 not -> a link\n" +
		"-rw-r--r-- 1 a b 5 Mar  6 09:23  lead and trail  \n" +
		"crw-rw-rw- 1 root root 1,   3 Mar  6 09:23 null\n" +
		"brw-rw---- 1 root disk 259, 0x00000101 Mar  6 09:23 nvme\n" +
		"crw-rw-rw- 1 root wheel 0x17 Mar  6 09:23 bsdnull\n"
	res := parseWith(t, "ls", []string{"-l"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e := res.Value.(*LsResult).Entries
	if len(e) != 6 {
		t.Fatalf("%d entries", len(e))
	}
	if e[0].Name != "my link" || e[0].SymlinkTarget != "a -> b" {
		t.Errorf("symlink split on the first arrow: %q -> %q", e[0].Name, e[0].SymlinkTarget)
	}
	if e[1].Name != "not -> a link" || e[1].SymlinkTarget != "" {
		t.Errorf("arrow in a file name: %+v", e[1])
	}
	if e[2].Name != " lead and trail  " {
		t.Errorf("spaces not kept: %q", e[2].Name)
	}
	if d := e[3].Device; d == nil || *d.Major != 1 || *d.Minor != 3 || e[3].SizeBytes != nil {
		t.Errorf("device: %+v", e[3])
	}
	if d := e[4].Device; d == nil || *d.Major != 259 || *d.Minor != 257 {
		t.Errorf("hex minor: %+v", e[4].Device)
	}
	if d := e[5].Device; d == nil || d.Number == nil || *d.Number != 0x17 || d.Major != nil {
		t.Errorf("single device number: %+v", e[5].Device)
	}
	// -Q reads names with newlines exactly.
	res = parseWith(t, "ls", []string{"-lQ"}, Linux, `-rw-r--r-- 1 a b 5 Mar  6 09:23 "new\nline \"q\" \303\251"`+"\n"+
		`lrwxrwxrwx 1 a b 5 Mar  6 09:23 "l -> x" -> "t -> y"`+"\n")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e = res.Value.(*LsResult).Entries
	if e[0].Name != "new\nline \"q\" é" || e[1].Name != "l -> x" || e[1].SymlinkTarget != "t -> y" {
		t.Errorf("quoted names: %q %q %q", e[0].Name, e[1].Name, e[1].SymlinkTarget)
	}
}

func TestGitUnquoteAndRenames(t *testing.T) {
	raw := "R  \"old\\tname\" -> \"new \\\"x\\\" \\303\\251\"\n" +
		"R  plain -> \"sp ace\"\n" +
		"?? \"back\\\\slash\"\n" +
		" M ok.txt\n"
	res := parseWith(t, "git", []string{"status", "--porcelain"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e := res.Value.(*GitStatusShort).Entries
	want := []GitStatusEntry{
		{XY: "R ", Index: "renamed", Worktree: "unmodified", Path: "new \"x\" é", OrigPath: "old\tname", Quoted: true},
		{XY: "R ", Index: "renamed", Worktree: "unmodified", Path: "sp ace", OrigPath: "plain", Quoted: true},
		{XY: "??", Index: "untracked", Worktree: "untracked", Path: "back\\slash", Quoted: true},
		{XY: " M", Index: "unmodified", Worktree: "modified", Path: "ok.txt"},
	}
	if !slices.Equal(e, want) {
		t.Fatalf("got %+v", e)
	}
	// -z: path first, then the original; nothing is quoted.
	res = parseWith(t, "git", []string{"status", "-z"}, Linux, "R  new name\x00old \"name\"\x00?? a\tb\x00")
	e = res.Value.(*GitStatusShort).Entries
	if len(e) != 2 || e[0].Path != "new name" || e[0].OrigPath != "old \"name\"" || e[0].Quoted || e[1].Path != "a\tb" {
		t.Fatalf("-z: %+v", e)
	}
}

func TestPsColumns(t *testing.T) {
	raw := "  PID COMMAND         ELAPSED  NI WCHAN  COMMAND\n" +
		"    1 my  worker        01:02   - do_wai /bin/sh -c 'a  b'   \n" +
		"   22 short             10:00  -5 -      x\n"
	res := parseWith(t, "ps", []string{"-o", "pid,comm,etime,ni,wchan,args"}, Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	p := res.Value.(*PsResult).Processes
	if len(p) != 2 {
		t.Fatalf("%d processes, unread %v", len(p), res.UnreadLines)
	}
	if p[0].Name != "my  worker" || p[0].Command != "/bin/sh -c 'a  b'   " || p[0].Nice != nil || p[0].Elapsed != "01:02" {
		t.Errorf("row 0: %+v", p[0])
	}
	if *p[1].Nice != -5 || p[1].Wchan != "-" {
		t.Errorf("row 1: %+v", p[1])
	}
	// Unknown columns become snake_case fields, in column order.
	res = parseWith(t, "ps", []string{"-o", "pid,label,args"}, Linux, "  PID LABEL          COMMAND\n    1 unconfined     init\n")
	b, _ := res.Value.(*PsResult).Processes[0].MarshalJSON()
	if string(b) != `{"pid":1,"command":"init","label":"unconfined"}` {
		t.Errorf("extra column: %s", b)
	}
}

func TestCUnquote(t *testing.T) {
	tests := []struct {
		in, out string
		n       int
		ok      bool
	}{
		{`"plain" rest`, "plain", 7, true},
		{`"a\tb\nc\\d\"e"`, "a\tb\nc\\d\"e", 15, true},
		{`"caf\303\251"`, "café", 13, true},
		{`"\a\b\f\r\v"`, "\a\b\f\r\v", 12, true},
		{`"unterminated`, "", 0, false},
		{`"bad \x"`, "", 0, false},
		{`"short \30"`, "", 0, false},
		{`noquote`, "", 0, false},
	}
	for _, tc := range tests {
		s, n, ok := lex.CUnquote(tc.in)
		if s != tc.out || n != tc.n || ok != tc.ok {
			t.Errorf("lex.CUnquote(%q) = %q, %d, %v", tc.in, s, n, ok)
		}
	}
}

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{
		"%CPU": "pct_cpu", "WCHAN": "wchan", "MACHINE": "machine", "RUSER": "ruser",
		"CGROUP:X": "cgroup_x", "%": "pct", "---": "column", "1ST": "c_1st",
	} {
		if got := snakeCase(in); got != want {
			t.Errorf("snakeCase(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidMode(t *testing.T) {
	for m, want := range map[string]bool{"-rw-r--r--": true, "drwxrwxrwt": true, "-rwsr-Sr-x": true, "-rw-r-lr--": true,
		"-?????????": true, "-rw?r--r--": false, "-rwtr--r--": false, "-rw-r--r-s": false, "-rwlr--r--": false, "xrw-r--r--": false, "-rw-r--r-": false} {
		if validMode(m) != want {
			t.Errorf("validMode(%q) = %v, want %v", m, !want, want)
		}
	}
}
