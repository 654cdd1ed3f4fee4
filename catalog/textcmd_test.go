package catalog

import (
	"slices"
	"testing"
)

func TestGrepNames(t *testing.T) {
	// With explicit file operands the name is the operand, even one holding
	// ":<digits>:"; the text keeps every colon.
	raw := "a:5:b.txt:1:x 12:30:45\nplain.txt:2:y\n"
	res := fteParse(t, "grep", []string{"-n", "x", "a:5:b.txt", "plain.txt"}, Linux, raw, 0)
	m := res.Value.(*GrepResult).Matches
	if len(m) != 2 || m[0].File != "a:5:b.txt" || *m[0].LineNumber != 1 || m[0].Text != "x 12:30:45" || m[1].File != "plain.txt" {
		t.Fatalf("got %s", jsonOf(t, m))
	}
	if len(res.Warnings) != 0 {
		t.Fatalf("warnings %q", res.Warnings)
	}
	// Recursively the first split is taken, and the ambiguity is said.
	res = fteParse(t, "grep", []string{"-rn", "x", "."}, Linux, "./a:5:b.txt:1:x\n", 0)
	if m := res.Value.(*GrepResult).Matches; m[0].File != "./a" || len(res.Warnings) != 1 {
		t.Fatalf("got %s %q", jsonOf(t, m), res.Warnings)
	}
	// -Z splits exactly, context lines included; "--" separates groups.
	raw = "./a:5:b.txt\x001:x\n./a:5:b.txt\x002-next\n--\n./c\x009:x\n"
	res = fteParse(t, "grep", []string{"-rnZ", "-A1", "x", "."}, Linux, raw, 0)
	m = res.Value.(*GrepResult).Matches
	if len(m) != 3 || m[0].File != "./a:5:b.txt" || !m[1].Context || m[1].Text != "next" || m[2].File != "./c" {
		t.Fatalf("got %s", jsonOf(t, m))
	}
	// Context lines without file names.
	res = fteParse(t, "grep", []string{"-n", "-B", "1", "x", "f"}, Linux, "4-before\n5:x\n--\n9-b\n10:x\n", 0)
	m = res.Value.(*GrepResult).Matches
	if len(m) != 4 || !m[0].Context || m[1].Context || *m[3].LineNumber != 10 {
		t.Fatalf("got %s", jsonOf(t, m))
	}
	// Empty matching lines count without -n; with -n an empty line is
	// reported.
	res = fteParse(t, "grep", []string{"^$", "f"}, Linux, "\n\n", 0)
	if m := res.Value.(*GrepResult).Matches; len(m) != 2 || m[0].Text != "" {
		t.Fatalf("got %s", jsonOf(t, m))
	}
	res = fteParse(t, "grep", []string{"-n", "x", "f"}, Linux, "1:x\n\n", 0)
	if !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("unread %v", res.UnreadLines)
	}
	// -r with one operand: names appear only when it is a directory.
	res = fteParse(t, "grep", []string{"-rn", "x", "src"}, Linux, "src/a.go:3:x\n", 0)
	if m := res.Value.(*GrepResult).Matches; m[0].File != "src/a.go" {
		t.Fatalf("got %s", jsonOf(t, m))
	}
	res = fteParse(t, "grep", []string{"-rn", "x", "a.go"}, Linux, "3:x\n", 0)
	if m := res.Value.(*GrepResult).Matches; m[0].File != "" || *m[0].LineNumber != 3 {
		t.Fatalf("got %s", jsonOf(t, m))
	}
	// A file name holding a newline: the line after the broken one names
	// only the tail, so it is reported too.
	res = fteParse(t, "grep", []string{"-n", "x", "a", "new\nline"}, Linux, "a:1:x\nnew\nline:2:x\n", 0)
	if m := res.Value.(*GrepResult).Matches; len(m) != 1 || !slices.Equal(res.UnreadLines, []int{2, 3}) {
		t.Fatalf("got %s unread %v", jsonOf(t, m), res.UnreadLines)
	}
	// Lines that read as nothing at all.
	res = fteParse(t, "grep", []string{"-n", "x", "f"}, Linux, "no number here\n", 0)
	if res.Err == nil || res.Err.Reason != ReasonUnrecognizedOutput {
		t.Fatalf("got %+v", res)
	}
}

func TestGrepCountsAndFiles(t *testing.T) {
	res := fteParse(t, "grep", []string{"-c", "x", "a:1", "b"}, Linux, "a:1:3\nb:0\n", 0)
	c := res.Value.(*GrepResult).Counts
	if len(c) != 2 || c[0].File != "a:1" || c[0].Count != 3 || c[1].Count != 0 {
		t.Fatalf("got %s", jsonOf(t, c))
	}
	if got := jsonOf(t, res.Value); got != `{"counts":[{"file":"a:1","count":3},{"file":"b","count":0}]}` {
		t.Fatalf("only counts are present: %s", got)
	}
	res = fteParse(t, "grep", []string{"-lZ", "x", "a", "b"}, Linux, "new\nline\x00b\x00", 0)
	if f := res.Value.(*GrepResult).Files; !slices.Equal(f, []string{"new\nline", "b"}) {
		t.Fatalf("got %q", f)
	}
	res = fteParse(t, "grep", []string{"-l", "x", "a"}, Linux, "", 0)
	if got := jsonOf(t, res.Value); got != `{"files":[]}` {
		t.Fatalf("got %s", got)
	}
}

func TestWcShapes(t *testing.T) {
	// BSD prints a name holding a newline raw: both lines are reported.
	raw := "       1       2      10 a\n" +
		"b\n" +
		"       3       4      20 c d\n" +
		"       4       6      30 total\n"
	res := fteParse(t, "wc", []string{"a\nb", "c d"}, Darwin, raw, 0)
	w := res.Value.(*WcResult)
	if len(w.Entries) != 1 || w.Entries[0].Path != "c d" || w.Total == nil || *w.Total.Bytes != 30 ||
		!slices.Equal(res.UnreadLines, []int{1, 2}) {
		t.Fatalf("got %s unread %v", jsonOf(t, w), res.UnreadLines)
	}
	// A file named total is an entry when only one file was counted.
	res = fteParse(t, "wc", []string{"-l", "total"}, Linux, "3 total\n", 0)
	if w := res.Value.(*WcResult); w.Total != nil || w.Entries[0].Path != "total" {
		t.Fatalf("got %s", jsonOf(t, w))
	}
	// --total=only prints the numbers alone.
	res = fteParse(t, "wc", []string{"--total=only", "-l", "a", "b"}, Linux, "7\n", 0)
	if w := res.Value.(*WcResult); w.Total == nil || *w.Total.Lines != 7 || len(w.Entries) != 0 {
		t.Fatalf("got %s", jsonOf(t, w))
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

func TestHeadTailCat(t *testing.T) {
	// The header of a missing file never comes; "standard input" names "-".
	raw := "==> a <==\n1\n2\n\n==> standard input <==\nx\n"
	res := fteParse(t, "head", []string{"-n", "2", "a", "missing", "-"}, Linux, raw, 0)
	f := res.Value.(*TextResult).Files
	if len(f) != 2 || f[0].Path != "a" || !slices.Equal(f[0].Lines, []string{"1", "2"}) || f[1].Path != "standard input" {
		t.Fatalf("got %s", jsonOf(t, f))
	}
	// A section whose file did not end in a newline.
	res = fteParse(t, "tail", []string{"-n", "1", "a", "b"}, Linux, "==> a <==\nlast\n==> b <==\nz\n", 0)
	f = res.Value.(*TextResult).Files
	if !f[0].NoTrailingNewline || f[1].NoTrailingNewline {
		t.Fatalf("got %s", jsonOf(t, f))
	}
	// -q: no headers at all; -z: NUL-terminated records.
	res = fteParse(t, "head", []string{"-q", "a", "b"}, Linux, "1\n2\n", 0)
	if l := res.Value.(*TextResult).Lines; !slices.Equal(l, []string{"1", "2"}) {
		t.Fatalf("got %q", l)
	}
	res = fteParse(t, "head", []string{"-z", "-n", "2", "a"}, Linux, "x\ny\x00z\x00", 0)
	if l := res.Value.(*TextResult).Lines; !slices.Equal(l, []string{"x\ny", "z"}) {
		t.Fatalf("got %q", l)
	}
	// max_items over sections.
	res = fteParse(t, "head", []string{"a", "b"}, Linux, "==> a <==\n1\n2\n\n==> b <==\n3\n", 2)
	if f := res.Value.(*TextResult).Files; len(f[1].Lines) != 0 || res.RowsOmitted != 1 {
		t.Fatalf("got %s omitted %d", jsonOf(t, f), res.RowsOmitted)
	}
	// cat -n lines past 999999 widen the number; a line without the tab is
	// reported.
	res = fteParse(t, "cat", []string{"-n", "f"}, Linux, "999999\ta\n1000000\tb\n  bad line\n", 0)
	nl := res.Value.(*TextResult).NumberedLines
	if len(nl) != 2 || *nl[1].LineNumber != 1000000 || !slices.Equal(res.UnreadLines, []int{3}) {
		t.Fatalf("got %s unread %v", jsonOf(t, nl), res.UnreadLines)
	}
	// Lines that are not UTF-8 are marked so in their spans.
	res = fteParse(t, "cat", []string{"f"}, Linux, "ok\n\xff\xfe\n", 0)
	if !slices.ContainsFunc(res.Spans, func(s Span) bool { return s.Pointer == "/lines/1" && s.Transform == "invalidUTF8" }) {
		t.Fatalf("spans %+v", res.Spans)
	}
}
