package catalog

import (
	"testing"
	"time"
)

// FuzzLsFastPath checks that fastLong, the one-pass reader of the common
// long line, finds exactly what the general scan of longEntry finds: the
// same result, the same spans and the same unread lines, with and without
// it, on every golden ls capture and argument set and on fuzzed input.
func FuzzLsFastPath(f *testing.F) {
	seedGolden(f, "ls", lsFuzzArgs)
	f.Add("-rw-r--r--  1 root Mar    12 Nov 29 09:41 x\n", uint8(0), true)
	f.Add("-rw-r--r--. 1 a b 1 12-31 23:59 x\n", uint8(0), true)
	f.Add("-rw-r--r--+ 1 a b 1 2024-03-06  x\n", uint8(0), true)
	f.Add("crw-rw-rw- 1 root root 1, 3 Nov 29 09:41 null\n", uint8(0), true)
	f.Add("-rw-r--r-- 1 a\tb 5 Nov 29 09:41 x\n", uint8(0), false)
	// An ISO date where the group would be: the general scan takes it as
	// the time (and "12 Nov 29 09:41 x" as the name), so must fastLong.
	f.Add("-rw-r--r-- 1 7 2024-03-06  12 Nov 29 09:41 x\n", uint8(0), true)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		args := lsFuzzArgs[int(sel)%len(lsFuzzArgs)]
		osv := fuzzOSes[int(sel)/len(lsFuzzArgs)%len(fuzzOSes)]
		fastPathAgrees(t, parseLsWith, raw, args, osv, time.FixedZone("X", 5*3600+1800), 0, spans)
	})
}
