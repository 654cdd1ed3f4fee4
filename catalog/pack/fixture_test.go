package pack

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestFixtureRoundTrip(t *testing.T) {
	f := &Fixture{
		FixtureVersion: 1, Command: "ls", Args: []string{"-l", "src"}, OS: "linux", Cwd: "~/proj",
		CapturedAt: time.Date(2026, 11, 30, 2, 10, 0, 0, time.UTC), Raw: "total 0\n<a>&\n",
		Redactions: []Redaction{{Kind: RedactSecret, Where: "args[1]", Count: 1, Note: "ghp_ token"}},
		Parser:     &ParserRef{ID: "ls", Version: "1"},
		Expected: &Expected{Parsed: json.RawMessage(`{"entries":[]}`), ReviewedBy: "ann",
			Evidence: &Evidence{Pointers: map[string]EvidenceSpan{"/entries/0/name": {SourceKind: SourceVerbatim, Text: "src"}}}},
	}
	path := filepath.Join(t.TempDir(), "sub", "ls.json")
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), `"raw": "total 0\n<a>&\n"`) {
		t.Errorf("raw not written verbatim without HTML escaping:\n%s", b)
	}
	g, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Expected.Reviewed() || g.Raw != f.Raw || g.Args[1] != "src" || !g.CapturedAt.Equal(f.CapturedAt) ||
		g.Expected.Evidence.Pointers["/entries/0/name"].Text != "src" {
		t.Errorf("round trip changed the fixture: %+v", g)
	}
}

func TestFixtureGolden(t *testing.T) {
	f, err := Load("testdata/fixtures/ls-proposal.json")
	if err != nil {
		t.Fatal(err)
	}
	if f.Expected.Reviewed() {
		t.Error("a fixture without reviewed_by must be a proposal")
	}
	if f.Parser == nil || f.Parser.ID != "ls" || len(f.Redactions) != 1 {
		t.Errorf("unexpected decode: %+v", f)
	}
}

func TestFixtureErrors(t *testing.T) {
	base := `"fixture_version":1,"command":"ls","args":[],"os":"linux","captured_at":"2026-11-30T02:10:00Z","exit_code":0,"raw":"x","parser":null`
	tests := []struct {
		name, doc, field string
	}{
		{"version", `{"fixture_version":2,"command":"ls","os":"linux","raw":""}`, "fixture_version"},
		{"command", `{"fixture_version":1,"command":"a b","os":"linux","raw":""}`, "command"},
		{"os", `{"fixture_version":1,"command":"ls","os":"plan9","raw":""}`, "os"},
		{"unknown field", `{` + base + `,"expected":{"parsed":{},"reviewd_by":"x"}}`, "reviewd_by"},
		{"type", `{` + base + `,"exit_code":"zero"}`, "exit_code"},
		{"syntax", `{` + base + `,}`, "(document)"},
		{"redaction kind", `{` + base + `,"redactions":[{"kind":"pii","where":"stdout","count":1}]}`, "redactions[0].kind"},
		{"redaction where", `{` + base + `,"redactions":[{"kind":"secret","where":"args[x]","count":1}]}`, "redactions[0].where"},
		{"redaction count", `{` + base + `,"redactions":[{"kind":"secret","where":"stdout","count":0}]}`, "redactions[0].count"},
		{"empty expected", `{` + base + `,"expected":{"reviewed_by":"x"}}`, "expected"},
		{"pointer", `{` + base + `,"expected":{"evidence":{"pointers":{"a":{"source_kind":"verbatim"}}}}}`, "expected.evidence.pointers[a]"},
		{"source kind", `{` + base + `,"expected":{"evidence":{"pointers":{"/a":{"source_kind":"guess"}}}}}`, "expected.evidence.pointers[/a].source_kind"},
		{"parser id", `{` + base[:len(base)-len(`"parser":null`)] + `"parser":{"id":""}}`, "parser.id"},
		{"trailing", `{` + base + `} {}`, "(document)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("f.json", []byte(tt.doc))
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("want *FieldError, got %v", err)
			}
			if fe.File != "f.json" || fe.Field != tt.field || !errors.Is(err, ErrFixture) {
				t.Errorf("got file %q field %q (%v), want field %q", fe.File, fe.Field, err, tt.field)
			}
		})
	}
	if _, err := Decode("ok.json", []byte(`{`+base+`}`)); err != nil {
		t.Errorf("minimal fixture refused: %v", err)
	}
}

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{}`), 0o644)
	b, _ := os.ReadFile("testdata/fixtures/ls-proposal.json")
	os.WriteFile(filepath.Join(dir, "good.json"), b, 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte(`x`), 0o644)
	fs, paths, errs := LoadDir(dir)
	if len(fs) != 1 || len(paths) != 1 || len(errs) != 1 || !strings.HasSuffix(paths[0], "good.json") {
		t.Errorf("LoadDir: %d fixtures %v, errs %v", len(fs), paths, errs)
	}
}
