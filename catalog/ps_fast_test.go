package catalog

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// psFastSeeds are rows on the edges of what psRowFast reads itself: signs,
// "-", numbers too long for atoi, floats its short path refuses, trailing
// blanks, tabs, a last column that is not the command, lstart, an empty
// command.
var psFastSeeds = []struct {
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

// FuzzPsFastPath checks that psRowFast, the one-pass reader of common ps
// rows, finds exactly what psRow alone finds: the same result, the same
// spans and the same unread lines, on every golden ps capture and
// argument set and on fuzzed input.
func FuzzPsFastPath(f *testing.F) {
	seedGolden(f, "ps", psFuzzArgs)
	for _, s := range psFastSeeds {
		for _, osi := range []int{0, 1} { // Linux, Darwin
			f.Add(s.raw, uint8(s.args+osi*len(psFuzzArgs)), true)
		}
	}
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		args := psFuzzArgs[int(sel)%len(psFuzzArgs)]
		osv := fuzzOSes[int(sel)/len(psFuzzArgs)%len(fuzzOSes)]
		fastPathAgrees(t, parsePsWith, raw, args, osv, time.UTC, 0, spans)
	})
}

// TestPsFastPathTaken makes sure the fast reader is not a dead branch the
// fuzz test compares with itself: it reads every data row of the procps
// captures whose layout it covers, as the benchmarks' rows.
func TestPsFastPathTaken(t *testing.T) {
	tests := []struct {
		file string
		args []string
	}{
		{"linux/ps/aux", []string{"aux"}},
		{"linux/ps/ef", []string{"-ef"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", tc.file+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
			pa, _ := readPsArgs(tc.args)
			cols, ok := psColumnsFromHeader(lines[0], splitFields(nil, lines[0], 0), pa.specs)
			if !ok || !psPlan(cols) {
				t.Fatalf("header %q: columns %v, plan refused", lines[0], ok)
			}
			c := &Context{Raw: string(b), recording: true}
			rs := newRowSpans(c, len(cols))
			var ints int64Slab
			var floats float64Slab
			for i, line := range lines[1:] {
				var fast, gen PsProcess
				rs.begin(skProcesses, i)
				if !psRowFast(&fast, line, 0, cols, &ints, &floats, true, &rs) {
					t.Fatalf("row %d %q: fast reader gave up", i+1, line)
				}
				if !psRow(&gen, line, 0, cols, &ints, &floats, false, &rs, false) || !reflect.DeepEqual(fast, gen) {
					t.Fatalf("row %d %q: fast %+v, general %+v", i+1, line, fast, gen)
				}
			}
		})
	}
}

// BenchmarkRowFloor is what the ps and df benchmarks cost without any
// parsing: the same rows and number slabs allocated, the same lines
// walked, the same string and pointer fields set per row (copies of the
// line's first bytes). It is the bound the parsers approach on this
// machine: the rows are 320 (PsProcess) and 280 (DfFilesystem) bytes for
// about 100 bytes of input, which the runtime zeroes, and with their
// pointers the collector scans them and write-barriers the stores.
func BenchmarkRowFloor(b *testing.B) {
	fills := []struct {
		name string
		raw  string
		fill func(raw string)
	}{
		{"ps", benchPs(), func(raw string) {
			rows := make([]PsProcess, 0, countLines(raw))
			var ints int64Slab
			var floats float64Slab
			ints.buf = make([]int64, 0, cap(rows)*4)
			floats.buf = make([]float64, 0, cap(rows)*2)
			it := lines{raw: raw}
			for {
				line, _, ok := it.next()
				if !ok {
					break
				}
				var p *PsProcess
				rows, p = pushZero(rows)
				w := line[:4]
				p.User, p.TTY, p.Stat, p.Started, p.CPUTime, p.Command = w, w, w, w, w, line
				p.PID, p.VszKiB, p.RssKiB = ints.new(1), ints.new(2), ints.new(3)
				p.CPUPercent, p.MemPercent = floats.new(1), floats.new(2)
			}
		}},
		{"df-golden", benchGolden(b, "df", parseDf, "linux/df/default", 1, 0).raw, func(raw string) {
			rows := make([]DfFilesystem, 0, countLines(raw))
			var ints int64Slab
			ints.buf = make([]int64, 0, cap(rows)*4)
			it := lines{raw: raw}
			for {
				line, _, ok := it.next()
				if !ok {
					break
				}
				var f *DfFilesystem
				rows, f = pushZero(rows)
				f.Filesystem, f.MountedOn = line[:4], line
				f.SizeKiB, f.UsedKiB, f.AvailableKiB, f.UsePercent = ints.new(1), ints.new(2), ints.new(3), ints.new(4)
			}
		}},
	}
	for _, tc := range fills {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.raw)))
			b.ReportAllocs()
			cpu0 := benchCPU()
			for b.Loop() {
				tc.fill(tc.raw)
			}
			if cpu := benchCPU() - cpu0; cpu > 0 {
				b.ReportMetric(float64(len(tc.raw))*float64(b.N)/cpu.Seconds()/1e6, "MB/cpu-s")
			}
		})
	}
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
		s, e := nextField(tc.line, 0)
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
