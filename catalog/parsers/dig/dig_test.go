package dig

import (
	"strconv"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestDigSeveralResponses(t *testing.T) {
	resp := func(name string, id int) string {
		return ";; Got answer:\n;; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: " + strconv.Itoa(id) +
			"\n;; QUESTION SECTION:\n;" + name + ".\t\tIN\tA\n\n;; ANSWER SECTION:\n" + name + ".\t60\tIN\tA\t192.0.2.1\n\n;; MSG SIZE  rcvd: 56\n\n"
	}
	raw := resp("a.test", 1) + resp("b.test", 2)
	// One name asked, two responses printed: not this parser's form.
	if res := catalogtest.ParseWith(t, testRegistry(), "dig", []string{"a.test"}, catalog.Linux, raw); res.Err == nil || res.Err.Reason != catalog.ReasonUnsupportedFormat {
		t.Fatalf("two responses read as one: %+v", res.Value)
	}
	res := catalogtest.ParseWith(t, testRegistry(), "dig", []string{"a.test", "MX", "b.test", "IN"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	d := res.Value.(*DigResponses)
	if len(d.Responses) != 2 || d.Responses[0].Query != "a.test." || d.Responses[1].Query != "b.test." ||
		*d.Responses[1].ID != 2 || len(d.Responses[1].Answers) != 1 || *d.Responses[0].MsgSizeBytes != 56 {
		t.Fatalf("responses: %+v", d.Responses)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
	for args, want := range map[string]int{"a.test MX b.test": 2, "-x 192.0.2.1 a.test": 2, "-t MX a.test": 1,
		"@192.0.2.53 +short -p 53 a": 0, "-x192.0.2.1": 1, "a. TYPE65 CLASS1 b. c.": 3} {
		if n := digNames(digParser.ReadArgs(strings.Fields(args))); n != want {
			t.Errorf("digNames(%s) = %d, want %d", args, n, want)
		}
	}
}
