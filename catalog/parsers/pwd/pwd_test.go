package pwd

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestPwdPath: the path is the whole output but its last newline, a CRLF
// on Windows; a message is no path.
func TestPwdPath(t *testing.T) {
	r := catalogtest.Registry(Parsers())
	res := catalogtest.Parse(t, r, "pwd", nil, catalog.Linux, "/home/a b\nc\n", 0)
	if p := res.Value.(*PwdResult).Path; p != "/home/a b\nc" {
		t.Fatalf("path %q", p)
	}
	res = catalogtest.Parse(t, r, "pwd", nil, catalog.Windows, "C:\\Users\\alice\r\n", 0)
	if p := res.Value.(*PwdResult).Path; p != `C:\Users\alice` {
		t.Fatalf("path %q", p)
	}
	res = catalogtest.Parse(t, r, "pwd", nil, catalog.Linux, "pwd: error\n", 0)
	if res.Err == nil {
		t.Fatal("a message read as a path")
	}
}
