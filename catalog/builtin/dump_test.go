package builtin

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

var dumpDir = flag.String("dump", "", "write every golden case's answer and spans under this directory, to compare two trees byte for byte (diff -r)")

// TestDump writes, per golden case, what a parse answers (value, error,
// unread lines, rows omitted, warnings) and every span explain_result
// would read, with spans off, on, and at max_items 1; and a digest of the
// same for each 1 MB benchmark input. A restructuring that changes no
// answer leaves two dumps identical.
func TestDump(t *testing.T) {
	if *dumpDir == "" {
		t.Skip("no -dump directory")
	}
	for _, gc := range loadGolden(t) {
		var b strings.Builder
		for _, mode := range []struct {
			name     string
			spans    bool
			maxItems int
		}{{"off", false, -1}, {"spans", true, -1}, {"max1", true, 1}} {
			in := gc.input(t, mode.spans)
			if mode.maxItems > 0 {
				in.MaxItems = mode.maxItems
			}
			fmt.Fprintf(&b, "== %s\n", mode.name)
			dumpResult(&b, Default().Parse(in))
		}
		path := filepath.Join(*dumpDir, "golden", string(gc.os), gc.parser, gc.name+".txt")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	big := []struct {
		name, cmd string
		args      []string
		raw       string
	}{
		{"ls", "ls", []string{"-la"}, catalogtest.BenchLs()},
		{"ps", "ps", []string{"aux"}, benchPs()},
		{"git-status", "git", []string{"status", "--porcelain", "-b"}, benchGit()},
	}
	for _, g := range []struct {
		cmd, base  string
		head, tail int
	}{
		{"ls", "linux/ls/long_all", 1, 0}, {"ps", "linux/ps/aux", 1, 0}, {"df", "linux/df/default", 1, 0},
		{"find", "linux/find/dot", 0, 0}, {"grep", "linux/grep/recursive_n", 0, 0}, {"wc", "linux/wc/many", 0, 1},
		{"git", "linux/git-log/oneline", 0, 0},
	} {
		bc := catalogtest.BenchGolden(t, g.cmd, nil, g.base, g.head, g.tail)
		big = append(big, struct {
			name, cmd string
			args      []string
			raw       string
		}{strings.ReplaceAll(g.base, "/", "_"), g.cmd, bc.Args, bc.Raw})
	}
	var b strings.Builder
	for _, c := range big {
		for _, spans := range []bool{false, true} {
			var one strings.Builder
			dumpResult(&one, Default().Parse(catalog.Input{Cmd: c.cmd, Args: c.args, Raw: c.raw, OS: catalog.Linux, Spans: spans,
				Now: now, Location: time.UTC}))
			fmt.Fprintf(&b, "%s spans=%v %d bytes %x\n", c.name, spans, one.Len(), sha256.Sum256([]byte(one.String())))
		}
	}
	if err := os.WriteFile(filepath.Join(*dumpDir, "big.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func dumpResult(b *strings.Builder, r catalog.Result) {
	if r.Parser != nil {
		fmt.Fprintf(b, "parser %s\n", r.Parser.ID)
	}
	if r.Err != nil {
		e, _ := json.Marshal(r.Err)
		fmt.Fprintf(b, "error %s %s\n", e, r.Err.Error())
	} else {
		b.Write(catalogtest.MarshalIndent(r.Value, ""))
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "passthrough %v unread %v omitted %d warnings %q\n", r.Passthrough, r.UnreadLines, r.RowsOmitted, r.Warnings)
	fmt.Fprintf(b, "spans %d evidence %d\n", len(r.Spans), r.Evidence.Len())
	for _, s := range r.Spans {
		fmt.Fprintf(b, "%s %d %d %d %s\n", s.Pointer, s.Start, s.End, s.Line, s.Transform)
	}
}
