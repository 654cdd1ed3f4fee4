package dig

import (
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestLineGivenUpDropsSpans: a ";; flags:" line given up halfway (a count
// twice, after its flags were read) is reported unread and leaves no span
// behind; the flags' spans come from the line that reads.
func TestLineGivenUpDropsSpans(t *testing.T) {
	bad := ";; flags: qr aa; QUERY: 1, QUERY: 1, ANSWER: 1\n"
	good := ";; flags: qr aa rd ra; QUERY: 1, ANSWER: 1, AUTHORITY: 0, ADDITIONAL: 0\n"
	raw := "\n; <<>> DiG 9.18.49-1~deb12u3-Debian <<>> web.example.test\n;; global options: +cmd\n;; Got answer:\n" +
		";; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 42419\n" + bad + good +
		"\n;; QUESTION SECTION:\n;web.example.test.\t\tIN\tA\n\n;; ANSWER SECTION:\nweb.example.test.\t0\tIN\tA\t192.0.2.10\n\n" +
		";; Query time: 0 msec\n;; MSG SIZE  rcvd: 61\n\n"
	res := catalogtest.Parse(t, testRegistry(), "dig", []string{"web.example.test"}, catalog.Linux, raw, 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.UnreadLines) != 1 {
		t.Errorf("unread lines %v, want the one given up", res.UnreadLines)
	}
	goodAt, goodEnd := strings.Index(raw, good), strings.Index(raw, good)+len(good)
	seen := map[string]int{}
	flags := 0
	for _, s := range res.Spans {
		seen[s.Pointer]++
		if strings.Contains(s.Pointer, "/flags/") {
			flags++
			if s.Start < goodAt || s.End > goodEnd {
				t.Errorf("%s from [%d,%d), outside the line that reads [%d,%d)", s.Pointer, s.Start, s.End, goodAt, goodEnd)
			}
		}
	}
	if flags != 4 {
		t.Errorf("%d flag spans, want 4", flags)
	}
	for p, n := range seen {
		if n != 1 {
			t.Errorf("%s has %d spans, want 1", p, n)
		}
	}
}
