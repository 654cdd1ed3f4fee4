package kit

import (
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
)

// FsWithout returns args without the arguments that carry the flags in
// drop (their values included), and with extra added before the first
// operand: the hint for an unsupported flag is the same command without
// it, or with the flags that make the output readable.
func FsWithout(args []string, scanned []catalog.CmdArg, drop func(a catalog.CmdArg) bool, extra ...string) []string {
	skip := map[int]bool{}
	for _, a := range scanned {
		if a.Flag == "" || !drop(a) {
			continue
		}
		// A flag inside a cluster ("-lT") is removed from the cluster only.
		arg := args[a.Index]
		if len(a.Flag) == 2 && len(arg) > 2 && arg[1] != '-' && !a.HasValue {
			args = fsReplace(args, a.Index, strings.Replace(arg, a.Flag[1:], "", 1))
			if args[a.Index] == "-" {
				skip[a.Index] = true
			}
			continue
		}
		skip[a.Index] = true
		if a.HasValue && !a.Attached {
			skip[a.Index+1] = true
		}
	}
	at := fsFirstOperand(args, scanned)
	out := []string{}
	for i, a := range args {
		if i == at {
			out = append(out, extra...)
		}
		if !skip[i] {
			out = append(out, a)
		}
	}
	if at >= len(args) {
		out = append(out, extra...)
	}
	return out
}

// fsFirstOperand is the index of the first operand (or of the "--" before
// it), where flags are added: BSD programs stop reading options there, so
// a flag after it would be read as a file name.
func fsFirstOperand(args []string, scanned []catalog.CmdArg) int {
	for _, a := range scanned {
		if a.Flag == "" {
			if a.Index > 0 && args[a.Index-1] == "--" {
				return a.Index - 1
			}
			return a.Index
		}
	}
	for i, a := range args {
		if a == "--" {
			return i
		}
	}
	return len(args)
}

func fsReplace(args []string, i int, v string) []string {
	out := append([]string(nil), args...)
	out[i] = v
	return out
}

// ZoneName names the zone assumed for times printed without an offset.
func ZoneName(c *catalog.Context) string {
	loc := c.Location
	if loc == nil {
		loc = time.UTC
	}
	name := loc.String()
	if name == "Local" || name == "" {
		name, _ = c.Now.In(loc).Zone()
	}
	return name
}

// FsSettle finishes a list read in full. When hasTotal, the last row is a
// total line: it is returned apart and its spans move to totalKey. Rows past
// MaxItems are then dropped and counted, their spans cut. marks[i] is where
// row i's spans begin (kept only while recording).
func FsSettle[T any](c *catalog.Context, r *catalog.SpanRec, rows []T, marks []int, hasTotal bool, totalKey uint16) ([]T, *T) {
	var tot *T
	spansEnd := len(r.Spans)
	if hasTotal && len(rows) > 0 {
		t := rows[len(rows)-1]
		tot = &t
		rows = rows[:len(rows)-1]
		if r.On {
			spansEnd = marks[len(rows)]
			r.Retemplate(spansEnd, totalKey)
		}
	}
	if c.MaxItems > 0 && len(rows) > c.MaxItems {
		c.Omit(len(rows) - c.MaxItems)
		if r.On {
			r.Cut(marks[c.MaxItems], spansEnd)
		}
		rows = rows[:c.MaxItems]
	}
	return rows, tot
}
