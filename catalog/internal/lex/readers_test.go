package lex

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// lines renders what Lines reads as "text@offset" words.
func lines(raw string, nul bool) string {
	it := Lines{Raw: raw, NUL: nul}
	var out []string
	for {
		l, at, ok := it.Next()
		if !ok {
			return strings.Join(out, " ")
		}
		out = append(out, fmt.Sprintf("%q@%d", l, at))
	}
}

func TestLinesTable(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		nul  bool
		want string
	}{
		{"", false, ""},
		{"\n", false, `""@0`},
		{"a", false, `"a"@0`},
		{"a\n", false, `"a"@0`},
		{"a\r\nb\r\n", false, `"a"@0 "b"@3`},
		{"a\r\r\n", false, `"a\r"@0`}, // one "\r" only, as Windows writes it
		{"a\n\nb", false, `"a"@0 ""@2 "b"@3`},
		{"\tx  \n", false, `"\tx  "@0`}, // blanks are the reader's to trim
		{"café\nñ", false, `"café"@0 "ñ"@6`},
		{"a\x00b\r\x00", true, `"a"@0 "b\r"@2`}, // NUL records keep "\r"
		{"a\nb\x00c", true, `"a\nb"@0 "c"@4`},
		{"", true, ""},
	} {
		if got := lines(tc.raw, tc.nul); got != tc.want {
			t.Errorf("Lines(%q, nul %v) = %s, want %s", tc.raw, tc.nul, got, tc.want)
		}
	}
}

func TestNextNonBlank(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want string
		n    int
	}{
		{"", "", 0},
		{" \t\n\n  \r\n", "", 0},
		{"a\n \n\tb \r\n\n", `"a"@0 "\tb "@4`, 2},
		{"\n\nc", `"c"@2`, 1},
		{"x\u00a0\n", `"x\u00a0"@0`, 1}, // a no-break space is not a blank
	} {
		it := Lines{Raw: tc.raw}
		var got []string
		for {
			l, at, ok := it.NextNonBlank()
			if !ok {
				break
			}
			got = append(got, fmt.Sprintf("%q@%d", l, at))
		}
		if g := strings.Join(got, " "); g != tc.want || it.NonBlank != tc.n {
			t.Errorf("NextNonBlank(%q) = %s (%d), want %s (%d)", tc.raw, g, it.NonBlank, tc.want, tc.n)
		}
	}
}

// TestRangeLines checks that ranging over All and NonBlankLines gives what
// Next and NextNonBlank give, that a break leaves the cursor after the
// line it stopped at, and that a line taken inside the loop is passed over.
func TestRangeLines(t *testing.T) {
	raw := "a\r\n\n \nb\nc\nd"
	it := Lines{Raw: raw}
	var got []string
	for l, at := range it.All() {
		got = append(got, fmt.Sprintf("%q@%d", l, at))
	}
	if g := strings.Join(got, " "); g != lines(raw, false) {
		t.Fatalf("All = %s, want %s", g, lines(raw, false))
	}
	it = Lines{Raw: raw}
	got = nil
	for l, at := range it.NonBlankLines() {
		got = append(got, fmt.Sprintf("%s@%d", l, at))
		if l == "b" {
			it.Next() // "c" is read here
		}
		if l == "d" {
			t.Fatal("ranged past the break")
		}
		if len(got) == 2 {
			break
		}
	}
	if g := strings.Join(got, " "); g != "a@0 b@6" || it.NonBlank != 2 || it.Pos != 10 {
		t.Fatalf("NonBlankLines = %s, NonBlank %d, Pos %d", g, it.NonBlank, it.Pos)
	}
	if l, _, ok := it.NextNonBlank(); !ok || l != "d" {
		t.Fatalf("after the break: %q %v", l, ok)
	}
}

func TestSplitLinesAndLineFields(t *testing.T) {
	ls := SplitLines("x 1\r\n  a\tbb  c d  \n\n")
	if len(ls) != 3 || ls[0] != (Line{"x 1", 0}) || ls[1].At != 5 || ls[2] != (Line{"", 19}) {
		t.Fatalf("SplitLines = %+v", ls)
	}
	if got := SplitLines(""); len(got) != 0 {
		t.Fatalf("SplitLines of nothing = %+v", got)
	}
	raw := "x 1\r\n  a\tbb  c d  \n"
	for _, tc := range []struct {
		l    Line
		max  int
		want string
	}{
		{ls[1], 0, "a bb c d"},
		{ls[1], 3, "a bb [c d]"}, // the last keeps its inner blanks, not its trailing ones
		{ls[1], 1, "[a\tbb  c d]"},
		{ls[2], 0, ""},
		{Line{"  \t ", 0}, 2, ""},
		{Line{"é  ñ", 0}, 0, ""}, // checked below against its own text
	} {
		var got []string
		for _, f := range LineFields(tc.l, tc.max) {
			v := raw[f[0]:f[1]]
			if tc.l.Text == "é  ñ" {
				v = tc.l.Text[f[0]:f[1]]
			}
			if strings.ContainsAny(v, " \t") {
				v = "[" + v + "]"
			}
			got = append(got, v)
		}
		want := tc.want
		if tc.l.Text == "é  ñ" {
			want = "é ñ"
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("LineFields(%q, %d) = %q, want %q", tc.l.Text, tc.max, g, want)
		}
	}
}

func TestKeyValue(t *testing.T) {
	for _, tc := range []struct {
		text, sep string
		key, val  string
		ok        bool
	}{
		{"Name:  nginx ", ":", "Name", "nginx", true},
		{"\tCPU(s):\t4", ":", "CPU(s)", "4", true},
		{"Empty:", ":", "Empty", "", true},
		{"a: b: c", ":", "a", "b: c", true}, // the first separator
		{"no separator", ":", "", "", false},
		{": value", ":", "", "", false},
		{"  : value", ":", "", "", false},
		{"k\xffey: v", ":", "", "", false},
		{"Größe = 4 KiB", "=", "Größe", "4 KiB", true},
	} {
		l := Line{tc.text, 100}
		ks, ke, vs, ve, ok := KeyValue(l, tc.sep)
		if ok != tc.ok {
			t.Errorf("KeyValue(%q) ok %v", tc.text, ok)
			continue
		}
		if !ok {
			continue
		}
		if k, v := tc.text[ks-100:ke-100], tc.text[vs-100:ve-100]; k != tc.key || v != tc.val {
			t.Errorf("KeyValue(%q) = %q, %q; want %q, %q", tc.text, k, v, tc.key, tc.val)
		}
	}
	for in, want := range map[string]string{"a\r": "a", "a\r\r": "a", "": "", "\r": "", "a\rb": "a\rb"} {
		if got := TrimCR(in); got != want {
			t.Errorf("TrimCR(%q) = %q", in, got)
		}
	}
}

// cells renders the cells Cells or GapCells read as "[cell]" words.
func cells(line string, cs [][2]int, ok bool) string {
	if !ok {
		return "no"
	}
	var b strings.Builder
	for _, c := range cs {
		b.WriteString("[" + line[c[0]:c[1]] + "]")
	}
	return b.String()
}

func TestAlignedTable(t *testing.T) {
	hdr := func(h string) string {
		var out []string
		for _, c := range Columns(h) {
			out = append(out, fmt.Sprintf("%s@%d", c.Header, c.Start))
		}
		return strings.Join(out, " ")
	}
	for h, want := range map[string]string{
		"":                             "",
		"   ":                          "",
		"NAME  READY   STATUS":         "NAME@0 READY@6 STATUS@14",
		"CONTAINER ID   IMAGE":         "CONTAINER ID@0 IMAGE@15",
		"  PID  CMD  ":                 "PID@2 CMD@7",
		"NAMÉ  ÂGE":                    "NAMÉ@0 ÂGE@6", // runes, not bytes
		"NAME\tAGE":                    "NAME\tAGE@0",  // a tab is not a gap
		"NAME  APP VERSION  NAMESPACE": "NAME@0 APP VERSION@6 NAMESPACE@19",
	} {
		if got := hdr(h); got != want {
			t.Errorf("Columns(%q) = %q, want %q", h, got, want)
		}
	}
	cols := Columns("NAME   READY   STATUS    AGE")
	for _, tc := range []struct{ line, want string }{
		{"web    1/1     Running   3d", "[web][1/1][Running][3d]"},
		{"web    1/1     Running   3d  ", "[web][1/1][Running][3d]"},                 // trailing spaces
		{"web    1/1     Running   3d\t", "[web][1/1][Running][3d]"},                 // a trailing tab
		{"web    1/1     Running", "[web][1/1][Running][]"},                          // a header wider than the data
		{"web    1/1", "[web][1/1][][]"},                                             // shorter still
		{"", "[][][][]"},                                                             // an empty line: blank cells
		{"wéb    1/1     Running   3d", "[wéb][1/1][Running][3d]"},                   // a rune of two bytes
		{"web    1/1     CrashLoopBackOff 3d", "no"},                                 // runs into the next column
		{"web     1/1    Running   3d", "no"},                                        // starts past its column
		{"web    1/1     Running   3d ago here", "[web][1/1][Running][3d ago here]"}, // the last runs on
	} {
		cs, ok := Cells(tc.line, cols, nil)
		if got := cells(tc.line, cs, ok); got != tc.want {
			t.Errorf("Cells(%q) = %s, want %s", tc.line, got, tc.want)
		}
	}
}

func TestGapTable(t *testing.T) {
	for _, tc := range []struct {
		line string
		n    int
		want string
	}{
		{"pod-a   1/1   Running", 3, "[pod-a][1/1][Running]"},
		{"pod-a   1/1   Running  \t", 3, "[pod-a][1/1][Running]"},
		{"pod a   two words   x y", 3, "[pod a][two words][x y]"},
		{"pod-a   1/1", 3, "no"},              // a cell is missing
		{"pod-a  1/1   Running", 3, "no"},     // two spaces are not a gap
		{"   pod-a   1/1   Running", 3, "no"}, // a leading blank is an empty cell
		{"", 1, "no"},
		{"x", 1, "[x]"},
		{"ñandú   café   über", 3, "[ñandú][café][über]"},
		{"a\tb   c", 2, "[a\tb][c]"}, // tabs are inside a cell
	} {
		cs, ok := GapCells(tc.line, tc.n, nil)
		if got := cells(tc.line, cs, ok); got != tc.want {
			t.Errorf("GapCells(%q, %d) = %s, want %s", tc.line, tc.n, got, tc.want)
		}
	}
}

func TestNumbers(t *testing.T) {
	for s, want := range map[string]bool{"1152921500311943298": true, "9223372036854775807": true, "9223372036854775808": false,
		"12": true, "": false, "1a": false, "00000000000000000001": false} {
		if _, ok := Atoi64(s); ok != want {
			t.Errorf("Atoi64(%q) ok %v", s, !want)
		}
	}
	if n, _ := Atoi64("1152921500311943298"); n != 1152921500311943298 {
		t.Errorf("Atoi64 = %d", n)
	}
	for s, want := range map[string]bool{"-3": true, "+3": true, "3.0": false, "": false, " 3": false, "0x1f": false} {
		if IsInt(s) != want {
			t.Errorf("IsInt(%q) = %v", s, !want)
		}
	}
	for s, want := range map[string]bool{"1.5": true, "-1.5": true, "+1.5": true, ".5": true, "1e3": false, "Inf": false, "NaN": false,
		"0x1p-2": false, "1_000": false, "": false, "1.2.3": false} {
		if IsFloat(s) != want {
			t.Errorf("IsFloat(%q) = %v", s, !want)
		}
	}
	for s, want := range map[string]float64{"0.121": 0.121, "12": 12, "-1.5": -1.5, ".5": 0.5} {
		if got, ok := Decimal(s); !ok || got != want {
			t.Errorf("Decimal(%q) = %v %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "-", ".", "+1", "1e3", "inf", "1.2.3", "1-2", "1,5"} {
		if _, ok := Decimal(s); ok {
			t.Errorf("Decimal(%q) ok", s)
		}
	}
	for s, want := range map[string]int64{"ff": 255, "FF": 255, "0": 0, "7ffffffffffffff": 0x7ffffffffffffff} {
		if got, ok := Hex(s); !ok || got != want {
			t.Errorf("Hex(%q) = %d %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "g", "0x1", "1234567890abcdef"} {
		if _, ok := Hex(s); ok {
			t.Errorf("Hex(%q) ok", s)
		}
	}
	for s, want := range map[string]bool{"c0a80001": true, "C0A8": true, "": false, "12g": false, "1234567890abcdef1234": true} {
		if IsHex(s) != want {
			t.Errorf("IsHex(%q) = %v", s, !want)
		}
	}
	for b, want := range map[byte]bool{'0': true, '9': true, 'a': true, 'F': true, 'g': false, 'G': false, '/': false, ':': false, '@': false, '`': false} {
		if IsHexDigit(b) != want {
			t.Errorf("IsHexDigit(%q) = %v", b, !want)
		}
	}
	for _, tc := range []struct {
		addr string
		sep  byte
		at   int
		port int64
		ok   bool
	}{
		{"127.0.0.1:22", ':', 10, 22, true}, {"[::1]:443", ':', 6, 443, true}, {"10.0.0.1.5353", '.', 9, 5353, true},
		{"*:*", ':', 0, 0, false}, {"host:", ':', 0, 0, false}, {"host:65536", ':', 0, 0, false}, {"host", ':', 0, 0, false},
	} {
		at, port, ok := Port(tc.addr, tc.sep)
		if ok != tc.ok || ok && (at != tc.at || port != tc.port) {
			t.Errorf("Port(%q) = %d %d %v", tc.addr, at, port, ok)
		}
	}
}

func TestDates(t *testing.T) {
	for s, want := range map[string]int{"Jan": 1, "Dec": 12, "jan": 0, "January": 0, "": 0, "Foo": 0} {
		if got := Month(s); got != want {
			t.Errorf("Month(%q) = %d", s, got)
		}
	}
	for _, tc := range []struct {
		s                 string
		h, m, sec, fracAt int
		ok                bool
	}{
		{"23:49", 23, 49, -1, -1, true}, {"9:05:07", 9, 5, 7, -1, true}, {"23:52:32.874503903", 23, 52, 32, 9, true},
		{"24:00", 0, 0, -1, -1, false}, {"12:60", 0, 0, -1, -1, false}, {"12:30:61", 0, 0, -1, -1, false},
		{"12:30:00.", 0, 0, -1, -1, false}, {"12:3", 0, 0, -1, -1, false}, {"", 0, 0, -1, -1, false}, {"123:00", 0, 0, -1, -1, false},
	} {
		h, m, sec, fracAt, ok := Clock(tc.s)
		if ok != tc.ok || ok && (h != tc.h || m != tc.m || sec != tc.sec || fracAt != tc.fracAt) {
			t.Errorf("Clock(%q) = %d %d %d %d %v", tc.s, h, m, sec, fracAt, ok)
		}
	}
	if y, m, d, ok := YMD("2024-02-29"); !ok || y != 2024 || m != 2 || d != 29 {
		t.Errorf("YMD = %d %d %d %v", y, m, d, ok)
	}
	for _, s := range []string{"2024-2-29", "24-02-29", "2024/02/29", ""} {
		if _, _, _, ok := YMD(s); ok {
			t.Errorf("YMD(%q) ok", s)
		}
	}
	for _, tc := range [][3]int{{2, 2024, 29}, {2, 2023, 28}, {2, 1900, 28}, {2, 2000, 29}, {4, 2023, 30}, {12, 2023, 31}} {
		if got := DaysIn(tc[0], tc[1]); got != tc[2] {
			t.Errorf("DaysIn(%d, %d) = %d", tc[0], tc[1], got)
		}
	}
	if got := ISO(987, 1, 2, 3, 4, 5, "25", "+05:30"); got != "0987-01-02T03:04:05.25+05:30" {
		t.Errorf("ISO = %q", got)
	}
	ny, _ := time.LoadLocation("America/New_York")
	if ny != nil {
		if got := ZoneAt(ny, 2026, 7, 1, 12, 0, 0); got != "-04:00" {
			t.Errorf("ZoneAt summer = %q", got)
		}
		if got := ZoneAt(ny, 2026, 1, 1, 12, 0, 0); got != "-05:00" {
			t.Errorf("ZoneAt winter = %q", got)
		}
	}
	if got := ZoneAt(nil, 2026, 1, 1, 0, 0, 0); got != "+00:00" {
		t.Errorf("ZoneAt(nil) = %q", got)
	}
	for _, tc := range [][4]string{
		{"2026-11-29", "23:52:32.874503903", "+0000", "2026-11-29T23:52:32.874503903+00:00"},
		{"2026-11-29", "23:52:32", "-0530", "2026-11-29T23:52:32-05:30"},
		{"2026-02-30", "23:52:32", "+0000", ""}, {"2026-11-29", "23:52", "+0000", ""}, {"2026-11-29", "23:52:32", "UTC", ""},
	} {
		got, ok := NumericTime(tc[0], tc[1], tc[2])
		if got != tc[3] || ok != (tc[3] != "") {
			t.Errorf("NumericTime(%q %q %q) = %q %v", tc[0], tc[1], tc[2], got, ok)
		}
	}
	for _, tc := range []struct{ s, iso, zone string }{
		{"Sun Nov 29 23:49:08 UTC 2026", "2026-11-29T23:49:08+00:00", "UTC"},
		{"Mon Nov  2 01:02:03 +0100 2026", "2026-11-02T01:02:03+01:00", "+0100"},
		{"Mon Nov 30 01:02:03 XYZ 2026", "2026-11-30T01:02:03", "XYZ"}, // no offset, and a warning
		{"Sun Feb 30 23:49:08 UTC 2026", "", ""},
		{"Sun Nov 29 23:49:08 2026", "", ""},
		{"Xyz Nov 29 23:49:08 UTC 2026", "", ""},
	} {
		iso, warn, zone, ok := CTime(tc.s, time.UTC)
		if iso != tc.iso || ok != (tc.iso != "") || ok && tc.s[zone.Start:zone.End] != tc.zone || (warn != "") != (tc.zone == "XYZ") {
			t.Errorf("CTime(%q) = %q %q %v %v", tc.s, iso, warn, zone, ok)
		}
	}
	for s, want := range map[string]string{
		"2026-11-28 09:14:03.123456789 +0000 UTC": "2026-11-28T09:14:03.123456789+00:00",
		"2026-11-28 09:14:03 +0100 CET":           "2026-11-28T09:14:03+01:00",
		"2026-11-28 09:14:03 +0100 +0100":         "2026-11-28T09:14:03+01:00",
		"2026-11-28T09:14:03Z":                    "",
	} {
		if got, ok := GoTime(s); got != want || ok != (want != "") {
			t.Errorf("GoTime(%q) = %q %v", s, got, ok)
		}
	}
	if !IsWeekday("Sat") || IsWeekday("sat") || IsWeekday("") {
		t.Error("IsWeekday")
	}
	if string(AppendPadded(nil, 7, 3)) != "007" || string(AppendPadded(nil, 1234, 2)) != "1234" {
		t.Error("AppendPadded")
	}
}

func TestSizes(t *testing.T) {
	for u, want := range map[string]float64{"B": 1, "kB": 1000, "KB": 1000, "EB": 1e18, "KiB": 1024, "EiB": 1 << 60, "": 0, "K": 0, "kiB": 0, "MIB": 0, "b": 0} {
		if got, ok := UnitSize(u); got != want || ok != (want != 0) {
			t.Errorf("UnitSize(%q) = %v %v", u, got, ok)
		}
	}
	if n, ok := Bytes("1.5EB"); !ok || n != 1.5e18 {
		t.Errorf("Bytes(1.5EB) = %d %v", n, ok)
	}
	if _, ok := Bytes("5EiB"); ok {
		t.Error("Bytes(5EiB) read past int64's half")
	}
	for _, tc := range []struct {
		spec string
		u    Unit
		ok   bool
	}{
		{"1K", Unit{Factor: 1024}, true}, {"M", Unit{Factor: 1 << 20, Suffix: "M"}, true}, {"4KiB", Unit{Factor: 4096}, true},
		{"1MB", Unit{Factor: 1e6}, true}, {"kB", Unit{Factor: 1000, Suffix: "kB"}, true}, {"512", Unit{Factor: 512}, true},
		{"human-readable", Unit{Base: 1024}, true}, {"si", Unit{Base: 1000}, true},
		{"0", Unit{}, false}, {"1X", Unit{}, false}, {"'1K", Unit{}, false}, {"ki", Unit{}, false}, {"1KB2", Unit{}, false}, {"E", Unit{}, false},
	} {
		u, ok := BlockSize(tc.spec)
		if ok != tc.ok || ok && u != tc.u {
			t.Errorf("BlockSize(%q) = %+v %v", tc.spec, u, ok)
		}
	}
	for _, tc := range []struct {
		v    string
		base int64
		n    int64
		ok   bool
	}{
		{"4.0K", 1024, 4096, true}, {"12M", 1024, 12 << 20, true}, {"0", 1024, 0, true}, {"512B", 1024, 512, true},
		{"460Gi", 1024, 460 << 30, true}, {"1,5K", 1024, 1536, true}, {"5.0k", 1000, 5000, true}, {"1.1T", 1000, 1.1e12, true},
		{"K", 1024, 0, false}, {"12X", 1024, 0, false}, {"1E", 1024, 0, false}, {"", 1024, 0, false},
	} {
		n, ok := HumanBytes(tc.v, tc.base)
		if ok != tc.ok || n != tc.n {
			t.Errorf("HumanBytes(%q, %d) = %d %v", tc.v, tc.base, n, ok)
		}
	}
	mb, _ := BlockSize("M")
	for _, tc := range []struct {
		v  string
		u  Unit
		n  int64
		ok bool
	}{
		{"258020M", mb, 258020 << 20, true}, {"258020m", mb, 258020 << 20, true}, {"258020", mb, 0, false}, {"M", mb, 0, false},
		{"12", Unit{Factor: 1024}, 12288, true}, {"4.0K", Unit{Base: 1024}, 4096, true}, {"-1", Unit{Factor: 1}, 0, false},
	} {
		n, ok := UnitBytes(tc.v, tc.u)
		if ok != tc.ok || n != tc.n {
			t.Errorf("UnitBytes(%q, %+v) = %d %v", tc.v, tc.u, n, ok)
		}
	}
	for _, tc := range []struct {
		u    Unit
		want string
	}{{Unit{Base: 1000}, "humanSize1000"}, {Unit{Factor: 1}, "parseInt"}, {Unit{Factor: 1024}, "parseInt*1024"}, {mb, "parseInt*1048576"}} {
		if got := UnitTransform(tc.u); got != tc.want {
			t.Errorf("UnitTransform(%+v) = %q", tc.u, got)
		}
	}
}

func TestHexUnescape(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		ok      bool
	}{
		{`My\x20Disk`, "My Disk", true}, {"plain", "plain", false}, {"", "", false}, {`a\x`, `a\x`, true},
		{`\xzz\x41`, `\xzzA`, true}, {`caf\xc3\xa9`, "café", true}, {`end\x4`, `end\x4`, true},
	} {
		out, ok := HexUnescape(tc.in)
		if out != tc.out || ok != tc.ok {
			t.Errorf("HexUnescape(%q) = %q %v", tc.in, out, ok)
		}
	}
}

func TestCEscape(t *testing.T) {
	for _, tc := range []struct {
		s, lit string
		b      byte
		n      int
		ok     bool
	}{
		{"n", "", '\n', 1, true}, {"tail", "", '\t', 1, true}, {"v", "", '\v', 1, true}, {"a", "", '\a', 1, true},
		{"303", "", 0xc3, 3, true}, {"0001", "", 0, 3, true}, {"377", "", 0xff, 3, true},
		{"477", "", 0, 0, false}, // past a byte
		{"30", "", 0, 0, false}, {"38x", "", 0, 0, false}, {"", "", 0, 0, false},
		{`"`, `"\`, '"', 1, true}, {`"`, "", 0, 0, false}, {" ", ` '"`, ' ', 1, true}, {"x", `"`, 0, 0, false},
	} {
		b, n, ok := CEscape(tc.s, 0, tc.lit)
		if b != tc.b || n != tc.n || ok != tc.ok {
			t.Errorf("CEscape(%q, %q) = %q %d %v", tc.s, tc.lit, b, n, ok)
		}
	}
	if b, n, ok := CEscape(`x\n`, 2, ""); b != '\n' || n != 1 || !ok {
		t.Errorf("CEscape at 2 = %q %d %v", b, n, ok)
	}
	for q, want := range map[string]string{`"a\tb"`: "a\tb", `"caf\303\251"`: "café", `"q\"\\\?"`: `q"\?`, `"bad\x"`: "", `"cut\`: "", `"\400"`: ""} {
		if got, _, _ := CUnquote(q); got != want {
			t.Errorf("CUnquote(%s) = %q, want %q", q, got, want)
		}
	}
}

func TestTimeLayoutsZonesYears(t *testing.T) {
	if tm, ok := ParseLayouts("2026-11-29 10:00", nil, "2006-01-02", "2006-01-02 15:04"); !ok || tm.Hour() != 10 || tm.Location() != time.UTC {
		t.Errorf("ParseLayouts: the second layout = %v %v", tm, ok)
	}
	cet := time.FixedZone("CET", 3600)
	if tm, ok := ParseLayouts("2026-11-29 10:00", cet, "2006-01-02 15:04"); !ok || tm.Format(ISOLayout) != "2026-11-29T10:00:00+01:00" {
		t.Errorf("ParseLayouts in a location = %v %v", tm, ok)
	}
	if _, ok := ParseLayouts("29/11/2026", nil, "2006-01-02", "2006-01-02 15:04"); ok {
		t.Error("ParseLayouts read a date no layout reads")
	}
	if _, ok := ParseLayouts("x", nil); ok {
		t.Error("ParseLayouts without layouts")
	}
	for z, want := range map[string]int{"+0000": 0, "-0530": -19800, "+0100": 3600, "+1400": 50400} {
		if got, ok := ZoneOffset(z); !ok || got != want {
			t.Errorf("ZoneOffset(%q) = %d %v", z, got, ok)
		}
	}
	for _, z := range []string{"", "0100", "+01:00", "-+100", "+-100", "+01a0", "UTC"} {
		if _, ok := ZoneOffset(z); ok {
			t.Errorf("ZoneOffset(%q) ok", z)
		}
	}
	for _, tc := range [][4]int{{1970, 1, 1, 0}, {2000, 3, 1, 11017}, {1969, 12, 31, -1}, {2026, 11, 29, 20786}, {1600, 1, 1, -135140}} {
		if got := DaysFromCivil(tc[0], tc[1], tc[2]); got != int64(tc[3]) {
			t.Errorf("DaysFromCivil(%d-%d-%d) = %d, want %d", tc[0], tc[1], tc[2], got, tc[3])
		}
	}
	g := NewYearGuess(time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC))
	for _, tc := range []struct {
		mo, d, h, mi, year int
		ok                 bool
	}{
		{1, 15, 12, 0, 2026, true},   // now
		{1, 16, 12, 0, 2026, true},   // a day ahead: a clock skew, still this year
		{1, 16, 12, 1, 2025, true},   // more than a day ahead: last year
		{12, 31, 23, 59, 2025, true}, // last December
		{2, 29, 0, 0, 2025, false},   // 2025-02-29 does not exist
		{4, 31, 0, 0, 2025, false},
	} {
		y, ok := g.Year(tc.mo, tc.d, tc.h, tc.mi)
		if y != tc.year || ok != tc.ok {
			t.Errorf("Year(%d-%d %d:%d) = %d %v, want %d %v", tc.mo, tc.d, tc.h, tc.mi, y, ok, tc.year, tc.ok)
		}
	}
	// On 2028-03-01 (a leap year), Feb 29 is this year's.
	if y, ok := NewYearGuess(time.Date(2028, 3, 1, 0, 0, 0, 0, time.UTC)).Year(2, 29, 10, 0); y != 2028 || !ok {
		t.Errorf("Feb 29 of a leap year = %d %v", y, ok)
	}
}

// TestCSV checks each field's place in the raw output: after its quote,
// on the right line with CRLF, a doubled quote that makes a field not
// verbatim, and lazy quotes.
func TestCSV(t *testing.T) {
	raw := "\"Image Name\",\"PID\"\r\n\"a b.exe\",\"12\"\r\nplain,7\nbad\"quote,1\n\"x\"\"y\",\"3\"\n"
	r := NewCSV(raw)
	var got []string
	for {
		rec, at, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			got = append(got, fmt.Sprintf("err@%d", at))
			continue
		}
		var fs []string
		for i, v := range rec {
			s := r.FieldStart(i)
			verbatim := s >= 0 && s+len(v) <= len(raw) && raw[s:s+len(v)] == v
			fs = append(fs, fmt.Sprintf("%s@%d/%v", v, s, verbatim))
		}
		got = append(got, fmt.Sprintf("%d:%s", at, strings.Join(fs, ",")))
	}
	want := `0:Image Name@1/true,PID@14/true 20:a b.exe@21/true,12@31/true 36:plain@36/true,7@42/true 44:bad"quote@44/true,1@54/true 56:x"y@57/false,3@64/true`
	if g := strings.Join(got, " "); g != want {
		t.Errorf("CSV:\n got %s\nwant %s", g, want)
	}
	if _, _, err := NewCSV("").Read(); err != io.EOF {
		t.Errorf("empty input: %v", err)
	}
	// Lazy quotes: an unclosed quote runs to the end, one field.
	r = NewCSV("a,\"b\nc")
	if rec, at, err := r.Read(); err != nil || at != 0 || len(rec) != 2 || rec[1] != "b\nc" || r.FieldStart(1) != 3 {
		t.Errorf("an unclosed quote: %q at %d, %v", rec, at, err)
	}
}
