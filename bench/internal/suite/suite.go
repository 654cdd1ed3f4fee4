// Package suite is the benchmark behind `task bench`: token counts of every
// response form over the scenarios in bench/testdata, parse throughput,
// engine overhead, the MCP round trip, and accuracy on the catalog's golden
// fixtures. Run writes bench/report.md and two SVG charts.
package suite

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Options configures Run.
type Options struct {
	// Quick runs the short version: smaller throughput inputs, shorter
	// timings, fewer MCP calls. The token and accuracy sections are the
	// same as in a full run.
	Quick bool
	// Root is the repository root (the directory of go.work); empty: found
	// from the working directory.
	Root string
	// Out is the directory the report is written to; empty: Root/bench.
	Out string
	// Binary is the parism binary for the MCP round trip; empty: built
	// from Root/cli/cmd/parism into a temporary directory.
	Binary string
	// Log receives progress lines; nil discards them.
	Log io.Writer
	// DiagOnly runs only the diagnostics scenario (bench/testdata/diag)
	// and writes its section alone to Out/report-diag.md.
	DiagOnly bool
	// SideOnly runs only the side by side with bare spawns (this
	// server's round trip, CPU per call and throughput beside a bare
	// spawn of the same commands) and writes nothing: SideBySideSection
	// renders it.
	SideOnly bool
	// StartOnly runs only the start-up and idle memory part of the side
	// by side (fresh servers of the binary, built as the full run builds
	// it) and writes nothing: StartupSection renders res.SideBySide.
	StartOnly bool
	// SyncReadme rewrites the headline block of Root/README.md (between
	// HeadlineBegin and HeadlineEnd) with this run's figures.
	SyncReadme bool
}

// Files written by Run, in Out.
const (
	ReportFile      = "report.md"
	TokensChartFile = "report-tokens.svg"
	SpeedChartFile  = "report-speed.svg"
	DiagReportFile  = "report-diag.md"
)

// Results is everything Run measured.
type Results struct {
	Tokens     []*TokenResult
	ToolsList  *ToolsListCost
	Summary    TokenSummary
	Accuracy   *Accuracy
	Throughput []Throughput
	Overhead   []Overhead
	OverheadOn string
	RoundTrip  []Latency
	RoundErr   string
	SideBySide *SideBySide
	SideErr    string
	Diag       []*DiagRun
	DiagErr    string
	LoadTime   time.Duration // how long each load level of the side by side runs
	Machine    Machine
	Quick      bool
	InputSize  int
	MinTime    time.Duration
	Calls      int
}

// Machine describes where the speed section was measured.
type Machine struct {
	CPU   string
	Cores int
	Go    string
	OS    string
	Date  string
}

// FindRoot walks up from dir to the directory holding go.work and
// bench/testdata.
func FindRoot(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if fileExists(filepath.Join(d, "go.work")) && fileExists(filepath.Join(d, "bench", "testdata")) {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no go.work with bench/testdata above %s: run from the repository, or pass --root", dir)
		}
		d = parent
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// Run measures everything and writes the report.
func Run(o Options) (*Results, error) {
	logw := o.Log
	if logw == nil {
		logw = io.Discard
	}
	logf := func(format string, a ...any) { fmt.Fprintf(logw, "parism-bench: "+format+"\n", a...) }
	if o.Root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		if o.Root, err = FindRoot(wd); err != nil {
			return nil, err
		}
	}
	if o.Out == "" {
		o.Out = filepath.Join(o.Root, "bench")
	}
	if o.SideOnly || o.StartOnly {
		return runSideOnly(o, logf)
	}
	if o.DiagOnly {
		runs, err := RunDiag(o.Root, logw)
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(o.Out, 0o755); err != nil {
			return nil, err
		}
		out := filepath.Join(o.Out, DiagReportFile)
		if err := os.WriteFile(out, []byte(DiagReport(runs, "")), 0o644); err != nil {
			return nil, err
		}
		logf("wrote %s", out)
		return &Results{Diag: runs, Machine: machine()}, nil
	}
	res := &Results{Quick: o.Quick, Machine: machine(), InputSize: 1 << 20, MinTime: time.Second, Calls: 300, LoadTime: 2 * time.Second}
	if o.Quick {
		res.InputSize, res.MinTime, res.Calls, res.LoadTime = 64<<10, 100*time.Millisecond, 30, 300*time.Millisecond
	}

	scen, err := LoadScenarios(filepath.Join(o.Root, "bench", "testdata"))
	if err != nil {
		return nil, err
	}
	logf("tokens: %d scenarios", len(scen))
	tb, err := newTokenBench()
	if err != nil {
		return nil, err
	}
	for _, s := range scen {
		r, err := tb.Run(s)
		if err != nil {
			return nil, err
		}
		res.Tokens = append(res.Tokens, r)
	}
	res.Summary = Summarize(res.Tokens)

	logf("tokens: tools/list")
	if res.ToolsList, err = RunToolsList(); err != nil {
		return nil, err
	}

	logf("accuracy: golden fixtures under catalog/parsers/*/testdata")
	if res.Accuracy, err = RunAccuracy(filepath.Join(o.Root, "catalog")); err != nil {
		return nil, err
	}

	logf("speed: parse throughput on %d KB inputs", res.InputSize>>10)
	res.Throughput = RunThroughput(scen, res.InputSize, res.MinTime)
	for _, s := range scen {
		if s.ID == "ls-la-200" {
			logf("speed: engine overhead on %s", s.ID)
			res.OverheadOn = s.Title
			if res.Overhead, err = RunOverhead(s, res.MinTime); err != nil {
				return nil, err
			}
		}
	}

	bin := o.Binary
	if bin == "" {
		dir, err := os.MkdirTemp("", "parism-bench-bin")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		if bin, err = buildBinary(o.Root, dir); err != nil {
			res.RoundErr = err.Error()
		}
	}
	if bin != "" {
		logf("speed: MCP round trip, %d calls", res.Calls)
		if res.RoundTrip, err = RunRoundTrip(bin, res.Calls); err != nil {
			res.RoundErr = err.Error()
		}
		logf("speed: side by side with bare spawns, %d calls each", res.Calls)
		if res.SideBySide, err = RunSideBySide(bin, res.Calls, res.LoadTime); err != nil {
			res.SideErr = err.Error()
		}
	} else {
		res.SideErr = res.RoundErr
	}

	if o.Quick {
		// It runs compilers, linters and test runners for a minute: the
		// quick run (CI) leaves it to -diag and to suite's TestDiagGoAndC.
		res.DiagErr = "the quick run leaves this section out (it runs the real compilers and test runners); `-diag` runs it alone"
	} else {
		logf("diagnostics: seeded failing projects under bench/testdata/diag")
		if res.Diag, err = RunDiag(o.Root, logw); err != nil {
			res.DiagErr = err.Error()
		}
	}

	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, err
	}
	files := map[string][]byte{
		ReportFile:      Report(res),
		TokensChartFile: TokensSVG(res.Tokens),
		SpeedChartFile:  SpeedSVG(res),
	}
	var errs []error
	for name, b := range files {
		errs = append(errs, os.WriteFile(filepath.Join(o.Out, name), b, 0o644))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	logf("wrote %s", filepath.Join(o.Out, ReportFile))
	if o.SyncReadme {
		readme := filepath.Join(o.Root, "README.md")
		if err := SyncReadme(readme, Headline(res)); err != nil {
			return nil, err
		}
		logf("updated the headline block of %s", readme)
	}
	return res, nil
}

// buildBinary builds parism and parism-sandbox from root into dir, side
// by side as installed (parism starts its sandboxed children through
// parism-sandbox when it sits beside it), and returns parism's path.
func buildBinary(root, dir string) (string, error) {
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "./cli/cmd/parism", "./cli/cmd/parism-sandbox")
	build.Dir = root
	// As the README installs it: without cgo (a static binary; the C
	// library's pages are ~2 MB of an idle server's RSS otherwise).
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	var stderr bytes.Buffer
	build.Stderr = &stderr
	if err := build.Run(); err != nil {
		return "", errors.New("building the binary failed: " + strings.TrimSpace(stderr.String()))
	}
	return filepath.Join(dir, "parism"), nil
}

func machine() Machine {
	m := Machine{CPU: "unknown", Cores: runtime.NumCPU(), Go: runtime.Version(), OS: runtime.GOOS + "/" + runtime.GOARCH,
		Date: time.Now().UTC().Format("2006-01-02 15:04 UTC")}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	return m
}

// runSideOnly is Run with Options.SideOnly or StartOnly.
func runSideOnly(o Options, logf func(string, ...any)) (*Results, error) {
	res := &Results{Quick: o.Quick, Machine: machine(), Calls: 300, LoadTime: 2 * time.Second}
	if o.Quick {
		res.Calls, res.LoadTime = 30, 300*time.Millisecond
	}
	bin := o.Binary
	if bin == "" {
		logf("speed: building the parism binary")
		dir, err := os.MkdirTemp("", "parism-bench-bin")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		if bin, err = buildBinary(o.Root, dir); err != nil {
			return nil, err
		}
	}
	var err error
	if o.StartOnly {
		n := max(5, res.Calls/20) // as many starts as the side by side's
		logf("speed: start-up and idle memory, %d starts", n)
		if res.SideBySide, err = RunStartup(bin, n); err != nil {
			return nil, err
		}
		return res, nil
	}
	logf("speed: side by side with bare spawns, %d calls each", res.Calls)
	if res.SideBySide, err = RunSideBySide(bin, res.Calls, res.LoadTime); err != nil {
		return nil, err
	}
	return res, nil
}

// SideBySideSection is the report's side-by-side section for res.
func SideBySideSection(res *Results) string { return sideBySideReport(res) }
