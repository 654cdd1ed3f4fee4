package shaper

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// referenceDecode is Decode written on encoding/json's tokenizer, slow and
// plainly right; FuzzDecode holds Decode to it.
func referenceDecode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := referenceValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data")
	}
	return v, nil
}

func referenceValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &Object{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := referenceValue(dec)
				if err != nil {
					return nil, err
				}
				o.Set(kt.(string), v)
			}
			_, err := dec.Token()
			return o, err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := referenceValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
		return nil, errors.New("unexpected delimiter")
	}
	return tok, nil
}

func TestDecode(t *testing.T) {
	good := []string{
		`{}`, `[]`, `null`, `true`, ` false `, `0`, `-0.5e+10`, `"a\u00e9\n\"\\\/"`, `"\ud83d\ude00"`, `"\ud800"`,
		"\"\xff bad utf8\"", `{"a":1,"a":2,"b":[1,{"a":[]}]}`, `[1,[2,[3]]]`, `123456789012345678901234567890`,
		"{\"k\":\"é\"}\n",
	}
	bad := []string{``, `{`, `[1,]`, `{"a"}`, `{"a":}`, `{a:1}`, `01`, `1.`, `.5`, `-`, `1e`, `tru`, `"\x01"`, `"abc`, `[1 2]`,
		`{"a":1,}`, `{} {}`, `"\u12"`, `"\q"`, strings.Repeat("[", 10001) + strings.Repeat("]", 10001)}
	for _, s := range good {
		got, err := Decode([]byte(s))
		if err != nil {
			t.Errorf("Decode(%q): %v", s, err)
			continue
		}
		want, _ := referenceDecode([]byte(s))
		if encode(t, got) != encode(t, want) {
			t.Errorf("Decode(%q) = %s, want %s", s, encode(t, got), encode(t, want))
		}
	}
	for _, s := range bad {
		if _, err := Decode([]byte(s)); err == nil {
			t.Errorf("Decode(%.20q): no error", s)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{rowsDoc, `{"a":[1,"x",null,true,{"b":-1.5e3}]}`, `"\u00e9\ud83d"`, "[\"\xc3\"]", `{"a":1,"a":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Decode(data)
		want, werr := referenceDecode(data)
		if (err == nil) != (werr == nil) {
			t.Fatalf("Decode error %v, reference error %v", err, werr)
		}
		if err != nil {
			return
		}
		g, _ := marshal(got)
		w, _ := referenceMarshal(want)
		if !bytes.Equal(g, w) {
			t.Fatalf("Decode %s\nreference %s", g, w)
		}
	})
}

func BenchmarkGeneric(b *testing.B) {
	es := lsEntries(newRand(5), 10000)
	data := mustJSON(map[string]any{"entries": es})
	b.Run("Decode/10000", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Decode(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("reference/10000", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := referenceDecode(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// referenceMarshal is the encoding MarshalJSON must reproduce: every value
// through encoding/json, keys with HTML escaping, values without.
func referenceMarshal(v any) ([]byte, error) {
	switch t := v.(type) {
	case *Object:
		if t == nil {
			return []byte("null"), nil
		}
		var b bytes.Buffer
		b.WriteByte('{')
		for i, k := range t.Keys {
			if i > 0 {
				b.WriteByte(',')
			}
			kb, _ := json.Marshal(k)
			b.Write(kb)
			b.WriteByte(':')
			vb, err := referenceMarshal(t.Vals[i])
			if err != nil {
				return nil, err
			}
			b.Write(vb)
		}
		b.WriteByte('}')
		return b.Bytes(), nil
	case []any:
		if t == nil {
			return []byte("null"), nil
		}
		var b bytes.Buffer
		b.WriteByte('[')
		for i, el := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			vb, err := referenceMarshal(el)
			if err != nil {
				return nil, err
			}
			b.Write(vb)
		}
		b.WriteByte(']')
		return b.Bytes(), nil
	}
	return marshal(v)
}

func TestMarshalJSON(t *testing.T) {
	vals := []any{
		nil, true, false, "plain", "quote\" back\\ nl\n tab\t ctl\x01", "<a&b>", "é中😀", "\xff bad", "line\u2028sep\u2029",
		json.Number("12"), json.Number("-1.5e+10"), json.Number(""), 12.5, map[string]int{"a": 1}, []any{}, []any(nil), (*Object)(nil),
		&Object{Keys: []string{"<k>", "ok", "é"}, Vals: []any{1, []any{"x", nil}, &Object{}}},
	}
	for _, v := range vals {
		o := &Object{Keys: []string{"v"}, Vals: []any{v}}
		got, err := o.MarshalJSON()
		want, werr := referenceMarshal(o)
		if (err == nil) != (werr == nil) || !bytes.Equal(got, want) {
			t.Errorf("%#v: got %s (%v), want %s (%v)", v, got, err, want, werr)
		}
	}
	for _, bad := range []json.Number{"01", "+1", "1.", ".5", "abc", "1e"} {
		if _, err := (&Object{Keys: []string{"n"}, Vals: []any{bad}}).MarshalJSON(); err == nil {
			t.Errorf("json.Number(%q) marshalled", bad)
		}
	}
	for _, d := range corpus(5, 30) {
		v, err := Decode(d.data)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := marshal(v)
		want, _ := referenceMarshal(v)
		if !bytes.Equal(got, want) {
			t.Fatalf("%s differs", d.name)
		}
	}
}

// TestDecodeSharedBoxes checks that values sharing a box (a repeated short
// string or number) keep their kinds apart: "1" stays a string and 1 a
// number whatever came before, and texts too long to share decode alike.
func TestDecodeSharedBoxes(t *testing.T) {
	long := strings.Repeat("x", maxBoxed+1)
	doc := `[1,"1","1",1,-0.5,"-0.5","rw-","rw-",1,"` + long + `","` + long + `",` + strings.Repeat("9", maxBoxed+1) + `]`
	v, err := Decode([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := []any{json.Number("1"), "1", "1", json.Number("1"), json.Number("-0.5"), "-0.5", "rw-", "rw-",
		json.Number("1"), long, long, json.Number(strings.Repeat("9", maxBoxed+1))}
	if !reflect.DeepEqual(v, want) {
		t.Fatalf("got %#v", v)
	}
}

// TestDecodeObjectsApart checks that objects cut from shared chunks stay
// apart: appending to one's keys and values leaves the next one as it was.
func TestDecodeObjectsApart(t *testing.T) {
	v, err := Decode([]byte(`[{"a":1,"b":2},{"c":3}]`))
	if err != nil {
		t.Fatal(err)
	}
	rows := v.([]any)
	first, second := rows[0].(*Object), rows[1].(*Object)
	if cap(first.Keys) != len(first.Keys) || cap(first.Vals) != len(first.Vals) {
		t.Fatalf("capacity %d/%d past length %d", cap(first.Keys), cap(first.Vals), len(first.Keys))
	}
	first.Keys = append(first.Keys, "x")
	first.Vals = append(first.Vals, "y")
	if second.Keys[0] != "c" || second.Vals[0] != json.Number("3") {
		t.Fatalf("the next object changed: %v %v", second.Keys, second.Vals)
	}
}

// TestValidNumber checks the number grammar an encoded json.Number must
// follow (anything else is encoded as a string or refused).
func TestValidNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "7", "-12", "1.5", "0.25", "1e3", "1E+2", "-3.5e-7"} {
		if !validNumber(s) {
			t.Errorf("%q refused", s)
		}
	}
	for _, s := range []string{"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "1x", "--1", "NaN", "0x10", "1 "} {
		if validNumber(s) {
			t.Errorf("%q accepted", s)
		}
	}
}
