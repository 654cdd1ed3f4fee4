package lex

import "strings"

// SGRLine is one line with its ANSI escape sequences (colours, "\x1b[1m")
// taken out, as tools print them when forced to colour (tsc --pretty):
// Text is what a terminal shows, and Raw maps a range of Text back to the
// bytes of the line, so that a value read from the text keeps its span.
type SGRLine struct {
	Text  string
	Start int // offset of the line in the raw output
	// runs are the stretches of Text copied whole from the line, in order
	// (one per text between escapes, not one offset per byte: a coloured
	// 1 MB answer made 8 MB of offsets); nil when the line had no escape
	// and Text is the line itself.
	runs []sgrRun
	n    int // length of the line
}

// sgrRun is Text[t:] read from the line at offset r, up to the next run.
type sgrRun struct{ t, r int }

// off is the offset in the line of Text[i], i < len(Text).
func (l SGRLine) off(i int) int {
	k := len(l.runs) - 1
	for k > 0 && l.runs[k].t > i {
		k--
	}
	return l.runs[k].r + i - l.runs[k].t
}

// StripSGR takes the CSI escape sequences ("\x1b[" ... final byte) out of
// line, which starts at offset start of the raw output.
func StripSGR(line string, start int) SGRLine {
	if strings.IndexByte(line, 0x1b) < 0 {
		return SGRLine{Text: line, Start: start, n: len(line)}
	}
	var b strings.Builder
	b.Grow(len(line))
	runs := make([]sgrRun, 0, strings.Count(line, "\x1b")+1)
	for i := 0; i < len(line); {
		if line[i] == 0x1b && i+1 < len(line) && line[i+1] == '[' {
			j := i + 2
			for j < len(line) && (line[j] < 0x40 || line[j] > 0x7e) {
				j++
			}
			i = j + 1 // past the final byte
			continue
		}
		// The text up to the next escape, copied at once.
		end := len(line)
		if k := strings.IndexByte(line[i+1:], 0x1b); k >= 0 {
			end = i + 1 + k
		}
		runs = append(runs, sgrRun{t: b.Len(), r: i})
		b.WriteString(line[i:end])
		i = end
	}
	return SGRLine{Text: b.String(), Start: start, runs: runs, n: len(line)}
}

// Raw is the range of the raw output that Text[s:e] was read from, and
// whether those bytes are the text itself (no escape inside the range).
func (l SGRLine) Raw(s, e int) (int, int, bool) {
	if l.runs == nil {
		return l.Start + s, l.Start + e, true
	}
	if e <= s {
		at := l.n
		if s < len(l.Text) {
			at = l.off(s)
		}
		return l.Start + at, l.Start + at, true
	}
	rs, re := l.off(s), l.off(e-1)+1
	return l.Start + rs, l.Start + re, re-rs == e-s
}
