package env

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestEnvShapes(t *testing.T) {
	// Keys come out sorted; a repeated name keeps its last value and says so;
	// a function exported by bash ("BASH_FUNC_f%%") runs over lines.
	raw := "Z=1\nA=x=y\nBASH_FUNC_f%%=() {  echo hi\n}\nZ=2\nEMPTY=\n"
	res := catalogtest.Parse(t, testRegistry(), "env", nil, catalog.Linux, raw, 0)
	if got := catalogtest.JsonOf(t, res.Value); got != `{"vars":{"A":"x=y","BASH_FUNC_f%%":"() {  echo hi\n}","EMPTY":"","Z":"2"}}` {
		t.Fatalf("got %s", got)
	}
	if len(res.Warnings) != 2 {
		t.Fatalf("warnings %q", res.Warnings)
	}
	// A name holding '/' or '~' is escaped in its pointer.
	res = catalogtest.Parse(t, testRegistry(), "env", []string{"-0"}, catalog.Linux, "a/b~c=1\x00", 0)
	if !slices.ContainsFunc(res.Spans, func(s catalog.Span) bool { return s.Pointer == "/vars/a~1b~0c" }) {
		t.Fatalf("spans %+v", res.Spans)
	}
	// Text that is no environment at all.
	res = catalogtest.Parse(t, testRegistry(), "env", nil, catalog.Linux, "total 8\n", 0)
	if res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
		t.Fatalf("got %+v", res)
	}
	// max_items bounds the variables kept.
	res = catalogtest.Parse(t, testRegistry(), "env", nil, catalog.Linux, "A=1\nB=2\nC=3\n", 2)
	if n := len(res.Value.(*EnvResult).Vars); n != 2 || res.RowsOmitted != 1 {
		t.Fatalf("%d vars, %d omitted", n, res.RowsOmitted)
	}
}
