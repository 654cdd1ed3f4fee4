package apt

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestAptDescriptionsAndNotes(t *testing.T) {
	raw := "Sorting... Done\nFull Text Search... Done\n" +
		"curl/stable,now 7.88.1 amd64 [installed]\n  command line tool\n  second line\n\n" +
		"N: There is 1 additional version. Please use the '-a' switch to see it\n" +
		"broken line\n"
	res := catalogtest.ParseWith(t, testRegistry(), "apt", []string{"search", "--full", "curl"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	a := res.Value.(*AptPackages)
	if len(a.Packages) != 1 || a.Packages[0].Description != "command line tool\nsecond line" || len(a.Notes) != 1 {
		t.Fatalf("got %+v", a)
	}
	if !slices.Equal(res.UnreadLines, []int{8}) {
		t.Errorf("unread %v", res.UnreadLines)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}
