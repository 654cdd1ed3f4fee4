package catalog

import (
	"reflect"
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
		run := func(general bool) (*Context, any, error) {
			c := &Context{Raw: raw, Args: args, OS: osv, Location: time.FixedZone("X", 5*3600+1800),
				Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), recording: spans}
			v, err := parseLsWith(c, general)
			return c, v, err
		}
		cFast, vFast, errFast := run(false)
		cGen, vGen, errGen := run(true)
		if !reflect.DeepEqual(errFast, errGen) || !reflect.DeepEqual(vFast, vGen) {
			t.Fatalf("fast path: %+v %v\ngeneral: %+v %v", vFast, errFast, vGen, errGen)
		}
		if !reflect.DeepEqual(cFast.unread, cGen.unread) || !reflect.DeepEqual(cFast.warnings, cGen.warnings) {
			t.Fatalf("unread %v/%v warnings %v/%v", cFast.unread, cGen.unread, cFast.warnings, cGen.warnings)
		}
		if spans && errFast == nil {
			if a, b := cFast.spanSet().Slice(), cGen.spanSet().Slice(); !reflect.DeepEqual(a, b) {
				t.Fatalf("spans differ:\n%v\n%v", a, b)
			}
		}
	})
}
