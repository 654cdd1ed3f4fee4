package lex

import (
	"strings"
	"testing"
)

// refSGR is StripSGR and Raw as they were with a table of runs (Text[t:]
// read from the line at r), the reference the walk of the line is held to.
type refSGR struct {
	text string
	runs []struct{ t, r int }
	n    int
}

func refStrip(line string) refSGR {
	if strings.IndexByte(line, 0x1b) < 0 {
		return refSGR{text: line, n: len(line)}
	}
	var b strings.Builder
	runs := []struct{ t, r int }{}
	for i := 0; i < len(line); {
		if line[i] == 0x1b && i+1 < len(line) && line[i+1] == '[' {
			j := i + 2
			for j < len(line) && (line[j] < 0x40 || line[j] > 0x7e) {
				j++
			}
			i = j + 1
			continue
		}
		end := len(line)
		if k := strings.IndexByte(line[i+1:], 0x1b); k >= 0 {
			end = i + 1 + k
		}
		runs = append(runs, struct{ t, r int }{b.Len(), i})
		b.WriteString(line[i:end])
		i = end
	}
	return refSGR{text: b.String(), runs: runs, n: len(line)}
}

func (l refSGR) off(i int) int {
	k := len(l.runs) - 1
	for k > 0 && l.runs[k].t > i {
		k--
	}
	return l.runs[k].r + i - l.runs[k].t
}

func (l refSGR) raw(s, e int) (int, int, bool) {
	if l.runs == nil {
		return s, e, true
	}
	if e <= s {
		at := l.n
		if s < len(l.text) {
			at = l.off(s)
		}
		return at, at, true
	}
	rs, re := l.off(s), l.off(e-1)+1
	return rs, re, re-rs == e-s
}

// sameSGR fails t when StripSGR(line) and the reference differ in the
// text or in Raw of any range of it.
func sameSGR(t *testing.T, line string) {
	want := refStrip(line)
	got := StripSGR(line, 0)
	if got.Text != want.text {
		t.Fatalf("StripSGR(%q).Text = %q, want %q", line, got.Text, want.text)
	}
	if want.text == "" {
		return // the table had no run to map from
	}
	step := 1 + len(want.text)/40 // every range of a short line, a grid of a long one
	for s := 0; s <= len(want.text); s += step {
		for e := 0; e <= len(want.text); e += step {
			ws, we, wok := want.raw(s, e)
			gs, ge, gok := got.Raw(s, e)
			if ws != gs || we != ge || wok != gok {
				t.Fatalf("StripSGR(%q).Raw(%d,%d) = %d,%d,%v, want %d,%d,%v", line, s, e, gs, ge, gok, ws, we, wok)
			}
		}
	}
}

var sgrSeeds = []string{
	"plain",
	"",
	"\x1b[96msrc/a.ts\x1b[0m:\x1b[93m1\x1b[0m:\x1b[93m7\x1b[0m - \x1b[91merror\x1b[0m\x1b[90m TS2322: \x1b[0mType",
	"\x1b[7m1\x1b[0m const a: number = \"x\";",
	"\x1b[7m \x1b[0m \x1b[91m      ~\x1b[0m",
	"a\x1bb\x1b[1mc\x1b",
	"\x1b[0m",
	"x\x1b[",
	"x\x1b[12;3",
	"\x1b[3~del\x1b[?25h~",
	"\x1b\x1b[1m\x1b",
	"  \x1b[1m\x1b[31m●\x1b[39m\x1b[22m math › fails",
}

func TestStripSGRReference(t *testing.T) {
	for _, s := range sgrSeeds {
		sameSGR(t, s)
	}
}

// FuzzStripSGR holds StripSGR and Raw to the table of runs they replaced.
func FuzzStripSGR(f *testing.F) {
	for _, s := range sgrSeeds {
		f.Add(s)
	}
	f.Fuzz(sameSGR)
}
