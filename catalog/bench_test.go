package catalog

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// Benchmark inputs of at least 1 MB, synthesised by repeating realistic
// rows with varying names, sizes and dates.

func benchLs() string {
	var b strings.Builder
	b.WriteString("total 123456\n")
	months := []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	for i := 0; b.Len() < 1<<20; i++ {
		switch i % 7 {
		case 0:
			fmt.Fprintf(&b, "drwxr-xr-x  2 root root     4096 %s %2d %02d:%02d project-%d\n", months[i%12], i%28+1, i%24, i%60, i)
		case 1:
			fmt.Fprintf(&b, "lrwxrwxrwx  1 root root       15 %s %2d  2024 link-%d -> target/file-%d.txt\n", months[i%12], i%28+1, i, i)
		case 2:
			fmt.Fprintf(&b, "-rw-r--r--+ 1 alice staff %8d %s %2d %02d:%02d name with spaces %d.txt\n", i*37, months[i%12], i%28+1, i%24, i%60, i)
		default:
			fmt.Fprintf(&b, "-rw-r--r--  1 www-data www-data %8d %s %2d %02d:%02d file_%06d.log\n", i*1013, months[i%12], i%28+1, i%24, i%60, i)
		}
	}
	return b.String()
}

func benchPs() string {
	var b strings.Builder
	b.WriteString("USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n")
	for i := 0; b.Len() < 1<<20; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "root     %7d  0.0  0.0      0     0 ?        I<   Nov29   0:00 [kworker/R-rcu_gp-%d]\n", i+2, i)
		case 1:
			fmt.Fprintf(&b, "postgres %7d  1.3  2.4 215660 49712 ?        Ss   09:41   1:02 postgres: 15/main: checkpointer %d\n", i+2, i)
		default:
			fmt.Fprintf(&b, "alice    %7d 12.5  3.1 1184320 253912 pts/%d  Sl+  Nov28  13:37 /usr/bin/python3 -m http.server --bind 127.0.0.1 %d\n", i+2, i%9, 8000+i%1000)
		}
	}
	return b.String()
}

func benchGit() string {
	var b strings.Builder
	b.WriteString("## main...origin/main [ahead 3, behind 1]\n")
	codes := []string{" M", "M ", "A ", "??", "MM", " D", "R "}
	for i := 0; b.Len() < 1<<20; i++ {
		c := codes[i%len(codes)]
		if c == "R " {
			fmt.Fprintf(&b, "%s src/pkg%d/old_%d.go -> src/pkg%d/new_%d.go\n", c, i%50, i, i%50, i)
		} else if i%11 == 0 {
			fmt.Fprintf(&b, "%s \"docs/caf\\303\\251 %d.md\"\n", c, i)
		} else {
			fmt.Fprintf(&b, "%s internal/service/handler_%d.go\n", c, i)
		}
	}
	return b.String()
}

func BenchmarkParse(b *testing.B) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name  string
		parse func(*Context) (any, error)
		args  []string
		raw   string
	}{
		{"ls", parseLs, []string{"-la"}, benchLs()},
		{"ps", parsePs, []string{"aux"}, benchPs()},
		{"git-status", parseGitStatus, []string{"status", "--porcelain", "-b"}, benchGit()},
	}
	for _, tc := range cases {
		for _, spans := range []bool{false, true} {
			name := tc.name
			if spans {
				name += "/spans"
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(tc.raw)))
				b.ReportAllocs()
				for b.Loop() {
					c := &Context{Raw: tc.raw, Args: tc.args, OS: Linux, Now: now, Location: time.UTC, recording: spans}
					if _, err := tc.parse(c); err != nil {
						b.Fatal(err)
					}
					if len(c.unread) != 0 {
						b.Fatalf("%d unread lines", len(c.unread))
					}
				}
			})
		}
	}
}

// BenchmarkSpanFloor is the floor under every /spans benchmark above: only
// allocating and filling 200,000 core Spans (the count for 1 MB of ls -l,
// about eleven scalar fields a row) with their pointers in one string. A
// Span is 56 bytes holding two strings, so recording costs about as much
// memory traffic as the parse itself.
func BenchmarkSpanFloor(b *testing.B) {
	const n, ptr = 200000, "/entries/12345/modified_at"
	b.ReportAllocs()
	for b.Loop() {
		var sb strings.Builder
		sb.Grow(n * len(ptr))
		for range n {
			sb.WriteString(ptr)
		}
		all := sb.String()
		out := make([]Span, 0, n)
		for i := range n {
			out = append(out, Span{Pointer: all[i*len(ptr) : (i+1)*len(ptr)], Start: i, End: i + 5, Transform: "parseInt"})
		}
		if len(out) != n {
			b.Fatal(len(out))
		}
	}
}
