package w

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestRowGivenUpDropsSpans: a session row given up after its first
// columns were read (a column missing), and a row past MaxItems, leave no
// span behind.
func TestRowGivenUpDropsSpans(t *testing.T) {
	raw := " 00:28:51 up  1:53,  3 users,  load average: 0.72, 0.23, 0.36\n" +
		"USER     TTY      FROM              IDLE WHAT\n" +
		"root     pts/1\n" +
		"root     pts/2    192.0.2.77        3.00s -bash\n" +
		"alice    pts/3    -                 1.00s vim\n"
	r := catalogtest.Registry(Parsers())
	for _, max := range []int{0, 1} {
		res := catalogtest.Parse(t, r, "w", nil, catalog.Linux, raw, max)
		if res.Err != nil {
			t.Fatal(res.Err)
		}
		seen := map[string]int{}
		for _, s := range res.Spans {
			if seen[s.Pointer]++; seen[s.Pointer] > 1 {
				t.Errorf("max %d: %s has %d spans, want 1", max, s.Pointer, seen[s.Pointer])
			}
		}
		if seen["/sessions/0/tty"] != 1 || max == 1 && seen["/sessions/1/user"] != 0 {
			t.Errorf("max %d: spans %v", max, seen)
		}
	}
}
