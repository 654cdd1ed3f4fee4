package catalog

import "math/bits"

// wc's fast path. A wc line is mostly its counts ("  2   3  18 plain.txt",
// about 25 bytes), so what a line costs beyond reading its bytes is what
// decides the speed: the general loop in parseWcWith calls a reader per
// count, switches on the column, records spans through a call each and
// searches the name for a quote with strings.IndexByte. wcFast reads the
// common shape (blanks, the counts, one space, a name) in one loop over
// the bytes instead and stops at the first line of any other shape (a
// blank line, standard input without a name, a count of 19 digits, a tab
// between counts, a name lost to "\r"), which the general loop then takes.
// FuzzWcFastPath checks that the two read every input alike.

const swarQuote = 0x2727272727272727

// wcState is what parseWcWith's loops share: the rows read so far and
// what the general loop needs to drop a row again.
type wcState struct {
	entries []WcEntry
	ints    []int64 // chunk the counts point into; a full chunk is left to them
	marks   []int   // where each row's spans begin, while recording
	names   wcNames // decoded names ('new'$'\n''line')
	scratch []byte
	rows    int
	prevAt  int // start of the row read from the line before, or -1
}

// newInt hands out a count the way wcFast does, from the shared chunks.
func (w *wcState) newInt(n int64) *int64 {
	if len(w.ints) == cap(w.ints) {
		w.ints = make([]int64, 0, 512)
	}
	w.ints = append(w.ints, n)
	return &w.ints[len(w.ints)-1]
}

// wcFast reads lines of the common shape from raw[pos:] on and returns
// where it stopped: the start of the first line it did not take, or
// len(raw). Every line it takes reads exactly as in the general loop: the
// same entry, the same spans, and it is then the line before (prevAt).
//
// The common shape here is narrower than what the general loop reads:
// counts after spaces only (no tabs), one space after each count, a name
// after the last. The counts are read a byte at a time: they are one to
// eight bytes, and reading eight bytes at once (tried) cost more
// instructions and time than it saved on mispredicted loop ends.
func wcFast(w *wcState, r *fsRec, raw string, pos int, cols []wcCol, kEntries, trUnquote uint16) int {
	nc := len(cols)
	if nc == 0 || nc > 5 {
		return pos
	}
	std := nc == 3 && cols[0] == wcLines && cols[1] == wcWords && cols[2] == wcBytes // wc's default
	on := r.on
	entries := w.entries
	for pos < len(raw) {
		if cap(w.ints)-len(w.ints) < nc {
			w.ints = make([]int64, 0, 512*nc)
		}
		v := w.ints[len(w.ints) : len(w.ints)+nc]
		i := pos
		k := 0
		for ; k < nc; k++ {
			for i < len(raw) && raw[i] == ' ' {
				i++
			}
			s := i
			var n int64
			n, i = scanDigits(raw, i)
			if i == s || i-s > 18 || i >= len(raw) || raw[i] != ' ' {
				break // no count, too long a count, no space after it
			}
			v[k] = n
			i++
		}
		if k < nc {
			break
		}
		// The name runs to the newline; a quote in it may need decoding.
		ns := i
		j := i
		for j+8 <= len(raw) {
			x := load64(raw, j)
			if m := firstZero(x^swarNL) | firstZero(x^swarQuote); m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				goto found
			}
			j += 8
		}
		for j < len(raw) && raw[j] != '\n' && raw[j] != '\'' {
			j++
		}
	found:
		quoted := j < len(raw) && raw[j] == '\''
		if quoted {
			j = nextNL(raw, j)
		}
		end := j // the line's end, "\r" dropped
		if end > ns && raw[end-1] == '\r' {
			end--
		}
		if end <= ns {
			break // no name: the general loop decides
		}
		w.ints = w.ints[:len(w.ints)+nc]
		idx := len(entries)
		if idx < cap(entries) {
			entries = entries[:idx+1]
		} else {
			entries = append(entries, WcEntry{})
		}
		e := &entries[idx]
		tr := uint16(0)
		if !quoted {
			e.Path = raw[ns:end]
		} else {
			var ok bool
			if w.scratch, ok = wcDecodeTo(w.scratch[:0], raw[ns:end]); ok {
				e.Path, tr = w.names.add(w.scratch), trUnquote
			} else {
				e.Path = raw[ns:end]
			}
		}
		if std {
			e.Lines, e.Words, e.Bytes = &v[0], &v[1], &v[2]
		} else {
			for k, col := range cols {
				switch col {
				case wcLines:
					e.Lines = &v[k]
				case wcWords:
					e.Words = &v[k]
				case wcChars:
					e.Chars = &v[k]
				case wcBytes:
					e.Bytes = &v[k]
				case wcMax:
					e.MaxLineLength = &v[k]
				}
			}
		}
		if on {
			// The counts' and the name's spans as one group record
			// (the fields were named by parseWcWith).
			w.marks = append(w.marks, len(r.spans))
			r.addCountsRow(kEntries, idx, pos, end, tr)
		}
		w.rows++
		w.prevAt = pos
		pos = j + 1
	}
	w.entries = entries
	return min(pos, len(raw))
}
