package catalog

import (
	"reflect"
	"slices"
	"testing"
)

func TestContextRecordingAndLines(t *testing.T) {
	c := &Context{Raw: "a\nbb\n\nccc"}
	c.Span(0, 1, "", "x")
	if len(c.own.Spans) != 0 {
		t.Fatal("span kept while not recording")
	}
	c.recording = true
	c.Span(0, 1, "", "x")
	if len(c.own.Spans) != 1 {
		t.Fatal("span dropped while recording")
	}
	got := LineNumbers(c.Raw, []int{0, 1, 2, 4, 5, 6, 9})
	if want := []int{1, 1, 2, 2, 3, 4, 4}; !reflect.DeepEqual(got, want) {
		t.Fatalf("lineNumbers = %v, want %v", got, want)
	}
	if c.MaxItems = 2; !c.Full(2) || c.Full(1) {
		t.Fatal("Full")
	}
	if c.MaxItems = 0; c.Full(1 << 20) {
		t.Fatal("Full without a bound")
	}
}

func TestCompleteHint(t *testing.T) {
	cases := []struct {
		args []string
		sub  int
		bad  string
		repl []string
		want []string
	}{
		{[]string{"-laF", "src"}, -1, "-F", []string{"-l"}, []string{"-la", "src"}},
		{[]string{"-F", "src"}, -1, "-F", []string{"-l"}, []string{"-l", "src"}},
		{[]string{"-r"}, -1, "-r", []string{"-a"}, []string{"-a"}},
		{[]string{"status", "-v", "x"}, 0, "-v", []string{"--short"}, []string{"status", "--short", "x"}},
		{[]string{"--classify=always", "a"}, -1, "--classify", []string{"-l"}, []string{"-l", "a"}},
		{[]string{"a", "--", "-F"}, -1, "-F", []string{"-l"}, []string{"-l", "a", "--", "-F"}},
		{[]string{"-F", "--", "x"}, -1, "-F", []string{"-l"}, []string{"-l", "--", "x"}},
	}
	for _, c := range cases {
		if got := completeHint(c.args, c.sub, c.bad, c.repl); !slices.Equal(got, c.want) {
			t.Errorf("completeHint(%q, %q -> %q) = %q, want %q", c.args, c.bad, c.repl, got, c.want)
		}
	}
}
