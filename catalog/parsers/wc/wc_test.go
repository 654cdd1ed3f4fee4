package wc

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestWcShapes(t *testing.T) {
	// BSD prints a name holding a newline raw: both lines are reported.
	raw := "       1       2      10 a\n" +
		"b\n" +
		"       3       4      20 c d\n" +
		"       4       6      30 total\n"
	res := catalogtest.Parse(t, testRegistry(), "wc", []string{"a\nb", "c d"}, catalog.Darwin, raw, 0)
	w := res.Value.(*WcResult)
	if len(w.Entries) != 1 || w.Entries[0].Path != "c d" || w.Total == nil || *w.Total.Bytes != 30 ||
		!slices.Equal(res.UnreadLines, []int{1, 2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, w), res.UnreadLines)
	}
	// A file named total is an entry when only one file was counted.
	res = catalogtest.Parse(t, testRegistry(), "wc", []string{"-l", "total"}, catalog.Linux, "3 total\n", 0)
	if w := res.Value.(*WcResult); w.Total != nil || w.Entries[0].Path != "total" {
		t.Fatalf("got %s", catalogtest.JsonOf(t, w))
	}
	// --total=only prints the numbers alone.
	res = catalogtest.Parse(t, testRegistry(), "wc", []string{"--total=only", "-l", "a", "b"}, catalog.Linux, "7\n", 0)
	if w := res.Value.(*WcResult); w.Total == nil || *w.Total.Lines != 7 || len(w.Entries) != 0 {
		t.Fatalf("got %s", catalogtest.JsonOf(t, w))
	}
	// GNU's quoting of a name with a newline is undone; other quotes stay.
	for in, want := range map[string]string{
		`'new'$'\n''line'`:   "new\nline",
		`'a b'$'\n'`:         "a b\n",
		`x$'\t\n'y`:          "x\t\ny",
		`'it'\''s'`:          "",
		`'just quoted'`:      "",
		`$'\001\n'`:          "\x01\n",
		`'unterminated$'\n'`: "",
		`plain name`:         "",
		`'a'$'\q'`:           "",
		`'a'$'\n`:            "",
		`'x'"y"$'\n'`:        "",
		`'x'$'\n''y'$'\012'`: "x\ny\n",
	} {
		got, ok := wcUnquote(in)
		if ok != (want != "") || got != want && ok {
			t.Errorf("wcUnquote(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
