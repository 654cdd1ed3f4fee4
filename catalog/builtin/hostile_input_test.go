package builtin

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
)

// TestHostileInputsEveryParser: a client of parse-style tools may send any
// text. Every built-in parser, called directly (no registry recover), with
// each of its documented example argv, must answer deeply nested JSON, one
// line of 4 MiB, 200 000 short lines and a line of NULs with a value or a
// *ParseError, never a panic, and within a bounded time.
func TestHostileInputsEveryParser(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	inputs := map[string]string{
		"deep-json":   strings.Repeat(`{"a":[`, 100_000) + strings.Repeat("]}", 100_000),
		"deep-array":  strings.Repeat("[", 200_000),
		"long-line":   strings.Repeat("x:", 2<<20),
		"many-lines":  strings.Repeat("a b c\n", 200_000),
		"nul":         strings.Repeat("\x00", 1<<16) + "\n",
		"json-string": `{"reason":"compiler-message","message":{"rendered":"` + strings.Repeat(`\u00e9`, 1<<18) + `"}}` + "\n",
	}
	calls := 0
	for _, p := range builtinParsers() {
		argSets := [][]string{{}}
		for _, e := range p.Examples {
			argSets = append(argSets, slices.Clone(e))
		}
		if len(argSets) > 3 {
			argSets = argSets[:3]
		}
		for name, raw := range inputs {
			for _, args := range argSets {
				for _, osv := range p.OS {
					if p.Check != nil && p.Check(p.ReadArgs(args), osv) != nil {
						continue
					}
					func() {
						defer func() {
							if r := recover(); r != nil {
								t.Errorf("%s %q (%s) on %s: panic: %v", p.ID, args, osv, name, r)
							}
						}()
						start := time.Now()
						c := &catalog.Context{Raw: raw, Args: p.ReadArgs(slices.Clone(args)), OS: osv, Location: time.UTC,
							Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
						calls++
						v, err := p.Parse(c)
						if d := time.Since(start); d > 10*time.Second {
							t.Errorf("%s %q on %s: %v", p.ID, args, name, d)
						}
						if (v == nil) == (err == nil) {
							t.Errorf("%s %q on %s: value %v with error %v", p.ID, args, name, v != nil, err)
						}
						if err != nil {
							if _, ok := err.(*catalog.ParseError); !ok {
								t.Errorf("%s %q on %s: error of type %T: %v", p.ID, args, name, err, fmt.Sprint(err))
							}
						}
					}()
				}
			}
		}
	}
	if calls < 5*len(builtinParsers()) {
		t.Fatalf("only %d calls for %d parsers", calls, len(builtinParsers()))
	}
}
