package shaper

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"
)

// Object is a JSON object that keeps its keys in source order, so that a
// value shaped from a parser's struct reads in the same order as the struct.
type Object struct {
	Keys []string
	Vals []any
}

// Get returns the value for key and whether it is present.
func (o *Object) Get(key string) (any, bool) {
	for i, k := range o.Keys {
		if k == key {
			return o.Vals[i], true
		}
	}
	return nil, false
}

// Set replaces key's value or appends it.
func (o *Object) Set(key string, v any) {
	for i, k := range o.Keys {
		if k == key {
			o.Vals[i] = v
			return
		}
	}
	o.Keys = append(o.Keys, key)
	o.Vals = append(o.Vals, v)
}

// MarshalJSON writes the keys in order. The generic form's own values are
// written directly; anything else goes through encoding/json, and the
// bytes are those encoding/json would write (HTML left unescaped in
// values, escaped in keys).
func (o *Object) MarshalJSON() ([]byte, error) {
	return appendValue(make([]byte, 0, 64), o)
}

func appendValue(b []byte, v any) ([]byte, error) {
	switch t := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		if t {
			return append(b, "true"...), nil
		}
		return append(b, "false"...), nil
	case string:
		return appendString(b, t, false), nil
	case json.Number:
		if validNumber(string(t)) {
			return append(b, t...), nil
		}
	case *Object:
		if t == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '{')
		for i, k := range t.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k, true)
			b = append(b, ':')
			var err error
			if b, err = appendValue(b, t.Vals[i]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case []any:
		if t == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, el := range t {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendValue(b, el); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	vb, err := marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, vb...), nil
}

// validNumber reports whether s is a JSON number literal.
func validNumber(s string) bool {
	if s == "" || s[0] != '-' && (s[0] < '0' || s[0] > '9') {
		return false
	}
	end, ok := numberEnd(s, 0)
	return ok && end == len(s)
}

// appendString writes s as a JSON string: directly when nothing in it
// needs escaping, else through encoding/json (escaping <, > and & too
// when html).
func appendString(b []byte, s string, html bool) []byte {
	plain := true
	ascii := true
	for i := 0; i < len(s) && plain; i++ {
		switch c := s[i]; {
		case c < 0x20 || c == '"' || c == '\\':
			plain = false
		case c >= utf8.RuneSelf:
			ascii = false
		case html && (c == '<' || c == '>' || c == '&'):
			plain = false
		}
	}
	if plain && !ascii {
		// encoding/json replaces invalid UTF-8 and escapes U+2028 and
		// U+2029.
		plain = utf8.ValidString(s) && !strings.Contains(s, "\u2028") && !strings.Contains(s, "\u2029")
	}
	if plain {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	var q []byte
	if html {
		q, _ = json.Marshal(s)
	} else {
		q, _ = marshal(s)
	}
	return append(b, q...)
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// Generic converts any JSON-marshalable value into the generic form: nil,
// bool, json.Number, string, []any and *Object. Struct field order is kept.
// The result is what Decode gives for v's encoding by encoding/json
// (without HTML escaping), and it shares no mutable state with v, but a
// value of the generic form itself (nil, bool, string, json.Number or
// *Object) is returned as it is. Objects made from structs of one type
// that hold the same fields share one Keys slice, its capacity at its
// length: Set copies it before it adds a key, and no object's Keys may be
// written in place.
func Generic(v any) (any, error) {
	switch v.(type) {
	case nil, bool, string, json.Number, *Object:
		return v, nil
	}
	return (&decoder{}).walk(reflect.ValueOf(v), 0)
}

// Decode reads one JSON document into the generic form. It accepts what
// encoding/json accepts and decodes strings the same way (invalid UTF-8
// becomes U+FFFD); a repeated key keeps its first place and its last value,
// as decoding into a map would. Object keys are shared between objects, so
// the rows of a listing hold one copy of each key, and strings and numbers
// are slices of one copy of data: any of them kept alive keeps that copy.
// Equal short strings (and numbers) read close together share one value.
func Decode(data []byte) (any, error) {
	return (&decoder{}).decode(data)
}

// decode reads one JSON document with d's shared state (keys, boxes,
// chunks), which a walk reuses for every value it has encoding/json
// write: a listing whose rows have a MarshalJSON is decoded row by row.
func (d *decoder) decode(data []byte) (any, error) {
	if d.keys == nil {
		d.keys = map[string]string{}
	}
	d.data, d.text, d.pos, d.depth = data, string(data), 0, 0
	defer func() { d.data, d.text = nil, "" }()
	v, err := d.value()
	if err != nil {
		return nil, err
	}
	d.space()
	if d.pos != len(d.data) {
		return nil, d.errorf("trailing data after JSON value")
	}
	return v, nil
}

// maxDepth bounds nesting, as encoding/json does.
const maxDepth = 10000

type decoder struct {
	data []byte
	// text is data as one string: strings and numbers without escapes are
	// slices of it, not copies (so a value kept keeps the document).
	text  string
	pos   int
	depth int
	keys  map[string]string
	// stacks of the keys and values of the objects and arrays being read,
	// copied out into exactly sized slices when each one ends
	kstack []string
	vstack []any
	astack []any
	// fvals and fkeys are walkStruct's stacks of the values of the fields
	// written (and their keys, for a struct of more than 64 fields).
	fvals []any
	fkeys []string
	// boxes holds the last short strings and numbers read, boxed: a
	// string put in an interface is copied to the heap, and a listing's
	// rows repeat most of theirs ("file", "rw-", "root", "1"), so a
	// repeat takes the box of the value before it instead of a new one.
	boxes [64]box
	// Objects and their key and value slices are cut from shared chunks:
	// a listing's rows are small objects, and three allocations each were
	// most of what decoding them cost. Each slice is cut with its capacity
	// at its length, so an append to one copies it instead of writing
	// into its neighbour.
	objs []Object
	ks   []string
	vs   []any
	// keyLists are the lists of keys a walk has given objects, shared
	// by the objects of one struct type that write the same fields.
	keyLists map[keyListKey][]string
	// recent are the keyLists entries a walk used last (nextRecent is the
	// one to replace).
	recent     [recentKeyLists]recentKeyList
	nextRecent int
	// nums holds the text of the numbers a walk formats (intText).
	nums strings.Builder
	// enc writes into buf the values a walk leaves to encoding/json.
	enc *json.Encoder
	buf *bytes.Buffer
}

// decodeChunk is how many objects, keys or values a new chunk holds at
// most; the first holds firstChunk, each next one twice its predecessor,
// so that a small answer (ls -la of 15 entries: about 45 objects) does not
// allocate and clear chunks of 128 (6 KB of objects alone) it never fills.
const (
	decodeChunk = 128
	firstChunk  = 16
)

// chunkCap is the capacity of the chunk that follows one of capacity
// prev, for a request of n.
func chunkCap(prev, n int) int {
	return max(n, min(decodeChunk, max(firstChunk, 2*prev)))
}

// newObject returns an object of n keys and values, zero, for the caller
// to fill.
func (d *decoder) newObject(n int) *Object {
	if len(d.objs) == cap(d.objs) {
		d.objs = make([]Object, 0, chunkCap(cap(d.objs), 1))
	}
	d.objs = d.objs[:len(d.objs)+1]
	o := &d.objs[len(d.objs)-1]
	if cap(d.ks)-len(d.ks) < n {
		d.ks = make([]string, 0, chunkCap(cap(d.ks), n))
	}
	if cap(d.vs)-len(d.vs) < n {
		d.vs = make([]any, 0, chunkCap(cap(d.vs), n))
	}
	k, v := len(d.ks), len(d.vs)
	d.ks, d.vs = d.ks[:k+n], d.vs[:v+n]
	o.Keys, o.Vals = d.ks[k:k+n:k+n], d.vs[v:v+n:v+n]
	return o
}

// newObjectKeys returns an object of the given keys, which it keeps (not
// a copy), and zero values for the caller to fill.
func (d *decoder) newObjectKeys(keys []string) *Object {
	if len(d.objs) == cap(d.objs) {
		d.objs = make([]Object, 0, chunkCap(cap(d.objs), 1))
	}
	d.objs = d.objs[:len(d.objs)+1]
	o := &d.objs[len(d.objs)-1]
	n := len(keys)
	if cap(d.vs)-len(d.vs) < n {
		d.vs = make([]any, 0, chunkCap(cap(d.vs), n))
	}
	at := len(d.vs)
	d.vs = d.vs[:at+n]
	o.Keys, o.Vals = keys, d.vs[at:at+n:at+n]
	return o
}

// box is one boxes entry: the text of a value, whether it is a number,
// and the value.
type box struct {
	text string
	num  bool
	v    any
}

// maxBoxed is the longest text boxes keeps: longer ones seldom repeat.
const maxBoxed = 16

// boxed returns t as a string (num false) or a json.Number, the box of an
// equal value read before when boxes still has one.
func (d *decoder) boxed(t string, num bool) any {
	if len(t) > maxBoxed {
		if num {
			return json.Number(t)
		}
		return t
	}
	h := uint(len(t))
	for i := 0; i < len(t); i++ {
		h = h*31 + uint(t[i])
	}
	b := &d.boxes[h%uint(len(d.boxes))]
	if b.v != nil && b.num == num && b.text == t {
		return b.v
	}
	var v any
	if num {
		v = json.Number(t)
	} else {
		v = t
	}
	b.text, b.num, b.v = t, num, v
	return v
}

func (d *decoder) errorf(format string, args ...any) error {
	return fmt.Errorf("shaper: invalid JSON at byte %d: %s", d.pos, fmt.Sprintf(format, args...))
}

func (d *decoder) space() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *decoder) value() (any, error) {
	d.space()
	if d.pos >= len(d.data) {
		return nil, d.errorf("unexpected end of input")
	}
	switch c := d.data[d.pos]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		return d.string()
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	case d.literal("true"):
		return true, nil
	case d.literal("false"):
		return false, nil
	case d.literal("null"):
		return nil, nil
	}
	return nil, d.errorf("unexpected character %q", d.data[d.pos])
}

func (d *decoder) literal(word string) bool {
	if bytes.HasPrefix(d.data[d.pos:], []byte(word)) {
		d.pos += len(word)
		return true
	}
	return false
}

func (d *decoder) enter() error {
	d.depth++
	if d.depth > maxDepth {
		return d.errorf("nesting deeper than %d", maxDepth)
	}
	d.pos++
	return nil
}

func (d *decoder) object() (any, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	base := len(d.kstack)
	d.space()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		d.depth--
		return &Object{}, nil
	}
	for {
		d.space()
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return nil, d.errorf("expected a string key")
		}
		ks, err := d.string()
		if err != nil {
			return nil, err
		}
		k := ks.(string)
		if ik, ok := d.keys[k]; ok {
			k = ik
		} else if len(d.keys) < 4096 {
			d.keys[k] = k
		}
		d.space()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return nil, d.errorf("expected ':' after object key")
		}
		d.pos++
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		dup := false
		for i := base; i < len(d.kstack); i++ {
			if d.kstack[i] == k {
				d.vstack[i], dup = v, true
				break
			}
		}
		if !dup {
			d.kstack = append(d.kstack, k)
			d.vstack = append(d.vstack, v)
		}
		d.space()
		if d.pos >= len(d.data) {
			return nil, d.errorf("unexpected end of input in object")
		}
		c := d.data[d.pos]
		d.pos++
		if c == '}' {
			break
		}
		if c != ',' {
			d.pos--
			return nil, d.errorf("expected ',' or '}' in object")
		}
	}
	o := d.newObject(len(d.kstack) - base)
	copy(o.Keys, d.kstack[base:])
	copy(o.Vals, d.vstack[base:])
	clear(d.vstack[base:])
	d.kstack, d.vstack = d.kstack[:base], d.vstack[:base]
	d.depth--
	return o, nil
}

func (d *decoder) array() (any, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	base := len(d.astack)
	d.space()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		d.depth--
		return []any{}, nil
	}
	for {
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		d.astack = append(d.astack, v)
		d.space()
		if d.pos >= len(d.data) {
			return nil, d.errorf("unexpected end of input in array")
		}
		c := d.data[d.pos]
		d.pos++
		if c == ']' {
			break
		}
		if c != ',' {
			d.pos--
			return nil, d.errorf("expected ',' or ']' in array")
		}
	}
	arr := make([]any, len(d.astack)-base)
	copy(arr, d.astack[base:])
	clear(d.astack[base:])
	d.astack = d.astack[:base]
	d.depth--
	return arr, nil
}

// string reads a string. Without escapes and in valid UTF-8, it is the
// bytes as they are; otherwise encoding/json decodes it, for its exact
// handling of escapes, surrogates and invalid UTF-8.
func (d *decoder) string() (any, error) {
	start := d.pos
	d.pos++
	plain := true
	for {
		if d.pos >= len(d.data) {
			return nil, d.errorf("unexpected end of input in string")
		}
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			if plain {
				return d.boxed(d.text[start+1:d.pos-1], false), nil
			}
			var s string
			if err := json.Unmarshal(d.data[start:d.pos], &s); err != nil {
				d.pos = start
				return nil, d.errorf("invalid string: %v", err)
			}
			return s, nil
		case c == '\\':
			plain = false
			d.pos += 2
			continue
		case c < 0x20:
			return nil, d.errorf("control character in string")
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(d.data[d.pos:])
			if r == utf8.RuneError && n == 1 {
				plain = false
			}
			d.pos += n
			continue
		}
		d.pos++
	}
}

// number reads a number as its literal text, checking JSON's grammar.
func (d *decoder) number() (any, error) {
	end, ok := numberEnd(d.text, d.pos)
	if !ok {
		d.pos = end
		return nil, d.errorf("invalid number")
	}
	start := d.pos
	d.pos = end
	return d.boxed(d.text[start:end], true), nil
}

// numberEnd reads JSON's number grammar from s[i:] and returns where the
// number ends, or where it went wrong and false.
func numberEnd(s string, i int) (int, bool) {
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return i, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return i, false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return i, false
		}
	}
	return i, true
}
