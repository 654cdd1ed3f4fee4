package catalog

import (
	"strings"
	"testing"
	"time"
)

// BenchmarkGitLogOnelineFloor is the floor under git log --oneline on the
// golden benchmark input: only the newline walk, and the rows filled with
// the hash and subject, in GitCommit (256 bytes, what the parser must
// return) and in a struct of the three fields a oneline row has (56
// bytes). It measures what the size of GitCommit costs, for the decision
// whether oneline rows deserve a type of their own.
func BenchmarkGitLogOnelineFloor(b *testing.B) {
	raw := benchGolden(b, "git-log-oneline", gitLogParser.Parse, "linux/git-log/oneline", 0, 0).raw
	rows := strings.Count(raw, "\n")
	type onelineRow struct {
		Hash    string
		Refs    []string
		Message string
	}
	b.Run("lines", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		cpu0 := benchCPU()
		defer func() { reportCPU(b, len(raw), cpu0) }()
		n := 0
		for b.Loop() {
			for pos := 0; pos < len(raw); {
				end := nextNL(raw, pos)
				h, _, _ := strings.Cut(raw[pos:end], " ")
				n += len(h)
				pos = end + 1
			}
		}
	})
	b.Run("GitCommit", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		cpu0 := benchCPU()
		defer func() { reportCPU(b, len(raw), cpu0) }()
		for b.Loop() {
			out := make([]GitCommit, 0, rows+1)
			for pos := 0; pos < len(raw); {
				end := nextNL(raw, pos)
				h, m, _ := strings.Cut(raw[pos:end], " ")
				var c *GitCommit
				out, c = pushZero(out)
				c.Hash, c.Message = h, m
				pos = end + 1
			}
		}
	})
	b.Run("3-field", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		cpu0 := benchCPU()
		defer func() { reportCPU(b, len(raw), cpu0) }()
		for b.Loop() {
			out := make([]onelineRow, 0, rows+1)
			for pos := 0; pos < len(raw); {
				end := nextNL(raw, pos)
				h, m, _ := strings.Cut(raw[pos:end], " ")
				var c *onelineRow
				out, c = pushZero(out)
				c.Hash, c.Message = h, m
				pos = end + 1
			}
		}
	})
}

// reportCPU reports MB/cpu-s as runParseBench does.
func reportCPU(b *testing.B, n int, cpu0 time.Duration) {
	if cpu := benchCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/cpu.Seconds()/1e6, "MB/cpu-s")
	}
}
