package lex

import (
	"strings"
	"unicode/utf8"
)

// Aligned tables: a header line whose column titles are separated by two or
// more spaces (titles may hold single spaces, "CONTAINER ID"), and data
// lines cut at the titles' starts, counted in runes.

// Column is one column of an aligned table (Go's tabwriter, and the like).
type Column struct {
	Header string
	Start  int // rune column
}

// Columns splits a header line on runs of two or more spaces.
func Columns(h string) []Column {
	var cols []Column
	col := 0 // rune column
	i := 0
	for i < len(h) {
		for i < len(h) && h[i] == ' ' {
			i++
			col++
		}
		if i >= len(h) {
			break
		}
		s, sc := i, col
		for i < len(h) {
			if h[i] == ' ' && (i+1 >= len(h) || h[i+1] == ' ') {
				break
			}
			_, n := utf8.DecodeRuneInString(h[i:])
			i += n
			col++
		}
		cols = append(cols, Column{Header: h[s:i], Start: sc})
	}
	return cols
}

// Cells cuts a data line at the columns' starts: cell i runs from its
// column to the next one, trailing spaces removed; the last runs to the
// end of the line. A cell must start exactly at its column (or be blank)
// and follow a space, or the line does not belong to the table.
func Cells(line string, cols []Column, cells [][2]int) ([][2]int, bool) {
	cells = cells[:0]
	ascii := IsASCII(line)
	// The columns' starts as byte offsets (runes may be wider than a byte).
	var offsBuf [32]int
	offs := offsBuf[:0]
	if len(cols) > len(offsBuf) {
		offs = make([]int, 0, len(cols))
	}
	if ascii {
		for _, c := range cols {
			offs = append(offs, c.Start)
		}
	} else {
		rc := 0
		for i := range line {
			for len(offs) < len(cols) && cols[len(offs)].Start == rc {
				offs = append(offs, i)
			}
			rc++
		}
		for len(offs) < len(cols) {
			offs = append(offs, len(line)+(cols[len(offs)].Start-rc))
		}
	}
	for i := range cols {
		s := offs[i]
		e := len(line)
		if i+1 < len(cols) {
			e = offs[i+1]
		}
		if s > len(line) {
			s = len(line)
		}
		if e > len(line) {
			e = len(line)
		}
		if i+1 < len(cols) && e < len(line) && e > 0 && line[e-1] != ' ' {
			return cells, false // the cell runs into the next column
		}
		ve := e
		for ve > s && (line[ve-1] == ' ' || line[ve-1] == '\t') {
			ve--
		}
		if ve > s && line[s] == ' ' {
			return cells, false // content that does not start at its column
		}
		cells = append(cells, [2]int{s, ve})
	}
	return cells, true
}

// GapCells splits a line into n cells at runs of three or more spaces
// (tabwriter's padding), the last running to the end of the line. It
// fails when the count differs (an empty cell). kubectl prints large
// lists in chunks and widens later chunks' columns, so its rows need not
// line up with the header; they are still three spaces apart.
func GapCells(line string, n int, cells [][2]int) ([][2]int, bool) {
	cells = cells[:0]
	i := 0
	for len(cells) < n {
		if i >= len(line) || line[i] == ' ' {
			return cells, false
		}
		if len(cells) == n-1 {
			e := len(line)
			for e > i && (line[e-1] == ' ' || line[e-1] == '\t') {
				e--
			}
			cells = append(cells, [2]int{i, e})
			return cells, true
		}
		j := strings.Index(line[i:], "   ")
		if j < 0 {
			return cells, false
		}
		e := i + j
		cells = append(cells, [2]int{i, e})
		i = e + 3
		for i < len(line) && line[i] == ' ' {
			i++
		}
	}
	return cells, i >= len(line)
}

// Ruled tables (Windows tasklist): a header, a ruler line of runs of one
// character ("===== ========") that give each column's range, and data
// lines cut at those ranges, counted in runes.

// RuleColumns reads the column ranges of a ruler line: the runs of c, as
// [start, end) columns; other characters are passed over.
func RuleColumns(line string, c byte) [][2]int {
	var out [][2]int
	i := 0
	for i < len(line) {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		j := i
		for j < len(line) && line[j] == c {
			j++
		}
		if j > i {
			out = append(out, [2]int{i, j})
		} else if i < len(line) {
			j = i + 1
		}
		i = j
	}
	return out
}

// ColumnByte converts a column (rune index) of line into a byte offset,
// len(line) past its end; ascii says line is ASCII, where they are the
// same.
func ColumnByte(line string, ascii bool, col int) int {
	if ascii || col <= 0 {
		return min(col, len(line))
	}
	n := 0
	for i := range line {
		if n == col {
			return i
		}
		n++
	}
	return len(line)
}

// IsASCII reports whether s is ASCII only.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
