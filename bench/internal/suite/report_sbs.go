package suite

import (
	"fmt"
	"strings"
	"time"
)

// sideBySideReport writes the side-by-side section of the report.
func sideBySideReport(res *Results) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("\n### Side by side with a bare spawn\n\n")
	s := res.SideBySide
	if res.SideErr != "" || s == nil {
		w("Not measured: %s\n", mdEscape(res.SideErr))
		return b.String()
	}
	w("`run` through the built binary over stdio (a go-sdk client in this process, %d calls after a warm-up of 5), beside a bare `exec.Command` of the same command from Go, and `dry_run` (a call that runs nothing: the protocol's round trip); each command bare, then through the server, then `dry_run`, taking turns. ", s.DryRun.Calls)
	w("The floor is the bare spawn's p50 plus dry_run's p50; the target is this server's p50 at most 1.5 times the floor. ")
	w("CPU per call: the server process and the children it waited for (`/proc/<pid>/stat`, utime+stime+cutime+cstime, in blocks of %d calls of one command), of which the children's (cutime+cstime: the command's own CPU under the server's confinement, beside the same command's bare), against the bare child's own rusage (the issue's measure), and, in the last two columns, against that child plus what spawning it cost the spawning Go process (this benchmark's own CPU over the block: the fork, pipes and wait that any spawner pays, which the server pays too). The server runs with its defaults: commands start from a restricted thread of the server (no helper process) where the host allows it.\n\n", s.DryRun.Calls)
	w("| Command | this p50 | this p90 | bare p50 | bare p90 | dry_run p50 | floor | this / floor | CPU this | of it children | CPU bare | CPU this / bare | CPU bare + spawner | CPU this / (bare + spawner) |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, c := range s.Cases {
		floor := c.Floor(s.DryRun)
		w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c.Name, dur(c.This.P50), dur(c.This.P90), dur(c.Bare.P50), dur(c.Bare.P90),
			dur(s.DryRun.P50), dur(floor), durRatio(c.This.P50, floor), dur(c.ThisCPU), dur(c.ThisChildCPU), dur(c.BareCPU), durRatio(c.ThisCPU, c.BareCPU),
			dur(c.SpawnCPU), durRatio(c.ThisCPU, c.SpawnCPU))
	}
	w("\n`dry_run` round trip: p50 %s, p90 %s.\n\n", dur(s.DryRun.P50), dur(s.DryRun.P90))
	w("Throughput of `pwd` from n concurrent callers for %v each (MCP: n calls in flight on one session; bare: n goroutines spawning), bare first, then the server:\n\n", res.LoadTime)
	w("| Callers | this calls/s | bare calls/s | this / bare | CPU per call, this | CPU per call, bare |\n|--:|--:|--:|--:|--:|--:|\n")
	for _, l := range s.Levels {
		share := "–"
		if l.BarePerSec > 0 {
			share = fmt.Sprintf("%.0f%%", 100*l.ThisPerSec/l.BarePerSec)
		}
		w("| %d | %.0f | %.0f | %s | %s | %s |\n", l.Clients, l.ThisPerSec, l.BarePerSec, share, dur(l.ThisCPU), dur(l.BareCPU))
	}
	w("\n%s", startupParagraph(s))
	return b.String()
}

// startupParagraph is the side by side's last paragraph: start-up and idle
// memory.
func startupParagraph(s *SideBySide) string {
	return fmt.Sprintf("Start-up (process start to initialize answered, %d starts): p50 %s, max %s (target 30 ms). Idle RSS after initialize and one describe call: %.1f MB at most (target 25 MB), of which %.1f MB anonymous; the rest are pages of the binary's file, whose number depends on how the page cache holds the file (right after a build, in large folios mapped whole: several MB more than once the file was read back from disk).\n",
		s.Start.Calls, dur(s.Start.P50), dur(s.Start.Max), float64(s.IdleRSSKB)/1024, float64(s.IdleAnonKB)/1024)
}

// StartupSection renders a RunStartup result: the start-up paragraph alone.
func StartupSection(s *SideBySide) string { return startupParagraph(s) }

func durRatio(a, b time.Duration) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", float64(a)/float64(b))
}
