package lex

import (
	"encoding/csv"
	"io"
	"strings"
)

// CSV reads comma-separated records (encoding/csv, with lazy quotes and
// any number of fields a record, as Windows' /fo csv writes them) and
// places each field in the raw output. The record Read returns is reused
// by the next Read: copy what must outlive it.
type CSV struct {
	raw       string
	r         *csv.Reader
	lineStart []int // offsets of the lines, to turn (line, column) into one
}

// NewCSV reads raw.
func NewCSV(raw string) *CSV {
	ls := []int{0}
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\n' {
			ls = append(ls, i+1)
		}
	}
	r := csv.NewReader(strings.NewReader(raw))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	r.ReuseRecord = true
	return &CSV{raw: raw, r: r, lineStart: ls}
}

// Read returns the next record and the offset of the line it starts on.
// err is io.EOF at the end, or the reader's error for a record it could
// not read (the next Read goes on after it).
func (c *CSV) Read() (rec []string, at int, err error) {
	rec, err = c.r.Read()
	if err == io.EOF {
		return nil, 0, err
	}
	line, _ := c.r.FieldPos(0)
	if line >= 1 && line <= len(c.lineStart) {
		at = c.lineStart[line-1]
	}
	return rec, at, err
}

// FieldStart is the offset of field i of the record Read returned: after
// its opening quote when it has one; -1 when the reader does not place it.
func (c *CSV) FieldStart(i int) int {
	line, col := c.r.FieldPos(i)
	if line < 1 || line > len(c.lineStart) {
		return -1
	}
	s := c.lineStart[line-1] + col - 1
	if s < len(c.raw) && c.raw[s] == '"' {
		s++
	}
	return s
}
