package shaper

import (
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

// reference is Generic's definition: encoding/json's encoding (without
// HTML escaping), decoded.
func reference(v any) (any, error) {
	b, err := marshal(v)
	if err != nil {
		return nil, err
	}
	return Decode(b)
}

type walkInner struct {
	A int    `json:"a"`
	B string `json:"b,omitempty"`
}

type walkEmbedded struct {
	walkInner
	C int `json:"c"`
}

type walkQuoted struct {
	N int    `json:"n,string"`
	S string `json:"s,string"`
}

// walkTwice has two fields named x, which encoding/json leaves out (built
// at run time: go vet refuses the repeated tag in source).
var walkTwice = reflect.StructOf([]reflect.StructField{
	{Name: "X", Type: reflect.TypeFor[int](), Tag: `json:"x"`},
	{Name: "Y", Type: reflect.TypeFor[int](), Tag: `json:"x"`},
	{Name: "Z", Type: reflect.TypeFor[int](), Tag: `json:"z"`},
})

type walkPtrMarshal struct{ n int }

func (p *walkPtrMarshal) MarshalJSON() ([]byte, error) { return []byte(`{"ptr": true}`), nil }

// walkPtrString and walkPtrInt are a string and an int whose pointers
// have a MarshalJSON, called when they are addressable.
type walkPtrString string

func (p *walkPtrString) MarshalJSON() ([]byte, error) { return []byte(`"marshaled"`), nil }

type walkPtrInt int

func (p *walkPtrInt) MarshalText() ([]byte, error) { return []byte(`text`), nil }

type walkValMarshal struct{ n int }

func (walkValMarshal) MarshalJSON() ([]byte, error) { return []byte(` [1, "two"] `), nil }

type walkText int

func (walkText) MarshalText() ([]byte, error) { return []byte("text<&>"), nil }

type walkOdd struct {
	Odd int `json:"odd name!"`
}

type walkZeroer struct{ v int }

func (z walkZeroer) IsZero() bool { return z.v == 42 }

type walkAll struct {
	Str      string            `json:"str"`
	Bad      string            `json:"bad"`
	Empty    string            `json:"empty,omitempty"`
	Ptr      *int64            `json:"ptr,omitempty"`
	NilPtr   *int64            `json:"nil_ptr"`
	F64      float64           `json:"f64"`
	F32      float32           `json:"f32"`
	Tiny     float64           `json:"tiny"`
	Huge     float64           `json:"huge"`
	U        uint64            `json:"u"`
	I8       int8              `json:"i8"`
	Bool     bool              `json:"bool"`
	Bytes    []byte            `json:"bytes"`
	Arr      [3]byte           `json:"arr"`
	NilSl    []string          `json:"nil_slice"`
	EmptySl  []string          `json:"empty_slice"`
	OmitSl   []string          `json:"omit_slice,omitempty"`
	Map      map[string]any    `json:"map"`
	IntMap   map[int]string    `json:"int_map"`
	BadKey   map[string]int    `json:"bad_key"`
	TextKey  map[walkText]int  `json:"text_key"`
	NilMap   map[string]string `json:"nil_map"`
	Any      any               `json:"any"`
	NilAny   any               `json:"nil_any"`
	Num      json.Number       `json:"num"`
	EmptyNum json.Number       `json:"empty_num"`
	Raw      json.RawMessage   `json:"raw"`
	NoRaw    json.RawMessage   `json:"no_raw"`
	Time     time.Time         `json:"time"`
	ZeroTime time.Time         `json:"zero_time,omitzero"`
	Zeroer   walkZeroer        `json:"zeroer,omitzero"`
	Zeroer2  walkZeroer        `json:"zeroer2,omitzero"`
	Inner    walkInner         `json:"inner,omitzero"`
	Embedded walkEmbedded      `json:"embedded"`
	Quoted   walkQuoted        `json:"quoted"`
	Twice    any               `json:"twice"`
	PtrM     walkPtrMarshal    `json:"ptr_m"`
	PtrMP    *walkPtrMarshal   `json:"ptr_mp"`
	NilPtrM  *walkPtrMarshal   `json:"nil_ptr_m"`
	PtrStr   walkPtrString     `json:"ptr_str"`
	PtrInt   *walkPtrInt       `json:"ptr_int"`
	StrPtr   *string           `json:"str_ptr"`
	RowPtr   *walkInner        `json:"row_ptr,omitempty"`
	ValM     walkValMarshal    `json:"val_m"`
	Text     walkText          `json:"text"`
	Object   *Object           `json:"object"`
	NoTag    int
	OddName  walkOdd `json:"odd"`
	Dash     int     `json:"-"`
	DashName int     `json:"-,"`
	hidden   int
}

func TestGenericMatchesEncodingJSON(t *testing.T) {
	seven := int64(7)
	all := walkAll{
		Str: "plain <tag> & \"quote\" \\ \u2028", Bad: "a\xffb\xc3", Ptr: &seven,
		F64: 3.14159, F32: 0.1, Tiny: 1e-9, Huge: 1e21, U: math.MaxUint64, I8: -8, Bool: true,
		Bytes: []byte("bytes\x00"), Arr: [3]byte{1, 2, 3}, EmptySl: []string{},
		Map:    map[string]any{"b": 1, "a": []any{"x", nil, 2.5}, "c": map[string]int{"z": 1}},
		IntMap: map[int]string{10: "ten", -1: "minus", 2: "two"}, BadKey: map[string]int{"k\xff": 1, "k\xfe": 2},
		TextKey: map[walkText]int{1: 1}, Any: walkInner{A: 1}, Num: "12.5e3",
		Raw: json.RawMessage(` {"r": [1, 2]} `), Time: time.Date(2026, 12, 1, 10, 0, 0, 5, time.UTC),
		Zeroer: walkZeroer{v: 42}, Zeroer2: walkZeroer{v: 1},
		Embedded: walkEmbedded{walkInner{A: 2, B: "b"}, 3}, Quoted: walkQuoted{N: 5, S: "s"},
		Twice: twice(1, 2, 3), PtrMP: &walkPtrMarshal{}, Text: 3, PtrStr: "s", PtrInt: new(walkPtrInt), StrPtr: new(string), RowPtr: &walkInner{A: 3},
		Object: &Object{Keys: []string{"k"}, Vals: []any{json.Number("1")}}, NoTag: 1, OddName: walkOdd{2}, Dash: 3, DashName: 4, hidden: 5,
	}
	cases := map[string]any{
		"struct":             all,
		"pointer to struct":  &all, // addressable: walkPtrMarshal's method is called
		"slice of structs":   []walkAll{all, {}},
		"slice of pointers":  []*walkInner{{A: 1}, nil},
		"map":                map[string]walkInner{"x": {A: 1}},
		"any slice":          []any{1, "s", nil, true, &Object{}},
		"float32":            []float32{1e-7, 1e21, 123456789, -0.5},
		"float64":            []float64{1e-7, 5e-324, math.MaxFloat64, -0, 100},
		"deep":               deep(600),
		"raw message":        json.RawMessage(`[1,{"a":2}]`),
		"empty raw message":  json.RawMessage(nil),
		"number":             []json.Number{"1", "", "-2.5E+3"},
		"strings":            []string{"", "é", "\x80", "\ufffd", strings.Repeat("long repeated value ", 3)},
		"pointer to pointer": func() any { i := 5; p := &i; return struct{ P, Q **int }{P: &p} }(),
		"nil slice in iface": []any{[]int(nil), map[string]int(nil), (*int)(nil)},
		// more fields than walkStruct's presence mask holds, some left
		// out, holding structs (and rows) of their own
		"wide struct": []any{wide(70, 0), wide(70, 1), wide(65, 1), wide(65, 2)},
	}
	for name, v := range cases {
		want, werr := reference(v)
		got, gerr := Generic(v)
		if (werr == nil) != (gerr == nil) {
			t.Errorf("%s: error %v, encoding/json's %v", name, gerr, werr)
			continue
		}
		wb, _ := marshal(want)
		gb, _ := marshal(got)
		if string(wb) != string(gb) {
			t.Errorf("%s:\n got %s\nwant %s", name, gb, wb)
		}
	}
	for name, v := range map[string]any{
		"NaN":      []float64{math.NaN()},
		"infinity": struct{ F float64 }{math.Inf(1)},
		"channel":  struct{ C chan int }{make(chan int)},
		"number":   []json.Number{"1x"},
		"bad raw":  json.RawMessage(`{`),
	} {
		_, werr := reference(v)
		if _, err := Generic(v); err == nil || werr == nil {
			t.Errorf("%s: Generic's error %v, encoding/json's %v; want both", name, err, werr)
		}
	}
}

func twice(x, y, z int) any {
	v := reflect.New(walkTwice).Elem()
	v.Field(0).SetInt(int64(x))
	v.Field(1).SetInt(int64(y))
	v.Field(2).SetInt(int64(z))
	return v.Interface()
}

// wide returns a struct of n fields F0..Fn-1: the even ones omitempty
// ints set to i when their number is a multiple of 3 (or of 3 plus i),
// the odd ones walkInner rows.
func wide(n, i int) any {
	fields := make([]reflect.StructField, n)
	for j := range fields {
		fields[j] = reflect.StructField{Name: fmt.Sprintf("F%d", j), Type: reflect.TypeFor[int](), Tag: `json:",omitempty"`}
		if j%2 == 1 {
			fields[j].Type, fields[j].Tag = reflect.TypeFor[[]walkInner](), ""
		}
	}
	v := reflect.New(reflect.StructOf(fields)).Elem()
	for j := range n {
		switch {
		case j%2 == 1:
			v.Field(j).Set(reflect.ValueOf([]walkInner{{A: j}, {B: fmt.Sprint(i)}}))
		case j%3 == 0 || j%3 == i%3:
			v.Field(j).SetInt(int64(j + i))
		}
	}
	return v.Interface()
}

func deep(n int) any {
	var v any = "bottom"
	for range n {
		v = []any{v}
	}
	return v
}

// TestGenericSharesNothing: the generic form of a struct is not changed
// by changing the struct, nor the struct by changing the form.
func TestGenericSharesNothing(t *testing.T) {
	v := &walkAll{Str: "before", Map: map[string]any{"k": "v"}, Bytes: []byte("b")}
	g, err := Generic(v)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := marshal(g)
	v.Str, v.Map["k"], v.Bytes[0] = "after", "changed", 'X'
	if after, _ := marshal(g); string(after) != string(before) {
		t.Errorf("the generic form changed with the value:\n%s\n%s", before, after)
	}
}

// TestGenericSharedKeys: rows of one shape share their keys, and adding
// a key to one row leaves the others as they were.
func TestGenericSharedKeys(t *testing.T) {
	g, err := Generic([]walkInner{{A: 1, B: "x"}, {A: 2, B: "y"}, {A: 3}})
	if err != nil {
		t.Fatal(err)
	}
	rows := g.([]any)
	r0, r1, r2 := rows[0].(*Object), rows[1].(*Object), rows[2].(*Object)
	if &r0.Keys[0] != &r1.Keys[0] || len(r2.Keys) != 1 {
		t.Fatalf("keys %v %v %v: the first two rows should share theirs", r0.Keys, r1.Keys, r2.Keys)
	}
	r0.Set("c", "new")
	r0.Set("a", json.Number("9"))
	if b, _ := marshal(rows); string(b) != `[{"a":9,"b":"x","c":"new"},{"a":2,"b":"y"},{"a":3}]` {
		t.Errorf("after Set on the first row: %s", b)
	}
}

// walkRow is an Inliner as the catalog's row types are: its MarshalJSON
// writes Fields, then Extra inline; marshals counts its calls.
type walkRow struct {
	Fields any
	Extra  [][2]any // key (a string), value
}

var marshals int

func (r walkRow) JSONInline() (any, iter.Seq2[string, any]) {
	if r.Extra == nil {
		return r.Fields, nil // no extra members at all
	}
	return r.Fields, func(yield func(string, any) bool) {
		for _, kv := range r.Extra {
			if !yield(kv[0].(string), kv[1]) {
				return
			}
		}
	}
}

func (r walkRow) MarshalJSON() ([]byte, error) {
	marshals++
	b, err := json.Marshal(r.Fields)
	if err != nil || len(r.Extra) == 0 {
		return b, err
	}
	b = b[:len(b)-1]
	for _, kv := range r.Extra {
		if len(b) > 1 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(kv[0])
		v, err := json.Marshal(kv[1])
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

// ptrRow is an Inliner on its pointer, as the catalog's row types are
// (so that a row is walked where it lies): fields is a pointer too.
type ptrRow struct {
	A     int    `json:"a"`
	B     string `json:"b,omitempty"`
	Extra string `json:"-"`
}

type ptrRowFields ptrRow

func (r *ptrRow) JSONInline() (any, iter.Seq2[string, any]) {
	if r.Extra == "" {
		return (*ptrRowFields)(r), nil
	}
	return (*ptrRowFields)(r), func(yield func(string, any) bool) { yield("extra", r.Extra) }
}

func (r ptrRow) MarshalJSON() ([]byte, error) {
	marshals++
	b, err := json.Marshal((*ptrRowFields)(&r))
	if err != nil || r.Extra == "" {
		return b, err
	}
	x, _ := json.Marshal(r.Extra)
	return append(append(b[:len(b)-1], `,"extra":`...), append(x, '}')...), nil
}

// TestGenericInline: an Inliner gives what decoding its MarshalJSON's
// encoding gives, walked without calling MarshalJSON, and encoded where
// walking could give another result (a repeated or invalid key, fields
// that are not a plain struct) or an error (NaN).
func TestGenericInline(t *testing.T) {
	inner := walkInner{A: 1, B: "<b>"}
	seven := int64(7)
	for _, tc := range []struct {
		name    string
		v       any
		encoded bool // MarshalJSON is called: the value took the slow way
		fails   bool
	}{
		{name: "no extra", v: walkRow{Fields: inner}},
		{name: "empty extra", v: walkRow{Fields: inner, Extra: [][2]any{}}},
		{name: "empty fields", v: walkRow{Fields: walkInner{}, Extra: [][2]any{{"x", "y"}}}},
		{name: "omitted fields only", v: walkRow{Fields: struct {
			A string `json:"a,omitempty"`
		}{}, Extra: [][2]any{{"label", "v"}}}},
		{name: "extras", v: walkRow{Fields: inner, Extra: [][2]any{{"label", "a\xffb"}, {"count", int64(3)}, {"ptr", &seven}, {"nil", nil}, {"html", "<&>\u2028"}}}},
		{name: "rows", v: []walkRow{{Fields: inner, Extra: [][2]any{{"x", "1"}}}, {Fields: inner}, {Fields: inner, Extra: [][2]any{{"y", "2"}}}}},
		{name: "nested inliner", v: walkRow{Fields: struct {
			Kind string `json:"kind"`
		}{"pods"}, Extra: [][2]any{{"pods", []walkRow{{Fields: inner, Extra: [][2]any{{"z", "3"}}}}}}}},
		{name: "key repeats a field", v: walkRow{Fields: inner, Extra: [][2]any{{"a", "again"}}}, encoded: true},
		{name: "key repeats", v: walkRow{Fields: inner, Extra: [][2]any{{"x", "1"}, {"x", "2"}}}, encoded: true},
		{name: "invalid key", v: walkRow{Fields: inner, Extra: [][2]any{{"k\xff", "1"}, {"k\xfe", "2"}}}, encoded: true},
		{name: "fields not a struct", v: walkRow{Fields: map[string]int{"a": 1}}, encoded: true},
		{name: "fields with a method", v: walkRow{Fields: walkValMarshal{}}, encoded: true},
		{name: "pointer inliner rows", v: []ptrRow{{A: 1, B: "x"}, {A: 2, Extra: "e<"}, {}}},
		{name: "pointer inliner by pointer", v: &ptrRow{A: 3, Extra: "y"}},
		{name: "pointer inliner in a struct's slice", v: struct {
			Rows []ptrRow `json:"rows"`
		}{[]ptrRow{{A: 4}}}},
		// A value in an interface cannot be addressed: its JSONInline
		// is out of reach.
		{name: "pointer inliner by value", v: ptrRow{A: 5, Extra: "z"}, encoded: true},
		{name: "NaN", v: walkRow{Fields: inner, Extra: [][2]any{{"f", math.NaN()}}}, encoded: true, fails: true},
	} {
		want, werr := reference(tc.v)
		before := marshals
		got, gerr := Generic(tc.v)
		called := marshals > before
		if called != tc.encoded {
			t.Errorf("%s: MarshalJSON called %v, want %v", tc.name, called, tc.encoded)
		}
		if (werr != nil) != tc.fails || (gerr != nil) != tc.fails {
			t.Errorf("%s: error %v, encoding/json's %v (want one: %v)", tc.name, gerr, werr, tc.fails)
			continue
		}
		if tc.fails {
			continue
		}
		wb, _ := marshal(want)
		gb, _ := marshal(got)
		if string(wb) != string(gb) {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, gb, wb)
		}
	}
}
