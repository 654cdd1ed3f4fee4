package vmstat

import (
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestBSDVmstatRefused: FreeBSD 14's vmstat (written from vmstat(8): the
// same "procs memory page" banner, then r b w avm fre flt re pi po fr sr,
// a column per disk, in sy cs, us sy id) has columns procps's has not and
// "sy" twice. The parser must say it does not read it, not answer rows it
// half understands or an empty list. The registry falls back to this
// parser for an OS without a vmstat parser of its own, hence the OSes.
func TestBSDVmstatRefused(t *testing.T) {
	raw := " procs    memory    page                      disks     faults       cpu\n" +
		" r  b  w  avm  fre  flt  re  pi  po   fr   sr ada0 cd0   in   sy   cs us sy id\n" +
		" 1  0  0 3305889792 3125170176   83   0   2   0   90   20    0    0   19  192  254  0  0 98\n"
	// A Linux-shaped header with a BSD disk column and a repeated "sy".
	dup := "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n" +
		" r  b   swpd   free   buff  cache   si   so    bi    bo   in   sy   cs us sy id wa st\n" +
		" 1  0      0 100000   2000  30000    0    0     1     2   10   20   30  1  2 97  0  0\n"
	r := catalogtest.Registry(Parsers())
	for _, tc := range []struct{ raw, want string }{{raw, `"w"`}, {dup, `"sy" twice`}} {
		for _, os := range []catalog.OS{catalog.FreeBSD, catalog.Darwin} {
			res := catalogtest.Parse(t, r, "vmstat", nil, os, tc.raw, 0)
			if res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput || !strings.Contains(res.Err.Message, tc.want) {
				t.Errorf("%s: got value %v, error %v; want unrecognized_output naming %s", os, res.Value, res.Err, tc.want)
			}
		}
	}
}
