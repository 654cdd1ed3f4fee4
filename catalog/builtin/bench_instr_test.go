package builtin

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestParseInstructions runs one benchmark input through its parser
// PARISM_PARSE_N times, for valgrind --tool=callgrind, whose instruction
// counts do not vary with the load of a shared machine. It is skipped
// unless PARISM_PARSE_CASE names a case ("ls-golden", "ps-golden",
// "df-golden", with PARISM_PARSE_SPANS=1 for span mode). Instructions
// per parse are (count at N) - (count at 0), over N, run from catalog/
// (the cases read testdata):
//
//	GODEBUG=asyncpreemptoff=1 GOGC=off PARISM_PARSE_CASE=ls-golden PARISM_PARSE_N=3 \
//	    valgrind --tool=callgrind ./catalog.test -test.run TestParseInstructions
//
// asyncpreemptoff: callgrind 3.19 aborts on the runtime's preemption
// signals. GOGC=off gives the parser's own count, the same on every run;
// with the collector on, the count also holds collector work that varies
// from run to run (and the runtime's idle threads count more when the
// machine is loaded).
func TestParseInstructions(t *testing.T) {
	name := os.Getenv("PARISM_PARSE_CASE")
	if name == "" {
		t.Skip("PARISM_PARSE_CASE not set")
	}
	n, _ := strconv.Atoi(os.Getenv("PARISM_PARSE_N"))
	spans := os.Getenv("PARISM_PARSE_SPANS") == "1"
	cases := map[string]func() catalogtest.BenchCase{
		"ls-golden": func() catalogtest.BenchCase {
			return catalogtest.BenchGolden(t, "ls", findParser(t, "ls"), "linux/ls/long_all", 1, 0)
		},
		"ps-golden": func() catalogtest.BenchCase {
			return catalogtest.BenchGolden(t, "ps", findParser(t, "ps"), "linux/ps/aux", 1, 0)
		},
		"df-golden": func() catalogtest.BenchCase {
			return catalogtest.BenchGolden(t, "df", findParser(t, "df"), "linux/df/default", 1, 0)
		},
		"ls": func() catalogtest.BenchCase {
			return catalogtest.BenchCase{Name: "ls", Parser: findParser(t, "ls"), Args: []string{"-la"}, Raw: catalogtest.BenchLs()}
		},
		"ps": func() catalogtest.BenchCase {
			return catalogtest.BenchCase{Name: "ps", Parser: findParser(t, "ps"), Args: []string{"aux"}, Raw: benchPs()}
		},
	}
	mk, ok := cases[name]
	if !ok {
		t.Fatalf("unknown case %q", name)
	}
	tc := mk()
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	args := tc.Parser.ReadArgs(tc.Args)
	for range n {
		c := &catalog.Context{Raw: tc.Raw, Args: args, OS: catalog.Linux, Now: now, Location: time.UTC}
		if spans {
			c.RecordSpans()
		}
		if _, err := tc.Parser.Parse(c); err != nil {
			t.Fatal(err)
		}
		if len(c.UnreadOffsets()) != 0 {
			t.Fatalf("%d unread lines", len(c.UnreadOffsets()))
		}
	}
}
