package catalog

import (
	"testing"
	"time"
)

// FuzzLsFastPath checks that rowFast and fastLong, the one-pass readers of
// common long lines, find exactly what the general scan of longEntry
// finds: the same result, the same spans and the same unread lines, with
// and without them, on every golden ls capture and argument set and on
// fuzzed input.
func FuzzLsFastPath(f *testing.F) {
	seedGolden(f, "ls", lsFuzzArgs)
	f.Add("-rw-r--r--  1 root Mar    12 Nov 29 09:41 x\n", uint8(0), true)
	f.Add("-rw-r--r--. 1 a b 1 12-31 23:59 x\n", uint8(0), true)
	f.Add("-rw-r--r--+ 1 a b 1 2024-03-06  x\n", uint8(0), true)
	f.Add("crw-rw-rw- 1 root root 1, 3 Nov 29 09:41 null\n", uint8(0), true)
	f.Add("-rw-r--r-- 1 a\tb 5 Nov 29 09:41 x\n", uint8(0), false)
	// An ISO date where the group would be: the general scan takes it as
	// the time (and "12 Nov 29 09:41 x" as the name), so must the fast paths.
	f.Add("-rw-r--r-- 1 7 2024-03-06  12 Nov 29 09:41 x\n", uint8(0), true)
	// Times rowFast reads itself and their edges: a blank day's tens,
	// the year form, the year "0000" (inferred, as the general reader
	// does), a repeated text (lsTimeCache) on a line that is no entry, a
	// day past its month's end, hour 24, a tab before the name.
	f.Add("-rw-r--r-- 1 a b 1 Nov  1 00:00 x\n-rw-r--r-- 1 a b 1 Nov  1 00:00 y\n-rw-r--r-- 1 a b 1 Mar  6  2024 z\n", uint8(0), true)
	f.Add("-rw-r--r-- 1 a b 1 May 01  0000 x\n-rw-r--r-- 1 a b 1 Nov 01 00:0000\n", uint8(0), false)
	f.Add("-rw-r--r-- 1 a b 1 Feb 30  2025 x\n-rw-r--r-- 1 a b 1 Nov 29 24:00 y\n-rw-r--r-- 1 a b 1 Nov 29 23:59\tz\n", uint8(0), true)
	f.Add("-rw-r--r-- 1 a b 4.0K Nov 29 09:41 x\n-rw-r--r-- 1 a b 12 Nov 29 09:41 y\n", uint8(2), true) // -lh
	f.Add("-rw-r--r-- 1 0 0 1 Dec 31 23:59 y\n-rw-r--r-- 1 a 0 1 Dec 31 23:59 z\n", uint8(5), true)     // -ln
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		args := lsFuzzArgs[int(sel)%len(lsFuzzArgs)]
		osv := fuzzOSes[int(sel)/len(lsFuzzArgs)%len(fuzzOSes)]
		fastPathAgrees(t, parseLsWith, raw, args, osv, time.FixedZone("X", 5*3600+1800), 0, spans)
	})
}

// TestLsRowFastTaken fails if rowFast stops reading the rows it is for:
// every entry line of the benchmark inputs, synthetic and golden.
func TestLsRowFastTaken(t *testing.T) {
	golden := benchGolden(t, "ls", parseLs, "linux/ls/long_all", 1, 0)
	for _, tc := range []struct {
		name, raw string
		args      []string
	}{{"synthetic", benchLs(), []string{"-la"}}, {"golden", golden.raw, golden.args}} {
		c := &Context{Raw: tc.raw, Args: tc.args, OS: Linux, Location: time.UTC,
			Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
		p := newLsParser(c, false)
		it := lines{raw: tc.raw}
		taken := 0
		for {
			line, start, ok := it.next()
			if !ok {
				break
			}
			if _, total := p.totalLine(line); total {
				continue
			}
			var e LsEntry
			if !p.rowFast(&e, line, start, false) {
				t.Fatalf("%s: rowFast left %q", tc.name, line)
			}
			taken++
		}
		if taken < 10000 {
			t.Fatalf("%s: %d rows", tc.name, taken)
		}
	}
}
