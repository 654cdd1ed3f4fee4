// Package mpstat reads the output of `mpstat` for the catalog: the parser mpstat.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package mpstat

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
)

// MpstatResult is mpstat's CPU report.
type MpstatResult struct {
	// System is the first line as printed (kernel, host, date, arch, CPU count).
	System string `json:"system,omitempty"`
	// Rows are the report lines, the "Average:" lines last.
	Rows []MpstatRow `json:"rows"`
}

// MpstatRow is one CPU's line of one interval.
type MpstatRow struct {
	// Time is the interval's time as printed (none on an Average line).
	Time string `json:"time,omitempty"`
	// Average marks the "Average:" lines.
	Average bool `json:"average,omitempty"`
	// CPU is "all" or the CPU number.
	CPU string `json:"cpu"`
	// Percent maps each column (usr, nice, sys, iowait, irq, soft, steal, guest, gnice, idle) to its percent.
	Percent map[string]float64 `json:"percent"`
}

// mpstatFlags: mpstat(1) of sysstat 12.6.1 (Debian 12): -u (the CPU
// report, the default), -P LIST|ALL, -T? (topology: refused), interval and
// count positionals; -A, -I, -N, -n print other reports, -o JSON passes
// through.
var mpstatFlags = catalog.Flags{"-u": catalog.Bool, "-P": catalog.Value}

func mpstatParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "mpstat", Command: "mpstat", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "sysstat mpstat's CPU report (-u, -P ALL; interval and count, Average lines), columns by their header",
		Flags:  mpstatFlags, MaxPositionals: 2, Result: MpstatResult{}, RowsKey: "rows",
		Examples: [][]string{{}, {"-P", "ALL"}, {"1", "2"}},
		Parse:    parseMpstat,
	}}
}

func parseMpstat(c *catalog.Context) (any, error) {
	res := &MpstatResult{Rows: make([]MpstatRow, 0, kit.RowCap(c))}
	var fb kit.FieldBuf
	var cols []string // the header's percent columns, without "%"; nil before a header
	dupCols := false  // a name in cols twice
	head := ""        // the header's text after CPU, cols read from it
	first := true
	for l := range kit.EachLine(c.Raw) {
		t := l.Text
		if strings.TrimSpace(t) == "" {
			continue
		}
		if first && strings.Contains(t, "CPU)") {
			res.System = kit.Text(c, l.At, l.At+len(strings.TrimRight(t, " \t")), "system")
			first = false
			continue
		}
		first = false
		toks := fb.Fields(l, 0)
		// The time is one word ("23:07:00") or two ("11:07:00 PM"); CPU follows.
		k := 1
		if len(toks) > 2 {
			if w := c.Raw[toks[1][0]:toks[1][1]]; w == "AM" || w == "PM" {
				k = 2
			}
		}
		if k >= len(toks) {
			c.Unread(l.At)
			continue
		}
		if c.Raw[toks[k][0]:toks[k][1]] == "CPU" {
			// Each interval repeats the header: its columns are read
			// again only when they change (a tenth of the time on a 1 MB
			// input).
			names := c.Raw[toks[k][1] : l.At+len(t)]
			if cols != nil && names == head {
				continue
			}
			head = names
			cols = cols[:0]
			for _, f := range toks[k+1:] {
				cols = append(cols, strings.TrimPrefix(c.Raw[f[0]:f[1]], "%"))
			}
			if !kit.ValidKeys(cols) {
				return nil, catalog.Unrecognized("mpstat's header is not valid UTF-8")
			}
			dupCols = hasDup(cols)
			continue
		}
		avg := c.Raw[toks[0][0]:toks[0][1]] == "Average:"
		if avg {
			k = 1
		}
		if len(cols) == 0 || len(toks) != k+1+len(cols) {
			c.Unread(l.At)
			continue
		}
		if c.Full(len(res.Rows)) {
			c.Omit(1)
			continue
		}
		if dupCols { // a column named twice makes every row unreadable
			c.Unread(l.At)
			continue
		}
		i := len(res.Rows)
		mark := c.Mark()
		r := MpstatRow{Average: avg, Percent: make(map[string]float64, len(cols))}
		if avg {
			c.Span(toks[0][0], toks[0][1], "marker", "rows", i, "average")
		} else {
			r.Time = kit.Text(c, toks[0][0], toks[k-1][1], "rows", i, "time")
		}
		r.CPU = kit.Text(c, toks[k][0], toks[k][1], "rows", i, "cpu")
		ok := true
		for j, h := range cols {
			f := toks[k+1+j]
			v, read := kit.FloatVal(c, f[0], f[1], "rows", i, "percent", h)
			if !read {
				ok = false
				break
			}
			r.Percent[h] = v
		}
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		res.Rows = append(res.Rows, r)
	}
	if len(res.Rows) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, kit.NoRows("mpstat")
	}
	return res, nil
}

// hasDup reports whether a name is in names twice.
func hasDup(names []string) bool {
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			return true
		}
	}
	return false
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return mpstatParsers() }
