package lex

import (
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	it := Lines{Raw: "a\r\nb\n\nc"}
	var got []string
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		got = append(got, line+"@"+string(rune('0'+start)))
	}
	if want := "a@0 b@3 @5 c@6"; strings.Join(got, " ") != want {
		t.Fatalf("lines %q, want %q", strings.Join(got, " "), want)
	}
}

func TestFields(t *testing.T) {
	line := "  a\tbb  c d  "
	f := Fields(nil, line, 0)
	if len(f) != 4 || line[f[1].Start:f[1].End] != "bb" || line[f[3].Start:f[3].End] != "d" {
		t.Fatalf("fields %v", f)
	}
	f = Fields(nil, line, 3)
	if len(f) != 3 || line[f[2].Start:f[2].End] != "c d" {
		t.Fatalf("fields with max 3: %v", f)
	}
	if s, e := NextField(line, 3); line[s:e] != "bb" {
		t.Fatalf("NextField %d,%d", s, e)
	}
}

func TestAtoi(t *testing.T) {
	for s, want := range map[string]bool{"0": true, "123": true, "": false, "1a": false, "-1": false,
		"999999999999999999": true, "1000000000000000000": false} {
		if _, ok := Atoi(s); ok != want {
			t.Errorf("Atoi(%q) ok %v, want %v", s, ok, want)
		}
	}
	if n, _ := Atoi("4096"); n != 4096 {
		t.Fatalf("Atoi(4096) = %d", n)
	}
}

func TestHumanSize(t *testing.T) {
	for _, tc := range []struct {
		v       string
		iec, ok bool
	}{{"4.0K", false, true}, {"12M", false, true}, {"0", false, true}, {"5,5G", false, true},
		{"K", false, false}, {"4KK", false, false}, {"460Gi", false, false}, {"460Gi", true, true},
		{"0Bi", true, true}, {"1.0Ki", true, true}, {"12X", true, false}} {
		if HumanSize(tc.v, tc.iec) != tc.ok {
			t.Errorf("HumanSize(%q, %v) = %v", tc.v, tc.iec, !tc.ok)
		}
	}
}

func FuzzCUnquote(f *testing.F) {
	for _, s := range []string{`"a"`, `"caf\303\251"`, `"we\"ird\\name"`, `"tab\there"`, `"x`, `"\777"`, `""`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		s, n, ok := CUnquote(q)
		if !ok {
			return
		}
		if n < 2 || n > len(q) || q[n-1] != '"' {
			t.Fatalf("consumed %d of %q", n, q)
		}
		if !strings.Contains(q[:n], "\\") && s != q[1:n-1] {
			t.Fatalf("unescaped %q decoded as %q", q[:n], s)
		}
	})
}

func TestBytes(t *testing.T) {
	for s, want := range map[string]int64{"0B": 0, "1.5MiB": 1572864, "1.2kB": 1200, "187MB": 187000000, "7.6GiB": 8160437862,
		"7.667GiB": 8232378565, "1.05kB": 1050, "14.17MiB": 14858322, "2GiB": 2147483648, "63B": 63} {
		if got, ok := Bytes(s); !ok || got != want {
			t.Errorf("Bytes(%q) = %d %v, want %d", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "MB", "MiB", "12", "1.5XB", "1e3MB", "--"} {
		if _, ok := Bytes(s); ok {
			t.Errorf("Bytes(%q) ok", s)
		}
	}
}

func TestColumnsCells(t *testing.T) {
	h := "CONTAINER ID   IMAGE     NAMES"
	cols := Columns(h)
	if len(cols) != 3 || cols[0].Header != "CONTAINER ID" || cols[1].Start != 15 || cols[2].Header != "NAMES" {
		t.Fatalf("columns %+v", cols)
	}
	line := "abc123         nginx     web café"
	cells, ok := Cells(line, cols, nil)
	if !ok || len(cells) != 3 || line[cells[1][0]:cells[1][1]] != "nginx" || line[cells[2][0]:cells[2][1]] != "web café" {
		t.Fatalf("cells %v %v", cells, ok)
	}
	// A cell that runs into the next column does not belong to the table.
	if _, ok := Cells("abc123         nginxlonger web", cols, nil); ok {
		t.Fatal("a cell running into the next column was read")
	}
	g, ok := GapCells("a b   c   d e  ", 3, nil)
	if !ok || len(g) != 3 || g[2] != [2]int{10, 13} {
		t.Fatalf("gap cells %v %v", g, ok)
	}
	if _, ok := GapCells("a   b", 3, nil); ok {
		t.Fatal("two cells read as three")
	}
}

// TestWords checks bytes and display columns: "└─" is two columns of six
// bytes, "●" one of three, a tab one.
func TestWords(t *testing.T) {
	line := "└─sda1 \t● x"
	got := Words(nil, line)
	want := []Word{{0, 10, 0, 6}, {12, 15, 8, 9}, {16, 17, 10, 11}}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("word %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if line[got[1].Start:got[1].End] != "●" {
		t.Fatalf("second word %q", line[got[1].Start:got[1].End])
	}
	if len(Words(nil, "  \t ")) != 0 {
		t.Fatal("words in a blank line")
	}
}

// TestRuleColumns checks a tasklist ruler and the byte offsets of rune
// columns in a line that is not ASCII.
func TestRuleColumns(t *testing.T) {
	got := RuleColumns("========================= ======== x ====", '=')
	want := [][2]int{{0, 25}, {26, 34}, {37, 41}}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("column %d: got %v, want %v", i, got[i], want[i])
		}
	}
	line := "éa b"
	if IsASCII(line) || !IsASCII("ab") {
		t.Fatal("IsASCII")
	}
	for col, want := range []int{0, 2, 3, 4, 5, 5} {
		if got := ColumnByte(line, false, col); got != want {
			t.Errorf("ColumnByte(%d) = %d, want %d", col, got, want)
		}
	}
	if ColumnByte("abc", true, 9) != 3 {
		t.Fatal("ColumnByte past an ASCII line's end")
	}
}

func TestStripSGR(t *testing.T) {
	line := "\x1b[96msrc/a.ts\x1b[0m:\x1b[93m1\x1b[0m:\x1b[93m7\x1b[0m - \x1b[91merror\x1b[0m"
	l := StripSGR(line, 100)
	if l.Text != "src/a.ts:1:7 - error" {
		t.Fatalf("text %q", l.Text)
	}
	s, e, ok := l.Raw(0, 8)
	if !ok || line[s-100:e-100] != "src/a.ts" {
		t.Errorf("file range [%d,%d) %v: %q", s, e, ok, line[s-100:e-100])
	}
	if s, e, ok := l.Raw(0, 10); ok || s != 105 || line[s-100:e-100] != "src/a.ts\x1b[0m:\x1b[93m1" {
		t.Errorf("a range across an escape is not verbatim: [%d,%d) %v", s, e, ok)
	}
	p := StripSGR("plain", 7)
	if s, e, ok := p.Raw(1, 3); !ok || s != 8 || e != 10 {
		t.Errorf("plain line range [%d,%d) %v", s, e, ok)
	}
}
