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
