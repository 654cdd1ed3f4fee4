package engine

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/parism-go/parism/catalog/builtin"
	"github.com/parism-go/parism/shaper"
)

// TestGenericOnGoldenValues: for every parser's golden cases (with and
// without evidence), shaper.Generic of the parsed value is exactly what
// decoding encoding/json's encoding of it gives, the definition Generic
// keeps while it walks the value instead.
func TestGenericOnGoldenValues(t *testing.T) {
	reg := builtin.Default()
	checked := 0
	for _, g := range catalogGoldens(t, reg) {
		rel := g.Path
		for _, evidence := range []bool{false, true} {
			in := g.Input
			in.Evidence = evidence
			r := reg.Parse(in)
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
