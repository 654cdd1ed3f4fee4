package catalog

import (
	"slices"
	"testing"
)

func TestEnvShapes(t *testing.T) {
	// Keys come out sorted; a repeated name keeps its last value and says so;
	// a function exported by bash ("BASH_FUNC_f%%") runs over lines.
	raw := "Z=1\nA=x=y\nBASH_FUNC_f%%=() {  echo hi\n}\nZ=2\nEMPTY=\n"
	res := fteParse(t, "env", nil, Linux, raw, 0)
	if got := jsonOf(t, res.Value); got != `{"vars":{"A":"x=y","BASH_FUNC_f%%":"() {  echo hi\n}","EMPTY":"","Z":"2"}}` {
		t.Fatalf("got %s", got)
	}
	if len(res.Warnings) != 2 {
		t.Fatalf("warnings %q", res.Warnings)
	}
	// A name holding '/' or '~' is escaped in its pointer.
	res = fteParse(t, "env", []string{"-0"}, Linux, "a/b~c=1\x00", 0)
	if !slices.ContainsFunc(res.Spans, func(s Span) bool { return s.Pointer == "/vars/a~1b~0c" }) {
		t.Fatalf("spans %+v", res.Spans)
	}
	// Text that is no environment at all.
	res = fteParse(t, "env", nil, Linux, "total 8\n", 0)
	if res.Err == nil || res.Err.Reason != ReasonUnrecognizedOutput {
		t.Fatalf("got %+v", res)
	}
	// max_items bounds the variables kept.
	res = fteParse(t, "env", nil, Linux, "A=1\nB=2\nC=3\n", 2)
	if n := len(res.Value.(*EnvResult).Vars); n != 2 || res.RowsOmitted != 1 {
		t.Fatalf("%d vars, %d omitted", n, res.RowsOmitted)
	}
}

func TestPwdAndWhich(t *testing.T) {
	res := fteParse(t, "pwd", nil, Linux, "/home/a b\nc\n", 0)
	if p := res.Value.(*PwdResult).Path; p != "/home/a b\nc" {
		t.Fatalf("path %q", p)
	}
	res = fteParse(t, "pwd", nil, Windows, "C:\\Users\\alice\r\n", 0)
	if p := res.Value.(*PwdResult).Path; p != `C:\Users\alice` {
		t.Fatalf("path %q", p)
	}
	res = fteParse(t, "pwd", nil, Linux, "pwd: error\n", 0)
	if res.Err == nil {
		t.Fatal("a message read as a path")
	}
	// A shell's "not found" on standard output is reported, and then which
	// paths belong to which name is unknown: no missing list.
	res = fteParse(t, "which", []string{"go", "nope"}, Linux, "/usr/bin/go\nnope not found\n", 0)
	w := res.Value.(*WhichResult)
	if !slices.Equal(w.Paths, []string{"/usr/bin/go"}) || w.Missing != nil || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", jsonOf(t, w), res.UnreadLines)
	}
	// -s prints nothing: nothing can be called missing.
	res = fteParse(t, "which", []string{"-s", "go"}, Darwin, "", 0)
	if w := res.Value.(*WhichResult); w.Missing != nil {
		t.Fatalf("got %s", jsonOf(t, w))
	}
}
