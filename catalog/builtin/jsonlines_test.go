package builtin

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestJSONLinesPassthrough reads a real `go test -json` stream (captured
// from a failing module) as an array, one element per event line.
func TestJSONLinesPassthrough(t *testing.T) {
	raw, err := os.ReadFile("testdata/jsonlines/go-test-json.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Count(string(raw), "\n")
	r := Default().Parse(catalog.Input{Cmd: "some-json-tool", Raw: string(raw)})
	if !r.Passthrough || r.Err != nil {
		t.Fatalf("not passed through: %+v", r)
	}
	var events []map[string]any
	if err := json.Unmarshal(r.Value.(json.RawMessage), &events); err != nil {
		t.Fatal(err)
	}
	if len(events) != lines || len(r.UnreadLines) != 0 {
		t.Fatalf("%d events, %d unread, want %d and 0", len(events), len(r.UnreadLines), lines)
	}
	if events[len(events)-1]["Action"] != "pass" || events[0]["Action"] != "start" {
		t.Fatalf("events out of order: first %v last %v", events[0], events[len(events)-1])
	}
}

// TestJSONLinesOmission: a line that is not JSON is an unread line (the
// engine's omission), the others still pass through.
func TestJSONLinesOmission(t *testing.T) {
	raw := "{\"a\":1}\nwarning: not json\n[2, 3]\n\n{\"b\": {\"c\": true}}\n{broken\n"
	r := Default().Parse(catalog.Input{Cmd: "some-json-tool", Raw: raw})
	if !r.Passthrough {
		t.Fatalf("not passed through: %+v", r)
	}
	if got := string(r.Value.(json.RawMessage)); got != `[{"a":1},[2,3],{"b":{"c":true}}]` {
		t.Fatalf("value %s", got)
	}
	if len(r.UnreadLines) != 2 || r.UnreadLines[0] != 2 || r.UnreadLines[1] != 6 {
		t.Fatalf("unread lines %v, want [2 6]", r.UnreadLines)
	}
}

// TestJSONLinesNotText: text with one stray JSON line, or more text than
// JSON, is not JSON Lines.
func TestJSONLinesNotText(t *testing.T) {
	for _, raw := range []string{
		"hello\n{\"a\":1}\nworld\n",
		"{\"a\":1}\n",
		"a\nb\n{}\n[]\nc\n",
		"a\n{}\n[]\nb\n",
		"",
	} {
		if r := Default().Parse(catalog.Input{Cmd: "some-json-tool", Raw: raw}); r.Passthrough && raw != "{\"a\":1}\n" {
			t.Errorf("%q passed through as %s", raw, r.Value)
		}
	}
}

// TestJSONLinesRefusedForm: a parser that refuses a JSON form (docker
// --format json, terraform plan -json) leaves its output to pass through,
// every line an element.
func TestJSONLinesRefusedForm(t *testing.T) {
	for _, tc := range []struct {
		file, cmd string
		args      []string
	}{
		{"docker-images-format_json.txt", "docker", []string{"images", "--format", "json"}},
		{"docker-ps-format_json.txt", "docker", []string{"ps", "--format", "{{json .}}"}},
		{"terraform-plan-json.txt", "terraform", []string{"plan", "-json"}},
	} {
		raw, err := os.ReadFile("testdata/jsonlines/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		r := Default().Parse(catalog.Input{Cmd: tc.cmd, Args: tc.args, OS: catalog.Linux, Raw: string(raw)})
		if !r.Passthrough || r.Err != nil {
			t.Fatalf("%s: not passed through: %+v", tc.file, r)
		}
		var rows []json.RawMessage
		if err := json.Unmarshal(r.Value.(json.RawMessage), &rows); err != nil {
			t.Fatal(err)
		}
		if want := strings.Count(strings.TrimSpace(string(raw)), "\n") + 1; len(rows) != want || len(r.UnreadLines) != 0 {
			t.Errorf("%s: %d elements, %d unread; want %d and 0", tc.file, len(rows), len(r.UnreadLines), want)
		}
	}
}
