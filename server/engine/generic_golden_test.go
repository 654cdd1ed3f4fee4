package engine

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/shaper"
)

// TestGenericOnGoldenValues: for every parser's golden cases (with and
// without evidence), shaper.Generic of the parsed value is exactly what
// decoding encoding/json's encoding of it gives, the definition Generic
// keeps while it walks the value instead.
func TestGenericOnGoldenValues(t *testing.T) {
	dir := filepath.Join("..", "..", "catalog", "testdata")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*", "*.json"))
	if err != nil || len(files) < 100 {
		t.Fatalf("golden cases under %s: %d found, %v", dir, len(files), err)
	}
	reg := catalog.Default()
	byID := map[string]*catalog.Parser{}
	for _, p := range reg.Parsers() {
		byID[p.ID] = p
	}
	checked := 0
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		parts := strings.Split(filepath.ToSlash(rel), "/")
		o, err := catalog.ParseOS(parts[0])
		p := byID[parts[1]]
		if err != nil || p == nil {
			continue
		}
		var gc struct {
			Args     []string `json:"args"`
			Now      string   `json:"now"`
			Location string   `json:"location"`
			MaxItems int      `json:"max_items"`
		}
		b, err := os.ReadFile(f)
		if err != nil || json.Unmarshal(b, &gc) != nil {
			continue
		}
		raw, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".txt")
		if err != nil {
			continue
		}
		now, _ := time.Parse(time.RFC3339, gc.Now)
		loc, err := time.LoadLocation(gc.Location)
		if err != nil {
			loc = time.UTC
		}
		for _, evidence := range []bool{false, true} {
			r := reg.Parse(catalog.Input{Cmd: p.Command, Args: gc.Args, Raw: string(raw), OS: o, MaxItems: gc.MaxItems, Now: now, Location: loc, Evidence: evidence})
			if r.Err != nil || r.Value == nil {
				continue
			}
			var enc bytes.Buffer
			je := json.NewEncoder(&enc)
			je.SetEscapeHTML(false)
			if err := je.Encode(r.Value); err != nil {
				t.Errorf("%s: %v", rel, err)
				continue
			}
			want, err := shaper.Decode(enc.Bytes())
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			got, err := shaper.Generic(r.Value)
			if err != nil {
				t.Errorf("%s: Generic: %v", rel, err)
				continue
			}
			wb, _ := json.Marshal(want)
			gb, _ := json.Marshal(got)
			if !bytes.Equal(wb, gb) {
				t.Errorf("%s (evidence %v): Generic differs from encoding/json:\n got %.400s\nwant %.400s", rel, evidence, gb, wb)
			}
			checked++
		}
	}
	if checked < 500 {
		t.Errorf("only %d parsed values checked", checked)
	}
	t.Logf("%d parsed values checked", checked)
}
