package ps

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestPsColumns(t *testing.T) {
	raw := "  PID COMMAND         ELAPSED  NI WCHAN  COMMAND\n" +
		"    1 my  worker        01:02   - do_wai /bin/sh -c 'a  b'   \n" +
		"   22 short             10:00  -5 -      x\n"
	res := catalogtest.ParseWith(t, testRegistry(), "ps", []string{"-o", "pid,comm,etime,ni,wchan,args"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	p := res.Value.(*PsResult).Processes
	if len(p) != 2 {
		t.Fatalf("%d processes, unread %v", len(p), res.UnreadLines)
	}
	if p[0].Name != "my  worker" || p[0].Command != "/bin/sh -c 'a  b'   " || p[0].Nice != nil || p[0].Elapsed != "01:02" {
		t.Errorf("row 0: %+v", p[0])
	}
	if *p[1].Nice != -5 || p[1].Wchan != "-" {
		t.Errorf("row 1: %+v", p[1])
	}
	// Unknown columns become snake_case fields, in column order.
	res = catalogtest.ParseWith(t, testRegistry(), "ps", []string{"-o", "pid,label,args"}, catalog.Linux, "  PID LABEL          COMMAND\n    1 unconfined     init\n")
	b, _ := res.Value.(*PsResult).Processes[0].MarshalJSON()
	if string(b) != `{"pid":1,"command":"init","label":"unconfined"}` {
		t.Errorf("extra column: %s", b)
	}
}
