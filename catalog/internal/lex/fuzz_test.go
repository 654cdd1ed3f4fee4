package lex

import (
	"strings"
	"testing"
)

// FuzzReaders feeds any header and line to the table and field readers:
// none may panic, and every range they return lies inside the line, in
// order, without overlap.
func FuzzReaders(f *testing.F) {
	for _, s := range [][2]string{
		{"NAME   READY   STATUS", "web    1/1     Running"},
		{"CONTAINER ID   IMAGE", "abc123         nginx café"},
		{"NAMÉ  ÂGE", "x     3d"},
		{"", ""},
		{"A  B", "\t\t"},
		{"Image Name,PID", "\"a\",\"1\"\r\n"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, header, line string) {
		inLine := func(what string, rs [][2]int) {
			prev := 0
			for _, r := range rs {
				if r[0] < prev || r[1] < r[0] || r[1] > len(line) {
					t.Fatalf("%s: range %v after %d in a line of %d bytes", what, r, prev, len(line))
				}
				prev = r[1]
			}
		}
		cols := Columns(header)
		for i := 1; i < len(cols); i++ {
			if cols[i].Start <= cols[i-1].Start {
				t.Fatalf("columns out of order: %+v", cols)
			}
		}
		if cells, ok := Cells(line, cols, nil); ok {
			if len(cells) != len(cols) {
				t.Fatalf("%d cells for %d columns", len(cells), len(cols))
			}
			inLine("Cells", cells)
		}
		for n := 1; n <= 4; n++ {
			if cells, ok := GapCells(line, n, nil); ok {
				if len(cells) != n {
					t.Fatalf("GapCells gave %d cells, want %d", len(cells), n)
				}
				inLine("GapCells", cells)
			}
		}
		var fs [][2]int
		for _, w := range Fields(nil, line, 3) {
			fs = append(fs, [2]int{w.Start, w.End})
		}
		inLine("Fields", fs)
		var ws [][2]int
		for _, w := range Words(nil, line) {
			if w.EndCol < w.Col {
				t.Fatalf("word columns %+v", w)
			}
			ws = append(ws, [2]int{w.Start, w.End})
		}
		inLine("Words", ws)
		if ks, ke, vs, ve, ok := KeyValue(Line{line, 0}, ":"); ok {
			inLine("KeyValue", [][2]int{{ks, ke}, {vs, ve}})
		}
		for _, r := range RuleColumns(line, '=') {
			if r[0] < 0 || r[1] > len(line) || r[1] <= r[0] {
				t.Fatalf("ruler column %v", r)
			}
		}
		it := Lines{Raw: header + "\n" + line}
		n := 0
		for l, at := range it.All() {
			if strings.ContainsRune(l, '\n') || at > len(it.Raw) {
				t.Fatalf("line %q at %d", l, at)
			}
			n++
		}
		if n == 0 || n > strings.Count(it.Raw, "\n")+1 {
			t.Fatalf("%d lines", n)
		}
	})
}
