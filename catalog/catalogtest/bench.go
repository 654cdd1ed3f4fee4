package catalogtest

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
)

func BenchLs() string {
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

// BenchCase is one parser on one input; runParseBench runs it without and
// with span recording.
type BenchCase struct {
	Name string
	// Parser reads Args (ReadArgs, as the registry does) and Raw (Parse).
	Parser *catalog.Parser
	Args   []string
	Raw    string
}

// BenchGolden builds a case from testdata/<base>.txt and its arguments:
// the first head lines once, the data lines repeated to at least 1 MB,
// the last tail lines (a total) once.
func BenchGolden(b testing.TB, name string, p *catalog.Parser, base string, head, tail int) BenchCase {
	raw, err := os.ReadFile(Find(base + ".txt"))
	if err != nil {
		b.Fatal(err)
	}
	spec, err := os.ReadFile(Find(base + ".json"))
	if err != nil {
		b.Fatal(err)
	}
	var gs GoldenSpec
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
	return BenchCase{Name: name + "-golden", Parser: p, Args: gs.Args, Raw: sb.String()}
}

// RunParseBench reports, per case and mode, MB/s (b.SetBytes), MB/cpu-s
// (throughput by the process's CPU time, which other load on a shared
// machine skews less), rows/op and allocs/row. The span mode includes
// everything a parse records; reading the spans (SpanSet.Slice) is
// measured apart, by BenchmarkSpanRead.
func RunParseBench(b *testing.B, cases []BenchCase) { RunParseBenchOS(b, catalog.Linux, cases) }

// RunParseBenchOS is runParseBench on output of osv.
func RunParseBenchOS(b *testing.B, osv catalog.OS, cases []BenchCase) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	for _, tc := range cases {
		for _, spans := range []bool{false, true} {
			name := tc.Name
			if spans {
				name += "/spans"
			}
			b.Run(name, func(b *testing.B) {
				if len(tc.Raw) < 1<<20 {
					b.Fatalf("input of %d bytes, want at least 1 MB", len(tc.Raw))
				}
				b.SetBytes(int64(len(tc.Raw)))
				b.ReportAllocs()
				rows := strings.Count(tc.Raw, "\n")
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				cpu0 := BenchCPU()
				args := tc.Parser.ReadArgs(tc.Args)
				for b.Loop() {
					c := &catalog.Context{Raw: tc.Raw, Args: args, OS: osv, Now: now, Location: time.UTC}
					if spans {
						c.RecordSpans()
					}
					if _, err := tc.Parser.Parse(c); err != nil {
						b.Fatal(err)
					}
					if len(c.UnreadOffsets()) != 0 {
						b.Fatalf("%d unread lines, first at %d", len(c.UnreadOffsets()), c.UnreadOffsets()[0])
					}
					if spans && c.SpanSet().Len() == 0 {
						b.Fatal("no spans recorded")
					}
				}
				cpu := BenchCPU() - cpu0
				runtime.ReadMemStats(&m1)
				b.ReportMetric(float64(rows), "rows/op")
				b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(b.N)/float64(rows), "allocs/row")
				if cpu > 0 {
					b.ReportMetric(float64(len(tc.Raw))*float64(b.N)/cpu.Seconds()/1e6, "MB/cpu-s")
				}
			})
		}
	}
}
