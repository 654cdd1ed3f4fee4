package catalog

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog/internal/lex"
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
	runParseBench(b, []benchCase{
		{"ls", parseLs, []string{"-la"}, benchLs()},
		{"ps", parsePs, []string{"aux"}, benchPs()},
		{"git-status", parseGitStatus, []string{"status", "--porcelain", "-b"}, benchGit()},
	})
}

// BenchmarkGolden parses the real captures of the line and column parsers
// the speed target covers, their data lines repeated to 1 MB.
func BenchmarkGolden(b *testing.B) {
	runParseBench(b, []benchCase{
		benchGolden(b, "ls", parseLs, "linux/ls/long_all", 1, 0),
		benchGolden(b, "ps", parsePs, "linux/ps/aux", 1, 0),
		benchGolden(b, "df", parseDf, "linux/df/default", 1, 0),
		benchGolden(b, "find", parseFind, "linux/find/dot", 0, 0),
		benchGolden(b, "grep-rn", parseGrep, "linux/grep/recursive_n", 0, 0),
		benchGolden(b, "wc", parseWc, "linux/wc/many", 0, 1),
		benchGolden(b, "git-log-oneline", gitLogParser.Parse, "linux/git-log/oneline", 0, 0),
	})
}

// benchCase is one parser on one input; runParseBench runs it without and
// with span recording.
type benchCase struct {
	name  string
	parse func(*Context) (any, error)
	args  []string
	raw   string
}

// benchGolden builds a case from testdata/<base>.txt and its arguments:
// the first head lines once, the data lines repeated to at least 1 MB,
// the last tail lines (a total) once.
func benchGolden(b testing.TB, name string, parse func(*Context) (any, error), base string, head, tail int) benchCase {
	raw, err := os.ReadFile(filepath.Join("testdata", base+".txt"))
	if err != nil {
		b.Fatal(err)
	}
	spec, err := os.ReadFile(filepath.Join("testdata", base+".json"))
	if err != nil {
		b.Fatal(err)
	}
	var gs goldenSpec
	if err := json.Unmarshal(spec, &gs); err != nil {
		b.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(raw), "\n"), "\n")
	// Lines the golden case reports unread (a name with a newline in it)
	// are left out: the benchmark fails on any unread line.
	for i := len(gs.UnreadLines) - 1; i >= 0; i-- {
		if n := gs.UnreadLines[i]; n >= 1 && n <= len(lines) {
			lines = append(lines[:n-1], lines[n:]...)
		}
	}
	if len(lines) <= head+tail {
		b.Fatalf("%s: %d lines, no data between %d and %d", base, len(lines), head, tail)
	}
	body := strings.Join(lines[head:len(lines)-tail], "")
	if !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	var sb strings.Builder
	sb.WriteString(strings.Join(lines[:head], ""))
	for sb.Len() < 1<<20 {
		sb.WriteString(body)
	}
	sb.WriteString(strings.Join(lines[len(lines)-tail:], ""))
	return benchCase{name: name + "-golden", parse: parse, args: gs.Args, raw: sb.String()}
}

// runParseBench reports, per case and mode, MB/s (b.SetBytes), MB/cpu-s
// (throughput by the process's CPU time, which other load on a shared
// machine skews less), rows/op and allocs/row. The span mode includes
// everything a parse records; reading the spans (SpanSet.Slice) is
// measured apart, by BenchmarkSpanRead.
func runParseBench(b *testing.B, cases []benchCase) { runParseBenchOS(b, Linux, cases) }

// runParseBenchOS is runParseBench on output of osv.
func runParseBenchOS(b *testing.B, osv OS, cases []benchCase) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	for _, tc := range cases {
		for _, spans := range []bool{false, true} {
			name := tc.name
			if spans {
				name += "/spans"
			}
			b.Run(name, func(b *testing.B) {
				if len(tc.raw) < 1<<20 {
					b.Fatalf("input of %d bytes, want at least 1 MB", len(tc.raw))
				}
				b.SetBytes(int64(len(tc.raw)))
				b.ReportAllocs()
				rows := strings.Count(tc.raw, "\n")
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				cpu0 := benchCPU()
				for b.Loop() {
					c := &Context{Raw: tc.raw, Args: tc.args, OS: osv, Now: now, Location: time.UTC}
					if spans {
						c.RecordSpans()
					}
					if _, err := tc.parse(c); err != nil {
						b.Fatal(err)
					}
					if len(c.UnreadOffsets()) != 0 {
						b.Fatalf("%d unread lines, first at %d", len(c.UnreadOffsets()), c.UnreadOffsets()[0])
					}
					if spans && c.spanSet().Len() == 0 {
						b.Fatal("no spans recorded")
					}
				}
				cpu := benchCPU() - cpu0
				runtime.ReadMemStats(&m1)
				b.ReportMetric(float64(rows), "rows/op")
				b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(b.N)/float64(rows), "allocs/row")
				if cpu > 0 {
					b.ReportMetric(float64(len(tc.raw))*float64(b.N)/cpu.Seconds()/1e6, "MB/cpu-s")
				}
			})
		}
	}
}

// BenchmarkSpanRead is what reading every span of 1 MB of ls -l costs
// after the parse (SpanSet.Slice: pointers, line numbers); explain_result
// reads a few hundred instead.
func BenchmarkSpanRead(b *testing.B) {
	c := &Context{Raw: benchLs(), Args: []string{"-la"}, OS: Linux, Now: time.Now(), Location: time.UTC}
	c.RecordSpans()
	if _, err := parseLs(c); err != nil {
		b.Fatal(err)
	}
	set := c.spanSet()
	b.ReportAllocs()
	for b.Loop() {
		if n := len(set.Slice()); n != set.Len() {
			b.Fatal(n)
		}
	}
	b.ReportMetric(float64(set.Len()), "spans/op")
}

// BenchmarkSpanFloor is the floor under building every Span of 1 MB of
// ls -l at once (SpanSet.Slice, BenchmarkSpanRead): only allocating and
// filling 200,000 Spans (about eleven scalar fields a row) with their
// pointers in one string. A Span is 56 bytes holding two strings, so this
// costs about as much as the parse itself, which is why parses keep spans
// compact and build them only when read.
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

// BenchmarkLsFloor is what this machine charges for producing []LsEntry
// from the same 1 MB as BenchmarkGolden/ls-golden, with none of the
// parser's checks: split each line at blanks, fill the fields the parser
// fills for a common long line (type, name, mode, the three permission
// triads, links, owner, group, size, the time text as printed), integers
// from one slab. It is no parser (it accepts anything and formats no
// timestamp); it is the ceiling the row type and the memory system put on
// any parser that returns these rows, so that the parser's MB/s can be
// read against it. On the 2-core VM this project is measured on, the
// floor is memory-bound: the rows alone are 272 bytes each.
func BenchmarkLsFloor(b *testing.B) {
	tc := benchGolden(b, "ls", parseLs, "linux/ls/long_all", 1, 0)
	raw := tc.raw
	n := strings.Count(raw, "\n")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	cpu0 := benchCPU()
	for b.Loop() {
		entries := make([]LsEntry, 0, n)
		ints := make([]int64, 0, 2*n)
		it := lex.Lines{Raw: raw}
		for {
			line, _, ok := it.Next()
			if !ok {
				break
			}
			if len(line) < 11 || len(entries) == cap(entries) {
				continue
			}
			entries = entries[:len(entries)+1]
			e := &entries[len(entries)-1]
			e.Type = fileType(line[0])
			e.Mode = line[:10]
			e.Permissions.Owner, e.Permissions.Group, e.Permissions.Other = line[1:4], line[4:7], line[7:10]
			i := 10
			for f := 0; f < 7 && i < len(line); f++ {
				for i < len(line) && line[i] == ' ' {
					i++
				}
				s := i
				for i < len(line) && line[i] != ' ' {
					i++
				}
				switch f {
				case 0, 3:
					v, _ := lex.Atoi(line[s:i])
					ints = append(ints, v)
					if f == 0 {
						e.Links = &ints[len(ints)-1]
					} else {
						e.SizeBytes = &ints[len(ints)-1]
					}
				case 1:
					e.Owner = line[s:i]
				case 2:
					e.Group = line[s:i]
				case 6:
					e.ModifiedAt = line[s-9 : i]
				}
			}
			if i < len(line) {
				e.Name = line[i+1:]
			}
		}
		if len(entries) < n/2 {
			b.Fatalf("%d rows of %d lines", len(entries), n)
		}
	}
	if cpu := benchCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(raw))*float64(b.N)/cpu.Seconds()/1e6, "MB/cpu-s")
	}
}
