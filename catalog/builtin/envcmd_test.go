package builtin

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
	"github.com/parism-go/parism/catalog/parsers/pwd"
	"github.com/parism-go/parism/catalog/parsers/which"
)

func TestPwdAndWhich(t *testing.T) {
	res := catalogtest.Parse(t, Default(), "pwd", nil, catalog.Linux, "/home/a b\nc\n", 0)
	if p := res.Value.(*pwd.PwdResult).Path; p != "/home/a b\nc" {
		t.Fatalf("path %q", p)
	}
	res = catalogtest.Parse(t, Default(), "pwd", nil, catalog.Windows, "C:\\Users\\alice\r\n", 0)
	if p := res.Value.(*pwd.PwdResult).Path; p != `C:\Users\alice` {
		t.Fatalf("path %q", p)
	}
	res = catalogtest.Parse(t, Default(), "pwd", nil, catalog.Linux, "pwd: error\n", 0)
	if res.Err == nil {
		t.Fatal("a message read as a path")
	}
	// A shell's "not found" on standard output is reported, and then which
	// paths belong to which name is unknown: no missing list.
	res = catalogtest.Parse(t, Default(), "which", []string{"go", "nope"}, catalog.Linux, "/usr/bin/go\nnope not found\n", 0)
	w := res.Value.(*which.WhichResult)
	if !slices.Equal(w.Paths, []string{"/usr/bin/go"}) || w.Missing != nil || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, w), res.UnreadLines)
	}
	// -s prints nothing: nothing can be called missing.
	res = catalogtest.Parse(t, Default(), "which", []string{"-s", "go"}, catalog.Darwin, "", 0)
	if w := res.Value.(*which.WhichResult); w.Missing != nil {
		t.Fatalf("got %s", catalogtest.JsonOf(t, w))
	}
}
