package pack

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/parism-go/parism/catalog"
)

// Status is a replayed fixture's verdict.
type Status string

const (
	// StatusMatched: a reviewed expectation equals the current output.
	StatusMatched Status = "matched"
	// StatusChanged: a reviewed expectation differs: a regression or an
	// expectation to update by hand.
	StatusChanged Status = "changed"
	// StatusUnreviewed: the expectation has no reviewed_by, or there is none.
	// It is a proposal and never a failure.
	StatusUnreviewed Status = "unreviewed"
)

// Difference is one field where the output and the expectation differ.
type Difference struct {
	// Pointer is the JSON Pointer of the field ("" for the whole document).
	Pointer string `json:"pointer"`
	// Kind: value, type, missing (expected, not produced), extra (produced,
	// not expected), parse_error, evidence_missing, evidence_kind,
	// evidence_text, evidence_extra.
	Kind     string `json:"kind"`
	Expected string `json:"expected,omitempty"`
	Actual   string `json:"actual,omitempty"`
	// TextDiff marks, for two long strings, what changed: [-removed-]{+added+}.
	TextDiff string `json:"text_diff,omitempty"`
}

// Outcome is one fixture replayed.
type Outcome struct {
	Path    string       `json:"path"`
	Command string       `json:"command"`
	Parser  string       `json:"parser,omitempty"`
	Status  Status       `json:"status"`
	Parsed  []Difference `json:"parsed,omitempty"`
	Evid    []Difference `json:"evidence,omitempty"`
}

// Failed reports whether the outcome breaks a reviewed contract.
func (o Outcome) Failed() bool { return o.Status == StatusChanged }

// Replay parses the fixture's raw text with reg, offline, and compares the
// result with the expectation. Nothing is run and nothing is rewritten.
// Dates the output leaves incomplete are anchored at captured_at in the
// local zone, as capture's own parse was.
func Replay(reg *catalog.Registry, f *Fixture, path string) Outcome {
	out := Outcome{Path: path, Command: f.Command}
	wantEvidence := f.Expected != nil && f.Expected.Evidence != nil
	now := f.CapturedAt
	if now.IsZero() {
		now = time.Now()
	}
	res := reg.Parse(catalog.Input{Cmd: f.Command, Args: f.Args, Raw: f.Raw, OS: catalog.OS(f.OS), Now: now, Spans: wantEvidence})
	if res.Parser != nil {
		out.Parser = res.Parser.ID
	} else if res.Passthrough {
		out.Parser = "json"
	}
	var actual any
	var parseErr string
	switch {
	case res.Err != nil:
		parseErr = string(res.Err.Reason) + ": " + res.Err.Message
	case !res.Found():
		parseErr = "no parser for " + f.Command + " with these arguments"
	default:
		b, err := json.Marshal(res.Value)
		if err == nil {
			err = json.Unmarshal(b, &actual)
		}
		if err != nil {
			parseErr = "the result does not encode as JSON: " + err.Error()
		}
	}
	if e := f.Expected; e != nil && len(e.Parsed) > 0 {
		var expected any
		if err := json.Unmarshal(e.Parsed, &expected); err != nil {
			out.Parsed = append(out.Parsed, Difference{Kind: "parse_error", Expected: "valid JSON", Actual: err.Error()})
		} else if parseErr != "" {
			out.Parsed = append(out.Parsed, Difference{Kind: "parse_error", Expected: render(expected), Actual: parseErr})
		} else {
			compare("", expected, actual, &out.Parsed)
		}
	}
	if wantEvidence {
		out.Evid = compareEvidence(f.Expected.Evidence, res.Spans, f.Raw)
	}
	switch {
	case !f.Expected.Reviewed():
		out.Status = StatusUnreviewed
	case len(out.Parsed) > 0 || len(out.Evid) > 0:
		out.Status = StatusChanged
	default:
		out.Status = StatusMatched
	}
	return out
}

// compare walks both documents; every field the expectation lacks is extra,
// every field the output lacks is missing.
func compare(ptr string, exp, act any, out *[]Difference) {
	switch e := exp.(type) {
	case map[string]any:
		a, ok := act.(map[string]any)
		if !ok {
			*out = append(*out, Difference{Pointer: ptr, Kind: "type", Expected: render(exp), Actual: render(act)})
			return
		}
		for _, k := range slices.Sorted(mapKeys(e)) {
			p := ptr + catalog.Ptr(k)
			if av, ok := a[k]; ok {
				compare(p, e[k], av, out)
			} else {
				*out = append(*out, Difference{Pointer: p, Kind: "missing", Expected: render(e[k])})
			}
		}
		for _, k := range slices.Sorted(mapKeys(a)) {
			if _, ok := e[k]; !ok {
				*out = append(*out, Difference{Pointer: ptr + catalog.Ptr(k), Kind: "extra", Actual: render(a[k])})
			}
		}
	case []any:
		a, ok := act.([]any)
		if !ok {
			*out = append(*out, Difference{Pointer: ptr, Kind: "type", Expected: render(exp), Actual: render(act)})
			return
		}
		for i := range max(len(e), len(a)) {
			p := ptr + catalog.Ptr(i)
			switch {
			case i >= len(a):
				*out = append(*out, Difference{Pointer: p, Kind: "missing", Expected: render(e[i])})
			case i >= len(e):
				*out = append(*out, Difference{Pointer: p, Kind: "extra", Actual: render(a[i])})
			default:
				compare(p, e[i], a[i], out)
			}
		}
	default:
		if reflect.DeepEqual(exp, act) {
			return
		}
		d := Difference{Pointer: ptr, Kind: "value", Expected: render(exp), Actual: render(act)}
		if reflect.TypeOf(exp) != reflect.TypeOf(act) {
			d.Kind = "type"
		}
		es, ok1 := exp.(string)
		as, ok2 := act.(string)
		if ok1 && ok2 && (len(es) > 40 || len(as) > 40) {
			d.TextDiff = charDiff(es, as)
		}
		*out = append(*out, d)
	}
}

// charDiff marks the characters that changed between two long strings.
// DiffTimeout 0: the diff is exact and the same on every run.
func charDiff(a, b string) string {
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	diffs := dmp.DiffCleanupSemantic(dmp.DiffMain(a, b, false))
	var s strings.Builder
	for _, d := range diffs {
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			s.WriteString("[-" + d.Text + "-]")
		case diffmatchpatch.DiffInsert:
			s.WriteString("{+" + d.Text + "+}")
		default:
			s.WriteString(d.Text)
		}
	}
	return s.String()
}

func compareEvidence(ev *Evidence, spans []catalog.Span, raw string) []Difference {
	var out []Difference
	byPtr := map[string]catalog.Span{}
	for _, s := range spans {
		byPtr[s.Pointer] = s
	}
	for _, p := range slices.Sorted(mapKeys(ev.Pointers)) {
		want := ev.Pointers[p]
		s, ok := byPtr[p]
		if !ok {
			out = append(out, Difference{Pointer: p, Kind: "evidence_missing", Expected: want.SourceKind})
			continue
		}
		kind := SourceVerbatim
		if !s.Verbatim() {
			kind = SourceDerived
		}
		if kind != want.SourceKind {
			out = append(out, Difference{Pointer: p, Kind: "evidence_kind", Expected: want.SourceKind, Actual: kind + " (" + s.Transform + ")"})
		}
		text := ""
		if s.Start >= 0 && s.End <= len(raw) && s.Start <= s.End {
			text = raw[s.Start:s.End]
		}
		if want.Text != "" && strings.TrimSpace(text) != want.Text {
			out = append(out, Difference{Pointer: p, Kind: "evidence_text", Expected: render(want.Text), Actual: render(text)})
		}
	}
	if ev.Exhaustive {
		for _, s := range spans {
			if _, ok := ev.Pointers[s.Pointer]; !ok {
				out = append(out, Difference{Pointer: s.Pointer, Kind: "evidence_extra", Actual: render(raw[max(0, s.Start):min(len(raw), s.End)])})
			}
		}
	}
	return out
}

// render is a value as compact JSON, cut for display.
func render(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSuffix(b.String(), "\n")
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return s
}
