package executor

import (
	"bytes"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// referenceCapture computes the expected Capture from the whole output at
// once, independently of the streaming writer.
func referenceCapture(all []byte, max int) Capture {
	c := Capture{Data: append([]byte{}, all...), TotalBytes: int64(len(all)), OmittedAt: -1}
	if max <= 0 || len(all) <= max {
		c.KeptBytes = int64(len(all))
		return c
	}
	headCap, tailCap := max/2, max-max/2
	head := all[:headCap]
	if i := bytes.LastIndexByte(head, '\n'); i >= 0 {
		head = head[:i+1]
	}
	tail := all[len(all)-tailCap:]
	if all[len(all)-tailCap-1] != '\n' {
		if i := bytes.IndexByte(tail, '\n'); i >= 0 && i < len(tail)-1 {
			tail = tail[i+1:]
		}
	}
	c.Data = append(append([]byte{}, head...), tail...)
	c.Truncated = true
	c.KeptBytes = int64(len(c.Data))
	c.DroppedBytes = c.TotalBytes - c.KeptBytes
	c.OmittedAt = int64(len(head))
	return c
}

func feed(w *captureWriter, data []byte, chunk int) {
	for len(data) > 0 {
		k := min(chunk, len(data))
		if n, err := w.Write(data[:k]); n != k || err != nil {
			panic(fmt.Sprintf("Write(%d bytes) = %d, %v", k, n, err))
		}
		data = data[k:]
	}
}

func seqOutput(from, to int) []byte {
	var b bytes.Buffer
	for i := from; i <= to; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	return b.Bytes()
}

func checkConsistent(t *testing.T, c Capture) {
	t.Helper()
	if c.KeptBytes != int64(len(c.Data)) {
		t.Errorf("KeptBytes = %d, len(Data) = %d", c.KeptBytes, len(c.Data))
	}
	if c.KeptBytes+c.DroppedBytes != c.TotalBytes {
		t.Errorf("Kept %d + Dropped %d != Total %d", c.KeptBytes, c.DroppedBytes, c.TotalBytes)
	}
	if c.Truncated != (c.DroppedBytes > 0) {
		t.Errorf("Truncated = %v with DroppedBytes = %d", c.Truncated, c.DroppedBytes)
	}
	if c.Truncated && (c.OmittedAt < 0 || c.OmittedAt > c.KeptBytes) {
		t.Errorf("OmittedAt = %d out of [0, %d]", c.OmittedAt, c.KeptBytes)
	}
	if !c.Truncated && c.OmittedAt != -1 {
		t.Errorf("OmittedAt = %d, want -1 when not truncated", c.OmittedAt)
	}
}

// TestCaptureChunkingInvariant feeds each input with several write sizes:
// the Capture must not depend on where the reads split, and must equal the
// whole-output reference.
func TestCaptureChunkingInvariant(t *testing.T) {
	longLine := bytes.Repeat([]byte("x"), 5000)
	inputs := map[string][]byte{
		"empty":          nil,
		"seq":            seqOutput(1, 3000),
		"no newline":     longLine,
		"one long line":  append(append([]byte{}, longLine...), '\n'),
		"mixed":          []byte(strings.Repeat("short\n"+strings.Repeat("y", 300)+"\n\n", 40) + "end without newline"),
		"only newlines":  bytes.Repeat([]byte("\n"), 3000),
		"long then seq":  append(append([]byte{}, longLine...), seqOutput(1, 500)...),
		"seq then long":  append(seqOutput(1, 500), longLine...),
		"crlf and bytes": bytes.Repeat([]byte("a\r\nb\x00\xff\n"), 700),
	}
	maxes := []int{0, 1, 2, 3, 10, 64, 999, 1000, 4096, 1 << 20}
	chunks := []int{1, 7, 4096, 1 << 30}
	for name, in := range inputs {
		for _, max := range maxes {
			t.Run(fmt.Sprintf("%s/max=%d", name, max), func(t *testing.T) {
				want := referenceCapture(in, max)
				for _, chunk := range chunks {
					w := newCaptureWriter(max, true)
					feed(w, in, chunk)
					if b, l := w.progress(); b != int64(len(in)) || l != int64(bytes.Count(in, []byte{'\n'})) {
						t.Errorf("chunk %d: progress = %d bytes %d lines", chunk, b, l)
					}
					got := w.result()
					checkConsistent(t, got)
					if max > 0 && len(got.Data) > max {
						t.Errorf("chunk %d: len(Data) = %d > max %d", chunk, len(got.Data), max)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("chunk %d:\n got %+v\nwant %+v", chunk, summary(got), summary(want))
					}
				}
			})
		}
	}
}

func summary(c Capture) string {
	d := c.Data
	if len(d) > 80 {
		d = append(append(append([]byte{}, d[:40]...), "..."...), d[len(d)-40:]...)
	}
	return fmt.Sprintf("{Data:%q Total:%d Trunc:%v Kept:%d Dropped:%d OmittedAt:%d}",
		d, c.TotalBytes, c.Truncated, c.KeptBytes, c.DroppedBytes, c.OmittedAt)
}

// TestCaptureLineAligned checks the head/tail cut by hand on seq output,
// where the expected pieces are easy to state.
func TestCaptureLineAligned(t *testing.T) {
	in := seqOutput(1, 100000)
	w := newCaptureWriter(1000, false)
	feed(w, in, 4096)
	c := w.result()
	checkConsistent(t, c)
	head, tail := string(c.Data[:c.OmittedAt]), string(c.Data[c.OmittedAt:])
	if !strings.HasPrefix(head, "1\n2\n3\n") || !strings.HasSuffix(head, "\n") {
		t.Errorf("head = %q", head)
	}
	if !strings.HasPrefix(string(in), head) || len(head) > 500 || len(head) < 500-6 {
		t.Errorf("head is not the line-aligned first 500 bytes: %d bytes", len(head))
	}
	if !strings.HasSuffix(tail, "99999\n100000\n") || !strings.HasSuffix(string(in), tail) {
		t.Errorf("tail = %q", tail)
	}
	if before := in[len(in)-len(tail)-1]; before != '\n' || len(tail) > 500 || len(tail) < 500-7 {
		t.Errorf("tail is not the line-aligned last 500 bytes: %d bytes, preceded by %q", len(tail), before)
	}
}

// TestCaptureMemoryBound writes far more than the budget and checks that the
// buffers themselves, not just Data, stay within it.
func TestCaptureMemoryBound(t *testing.T) {
	for _, max := range []int{1, 1000, 4096, 100000} {
		w := newCaptureWriter(max, false)
		chunk := bytes.Repeat([]byte("line of output\n"), 2000)
		for range 400 { // 12 MB
			_, _ = w.Write(chunk)
		}
		if got := cap(w.head) + cap(w.ring); got > max {
			t.Errorf("max %d: buffers hold %d bytes of capacity", max, got)
		}
		c := w.result()
		checkConsistent(t, c)
		if c.TotalBytes != int64(400*len(chunk)) || len(c.Data) > max || !c.Truncated {
			t.Errorf("max %d: %s", max, summary(c))
		}
	}
}

// TestCaptureClosed checks that writes after result are counted nowhere:
// a copy stuck on an escaped descendant's pipe may still call Write.
func TestCaptureClosed(t *testing.T) {
	w := newCaptureWriter(10, false)
	_, _ = w.Write([]byte("abc\n"))
	c := w.result()
	if n, err := w.Write([]byte("more")); n != 4 || err != nil {
		t.Fatalf("Write after result = %d, %v", n, err)
	}
	if string(c.Data) != "abc\n" || c.TotalBytes != 4 {
		t.Errorf("capture changed: %s", summary(c))
	}
}

func BenchmarkCapture(b *testing.B) {
	chunk := bytes.Repeat([]byte("some line of program output\n"), 32*1024/28)
	const writes = 64 // ~2 MB per op
	for _, max := range []int{0, 64 << 10} {
		b.Run(fmt.Sprintf("max=%d", max), func(b *testing.B) {
			b.SetBytes(int64(len(chunk) * writes))
			b.ReportAllocs()
			for b.Loop() {
				w := newCaptureWriter(max, true)
				for range writes {
					_, _ = w.Write(chunk)
				}
				_ = w.result()
			}
		})
	}
}

// TestCopyPipeReusesBuffers: copying a command's output from its pipe
// must not cost a fresh 32 KB buffer per run (io.Copy from an *os.File
// makes one each time), and must copy every byte.
func TestCopyPipeReusesBuffers(t *testing.T) {
	const runs = 50
	want := bytes.Repeat([]byte("0123456789abcdef\n"), 1000)
	copyOnce := func() {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		go func() { _, _ = w.Write(want); _ = w.Close() }()
		cw := newCaptureWriter(1<<20, false)
		copyPipe(cw, r)
		_ = r.Close()
		if got := cw.result().Data; !bytes.Equal(got, want) {
			t.Fatalf("copied %d bytes, want %d", len(got), len(want))
		}
	}
	copyOnce()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		copyOnce()
	}
	runtime.ReadMemStats(&after)
	// Each run keeps its ~17 KB of output; a buffer per run would add 32 KB.
	per := (after.TotalAlloc - before.TotalAlloc) / runs
	t.Logf("%d bytes allocated per copy", per)
	if per > 17000+16<<10 {
		t.Errorf("%d bytes allocated per copy of %d bytes: a buffer per run?", per, len(want))
	}
}
