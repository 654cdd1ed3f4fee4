package executor

import (
	"bytes"
	"math"
	"sync"
)

// Capture is what was kept of one output stream.
type Capture struct {
	// Data is what was kept: all of the output when it fit, otherwise a head
	// and a tail of whole lines where the output had line breaks.
	Data []byte
	// TotalBytes is how many bytes the child wrote to the stream.
	TotalBytes int64
	// Truncated reports whether bytes were dropped.
	Truncated bool
	// KeptBytes == len(Data).
	KeptBytes int64
	// DroppedBytes == TotalBytes - KeptBytes.
	DroppedBytes int64
	// OmittedAt is the offset in Data where the dropped bytes were (the
	// length of the head), or -1 when nothing was dropped.
	OmittedAt int64
}

// emptyCapture is the Capture of a stream that never produced anything; it
// keeps OmittedAt == -1 and Data non-nil so callers need no special case for
// runs that did not start.
func emptyCapture() Capture { return Capture{Data: []byte{}, OmittedAt: -1} }

// minGrow is the smallest buffer the writer allocates, so that a stream of
// small writes does not reallocate on every call.
const minGrow = 512

// captureWriter is the io.Writer behind one output stream. With a budget of
// max bytes it keeps the first max/2 bytes as the head and the last
// max-max/2 bytes in a ring buffer as the tail, so its memory never exceeds
// max however much the child writes. It accepts (and counts) every byte so
// the child never blocks on a full pipe. With max <= 0 it keeps everything.
//
// Its state depends only on the byte sequence written, never on how the
// writes were split, which the tests check with several chunk sizes.
type captureWriter struct {
	// mu guards everything: Write runs on the copying goroutine while
	// progress is read from the progress goroutine, and result may be taken
	// while a copy stuck on a pipe held by an escaped descendant is still
	// running (that copy is then ignored rather than raced with).
	mu sync.Mutex

	headCap int // math.MaxInt when unlimited
	tailCap int // 0 when unlimited
	head    []byte
	// ring holds the tail. It grows by appending until it reaches tailCap;
	// from then on stream byte s (counted after the head) lives at
	// ring[s%tailCap].
	ring []byte
	m    int64 // bytes written past the head
	// prev is the byte just before the oldest byte in the ring, valid once
	// the ring has overflowed. It tells whether the tail already starts at a
	// line boundary, so that no whole line is trimmed off needlessly.
	prev byte

	total      int64
	lines      int64
	countLines bool // only the stdout writer of a run with OnProgress counts
	closed     bool
}

func newCaptureWriter(max int, countLines bool) *captureWriter {
	w := &captureWriter{countLines: countLines}
	if max <= 0 {
		w.headCap = math.MaxInt
		return w
	}
	w.headCap = max / 2
	w.tailCap = max - w.headCap
	return w
}

// Write always reports success for all of p: failing would make the copy
// stop reading and leave the child blocked on a full pipe.
func (w *captureWriter) Write(p []byte) (int, error) {
	n := len(p)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return n, nil
	}
	w.total += int64(n)
	if w.countLines {
		w.lines += int64(bytes.Count(p, []byte{'\n'}))
	}

	if room := w.headCap - len(w.head); room > 0 {
		k := min(room, len(p))
		w.head = appendCapped(w.head, p[:k], w.headCap)
		p = p[k:]
	}
	if len(p) == 0 || w.tailCap == 0 {
		return n, nil
	}

	if room := w.tailCap - len(w.ring); room > 0 {
		k := min(room, len(p))
		w.ring = appendCapped(w.ring, p[:k], w.tailCap)
		w.m += int64(k)
		p = p[k:]
		if len(p) == 0 {
			return n, nil
		}
	}

	// The ring is full and p overflows it.
	tc := int64(w.tailCap)
	end := w.m + int64(len(p))
	// Stream index of the byte just before the new oldest byte. It is >= 0
	// because end > tc, and >= w.m-tc because len(p) >= 1, so when it is not
	// in p it is still in the ring (read before overwriting).
	if j := end - tc - 1; j >= w.m {
		w.prev = p[j-w.m]
	} else {
		w.prev = w.ring[j%tc]
	}
	if int64(len(p)) > tc {
		p = p[int64(len(p))-tc:]
	}
	pos := int((end - int64(len(p))) % tc)
	c := copy(w.ring[pos:], p)
	copy(w.ring, p[c:])
	w.m = end
	return n, nil
}

// appendCapped appends src to dst, growing geometrically but never beyond
// limit bytes of capacity: plain append may round capacity up past the
// budget, which would break the memory bound.
func appendCapped(dst, src []byte, limit int) []byte {
	need := len(dst) + len(src)
	if need > cap(dst) {
		nc := min(max(2*cap(dst), need, minGrow), limit)
		nb := make([]byte, len(dst), nc)
		copy(nb, dst)
		dst = nb
	}
	return append(dst, src...)
}

// progress returns the bytes and newlines written so far.
func (w *captureWriter) progress() (bytes, lines int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.total, w.lines
}

// result closes the writer (later writes are counted nowhere) and returns
// the Capture. When bytes were dropped the head is cut after its last '\n'
// and the tail starts after its first '\n', so Data is whole lines; a piece
// without a usable line break is kept as is rather than emptied.
func (w *captureWriter) result() Capture {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true

	c := Capture{TotalBytes: w.total, OmittedAt: -1}
	if w.m <= int64(w.tailCap) {
		// Nothing dropped: head and ring are the whole output, in order.
		switch {
		case len(w.ring) == 0 && w.head != nil:
			c.Data = w.head
		default:
			c.Data = make([]byte, 0, len(w.head)+len(w.ring))
			c.Data = append(append(c.Data, w.head...), w.ring...)
		}
		c.KeptBytes = int64(len(c.Data))
		return c
	}

	head := w.head
	if i := bytes.LastIndexByte(head, '\n'); i >= 0 {
		head = head[:i+1]
	}
	start := int(w.m % int64(w.tailCap))
	data := make([]byte, 0, len(head)+w.tailCap)
	data = append(data, head...)
	data = append(data, w.ring[start:]...)
	data = append(data, w.ring[:start]...)
	if tail := data[len(head):]; w.prev != '\n' {
		// Drop the partial first line, unless the '\n' is the last byte:
		// then the tail is one partial line and is better than nothing.
		if i := bytes.IndexByte(tail, '\n'); i >= 0 && i < len(tail)-1 {
			data = append(data[:len(head)], tail[i+1:]...)
		}
	}

	c.Data = data
	c.Truncated = true
	c.KeptBytes = int64(len(data))
	c.DroppedBytes = c.TotalBytes - c.KeptBytes
	c.OmittedAt = int64(len(head))
	return c
}
