package pack

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// Declarative modes and shapes.
const (
	ModeColumns = "columns"
	ModeHeader  = "header"
	ModeRegex   = "regex"
	ShapeRows   = "rows"
	ShapeObject = "object"
)

// Field types.
const (
	TypeString    = "string"
	TypeInt       = "int"
	TypeFloat     = "float"
	TypeBool      = "bool"
	TypeBytes     = "bytes"
	TypeTimestamp = "timestamp"
)

func (d *Declarative) check(m *Manifest) error {
	bad := func(key, format string, a ...any) error {
		return &ManifestError{Key: "declarative." + key, Msg: fmt.Sprintf(format, a...)}
	}
	switch d.Shape {
	case "":
		d.Shape = ShapeRows
	case ShapeRows, ShapeObject:
	default:
		return bad("shape", "must be %q or %q, got %q", ShapeRows, ShapeObject, d.Shape)
	}
	switch d.Mode {
	case ModeColumns:
		if len(d.Columns) == 0 {
			return bad("columns", "columns mode needs the column names")
		}
		if dup := firstDup(d.Columns); dup != "" {
			return bad("columns", "column %q named twice", dup)
		}
	case ModeHeader:
		if m.HeaderLines < 1 {
			return bad("mode", "header mode reads column names from the last header line: set header_lines >= 1")
		}
	case ModeRegex:
		re, err := regexp.Compile(d.Regex)
		if d.Regex == "" || err != nil {
			return bad("regex", "regex mode needs a valid expression: %v", err)
		}
		names := slices.DeleteFunc(slices.Clone(re.SubexpNames()), func(s string) bool { return s == "" })
		if len(names) == 0 {
			return bad("regex", "the expression has no named group (?P<name>...)")
		}
		if d.Shape == ShapeObject && (!slices.Contains(names, "key") || !slices.Contains(names, "value")) {
			return bad("shape", "object shape needs groups named key and value")
		}
	default:
		return bad("mode", "must be %q, %q or %q, got %q", ModeColumns, ModeHeader, ModeRegex, d.Mode)
	}
	if d.Shape == ShapeObject && d.Mode != ModeRegex {
		return bad("shape", "object shape needs regex mode")
	}
	for i, f := range d.Fields {
		key := fmt.Sprintf("fields[%d]", i)
		if f.Name == "" {
			return bad(key+".name", "empty")
		}
		switch f.Type {
		case "":
			d.Fields[i].Type = TypeString
		case TypeString, TypeInt, TypeFloat, TypeBool, TypeBytes:
		case TypeTimestamp:
			if f.Layout == "" {
				d.Fields[i].Layout = time.RFC3339
			}
		default:
			return bad(key+".type", "must be string, int, float, bool, bytes or timestamp, got %q", f.Type)
		}
		for _, t := range f.Transforms {
			if t != "trim" && t != "lower" && t != "upper" {
				return bad(key+".transforms", "unknown transform %q (want trim, lower or upper)", t)
			}
		}
		if f.From == "" {
			d.Fields[i].From = f.Name
		}
		if d.Mode == ModeColumns && d.Shape == ShapeRows && !slices.Contains(d.Columns, d.Fields[i].From) {
			return bad(key+".from", "no column named %q", d.Fields[i].From)
		}
	}
	return nil
}

func firstDup(s []string) string {
	seen := map[string]bool{}
	for _, v := range s {
		if seen[v] {
			return v
		}
		seen[v] = true
	}
	return ""
}

// declarative is a compiled Declarative.
type declarative struct {
	m       *Manifest
	d       *Declarative
	noise   *regexp.Regexp
	re      *regexp.Regexp
	byFrom  map[string]*Field
	groups  []string // regex group names by index
	rowsKey string
}

func compileDeclarative(m *Manifest) *declarative {
	c := &declarative{m: m, d: m.Declarative, byFrom: map[string]*Field{}, rowsKey: m.RowsKey}
	if m.Noise != "" {
		c.noise = regexp.MustCompile(m.Noise) // checked by Manifest.check
	}
	if c.d.Mode == ModeRegex {
		c.re = regexp.MustCompile(c.d.Regex)
		c.groups = c.re.SubexpNames()
	}
	for i := range c.d.Fields {
		c.byFrom[c.d.Fields[i].From] = &c.d.Fields[i]
	}
	return c
}

// cell is one column's text and where it came from.
type cell struct {
	name       string
	start, end int // byte offsets into Raw
}

func (p *declarative) parse(c *catalog.Context) (any, error) {
	raw := c.Raw
	rows := []any{}
	obj := map[string]any{}
	var header []cell
	lineNo, data, unread := 0, 0, 0
	it := lex.Lines{Raw: raw}
	for line, start := range it.All() {
		lineNo++
		if lineNo <= p.m.HeaderLines {
			if lineNo == p.m.HeaderLines && p.d.Mode == ModeHeader {
				header = headerCells(line, start)
			}
			continue
		}
		if strings.TrimSpace(line) == "" || (p.noise != nil && p.noise.MatchString(line)) {
			continue
		}
		data++
		var cells []cell
		switch p.d.Mode {
		case ModeColumns:
			cells = splitColumns(line, start, p.d.Columns)
		case ModeHeader:
			var clean bool
			cells, clean = cutAtHeader(line, start, header)
			// A value wider than its column shifts the ones after it; when
			// the words still count one per column, they are read in order.
			if !clean {
				names := make([]string, len(header))
				for i, h := range header {
					names[i] = h.name
				}
				if byWords := splitColumns(line, start, names); len(byWords) == len(names) {
					cells = byWords
				}
			}
		case ModeRegex:
			m := p.re.FindStringSubmatchIndex(line)
			if m == nil {
				cells = nil
				break
			}
			for g, name := range p.groups {
				if name != "" && m[2*g] >= 0 {
					cells = append(cells, cell{name, start + m[2*g], start + m[2*g+1]})
				}
			}
		}
		if cells == nil {
			c.Unread(start)
			unread++
			continue
		}
		if p.d.Shape == ShapeObject {
			if !p.objectEntry(c, obj, cells) {
				c.Unread(start)
				unread++
			}
			continue
		}
		if c.Full(len(rows)) {
			c.Omit(1)
			continue
		}
		row, ok := p.row(c, len(rows), cells, header)
		if !ok {
			c.Unread(start)
			unread++
			continue
		}
		rows = append(rows, row)
	}
	if data > 0 && unread == data {
		return nil, catalog.Unrecognized("pack %s: none of the %d data line(s) matched the pack's rules", p.m.Name, data)
	}
	if p.d.Shape == ShapeObject {
		return obj, nil
	}
	return map[string]any{p.rowsKey: rows}, nil
}

func (p *declarative) row(c *catalog.Context, i int, cells []cell, header []cell) (map[string]any, bool) {
	row := make(map[string]any, len(cells))
	for _, cl := range cells {
		f := p.byFrom[cl.name]
		name := cl.name
		if f != nil {
			name = f.Name
		}
		v, transform, ok := convert(c, f, c.Raw[cl.start:cl.end])
		if !ok {
			return nil, false
		}
		row[name] = v
		if c.Recording() && v != nil {
			c.Span(cl.start, cl.end, transform, p.rowsKey, i, name)
		}
	}
	// Columns missing from a short line: null when optional, "" for an
	// untyped header column (tables leave cells blank), else unreadable.
	if p.d.Mode != ModeRegex {
		cols := p.d.Columns
		if p.d.Mode == ModeHeader {
			cols = nil
			for _, h := range header {
				cols = append(cols, h.name)
			}
		}
		for _, col := range cols {
			f := p.byFrom[col]
			name := col
			if f != nil {
				name = f.Name
			}
			if _, ok := row[name]; ok {
				continue
			}
			switch {
			case f != nil && f.Optional:
				row[name] = nil
			case f == nil && p.d.Mode == ModeHeader:
				row[name] = ""
			default:
				return nil, false
			}
		}
	}
	// Fields declared but absent from this row (a short line, an optional
	// regex group) are null if optional, else the row is unreadable.
	for _, f := range p.d.Fields {
		if _, ok := row[f.Name]; !ok {
			if !f.Optional {
				return nil, false
			}
			row[f.Name] = nil
		}
	}
	return row, true
}

func (p *declarative) objectEntry(c *catalog.Context, obj map[string]any, cells []cell) bool {
	var key, val *cell
	for i := range cells {
		switch cells[i].name {
		case "key":
			key = &cells[i]
		case "value":
			val = &cells[i]
		}
	}
	if key == nil || val == nil {
		return false
	}
	k := strings.TrimSpace(c.Raw[key.start:key.end])
	f := p.byFrom[k]
	name := k
	if f != nil {
		name = f.Name
	}
	v, transform, ok := convert(c, f, c.Raw[val.start:val.end])
	if !ok {
		return false
	}
	obj[name] = v
	if c.Recording() && v != nil {
		c.Span(val.start, val.end, transform, name)
	}
	return true
}

// convert applies a field's transforms and type to s. transform names what
// changed the text, for the span ("" when the value is the text itself,
// trimming aside: spans are recorded on the untrimmed cell but the value is
// still the source's characters).
func convert(c *catalog.Context, f *Field, s string) (v any, transform string, ok bool) {
	s = strings.TrimSpace(s)
	if f == nil {
		return s, "", true
	}
	var applied []string
	for _, t := range f.Transforms {
		switch t {
		case "lower":
			s = strings.ToLower(s)
			applied = append(applied, t)
		case "upper":
			s = strings.ToUpper(s)
			applied = append(applied, t)
		case "trim":
			s = strings.TrimSpace(s)
		}
	}
	if s == "" || (f.Optional && s == "-") {
		if f.Optional {
			return nil, "", true
		}
		if f.Type != TypeString {
			return nil, "", false
		}
	}
	if f.Type != TypeString {
		applied = append(applied, f.Type)
	}
	if f.Split != "" {
		applied = append(applied, "split")
		parts := []any{}
		for _, part := range strings.Split(s, f.Split) {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			pv, ok := typed(c, f, part)
			if !ok {
				return nil, "", false
			}
			parts = append(parts, pv)
		}
		return parts, strings.Join(applied, ","), true
	}
	v, ok = typed(c, f, s)
	return v, strings.Join(applied, ","), ok
}

func typed(c *catalog.Context, f *Field, s string) (any, bool) {
	switch f.Type {
	case TypeInt:
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	case TypeFloat:
		n, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
		return n, err == nil && !math.IsInf(n, 0) && !math.IsNaN(n)
	case TypeBool:
		switch strings.ToLower(s) {
		case "true", "yes", "y", "on", "1", "enabled":
			return true, true
		case "false", "no", "n", "off", "0", "disabled":
			return false, true
		}
		return nil, false
	case TypeBytes:
		return parseBytes(s)
	case TypeTimestamp:
		loc := c.Location
		if loc == nil {
			loc = time.Local
		}
		t, err := time.ParseInLocation(f.Layout, s, loc)
		if err != nil {
			return nil, false
		}
		return t.Format(time.RFC3339Nano), true
	}
	return s, true
}

// parseBytes reads "512", "1.5K", "20MiB", "3 GB". One-letter units and the
// IEC "iB" units are powers of 1024 (what ls -h, df -h and du -h print);
// "kB", "MB", "GB"... are powers of 1000.
func parseBytes(s string) (any, bool) {
	i := len(s)
	for i > 0 && (s[i-1] < '0' || s[i-1] > '9') && s[i-1] != '.' {
		i--
	}
	num, unit := strings.TrimSpace(s[:i]), strings.TrimSpace(s[i:])
	n, err := strconv.ParseFloat(num, 64)
	if err != nil || n < 0 || math.IsInf(n, 0) {
		return nil, false
	}
	if unit == "" || unit == "B" || unit == "b" {
		return int64(math.Round(n)), true
	}
	const prefixes = "KMGTPE"
	p := strings.IndexByte(prefixes, strings.ToUpper(unit[:1])[0])
	if p < 0 {
		return nil, false
	}
	base := 1024.0
	switch strings.ToLower(unit[1:]) {
	case "", "ib":
	case "b":
		base = 1000
	default:
		return nil, false
	}
	v := n * math.Pow(base, float64(p+1))
	if v > math.MaxInt64 {
		return nil, false
	}
	return int64(math.Round(v)), true
}

// splitColumns cuts a line on runs of whitespace into len(names) cells, the
// last taking the rest of the line.
func splitColumns(line string, base int, names []string) []cell {
	if len(names) == 0 {
		return nil
	}
	var out []cell
	for k, f := range lex.Fields(nil, line, len(names)) {
		out = append(out, cell{names[k], base + f.Start, base + f.End})
	}
	return out
}

// headerCells names the columns after the header's words and remembers
// where each starts.
func headerCells(line string, base int) []cell {
	var out []cell
	for _, f := range lex.Fields(nil, line, 0) {
		out = append(out, cell{strings.ToLower(line[f.Start:f.End]), f.Start, f.End})
	}
	return out
}

// cutAtHeader cuts line at the header's column starts. A value that runs
// past its column's start (a long left-aligned value, a right-aligned number
// wider than its title) keeps its whole word: the cut moves to the next
// blank.
func cutAtHeader(line string, base int, header []cell) (cells []cell, clean bool) {
	if len(header) == 0 {
		return nil, false
	}
	clean = true
	bounds := make([]int, len(header)+1)
	for k := range header {
		b := min(header[k].start, len(line))
		if k == 0 {
			b = 0
		}
		for b > 0 && b < len(line) && !lex.IsSpace(line[b-1]) && !lex.IsSpace(line[b]) {
			b++
			clean = false
		}
		bounds[k] = max(b, bounds[max(k-1, 0)])
	}
	bounds[len(header)] = len(line)
	var out []cell
	for k, h := range header {
		i, j := bounds[k], bounds[k+1]
		for i < j && lex.IsSpace(line[i]) {
			i++
		}
		for j > i && lex.IsSpace(line[j-1]) {
			j--
		}
		if i == j {
			clean = false
			continue // empty cell: the field is absent (null if optional)
		}
		out = append(out, cell{h.name, base + i, base + j})
	}
	return out, clean
}
