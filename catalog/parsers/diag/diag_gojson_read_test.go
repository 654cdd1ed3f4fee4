package diag

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// goEventSeeds are event lines of the goldens and lines that reach every
// corner of the reader: escapes, surrogates, folded keys, nulls, repeated
// keys, values of the wrong type, nesting, bad syntax.
func goEventSeeds(t testing.TB) []string {
	seeds := []string{
		`{"Action":"pass","Package":"p","Test":"T","Elapsed":0.5}`,
		`{"Action":"output","Test":"T","Output":"a\"b\\c\/d\b\f\n\r\t\u00e9\u20AC\ud83d\ude00x"}`,
		`{"Action":"output","Output":"\ud83dx\udc00\ud83d\u0041\ud83d\ud83d\ude00"}`,
		`{"Action":"output","Output":"\ud83d\u12"}`,
		`{"Action":"output","Output":"bad \xff utf8 \xed\xa0\x80 é"}`,
		`{"action":"pass","PACKAGE":"p","tEsT":"x","Pac\u212Aage":"k","Te\u017Ft":"s","\u0041ction":"run"}`,
		`{"İmportPath":"dot","ımportPath":"dotless"}`,
		`{"Łction":"L with stroke"}`,
		`{"Act":"prefix"}`,
		`{"ActionX":"longer"}`,
		`{"Actio\u006e":"escaped"}`,
		`{"Action":"pass","Action":null,"Output":"x","Output":null,"Elapsed":1,"Elapsed":null}`,
		`{"Action":"pass","Elapsed":"1"}`,
		`{"Action":1}`,
		`{"Action":true}`,
		`{"Action":["x"]}`,
		`{"Action":{"x":1}}`,
		`{"Output":1}`,
		`{"Elapsed":1e400}`,
		`{"Elapsed":-0.0e-5}`,
		`{"Elapsed":1e-400}`,
		`{"Elapsed":01}`,
		`{"Elapsed":-}`,
		`{"Elapsed":1.}`,
		`{"Elapsed":.5}`,
		`{"Elapsed":1e}`,
		`{"Elapsed":+1}`,
		`{"Time":"t","X":[1,-2.5e+3,true,false,null,{"a":[{}]},[]],"Action":"skip"}`,
		`{"X":[1,]}`,
		`{"X":{"a"}}`,
		`{"X":{1:2}}`,
		`{"Action":"pass",}`,
		`{"Action":"pass"} x`,
		` {"Action":"pass"} ` + "\r\t\n",
		`{"Action":"pass"`,
		`{"Action":"pa` + "\x01" + `ss"}`,
		`{"Action":"\x"}`,
		`{"Action":"\'"}`,
		`{"Action":"\`,
		`{"X":tru}`,
		`{"X":nul,"Action":"pass"}`,
		`{}`,
		`null`,
		` null `,
		`[]`,
		`"x"`,
		`1`,
		``,
		`{"X":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `}`,
		`{"X":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`,
		`{"X":` + strings.Repeat(`{"a":`, 9999) + "1" + strings.Repeat("}", 9999) + `}`,
		`{"X":` + strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000) + `}`,
	}
	files, err := filepath.Glob(filepath.Join("testdata", "*", "go-test", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no go-test goldens to seed from (%v)", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for l := range strings.SplitSeq(string(b), "\n") {
			if strings.HasPrefix(l, "{") {
				seeds = append(seeds, l)
			}
		}
	}
	return seeds
}

// sameAsUnmarshal fails t when readGoEvent and encoding/json disagree on line.
func sameAsUnmarshal(t *testing.T, line string) {
	var want goEvent
	werr := json.Unmarshal([]byte(line), &want)
	got, ok := readGoEvent(line)
	if ok != (werr == nil) {
		t.Fatalf("readGoEvent(%q): ok %v, encoding/json error %v", line, ok, werr)
	}
	if ok && !reflect.DeepEqual(got, want) {
		t.Fatalf("readGoEvent(%q) =\n%s\nencoding/json:\n%s", line, showEvent(got), showEvent(want))
	}
}

func showEvent(e goEvent) string {
	b, _ := json.Marshal(e)
	return string(b)
}

func TestGoEventDecoder(t *testing.T) {
	seeds := goEventSeeds(t)
	oks := 0
	for _, s := range seeds {
		sameAsUnmarshal(t, s)
		if _, ok := readGoEvent(s); ok {
			oks++
		}
	}
	// both outcomes are exercised
	if oks == 0 || oks == len(seeds) {
		t.Fatalf("%d of %d seeds decode: the seeds do not reach both outcomes", oks, len(seeds))
	}
}

// FuzzGoEventDecoder holds readGoEvent to encoding/json.Unmarshal.
func FuzzGoEventDecoder(f *testing.F) {
	for _, s := range goEventSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(sameAsUnmarshal)
}
