package ls

import (
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestSpanSetConcurrent reads one SpanSet from several goroutines, as
// explain_result calls on one stored result may (run with -race).
func TestSpanSetConcurrent(t *testing.T) {
	raw := catalogtest.BenchLs()
	raw = raw[:strings.IndexByte(raw[1<<16:], '\n')+1<<16+1]
	c := &catalog.Context{Raw: raw, Args: lsParserDef.ReadArgs([]string{"-la"}), OS: catalog.Linux, Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), Location: time.UTC}
	c.RecordSpans()
	if _, err := ParseLs(c); err != nil || len(c.UnreadOffsets()) != 0 {
		t.Fatal(err, c.UnreadOffsets())
	}
	want := c.SpanSet().Slice()
	set := c.SpanSet() // fresh: its line index and UTF-8 check are built by the readers below
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for range 4 {
		wg.Go(func() {
			if got := slices.Collect(set.All()); !reflect.DeepEqual(got, want) {
				errs <- "concurrent All differs"
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
