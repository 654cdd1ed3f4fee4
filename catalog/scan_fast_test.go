package catalog

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// The short-line parsers (find, wc, grep, git log --oneline) find bytes
// eight at a time and fuse scans that used to be two; these fuzz tests
// check each rewritten piece against the plain code it replaces, and
// find's fast loop against its general loop.

// FuzzFindFastPath checks that findFast, the loop that keeps the plain
// paths, changes nothing: the same result, spans, unread lines and
// warnings as the general loop alone, on every golden find capture and
// argument set and on fuzzed input, with and without MaxItems.
func FuzzFindFastPath(f *testing.F) {
	seedGolden(f, "find", findFuzzArgs)
	f.Add("./a\n./b\nrest\n./c\n\n./d\r\n", uint8(0), true)
	f.Add("src/x\nsrc\ndocs/y\ndocs/\nother\n", uint8(2), true)
	f.Add("/\n/etc\n//x\n", uint8(4), false)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		args := findFuzzArgs[int(sel)%len(findFuzzArgs)]
		fastPathAgrees(t, parseFindWith, raw, args, Linux, time.UTC, int(sel>>4)%4, spans)
	})
}

// FuzzScanHelpers checks the inline byte finders and the fused scans
// against the plain code they replace, at every start offset.
func FuzzScanHelpers(f *testing.F) {
	for _, s := range []string{"", "\n", "abc:12:x", "a-1-b:2:c", "  12  345 name", "1234567890123456789 x",
		"deadbeef rest", "DEADBEEF x", "0123456789abcdefg", "\t7\t8", "12a 3", "'new'$'\\n''line'",
		"x$'\\t\\n'y", "$'\\001\\n'", "'a'$'\\q'", "0:\n-:\x00\xff-\n:", "'new'$'\\012''line'",
		"  12345678 9\t\x80\xb9/:", "'it'\\''s'$'\\n'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i <= len(s); i++ {
			want := len(s)
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				want = i + j
			}
			if got := nextNL(s, i); got != want {
				t.Fatalf("nextNL(%q, %d) = %d, want %d", s, i, got, want)
			}
			want = len(s)
			if j := strings.IndexAny(s[i:], ":-"); j >= 0 {
				want = i + j
			}
			if got := nextColonDash(s, i); got != want {
				t.Fatalf("nextColonDash(%q, %d) = %d, want %d", s, i, got, want)
			}
			// wcNumber is nextField then atoi.
			ws, wt := nextField(s, i)
			wn, wok := atoi(s[ws:wt])
			n, gs, gt, ok := wcNumber(s, i)
			if ok != wok || ok && (n != wn || gs != ws || gt != wt) {
				t.Fatalf("wcNumber(%q, %d) = %d %d %d %v, want %d %d %d %v", s, i, n, gs, gt, ok, wn, ws, wt, wok)
			}
		}
		// gmHexLen then a space is strings.Cut then gmIsHex.
		h, _, _ := strings.Cut(s, " ")
		hl := gmHexLen(s)
		if fused := hl > 0 && (hl == len(s) || s[hl] == ' '); fused != gmIsHex(h) || fused && s[:hl] != h {
			t.Fatalf("gmHexLen(%q) = %d; Cut gives %q, gmIsHex %v", s, hl, h, gmIsHex(h))
		}
		// wcUnquoteTo appends what the plain decoder returns, after what
		// is there; wcDecodeTo is the same for a name holding a quote.
		want, wok := wcUnquoteRef(s)
		got, ok := wcUnquoteTo([]byte("prefix"), s)
		if ok != wok || ok && string(got) != "prefix"+want {
			t.Fatalf("wcUnquoteTo(%q) = %q %v, want %q %v", s, got, ok, want, wok)
		}
		if strings.IndexByte(s, '\'') >= 0 {
			got, ok = wcDecodeTo([]byte("prefix"), s)
			if ok != wok || ok && string(got) != "prefix"+want {
				t.Fatalf("wcDecodeTo(%q) = %q %v, want %q %v", s, got, ok, want, wok)
			}
		}
	})
}

// TestWcNamesShareBuffers checks that decoded names keep their text while
// later names fill and overflow the shared chunks.
func TestWcNamesShareBuffers(t *testing.T) {
	var w wcNames
	var got []string
	var want []string
	for i := range 3000 {
		name := strings.Repeat(string(rune('a'+i%26)), i%70) + "\n"
		want = append(want, name)
		got = append(got, w.add([]byte(name)))
	}
	big := strings.Repeat("z", 100<<10)
	want, got = append(want, big), append(got, w.add([]byte(big)))
	if !reflect.DeepEqual(got, want) {
		t.Fatal("a decoded name changed after later names were added")
	}
}

// fastPathAgrees runs parse with and without its fast path on the same
// input and fails on any difference: value, error, spans, unread lines,
// warnings, omitted rows. Bits 4-5 of a fuzz test's sel pick MaxItems,
// bits 6-7 the OS.
func fastPathAgrees(t *testing.T, parse func(*Context, bool) (any, error), raw string, args []string, osv OS, loc *time.Location, maxItems int, spans bool) {
	t.Helper()
	run := func(general bool) (*Context, any, error) {
		c := &Context{Raw: raw, Args: args, OS: osv, Location: loc,
			Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), recording: spans, MaxItems: maxItems}
		v, err := parse(c, general)
		return c, v, err
	}
	cFast, vFast, errFast := run(false)
	cGen, vGen, errGen := run(true)
	if !reflect.DeepEqual(errFast, errGen) || !reflect.DeepEqual(vFast, vGen) {
		t.Fatalf("fast path: %+v %v\ngeneral: %+v %v", vFast, errFast, vGen, errGen)
	}
	if !reflect.DeepEqual(cFast.unread, cGen.unread) || !reflect.DeepEqual(cFast.warnings, cGen.warnings) ||
		cFast.omitted != cGen.omitted {
		t.Fatalf("unread %v/%v warnings %v/%v omitted %d/%d", cFast.unread, cGen.unread,
			cFast.warnings, cGen.warnings, cFast.omitted, cGen.omitted)
	}
	if spans && errFast == nil {
		if a, b := cFast.spanSet().Slice(), cGen.spanSet().Slice(); !reflect.DeepEqual(a, b) {
			t.Fatalf("spans differ:\n%v\n%v", a, b)
		}
	}
}

// FuzzWcFastPath checks that wcFast, the loop that reads the common wc
// line, changes nothing: the same result, spans, unread lines and
// warnings as the general loop alone, on every golden wc capture and
// argument set and on fuzzed input (names with quotes, tabs, "\r",
// missing names, long counts), with and without MaxItems.
func FuzzWcFastPath(f *testing.F) {
	seedGolden(f, "wc", wcFuzzArgs)
	f.Add("  1  2  3 a\n\t4\t5 6 b c\r\n 7 8 9\n1 2 3 \r\n1 2 3 'x'$'\\n''y'\n1 2 3 'bad\n", uint8(1), true)
	f.Add("1 2 3\tname\n1 2 3  two\n1234567890123456789 1 1 x\n  5 x\n\n 1 1 1 total\n", uint8(0x31), true)
	f.Add(" 3 'it''s'\n 4 new\nline\n 5 z\r", uint8(0x22), false)
	f.Add("  1  2  3  4  5 all five names\n  1  2  3  4  5 \n", uint8(0x13), true)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		args := wcFuzzArgs[int(sel)%len(wcFuzzArgs)]
		fastPathAgrees(t, parseWcWith, raw, args, fuzzOSes[int(sel>>6)%len(fuzzOSes)], time.UTC, int(sel>>4)%4, spans)
	})
}

// wcUnquoteRef is the decoder wcUnquoteTo replaced, kept as the reference
// FuzzScanHelpers checks it against.
func wcUnquoteRef(s string) (string, bool) {
	if strings.IndexByte(s, '\'') < 0 {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return "", false
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 2
		case strings.HasPrefix(s[i:], "$'"):
			i += 2
			for {
				if i >= len(s) {
					return "", false
				}
				ch := s[i]
				if ch == '\'' {
					i++
					break
				}
				if ch != '\\' {
					b.WriteByte(ch)
					i++
					continue
				}
				if i+1 >= len(s) {
					return "", false
				}
				e := s[i+1]
				i += 2
				switch e {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				case 'r':
					b.WriteByte('\r')
				case 'a':
					b.WriteByte('\a')
				case 'b':
					b.WriteByte('\b')
				case 'f':
					b.WriteByte('\f')
				case 'v':
					b.WriteByte('\v')
				case '\\', '\'', '"':
					b.WriteByte(e)
				case '0', '1', '2', '3':
					if i+1 >= len(s) || !isOctal(s[i]) || !isOctal(s[i+1]) {
						return "", false
					}
					b.WriteByte((e-'0')<<6 | (s[i]-'0')<<3 | (s[i+1] - '0'))
					i += 2
				default:
					return "", false
				}
			}
		default:
			// Unquoted runs of safe characters may sit between quotes.
			ch := s[i]
			if ch == ' ' || ch == '\\' || ch == '"' || ch == '$' || ch == '`' || ch < 0x20 {
				return "", false
			}
			b.WriteByte(ch)
			i++
		}
	}
	out := b.String()
	return out, strings.IndexByte(out, '\n') >= 0
}

// FuzzGrepFastPath checks that grepFast, the loop that reads the common
// "name:N:text" and "N:text" lines, changes nothing: the same result,
// spans, unread lines and warnings as the general loop alone, on every
// golden grep capture and argument set and on fuzzed input (names holding
// ":N:", context lines, "--", binary notes, empty lines, names split by a
// newline), with and without MaxItems.
func FuzzGrepFastPath(f *testing.F) {
	seedGolden(f, "grep", grepFuzzArgs)
	f.Add("./a:1:x\n./c:5:d.txt:1:y\n./b-2-ctx\n--\nBinary file ./z matches\n\n./e\nf:3:g\r\n", uint8(1), true)
	f.Add("12:a\n13-b\n--\nx:1\n:4:y\n99999999999999999999:z\n", uint8(0x10), true)
	f.Add("src/a:1-b:2:c\nsrc/a-3-z\n--\nsrc/b:4:\n", uint8(0x27), true)
	f.Add("a:1:x\nb:2:y\nc:3:z\n", uint8(0x34), false)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		args := grepFuzzArgs[int(sel)%len(grepFuzzArgs)]
		fastPathAgrees(t, parseGrepWith, raw, args, fuzzOSes[int(sel>>6)%len(fuzzOSes)], time.UTC, int(sel>>4)%4, spans)
	})
}

// TestFastPathsTakeBenchRows checks that the fast paths read the rows of
// the throughput benchmarks themselves, so that a change which makes them
// stop early (and leaves the work to the slower general loop, with the
// same output) fails here rather than only in the figures.
func TestFastPathsTakeBenchRows(t *testing.T) {
	wcGolden := benchGolden(t, "wc", parseWc, "linux/wc/many", 0, 1)
	grepGolden := benchGolden(t, "grep-rn", parseGrep, "linux/grep/recursive_n", 0, 0)
	for _, tc := range []struct {
		name string
		raw  string
		args []string
		fast func(c *Context) (pos int)
	}{
		{"wc-golden", wcGolden.raw, wcGolden.args, wcFastAll},
		{"wc", benchWc(), []string{"a", "b"}, wcFastAll},
		{"grep-rn-golden", grepGolden.raw, grepGolden.args, grepFastAll},
		{"grep-rn", benchGrepRecursive(), []string{"-rn", "err", "."}, grepFastAll},
		{"grep-n", benchGrepSingle(), []string{"-n", "TODO", "main.go"}, grepFastAll},
	} {
		c := &Context{Raw: tc.raw, Args: tc.args, OS: Linux, Location: time.UTC, Now: time.Now()}
		if pos := tc.fast(c); pos != len(tc.raw) {
			t.Errorf("%s: the fast path stopped at byte %d of %d: %q", tc.name, pos, len(tc.raw),
				tc.raw[pos:min(pos+60, len(tc.raw))])
		}
	}
}

// wcFastAll runs wcFast from the start of the output and returns where it
// stopped.
func wcFastAll(c *Context) int {
	cols, _, _ := wcRead(c.Args, c.OS)
	w := &wcState{entries: make([]WcEntry, 0, countLines(c.Raw)), prevAt: -1}
	return wcFast(w, newFsRec(c, len(cols)+1), c.Raw, 0, cols, 0, 0)
}

// grepFastAll is wcFastAll for grepFast, set up as parseGrepWith does.
func grepFastAll(c *Context) int {
	p := &grepParser{c: c, o: grepRead(c.Args, c.OS), r: newFsRec(c, 4), res: &GrepResult{}}
	p.names = p.o.withFile == 1 || p.o.withFile == -1 && grepNamesShown(c.Raw, p.o.operands)
	if !p.grepFastOK(false) {
		return 0
	}
	pos, _, _ := p.grepFast(c.Raw, 0, nil)
	return pos
}

// TestGrepGroupRecords checks the group records grep's fast path keeps a
// row's spans in: they read back as the general path's separate spans,
// Len counts them, and rows dropped by MaxItems drop their count too; a
// name too long for a record (over 65,535 bytes) takes separate spans.
func TestGrepGroupRecords(t *testing.T) {
	long := "./" + strings.Repeat("n", 70000)
	raw := long + ":12:text\n./a:1:b\n./src/c.go:7:x:y\n./d-2-ctx\n"
	for _, args := range [][]string{{"-rn", "x", "."}, {"-rn", "-C1", "x", "."}} {
		for maxItems := range 3 {
			fastPathAgrees(t, parseGrepWith, raw, args, Linux, time.UTC, maxItems, true)
			c := &Context{Raw: raw, Args: args, OS: Linux, Location: time.UTC, Now: time.Now(), recording: true, MaxItems: maxItems}
			if _, err := parseGrep(c); err != nil {
				t.Fatal(args, maxItems, err)
			}
			set := c.spanSet()
			spans := set.Slice()
			if set.Len() != len(spans) {
				t.Fatalf("%v max %d: Len %d, %d spans", args, maxItems, set.Len(), len(spans))
			}
			if spans[0].Pointer != "/matches/0/file" || spans[0].End-spans[0].Start != len(long) {
				t.Fatalf("%v: first span %+v", args, spans[0])
			}
		}
	}
	// The short rows are group records.
	c := &Context{Raw: "a:1:b\nc:22:d\n", Args: []string{"-rn", "x", "."}, OS: Linux, Location: time.UTC, Now: time.Now(), recording: true}
	p := &grepParser{c: c, o: grepRead(c.Args, c.OS), r: newFsRec(c, 4), res: &GrepResult{}}
	p.names = true
	p.kMatches = p.r.id("matches")
	p.fFile, p.fLine, p.fText = p.r.id("file"), p.r.id("line_number"), p.r.id("text")
	p.trInt = p.r.tr("parseInt")
	p.r.setGroup(p.fFile, p.fLine, p.fText, p.trInt)
	if _, n, _ := p.grepFast(c.Raw, 0, nil); n != 2 || len(p.r.spans) != 2 || p.r.extra != 4 {
		t.Fatalf("read %d rows into %d records (+%d)", n, len(p.r.spans), p.r.extra)
	}
}
