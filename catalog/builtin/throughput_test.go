package builtin

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// BenchmarkThroughput parses, for every table parser, a 1 MB input built
// from its golden cases, spans off and on: the floor is
// catalogtest.ThroughputMin MB/s spans off.
//
//	go test -run '^$' -bench Throughput ./builtin
func BenchmarkThroughput(b *testing.B) {
	catalogtest.RunThroughput(b, catalogtest.TableParsers(Default()))
}

// TestThroughputCovers checks, untimed, that the benchmark covers every
// table parser: each has a golden case that repeats into a 1 MB input the
// parser reads whole, into the rows the repetitions promise.
func TestThroughputCovers(t *testing.T) {
	ps := catalogtest.TableParsers(Default())
	if len(ps) < 100 {
		t.Fatalf("%d table parsers, the catalog has more than 100", len(ps))
	}
	for _, p := range ps {
		tc, err := catalogtest.ThroughputInput(p)
		if err != nil {
			t.Error(err)
			continue
		}
		if len(tc.Raw) < catalogtest.ThroughputSize {
			t.Errorf("%s: input of %d bytes", p.ID, len(tc.Raw))
		}
		if testing.Short() {
			continue
		}
		if err := tc.Check(); err != nil {
			t.Error(err)
		}
		if testing.Verbose() {
			fmt.Printf("%-22s %-45s head %d tail %d rows/rep %d rows %d\n", p.ID, tc.Golden, tc.Head, tc.Tail, tc.RowsPerRep, tc.Rows)
		}
	}
}

// TestThroughputNeedsGolden: a table parser without a golden case, or
// whose goldens do not repeat into rows, is not covered, and says so.
func TestThroughputNeedsGolden(t *testing.T) {
	nogold := &catalog.Parser{ID: "no-such-parser-has-goldens", Command: "nothing", RowsKey: "rows",
		Parse: func(c *catalog.Context) (any, error) { return map[string]any{"rows": []int{}}, nil }}
	if _, err := catalogtest.ThroughputInput(nogold); err == nil {
		t.Errorf("a parser without golden cases got a throughput input")
	}
	// ls's goldens read by a parser whose rows do not grow with the input.
	flat := &catalog.Parser{ID: "ls", Command: "ls", RowsKey: "entries",
		Parse: func(c *catalog.Context) (any, error) {
			c.Span(0, 1, "parseInt", "entries", "0")
			return map[string]any{"entries": []int{1}}, nil
		}}
	if _, err := catalogtest.ThroughputInput(flat); err == nil {
		t.Errorf("a parser whose rows do not grow with its input got a throughput input")
	}
	// A row a line, but no span recorded: the spans-on benchmark would
	// measure nothing.
	nospans := &catalog.Parser{ID: "ls", Command: "ls", RowsKey: "entries",
		Parse: func(c *catalog.Context) (any, error) {
			return map[string]any{"entries": make([]int, strings.Count(c.Raw, "\n"))}, nil
		}}
	if _, err := catalogtest.ThroughputInput(nospans); err == nil {
		t.Errorf("a parser that records no span got a throughput input")
	}
	// The same with spans is covered: the checks above fail for their reason.
	lines := &catalog.Parser{ID: "ls", Command: "ls", RowsKey: "entries",
		Parse: func(c *catalog.Context) (any, error) {
			c.Span(0, 1, "parseInt", "entries", "0")
			return map[string]any{"entries": make([]int, strings.Count(c.Raw, "\n"))}, nil
		}}
	if tc, err := catalogtest.ThroughputInput(lines); err != nil || tc.Check() != nil || len(tc.Raw) < catalogtest.ThroughputSize {
		t.Errorf("a parser of a row a line got no throughput input: %v", err)
	}
	if tp := catalogtest.TableParsers(Default()); len(tp) == 0 || tp[0].Table == nil && tp[0].RowsKey == "" {
		t.Errorf("TableParsers lists %d parsers, first %v", len(tp), tp)
	}
}
