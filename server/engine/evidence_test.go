package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/shaper"
)

// TestEvidenceGoldenFixtures parses every catalog golden fixture through
// the engine's registry with spans and checks that each verbatim span's
// bytes are the value at its pointer, and each span lies inside the raw
// text on the line it names.
func TestEvidenceGoldenFixtures(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	byID := map[string]*catalog.Parser{}
	for _, p := range e.Registry().Parsers() {
		byID[p.ID] = p
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "catalog", "parsers", "*", "testdata", "*", "*", "*.json"))
	if len(files) == 0 {
		t.Skip("no catalog golden fixtures")
	}
	checked := 0
	for _, f := range files {
		parts := strings.Split(filepath.ToSlash(f), "/")
		osName, parserID := parts[len(parts)-3], parts[len(parts)-2]
		p := byID[parserID]
		rawBytes, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".txt")
		if p == nil || err != nil {
			continue
		}
		var spec struct {
			Args     []string `json:"args"`
			Now      string   `json:"now"`
			Location string   `json:"location"`
			MaxItems int      `json:"max_items"`
		}
		b, _ := os.ReadFile(f)
		if err := json.Unmarshal(b, &spec); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		now, _ := time.Parse(time.RFC3339, spec.Now)
		loc, err := time.LoadLocation(spec.Location)
		if err != nil {
			loc = time.UTC
		}
		raw := string(rawBytes)
		t.Run(osName+"/"+parserID+"/"+filepath.Base(f), func(t *testing.T) {
			pr := e.reg.Parse(catalog.Input{Cmd: p.Command, Args: spec.Args, Raw: raw, OS: catalog.OS(osName),
				Spans: true, MaxItems: spec.MaxItems, Now: now, Location: loc})
			if pr.Value == nil {
				return
			}
			g, err := shaper.Generic(pr.Value)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range pr.Spans {
				if s.Start < 0 || s.End < s.Start || s.End > len(raw) {
					t.Errorf("span %+v outside the raw text (%d bytes)", s, len(raw))
					continue
				}
				// Zero-width derived spans (which's absentFromOutput) may sit
				// just past a line's newline; lines are checked on verbatim ones.
				if line := strings.Count(raw[:s.Start], "\n") + 1; s.Verbatim() && s.Line != line {
					t.Errorf("span %+v: start is on line %d", s, line)
				}
				v, err := resolvePointer(g, s.Pointer)
				if err != nil {
					t.Errorf("span %+v: %v", s, err)
					continue
				}
				if !s.Verbatim() {
					continue
				}
				text, ok := scalarText(v)
				if !ok || text != raw[s.Start:s.End] {
					t.Errorf("verbatim span %+v holds %q, the value is %#v", s, raw[s.Start:s.End], v)
				}
				checked++
			}
		})
	}
	t.Logf("%d verbatim spans checked over %d fixtures", checked, len(files))
}

func TestReviewAndExplain(t *testing.T) {
	e, dir := newTestEngine(t, allowing("echo"))
	writeFile(t, filepath.Join(dir, "a.txt"), "hello")
	writeFile(t, filepath.Join(dir, "b b.txt"), "hi")
	ctx := WithOwner(context.Background(), "s")
	env := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, ContractVersion: ContractNext, Evidence: EvidenceFields, Retain: true})
	r := env.Review
	if !env.OK || r == nil {
		t.Fatalf("no review: %s", mustMarshal(t, env))
	}
	if r.ResultID == "" || r.ResultID != env.ResultID || !r.Retained || r.ParserID != "ls" || r.ParserVersion == "" ||
		r.ContentHash != ContentHash(raw(t, env)) || !r.SourceComplete || !r.ParseComplete || !r.RepresentationLossless ||
		r.PrivacyTransform != PrivacyNone {
		t.Errorf("review = %+v", r)
	}
	rawText := raw(t, env)
	for _, tc := range []struct {
		name, pointer string
		reason        string
		kind          string
		wantText      string // a verbatim leaf's bytes
	}{
		{name: "leaf", pointer: "/entries/1/name", kind: SourceVerbatim, wantText: "b b.txt"},
		{name: "derived", pointer: "/entries/0/size_bytes", kind: SourceDerived},
		{name: "row", pointer: "/entries/0", kind: SourceDerived},
		{name: "no such field", pointer: "/entries/0/nope", reason: ReasonInvalidPointer},
		{name: "out of range", pointer: "/entries/9", reason: ReasonInvalidPointer},
		{name: "not a pointer", pointer: "entries", reason: ReasonInvalidPointer},
		{name: "unknown id", pointer: "/", reason: ReasonResultNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := env.ResultID
			if tc.reason == ReasonResultNotFound {
				id = "r_ffffffffffffffff"
			}
			ex := e.ExplainResult(ctx, id, tc.pointer)
			if tc.reason != "" {
				if ex.OK || ex.Failure == nil || ex.Failure.Reason != tc.reason {
					t.Fatalf("want %s: %s", tc.reason, mustMarshal(t, ex))
				}
				return
			}
			if !ex.OK || ex.SourceKind != tc.kind || len(ex.SourceSpans) == 0 {
				t.Fatalf("want %s spans: %s", tc.kind, mustMarshal(t, ex))
			}
			if tc.wantText != "" {
				s := ex.SourceSpans[0]
				if got := rawText[s.Start:s.End]; got != tc.wantText || ex.Value != tc.wantText {
					t.Errorf("span bytes %q, value %v; want %q", got, ex.Value, tc.wantText)
				}
			}
		})
	}
	// Without evidence: the pointer resolves, source_kind none, a warning.
	plain := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, ContractVersion: ContractNext, Retain: true})
	ex := e.ExplainResult(ctx, plain.ResultID, "/entries/0/name")
	if !ex.OK || ex.SourceKind != SourceNone || len(ex.Warnings) == 0 {
		t.Errorf("without evidence: %s", mustMarshal(t, ex))
	}
	// A bad contract_version or evidence is refused before running.
	for _, req := range []Request{{Cmd: "ls", ContractVersion: "v3"}, {Cmd: "ls", Evidence: "all"}} {
		if env := e.Run(ctx, req); env.Failure == nil || env.Failure.Reason != ReasonInvalidArgument || env.ExitCode != nil {
			t.Errorf("%+v: %s", req, mustMarshal(t, env))
		}
	}
}
