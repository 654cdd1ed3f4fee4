package suite

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestSideBySide runs the side by side briefly against the binary built
// from the repository: every command is measured on both sides, the load
// levels count calls, and the report section shows the figures.
func TestSideBySide(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	if testing.Short() {
		t.Skip("builds the binary and runs a few hundred commands")
	}
	bin := os.Getenv("PARISM_BENCH_BINARY")
	if bin == "" {
		dir := t.TempDir()
		build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "../../../cli/cmd/parism", "../../../cli/cmd/parism-sandbox")
		build.Env = append(os.Environ(), "CGO_ENABLED=0") // as the README installs it
		if b, err := build.CombinedOutput(); err != nil {
			t.Fatalf("build: %v: %s", err, b)
		}
		bin = filepath.Join(dir, "parism")
	}
	calls := 10
	if n := os.Getenv("PARISM_BENCH_CALLS"); n != "" {
		calls = atoiOr(n, calls)
	}
	done := make(chan struct{})
	var s *SideBySide
	var err error
	go func() {
		defer close(done)
		s, err = RunSideBySide(bin, calls, 200*time.Millisecond)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Minute):
		t.Fatal("the side by side did not end in 5 minutes")
	}
	if err != nil {
		t.Fatal(err)
	}
	names := []string{}
	var children time.Duration
	for _, c := range s.Cases {
		names = append(names, c.Name)
		if c.This.Calls != calls || c.Bare.Calls != calls || c.This.P50 <= 0 || c.Bare.P50 <= 0 || c.BareCPU <= 0 || c.SpawnCPU < c.BareCPU || c.ThisChildCPU < 0 || c.ThisChildCPU > c.ThisCPU {
			t.Errorf("%s: %+v", c.Name, c)
		}
		children += c.ThisChildCPU
	}
	// Read in clock ticks, one command's block may round to none; ps aux
	// alone uses several ms per call.
	if children <= 0 {
		t.Errorf("no CPU of the server's children read: %+v", s.Cases)
	}
	if got := strings.Join(names, ","); got != "ls -la,git status,ps aux,pwd" {
		t.Errorf("cases %s", got)
	}
	if s.DryRun.P50 <= 0 || len(s.Levels) != 3 || s.Start.P50 <= 0 || s.IdleRSSKB <= 0 || s.IdleAnonKB <= 0 || s.IdleAnonKB >= s.IdleRSSKB {
		t.Errorf("dry_run %v, %d levels, start %v, rss %d KB (anonymous %d KB)", s.DryRun.P50, len(s.Levels), s.Start.P50, s.IdleRSSKB, s.IdleAnonKB)
	}
	for _, l := range s.Levels {
		if l.ThisPerSec <= 0 || l.BarePerSec <= 0 {
			t.Errorf("%d callers: %+v", l.Clients, l)
		}
	}
	sec := sideBySideReport(&Results{SideBySide: s, LoadTime: 200 * time.Millisecond})
	for _, want := range []string{"| git status |", "| 16 |", "Idle RSS"} {
		if !strings.Contains(sec, want) {
			t.Errorf("report section lacks %q:\n%s", want, sec)
		}
	}
	t.Log(sec)
}

func atoiOr(s string, def int) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return def
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// TestStartup runs the start-up part alone (parism-bench --startup): n
// servers started, their time and memory read, the paragraph showing them.
func TestStartup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "../../../cli/cmd/parism")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v: %s", err, b)
	}
	done := make(chan struct{})
	var s *SideBySide
	var err error
	go func() {
		defer close(done)
		s, err = RunStartup(filepath.Join(dir, "parism"), 3)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("three starts did not end in a minute")
	}
	if err != nil {
		t.Fatal(err)
	}
	if s.Start.Calls != 3 || s.Start.P50 <= 0 || s.IdleRSSKB <= 0 || s.IdleAnonKB <= 0 || s.IdleAnonKB >= s.IdleRSSKB || len(s.Cases) != 0 {
		t.Errorf("start %+v, rss %d KB (anonymous %d KB), %d cases", s.Start, s.IdleRSSKB, s.IdleAnonKB, len(s.Cases))
	}
	sec := StartupSection(s)
	want := fmt.Sprintf("3 starts): p50 %s", dur(s.Start.P50))
	for _, w := range []string{want, fmt.Sprintf("Idle RSS after initialize and one describe call: %.1f MB", float64(s.IdleRSSKB)/1024)} {
		if !strings.Contains(sec, w) {
			t.Errorf("paragraph lacks %q:\n%s", w, sec)
		}
	}
}
