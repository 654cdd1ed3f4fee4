package catalogtest

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
)

// Now is the clock of the test parses: the goldens' dates are read against it.
var Now = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// Registry returns a registry holding ps, with the built-in table
// declarations, as the built-in list gives them.
func Registry(ps []*catalog.Parser) *catalog.Registry {
	r := catalog.NewRegistry()
	for _, p := range catalog.WithTables(ps) {
		if err := r.Register(p); err != nil {
			panic(err)
		}
	}
	return r
}

// ParseWith parses raw as the output of cmd args on os, with spans.
func ParseWith(t *testing.T, r *catalog.Registry, cmd string, args []string, os catalog.OS, raw string) catalog.Result {
	t.Helper()
	return r.Parse(catalog.Input{Cmd: cmd, Args: args, OS: os, Raw: raw, Spans: true, Now: Now, Location: time.UTC})
}

// Parse parses raw as ParseWith does, at maxItems, and checks that every
// span reads back its value and that the value is the same with spans off.
func Parse(t *testing.T, r *catalog.Registry, cmd string, args []string, os catalog.OS, raw string, maxItems int) catalog.Result {
	t.Helper()
	in := catalog.Input{Cmd: cmd, Args: args, OS: os, Raw: raw, Spans: true, MaxItems: maxItems, Now: Now, Location: time.UTC}
	res := r.Parse(in)
	if res.Err == nil && res.Value != nil && !res.Passthrough {
		if err := CheckSpans(raw, res.Value, res.Spans); err != nil {
			t.Fatalf("%s %q: %v", cmd, args, err)
		}
		in.Spans = false
		if off := r.Parse(in); !JSONEqual(off.Value, res.Value) {
			t.Fatalf("%s %q: the value differs with spans off", cmd, args)
		}
	}
	return res
}

// ParseClean parses out as the Linux output of cmd args and fails the test
// unless every line reads with no warning and every span reads back.
func ParseClean(t *testing.T, r *catalog.Registry, cmd string, args []string, out string) any {
	t.Helper()
	res := r.Parse(catalog.Input{Cmd: cmd, Args: args, OS: catalog.Linux, Raw: out, Spans: true})
	if res.Err != nil || len(res.UnreadLines) != 0 || len(res.Warnings) != 0 {
		t.Fatalf("%s %v: parse: %v, unread %v, warnings %q\n%s", cmd, args, res.Err, res.UnreadLines, res.Warnings, out)
	}
	if err := CheckSpans(out, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
	return res.Value
}

// JSONEqual reports whether a and b encode to the same JSON.
func JSONEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
