package bench

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "parism-bench")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "parism")
	// The servers these tests start read parser packs from PARISM_HOME: a
	// fresh one, so packs installed on this machine change nothing.
	os.Setenv("PARISM_HOME", filepath.Join(dir, "home"))
	// parism-sandbox beside parism, as installed: the server starts its
	// sandboxed children through it (3 ms cheaper than re-executing itself).
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "../cli/cmd/parism", "../cli/cmd/parism-sandbox")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	build.Env = append(os.Environ(), "CGO_ENABLED=0") // as the README installs it
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building parism:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// connect starts the binary as an MCP server over stdio.
func connect(tb testing.TB) (*mcp.ClientSession, *exec.Cmd) {
	tb.Helper()
	cmd := exec.Command(binary)
	cmd.Stderr = os.Stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return cs, cmd
}

// listing is a directory of n files, like a small project.
func listing(tb testing.TB, n int) string {
	dir := tb.TempDir()
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("file-%03d.txt", i)), []byte("x"), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

func percentile(d []time.Duration, p float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func report(b *testing.B, d []time.Duration) {
	b.ReportMetric(float64(percentile(d, 0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(d, 0.99).Microseconds())/1000, "p99-ms")
}

// BenchmarkRoundTrip is `run ls -la` through the MCP server over stdio,
// beside a bare spawn of `ls -la`: the price of the whole pipeline.
func BenchmarkRoundTrip(b *testing.B) {
	dir := listing(b, 50)
	b.Run("bare_spawn", func(b *testing.B) {
		var d []time.Duration
		for b.Loop() {
			t := time.Now()
			c := exec.Command("ls", "-la")
			c.Dir = dir
			if _, err := c.Output(); err != nil {
				b.Fatal(err)
			}
			d = append(d, time.Since(t))
		}
		report(b, d)
	})
	b.Run("mcp_run", func(b *testing.B) {
		cs, _ := connect(b)
		defer cs.Close()
		params := &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "ls", "args": []string{"-la"}, "cwd": dir}}
		var d []time.Duration
		for b.Loop() {
			t := time.Now()
			res, err := cs.CallTool(context.Background(), params)
			if err != nil || res.IsError {
				b.Fatal(err, res)
			}
			d = append(d, time.Since(t))
		}
		report(b, d)
	})
}

// BenchmarkStartup measures process start to `initialize` answered.
func BenchmarkStartup(b *testing.B) {
	var d []time.Duration
	for b.Loop() {
		t := time.Now()
		cs, _ := connect(b)
		d = append(d, time.Since(t))
		cs.Close()
	}
	report(b, d)
}

// BenchmarkIdleRSS reports the server's resident memory after initialize
// and one describe call (Linux only: read from /proc).
func BenchmarkIdleRSS(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads /proc")
	}
	var kb int
	for b.Loop() {
		cs, cmd := connect(b)
		if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "describe", Arguments: map[string]any{}}); err != nil {
			b.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
		kb = rssKB(b, cmd.Process.Pid)
		cs.Close()
	}
	b.ReportMetric(float64(kb)/1024, "rss-MB")
}

func rssKB(tb testing.TB, pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		tb.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return n
		}
	}
	tb.Fatal("no VmRSS")
	return 0
}

// TestServerAnswersOverStdio keeps the benchmark honest: the measured call
// must really run the command and parse it.
func TestServerAnswersOverStdio(t *testing.T) {
	dir := listing(t, 3)
	cs, _ := connect(t)
	defer cs.Close()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"cmd": "ls", "args": []string{"-la"}, "cwd": dir}})
	if err != nil {
		t.Fatal(err)
	}
	sc, ok := res.StructuredContent.(map[string]any)
	if !ok || sc["ok"] != true {
		t.Fatalf("run ls -la: %#v", res.StructuredContent)
	}
	raw := sc["stdout"].(map[string]any)["raw"].(string)
	if !strings.Contains(raw, "file-002.txt") {
		t.Fatalf("raw output lacks the files: %q", raw)
	}
}
