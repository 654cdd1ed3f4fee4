package catalog

import "strings"

// grep's fast path for -n output: "name:N:text" (several files, -r) and
// "N:text" (one file), and their context lines ("name-N-text"). The
// general loop reads a line through lines.next, match, nameEnd and
// grepNumber (which reads the line number twice: once to find where the
// name ends, once as the number), int64Slab.new and a recording call per
// field; grepFast reads the number once, in the same pass that finds the
// name's end, and records the spans inline. It stops at the first line of
// any other shape (empty, "--", "Binary file ... matches", no name the
// general loop would take, a context line without -A/-B/-C), which the
// general loop then reads. FuzzGrepFastPath checks that the two agree.

// grepFastOK reports whether grepFast reads this parse's lines: match
// lines with line numbers and neither byte offsets nor NUL separators.
func (p *grepParser) grepFastOK(null bool) bool {
	o := &p.o
	return o.mode == 'm' && o.number && !o.offset && !null
}

// grepFast reads lines from raw[pos:] on while they have the common shape
// and returns where it stopped (the start of the first line it did not
// take, or len(raw)), the lines it read and marks with each row's first
// span appended while recording.
func (p *grepParser) grepFast(raw string, pos int, marks []int) (int, int, []int) {
	r := p.r
	on := r.on
	ctx := p.o.context
	names := p.names
	matches := p.res.Matches
	ints := p.ints.buf
	read := 0
	for pos < len(raw) {
		end := nextNL(raw, pos)
		line := raw[pos:end]
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		if line == "" || line[0] == 'B' && strings.HasPrefix(line, "Binary file ") || ctx && line == "--" {
			break
		}
		// i is the separator after the name (0 without names), j the one
		// after the number.
		i, j := 0, 0
		var num int64
		if names {
			i = nextColonDash(line, 1)
			for ; i < len(line); i = nextColonDash(line, i+1) {
				c := line[i]
				num, j = scanDigits(line, i+1)
				if j > i+1 && j < len(line) && j-i-1 <= 18 && line[j] == c &&
					(p.explicit == nil || p.explicit[line[:i]]) {
					break
				}
			}
			if i >= len(line) {
				break
			}
		} else {
			num, j = scanDigits(line, 0)
			if j == 0 || j >= len(line) || j > 18 || line[j] != ':' && line[j] != '-' {
				break
			}
		}
		sep := line[j]
		if sep == '-' && !ctx {
			break // not a line of this output: the general loop reports it
		}
		if names && p.explicit == nil && !p.warned && grepAmbiguous(line, i+1) {
			p.warned = true
			p.c.Warn("a line reads as another file name holding \":<digits>:\" too; the first split was taken: grep -Z (--null) separates names exactly")
		}
		if len(ints) == cap(ints) {
			ints = make([]int64, 0, 512)
		}
		ints = append(ints, num)
		idx := len(matches)
		matches = append(matches, GrepMatch{LineNumber: &ints[len(ints)-1], Text: line[j+1:], Context: sep == '-'})
		if names {
			matches[idx].File = line[:i]
		}
		if on && sep == ':' {
			// The row's three (two) spans as one group record.
			marks = append(marks, len(r.spans))
			nameLen := -1
			if names {
				nameLen = i
			}
			r.addNumRow(p.kMatches, idx, pos, pos+len(line), nameLen, pos+j)
		} else if on {
			marks = append(marks, len(r.spans))
			if names {
				r.spans = append(r.spans, fsSpan{int32(pos), int32(pos + i), int32(idx), p.kMatches, p.fFile, 0})
			}
			s := i + 1
			if !names {
				s = 0
			}
			r.spans = append(r.spans, fsSpan{int32(pos + s), int32(pos + j), int32(idx), p.kMatches, p.fLine, p.trInt})
			if sep == '-' {
				r.spans = append(r.spans, fsSpan{int32(pos + j), int32(pos + j + 1), int32(idx), p.kMatches, p.fContext, p.trCtx})
			}
			r.spans = append(r.spans, fsSpan{int32(pos + j + 1), int32(pos + len(line)), int32(idx), p.kMatches, p.fText, 0})
		}
		read++
		pos = end + 1
	}
	p.res.Matches, p.ints.buf = matches, ints
	return min(pos, len(raw)), read, marks
}
