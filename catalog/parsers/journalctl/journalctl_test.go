package journalctl

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestJournalContinuationAndMarkers(t *testing.T) {
	raw := "-- Journal begins at Sun 2026-11-01 10:00:00 UTC, ends at Sun 2026-11-29 12:00:00 UTC. --\n" +
		"2026-11-29T10:00:00+00:00 höst app[1]: a\n" +
		strings.Repeat(" ", len([]rune("2026-11-29T10:00:00+00:00 höst app[1]: "))) + "b\n" +
		"-- Reboot --\n" +
		"2026-11-29T10:00:01+0000 höst app: only\n" +
		"2026-11-29 10:00:02 host app: old form\n"
	res := catalogtest.ParseWith(t, testRegistry(), "journalctl", []string{"-o", "short-iso"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e := res.Value.(*JournalResult).Entries
	if len(e) != 2 || e[0].Message != "a\nb" || e[0].Hostname != "höst" || e[1].PID != nil || e[1].Timestamp != "2026-11-29T10:00:01+00:00" {
		t.Fatalf("got %+v", e)
	}
	if !slices.Equal(res.UnreadLines, []int{6}) {
		t.Errorf("unread %v", res.UnreadLines)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}
