package ps

import (
	"strconv"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// psEdgeSeeds are rows on the edges of the ps reader: signs, "-", numbers
// too long for atoi, floats, trailing blanks, tabs, a last column that is
// not the command, lstart, an empty command.
var psEdgeSeeds = []struct {
	raw  string
	args int // index into psFuzzArgs
}{
	{"USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\nroot 1 0.0 0.0 0 0 ? S 22:35 0:00 [x]\n", 0},
	{"USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\nroot +1 .5 5. 1e5 -3 ? S Nov 29 0:00 a b  \n", 0},
	{"USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n1000 1234567890123456789 0.0 0.0 - - ? S Sun Nov 29 22:50:35 2026 0:00 x\n", 0},
	{"USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\nroot\t1\t12345678901234.5 0.0 1 2 ? S 22:35 0:00\n", 0},
	{"USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\nroot 1 123456789012345 0.0 1 2 ? S Nov 0:00 x\n", 0},
	{"  PID TTY          TIME CMD\n    1 ?        00:00:01 init\n   22 pts/0    00:00:00 bash  \n", 6},
	{"F S   UID     PID    PPID  C PRI  NI ADDR SZ WCHAN  TTY          TIME CMD\n4 S     0       1       0  0  80   0 -  2532 -      ?        00:00:03 init\n1 S     0       2       0  0 -40   - -     0 -      ?        00:00:00 kthreadd\n", 3},
	{"    PID                  STARTED     ELAPSED  ELAPSED  NI COMMAND\n      1 Sun Nov 29 22:35:01 2026       01:02       62   0 init\n", 5},
	{"    PID WCHAN  LABEL COMMAND\n      1 -      unconfined init\n", 8},
	{"    1 init\n   22 bash \n   x\n", 4},
	{"  PID   PPID USER     COMMAND         COMMAND\n    1      0 root     systemd         /sbin/init splash\n", 2},
	{"USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\nroot 1 0.0 0.0 0 0 ? Z 22:35 0:00 \n", 0},
	{"  PID  PPID\n    1     0  \n    2     1 x\n", 6},
}

// TestPsStartedEnd: the START forms and how many words each spans.
func TestPsStartedEnd(t *testing.T) {
	tests := []struct {
		line string
		end  int // -1: not ok
	}{
		{"Sun Nov 29 22:50:35 2026 0:00 x", len("Sun Nov 29 22:50:35 2026")},
		{"Nov 29 0:00 x", len("Nov 29")},
		{"22:35 0:00 x", len("22:35")},
		{"Nov29 0:00 x", len("Nov29")},
		{"Sun Nov 29", -1},
		{"Nov", -1},
	}
	for _, tc := range tests {
		s, e := lex.NextField(tc.line, 0)
		end, ok := psStartedEnd(tc.line, s, e)
		if tc.end < 0 {
			if ok {
				t.Errorf("%q: ok at %d, want not ok", tc.line, end)
			}
			continue
		}
		if !ok || end != tc.end {
			t.Errorf("%q: end %d ok %v, want %d", tc.line, end, ok, tc.end)
		}
	}
}

// TestPsSpecHeaders: an -o list names its columns after the keywords,
// whatever the header says (BSD headers with spaces and commas, procps
// empty headers beside default ones); a process line where the header
// should be is never taken for it.
func TestPsSpecHeaders(t *testing.T) {
	tests := []struct {
		name string
		args []string
		os   catalog.OS
		raw  string
		want []string // pid:user of each row; nil = an error
	}{
		{"bsd header with spaces", []string{"-o", "pid,user=USER NAME"}, catalog.Darwin,
			"  PID USER NAME\n    1 root\n   42 jane\n", []string{"1:root", "42:jane"}},
		{"bsd header runs to the end", []string{"-o", "pid=ID, USER", "-o", "user"}, catalog.FreeBSD,
			"ID, USER USER\n   1 root\n", []string{"1:root"}},
		{"procps empty header beside a default one", []string{"-o", "pid=,user"}, catalog.Linux,
			"      USER\n    1 root\n", []string{"1:root"}},
		{"procps header cut at a comma", []string{"-o", "pid=ID,user"}, catalog.Linux,
			"   ID USER\n    1 root\n", []string{"1:root"}},
		{"missing header", []string{"-o", "pid,user"}, catalog.Linux,
			"    1 root\n    2 jane\n", nil},
		{"procps -h means no header", []string{"-e", "-h", "-o", "pid,user"}, catalog.Linux,
			"    1 root\n    2 jane\n", []string{"1:root", "2:jane"}},
		{"bsd -h repeats the header", []string{"-ax", "-h", "-o", "pid,user"}, catalog.FreeBSD,
			"  PID USER\n    1 root\n\n  PID USER\n    2 jane\n", []string{"1:root", "2:jane"}},
	}
	for _, tc := range tests {
		r := catalogtest.ParseWith(t, testRegistry(), "ps", tc.args, tc.os, tc.raw)
		if tc.want == nil {
			if r.Err == nil {
				t.Errorf("%s: parsed %v, want an error", tc.name, r.Value)
			}
			continue
		}
		if r.Err != nil {
			t.Errorf("%s: %v", tc.name, r.Err)
			continue
		}
		var got []string
		for _, p := range r.Value.(*PsResult).Processes {
			if p.PID == nil {
				t.Fatalf("%s: a row without pid: %+v", tc.name, p)
			}
			got = append(got, strconv.FormatInt(*p.PID, 10)+":"+p.User)
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") || len(r.UnreadLines) > 0 {
			t.Errorf("%s: rows %q (unread %v), want %q", tc.name, got, r.UnreadLines, tc.want)
		}
	}
}
