// Package free reads the output of `free` for the catalog: the parser free.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package free

import (
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// FreeResult is the parsed output of `free`. Each row maps a column
// (total, used, free, shared, buff_cache, or buffers and cache with -w,
// available) to its value in bytes, "<column>_bytes", whatever unit free
// printed: KiB (its default) and -k, -m, -g, --tebi, --pebi multiplied by
// powers of 1024, --kilo ... --peta and --si by powers of 1000, which is
// exact; -h sizes are converted from the rounded digits printed
// (procps "22Gi", BusyBox "23.5G"; powers of 1000 with --si), and
// "<column>_human" keeps them. Total comes with -t, Low and High with -l.
type FreeResult struct {
	Mem  map[string]any `json:"mem,omitempty"`
	Swap map[string]any `json:"swap,omitempty"`
	// BuffersCache is procps 3.3.9 and older's "-/+ buffers/cache:" line:
	// used without and free with the buffers and the cache.
	BuffersCache map[string]any `json:"buffers_cache,omitempty"`
	Total        map[string]any `json:"total,omitempty"`
	Low          map[string]any `json:"low,omitempty"`
	High         map[string]any `json:"high,omitempty"`
}

// ExtendSchema: each row maps "<column>_<unit>" to a whole number, or to
// the text free printed for -h ("_human").
func (FreeResult) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	for name, p := range s.Properties {
		s.Properties[name] = &jsonschema.Schema{
			Type:        "object",
			Description: p.Description,
			PropertyNames: &jsonschema.Schema{
				Pattern: `^(total|used|free|shared|buff_cache|buffers|cache|available)_(bytes|kib|mib|gib|tib|pib|kb|mb|gb|tb|pb|human)$`,
			},
			PatternProperties: map[string]*jsonschema.Schema{
				`_human$`:              {Type: "string"},
				`_(bytes|[kmgtp]i?b)$`: {Type: "integer", Minimum: jsonschema.Ptr(0.0)},
			},
			AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		}
	}
	return s
}

var freeParser = &catalog.Parser{
	ID:      "free",
	Command: "free",
	Version: "1",
	OS:      []catalog.OS{catalog.Linux},
	Format:  "procps/BusyBox free table (Mem:, Swap:, -t Total:, -l Low:/High:) in any unit, answered in bytes",
	// Flags checked against procps-ng 4.0.2 free --help and free.c (this
	// machine) and BusyBox 1.35 free (-b -k -m -g -h). -c/-s repeat the
	// report and -v (--committed) adds a line: refused.
	Flags: catalog.Flags{
		"-b": catalog.Bool, "--bytes": catalog.Bool, "-k": catalog.Bool, "--kibi": catalog.Bool, "-m": catalog.Bool, "--mebi": catalog.Bool, "-g": catalog.Bool, "--gibi": catalog.Bool,
		"--tebi": catalog.Bool, "--pebi": catalog.Bool, "--kilo": catalog.Bool, "--mega": catalog.Bool, "--giga": catalog.Bool, "--tera": catalog.Bool, "--peta": catalog.Bool,
		"-h": catalog.Bool, "--human": catalog.Bool, "--si": catalog.Bool, "-w": catalog.Bool, "--wide": catalog.Bool, "-t": catalog.Bool, "--total": catalog.Bool,
		"-l": catalog.Bool, "--lohi": catalog.Bool, "-c": catalog.Value, "--count": catalog.Value, "-s": catalog.Value, "--seconds": catalog.Value,
	},
	MaxPositionals: 0,
	Alternatives:   map[string][]string{"-L": {}, "--line": {}, "-v": {}, "--committed": {}},
	Result:         FreeResult{},
	Examples:       [][]string{{"-b"}, {}, {"-h"}, {"-bt"}},
	Parse:          parseFree,
}

// freeParsers wires the freeParser and returns it for the builtin list.
func freeParsers() []*catalog.Parser {
	freeParser.Check = freeCheck
	return []*catalog.Parser{freeParser}
}

// freeCheck refuses repeated reports (-c, -s); the hint drops them.
func freeCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	var hint []string
	refused := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, attached := strings.Cut(a, "=")
		switch {
		case name == "-c" || name == "--count" || name == "-s" || name == "--seconds":
			refused = name
			if !attached && i+1 < len(args) {
				i++
			}
			continue
		case len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a, "cs"):
			k := strings.IndexAny(a, "cs")
			refused = "-" + a[k:k+1]
			if k+1 == len(a) && i+1 < len(args) {
				i++
			}
			if k > 1 {
				hint = append(hint, a[:k])
			}
			continue
		}
		hint = append(hint, a)
	}
	if refused != "" {
		return catalog.Unsupported(hint, "free %s prints several reports", refused)
	}
	return nil
}

// freeUnit reads the unit flags (the last one wins, as in procps 4.0.2
// free.c) into the bytes one printed number stands for, or the base of
// -h's rounded sizes (human).
func freeUnit(argv catalog.Args) (mult int64, human bool) {
	exp, si := 'k', false
	for _, a := range argv.Items {
		switch a.Flag {
		case "--bytes", "-b":
			exp = 'b'
		case "--kibi", "-k":
			exp = 'k'
		case "--mebi", "-m":
			exp = 'm'
		case "--gibi", "-g":
			exp = 'g'
		case "--tebi":
			exp = 't'
		case "--pebi":
			exp = 'p'
		case "--kilo":
			exp, si = 'k', true
		case "--mega":
			exp, si = 'm', true
		case "--giga":
			exp, si = 'g', true
		case "--tera":
			exp, si = 't', true
		case "--peta":
			exp, si = 'p', true
		case "--si":
			si = true
		case "--human", "-h":
			human = true
		}
	}
	base := int64(1024)
	if si {
		base = 1000
	}
	if human {
		return base, true
	}
	mult = 1
	for range strings.IndexByte("bkmgtp", byte(exp)) {
		mult *= base
	}
	return mult, false
}

// freeColumns are the headers free prints, as JSON keys without the unit.
var freeColumns = map[string]string{
	"total": "total", "used": "used", "free": "free", "shared": "shared", "buff/cache": "buff_cache",
	"buffers": "buffers", "cache": "cache", "cached": "cache", "available": "available",
}

func parseFree(c *catalog.Context) (any, error) {
	res := &FreeResult{}
	mult, human := freeUnit(c.Args)
	it := lex.Lines{Raw: c.Raw}
	var cols []string
	read := 0
	var ws []lex.Word
	tr := "parseInt"
	switch {
	case human:
		tr = "humanSize" + strconv.FormatInt(mult, 10)
	case mult > 1:
		tr = "parseInt*" + strconv.FormatInt(mult, 10)
	}
	for {
		line, start, ok := it.NextNonBlank()
		if !ok {
			break
		}
		ws = lex.Words(ws[:0], line)
		first := line[ws[0].Start:ws[0].End]
		if cols == nil && first == "total" {
			for _, w := range ws {
				k, ok := freeColumns[line[w.Start:w.End]]
				if !ok {
					cols = nil
					break
				}
				cols = append(cols, k)
			}
			if cols == nil {
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		var row *map[string]any
		var key string
		rowCols, vals := cols, ws[1:]
		if first == "-/+" && len(ws) == 4 && line[ws[1].Start:ws[1].End] == "buffers/cache:" {
			first, rowCols, vals = "-/+", []string{"used", "free"}, ws[2:]
		}
		switch first {
		case "Mem:":
			row, key = &res.Mem, "mem"
		case "Swap:":
			row, key = &res.Swap, "swap"
		case "Total:":
			row, key = &res.Total, "total"
		case "Low:":
			row, key = &res.Low, "low"
		case "High:":
			row, key = &res.High, "high"
		case "-/+":
			row, key = &res.BuffersCache, "buffers_cache"
		}
		if row == nil || *row != nil || cols == nil || len(vals) > len(rowCols) || len(vals) < 1 {
			c.Unread(start)
			continue
		}
		m := make(map[string]any, 2*len(vals))
		good := true
		for k, w := range vals {
			v := line[w.Start:w.End]
			var n int64
			if human {
				n, ok = lex.HumanBytes(v, mult)
				m[rowCols[k]+"_human"] = v
			} else {
				n, ok = lex.Atoi(v)
				ok = ok && n <= (1<<62)/mult
				n *= mult
			}
			if !ok {
				good = false
				break
			}
			m[rowCols[k]+"_bytes"] = n
		}
		if !good {
			c.Unread(start)
			continue
		}
		for k, w := range vals {
			c.Span(start+w.Start, start+w.End, tr, key, rowCols[k]+"_bytes")
			if human {
				c.Span(start+w.Start, start+w.End, "", key, rowCols[k]+"_human")
			}
		}
		*row = m
		read++
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as free output; if it is localized, rerun under LC_ALL=C")
	}
	if human && read > 1 {
		c.Warn("free -h printed rounded sizes: the *_bytes values are converted from the printed digits, *_human keeps them")
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return freeParsers() }
