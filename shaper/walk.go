package shaper

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"iter"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// walk converts a Go value into the generic form by reflection, giving
// what decoding its encoding/json encoding would give (Generic's
// contract), without writing the JSON and reading it back: for a parser's
// typed rows that round trip was most of the cost of shaping them (200 ls
// rows: encoding 110 µs, decoding 470 µs).
//
// It follows encoding/json's rules for what it handles itself: field
// names from json tags, omitempty and omitzero, nil pointers, slices and
// maps as null, []byte as base64, map keys sorted, numbers written as
// encoding/json writes them, invalid UTF-8 replaced byte by byte with
// U+FFFD. Where encoding/json calls a method (MarshalJSON, MarshalText) or
// applies rules not copied here (embedded struct fields, the string tag
// option, repeated field names, map keys that are not strings or
// integers, values it refuses), the value goes through encoding/json and
// Decode: the same result by the same means.
func (d *decoder) walk(v reflect.Value, depth int) (any, error) {
	if !v.IsValid() {
		return nil, nil
	}
	return d.walkWith(v, typeInfoOf(v.Type()), depth)
}

// walkWith is walk with v's type's typeInfo at hand.
func (d *decoder) walkWith(v reflect.Value, ti *typeInfo, depth int) (any, error) {
	if depth > maxWalkDepth {
		// encoding/json finds cycles; a legitimate value this deep is
		// rare enough to take the slow way.
		return d.viaJSON(v)
	}
	switch {
	case ti.addrMethod && v.CanAddr():
		return d.viaJSON(v)
	case ti.method:
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return nil, nil
		}
		if ti.inline {
			return d.walkInline(v, depth)
		}
		if ti.rawMessage {
			if v.Len() == 0 {
				return nil, nil // encoding/json writes an empty RawMessage as null
			}
			return d.decode(v.Bytes())
		}
		return d.viaJSON(v)
	}
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return d.boxed(d.intText(v.Int()), true), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return d.boxed(d.uintText(v.Uint()), true), nil
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return d.viaJSON(v) // encoding/json's error
		}
		return json.Number(formatFloat(f, ti.bits)), nil
	case reflect.String:
		s := v.String()
		if ti.number {
			if s == "" {
				s = "0" // as encoding/json writes an empty Number
			} else if !validNumber(s) {
				return d.viaJSON(v)
			}
			return d.boxed(s, true), nil
		}
		if !utf8.ValidString(s) {
			s = replaceInvalid(s)
		}
		return d.boxed(s, false), nil
	case reflect.Pointer:
		if v.IsNil() {
			return nil, nil
		}
		if ti.elem == nil {
			return d.walk(v.Elem(), depth+1)
		}
		return d.walkWith(v.Elem(), ti.elem, depth+1)
	case reflect.Interface:
		if v.IsNil() {
			return nil, nil
		}
		return d.walk(v.Elem(), depth+1)
	case reflect.Struct:
		return d.walkStruct(v, ti, depth)
	case reflect.Map:
		return d.walkMap(v, depth)
	case reflect.Slice:
		if v.IsNil() {
			return nil, nil
		}
		if ti.bytes {
			return base64.StdEncoding.EncodeToString(v.Bytes()), nil
		}
		fallthrough
	case reflect.Array:
		arr := make([]any, v.Len())
		eti := ti.elemInfo(v.Type())
		for i := range arr {
			var err error
			if arr[i], err = d.walkWith(v.Index(i), eti, depth+1); err != nil {
				return nil, err
			}
		}
		return arr, nil
	}
	return d.viaJSON(v) // channels, functions, complex numbers: encoding/json's error
}

// Inliner is implemented by a value whose MarshalJSON writes an object:
// the members of fields, a struct encoded as encoding/json encodes it
// (fields has no MarshalJSON or MarshalText of its own), then the members
// extra yields, in order, each value encoded as encoding/json encodes it.
// Generic walks fields and the extra values as it walks any value, instead
// of having encoding/json write the value and decoding it back, which is
// what a row type with a MarshalJSON would otherwise cost: for the 100
// rows of ps aux, 1 ms a call, a quarter of the server's CPU for it.
//
// It is a declaration about MarshalJSON that Generic trusts: a type must
// implement it only when its MarshalJSON writes exactly that (the catalog's
// row types write both from one pair of values). Where the result would
// not be what decoding the encoding gives (fields is not a plain struct, a
// key repeats, a key is not valid UTF-8, a value encoding/json refuses),
// Generic encodes the value instead.
//
// JSONInline may have a pointer receiver, and fields may be a pointer to
// the struct: Generic calls it on the value where it lies when it can
// (a row of a slice), so that neither the row nor its fields are copied
// into an interface; a value it cannot address is then encoded.
type Inliner interface {
	JSONInline() (fields any, extra iter.Seq2[string, any])
}

// intText and uintText return the text of a number as a string cut from
// the decoder's numbers, not one allocation each: a listing's sizes and
// times are mostly distinct, and strconv.FormatInt allocated every one of
// them (a tenth of Generic's allocations on ls -la of 200 entries). 0 to
// 99 are strconv's own constant strings, which cost nothing.
func (d *decoder) intText(n int64) string {
	if 0 <= n && n < 100 {
		return strconv.FormatInt(n, 10)
	}
	var tmp [20]byte
	return d.keep(strconv.AppendInt(tmp[:0], n, 10))
}

func (d *decoder) uintText(n uint64) string {
	if n < 100 {
		return strconv.FormatUint(n, 10)
	}
	var tmp [20]byte
	return d.keep(strconv.AppendUint(tmp[:0], n, 10))
}

// keep copies p into the decoder's numbers and returns it as a string. A
// strings.Builder never writes over what it has written, so the strings
// cut from it stay as they were; a full one is left to the strings that
// hold it and a new one started.
func (d *decoder) keep(p []byte) string {
	if d.nums.Cap()-d.nums.Len() < len(p) {
		d.nums = strings.Builder{}
		d.nums.Grow(numsChunk)
	}
	at := d.nums.Len()
	d.nums.Write(p)
	return d.nums.String()[at:]
}

// numsChunk is the size of the decoder's blocks of number text.
const numsChunk = 512

// walkInline walks v, an Inliner (see there).
func (d *decoder) walkInline(v reflect.Value, depth int) (any, error) {
	var in Inliner
	var ok bool
	if v.CanAddr() {
		// The row in its slice, not a copy of it in an interface (a
		// row of ps aux is 300 bytes): JSONInline may take a pointer.
		in, ok = v.Addr().Interface().(Inliner)
	} else {
		in, ok = v.Interface().(Inliner)
	}
	if !ok {
		return d.viaJSON(v)
	}
	fields, extra := in.JSONInline()
	fv := reflect.ValueOf(fields)
	if fv.Kind() == reflect.Pointer && !fv.IsNil() {
		fv = fv.Elem()
	}
	if fv.Kind() != reflect.Struct {
		return d.viaJSON(v)
	}
	fti := typeInfoOf(fv.Type())
	if fti.method || fti.addrMethod {
		return d.viaJSON(v)
	}
	got, err := d.walkStruct(fv, fti, depth+1)
	if err != nil {
		return d.viaJSON(v) // encoding/json's error, as MarshalJSON's
	}
	o, ok := got.(*Object)
	if !ok {
		return d.viaJSON(v)
	}
	if extra == nil {
		return o, nil
	}
	base := len(d.kstack)
	defer func() {
		clear(d.vstack[base:])
		d.kstack, d.vstack = d.kstack[:base], d.vstack[:base]
	}()
	for k, x := range extra {
		// A repeated key keeps its first place and its last value when
		// decoded: left to encoding/json and Decode, as a key that is not
		// valid UTF-8 (replaced, it could repeat one).
		if !utf8.ValidString(k) || slices.Contains(o.Keys, k) || slices.Contains(d.kstack[base:], k) {
			return d.viaJSON(v)
		}
		val, err := d.walk(reflect.ValueOf(x), depth+1)
		if err != nil {
			return d.viaJSON(v)
		}
		d.kstack = append(d.kstack, k)
		d.vstack = append(d.vstack, val)
	}
	n := len(d.kstack) - base
	if n == 0 {
		return o, nil
	}
	// o's keys may be shared with other rows: the object with the extra
	// members is a new one.
	out := d.newObject(len(o.Keys) + n)
	copy(out.Keys, o.Keys)
	copy(out.Keys[len(o.Keys):], d.kstack[base:])
	copy(out.Vals, o.Vals)
	copy(out.Vals[len(o.Vals):], d.vstack[base:])
	return out, nil
}

// maxWalkDepth is how deep walk goes before it leaves a value to
// encoding/json.
const maxWalkDepth = 500

// viaJSON converts v the long way: encoding/json, then Decode. An
// addressable v is encoded through its address, so that encoding/json
// sees it (and what it holds) addressable, as when it encodes the whole
// value: methods on pointer receivers are called alike.
func (d *decoder) viaJSON(v reflect.Value) (any, error) {
	x := v.Interface()
	if v.CanAddr() && v.Kind() != reflect.Pointer {
		x = v.Addr().Interface()
	}
	if d.enc == nil {
		d.buf = new(bytes.Buffer)
		d.enc = json.NewEncoder(d.buf)
		d.enc.SetEscapeHTML(false)
	}
	d.buf.Reset()
	if err := d.enc.Encode(x); err != nil {
		return nil, err
	}
	return d.decode(d.buf.Bytes()) // decode copies what it keeps (text)
}

func (d *decoder) walkStruct(v reflect.Value, ti *typeInfo, depth int) (any, error) {
	si := ti.si.Load()
	if si == nil {
		si = structInfoOf(v.Type())
		ti.si.Store(si)
	}
	if si.viaJSON {
		return d.viaJSON(v)
	}
	// The values written go on the decoder's fvals, then into an object
	// of exactly their number (most of a listing's optional fields are
	// left out). Their keys are only gathered when the struct has more
	// fields than present can tell apart, or when its list of keys is not
	// known yet: a listing's rows write the same fields, and appending
	// every row's names to a stack was a tenth of walking ls -la of 200
	// entries.
	base := len(d.fvals)
	wide := len(si.fields) > 64
	var present uint64 // which of the fields are written (when not wide)
	for i := range si.fields {
		f := &si.fields[i]
		fv := v.Field(f.index)
		var val any
		switch f.plain {
		case plainString:
			s := fv.String()
			if s == "" && f.omits {
				continue
			}
			if !utf8.ValidString(s) {
				s = replaceInvalid(s)
			}
			val = d.boxed(s, false)
		case plainInt:
			n := fv.Int()
			if n == 0 && f.omits {
				continue
			}
			val = d.boxed(d.intText(n), true)
		case plainBool:
			b := fv.Bool()
			if !b && f.omits {
				continue
			}
			val = b
		case plainIntPtr:
			if fv.IsNil() {
				if f.omits {
					continue
				}
			} else {
				val = d.boxed(d.intText(fv.Elem().Int()), true)
			}
		default:
			if f.omitted(fv) {
				continue
			}
			var err error
			if val, err = d.walkWith(fv, f.ti, depth+1); err != nil {
				return nil, err
			}
		}
		if wide {
			d.fkeys = append(d.fkeys, f.name)
		}
		d.fvals = append(d.fvals, val)
		present |= 1 << (i & 63)
	}
	n := len(d.fvals) - base
	var o *Object
	if !wide {
		// Rows that write the same fields share one list of keys.
		k := keyListKey{si, present}
		keys, ok := d.recentKeys(k)
		if !ok {
			keys, ok = d.keyLists[k]
		}
		if !ok {
			keys = make([]string, 0, n)
			for i := range si.fields {
				if present&(1<<i) != 0 {
					keys = append(keys, si.fields[i].name)
				}
			}
			if d.keyLists == nil {
				d.keyLists = map[keyListKey][]string{}
			}
			d.keyLists[k] = keys
		}
		d.noteKeys(k, keys)
		o = d.newObjectKeys(keys)
	} else {
		kbase := len(d.fkeys) - n
		o = d.newObject(n)
		copy(o.Keys, d.fkeys[kbase:])
		d.fkeys = d.fkeys[:kbase]
	}
	// The stack is not cleared: what it still holds past its length is
	// held by the objects made from it too, and the decoder is dropped
	// with them when the walk ends.
	copy(o.Vals, d.fvals[base:])
	d.fvals = d.fvals[:base]
	return o, nil
}

// keyListKey names the keys of a struct's object: its type and which
// fields it writes.
type keyListKey struct {
	si      *structInfo
	present uint64
}

// recentKeyLists is how many of the keyLists entries a walk used last it
// keeps at hand: a listing's rows mostly write the fields of the row
// before, and hold a few structs of their own (permissions, a device).
const recentKeyLists = 4

type recentKeyList struct {
	k    keyListKey
	keys []string
}

// recentKeys looks k up among the entries used last.
func (d *decoder) recentKeys(k keyListKey) ([]string, bool) {
	for i := range d.recent {
		if r := &d.recent[i]; r.k == k && r.keys != nil {
			return r.keys, true
		}
	}
	return nil, false
}

// noteKeys makes k's entry one of the entries used last.
func (d *decoder) noteKeys(k keyListKey, keys []string) {
	if _, ok := d.recentKeys(k); ok {
		return
	}
	d.recent[d.nextRecent] = recentKeyList{k, keys}
	d.nextRecent = (d.nextRecent + 1) % recentKeyLists
}

func (d *decoder) walkMap(v reflect.Value, depth int) (any, error) {
	if v.IsNil() {
		return nil, nil
	}
	var keys []string
	kt := v.Type().Key()
	if typeInfoOf(kt).method || typeInfoOf(kt).addrMethod {
		return d.viaJSON(v) // a key's MarshalText, or its string: left to encoding/json
	}
	switch kt.Kind() {
	case reflect.String:
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
	default:
		return d.viaJSON(v)
	}
	type entry struct {
		key string
		val reflect.Value
	}
	entries := make([]entry, 0, v.Len())
	it := v.MapRange()
	for it.Next() {
		k := it.Key()
		var ks string
		switch k.Kind() {
		case reflect.String:
			ks = k.String()
			if !utf8.ValidString(ks) {
				// Replaced, two keys could become one: encoding/json
				// and Decode settle that.
				return d.viaJSON(v)
			}
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			ks = strconv.FormatInt(k.Int(), 10)
		default:
			ks = strconv.FormatUint(k.Uint(), 10)
		}
		entries = append(entries, entry{ks, it.Value()})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	keys = make([]string, len(entries))
	vals := make([]any, len(entries))
	for i, e := range entries {
		val, err := d.walk(e.val, depth+1)
		if err != nil {
			return nil, err
		}
		keys[i], vals[i] = e.key, val
	}
	return &Object{Keys: keys, Vals: vals}, nil
}

// formatFloat writes f as encoding/json does.
func formatFloat(f float64, bits int) string {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	b := strconv.AppendFloat(make([]byte, 0, 24), f, format, -1, bits)
	if format == 'e' {
		// e-09 to e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return string(b)
}

// replaceInvalid replaces each byte of s that is not part of a valid
// UTF-8 sequence with U+FFFD, as encoding/json does when it writes s.
func replaceInvalid(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	isZeroerType      = reflect.TypeFor[interface{ IsZero() bool }]()
	rawMessageType    = reflect.TypeFor[json.RawMessage]()
	numberType        = reflect.TypeFor[json.Number]()
	inlinerType       = reflect.TypeFor[Inliner]()
)

// typeInfo is what walk needs to know of a type before its kind.
type typeInfo struct {
	method     bool      // t has MarshalJSON or MarshalText
	inline     bool      // t has MarshalJSON and is an Inliner
	addrMethod bool      // only *t has one (encoding/json calls it when the value is addressable)
	bytes      bool      // a slice of bytes encoding/json writes in base64
	rawMessage bool      // t is json.RawMessage
	number     bool      // t is json.Number
	bits       int       // a float type's size
	elem       *typeInfo // a pointer type's element's
	// si is a struct type's structInfo, and items a slice or array
	// type's element's typeInfo, set on first use (walk would otherwise
	// look them up for every row).
	si    atomic.Pointer[structInfo]
	items atomic.Pointer[typeInfo]
}

// elemInfo is the typeInfo of t's elements, t being ti's slice or array
// type.
func (ti *typeInfo) elemInfo(t reflect.Type) *typeInfo {
	if e := ti.items.Load(); e != nil {
		return e
	}
	e := typeInfoOf(t.Elem())
	ti.items.Store(e)
	return e
}

var typeInfos sync.Map // reflect.Type -> typeInfo

func typeInfoOf(t reflect.Type) *typeInfo {
	if ti, ok := typeInfos.Load(t); ok {
		return ti.(*typeInfo)
	}
	ti := newTypeInfo(t)
	if t.Kind() == reflect.Pointer && t.Elem().Kind() != reflect.Pointer {
		// (Not for a pointer to a pointer, whose types can cycle.)
		ti.elem = typeInfoOf(t.Elem())
	}
	typeInfos.Store(t, ti)
	return ti
}

func newTypeInfo(t reflect.Type) *typeInfo {
	implements := func(t reflect.Type) bool {
		return t.Implements(marshalerType) || t.Implements(textMarshalerType)
	}
	ti := &typeInfo{method: implements(t), rawMessage: t == rawMessageType, number: t == numberType}
	ti.inline = t.Implements(marshalerType) && (t.Implements(inlinerType) || t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(inlinerType))
	if k := t.Kind(); k == reflect.Float32 || k == reflect.Float64 {
		ti.bits = t.Bits()
	}
	if t.Kind() != reflect.Pointer && !ti.method {
		ti.addrMethod = implements(reflect.PointerTo(t))
	}
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		ti.bytes = !implements(reflect.PointerTo(t.Elem()))
	}
	return ti
}

// structInfo is how encoding/json writes a struct type's fields.
type structInfo struct {
	fields []walkField
	// viaJSON: the type has what walk leaves to encoding/json (an
	// embedded field, a string option, a repeated or unusual name).
	viaJSON bool
}

type walkField struct {
	name      string
	index     int
	omitEmpty bool
	omitZero  bool
	ti        *typeInfo
	isZero    func(reflect.Value) bool // the type's own IsZero, for omitzero; nil: reflect's
	// plain is the field's kind when it is one walkStruct writes itself
	// (most of a listing's fields: strings, ints, bools and pointers to
	// ints, with no methods), and omits whether such a field is left out
	// when zero. Through walkWith and omitted, those fields were half of
	// walking ls -la of 200 entries.
	plain uint8
	omits bool
}

// The kinds of plain fields.
const (
	plainNone = iota
	plainString
	plainInt
	plainBool
	plainIntPtr
)

// plainKind is t's plain kind, plainNone for one walkWith must write.
func plainKind(t reflect.Type, ti *typeInfo) uint8 {
	if ti.method || ti.addrMethod || ti.number {
		return plainNone
	}
	switch t.Kind() {
	case reflect.String:
		return plainString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return plainInt
	case reflect.Bool:
		return plainBool
	case reflect.Pointer:
		if e := t.Elem(); ti.elem != nil && plainKind(e, ti.elem) == plainInt {
			return plainIntPtr
		}
	}
	return plainNone
}

func (f *walkField) omitted(v reflect.Value) bool {
	if f.omitEmpty && isEmptyValue(v) {
		return true
	}
	if !f.omitZero {
		return false
	}
	if f.isZero != nil {
		return f.isZero(v)
	}
	return v.IsZero()
}

var structInfos sync.Map // reflect.Type -> *structInfo

func structInfoOf(t reflect.Type) *structInfo {
	if si, ok := structInfos.Load(t); ok {
		return si.(*structInfo)
	}
	si := &structInfo{}
	seen := map[string]bool{}
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			si.viaJSON = true
			break
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = sf.Name
		} else if !plainName(name) {
			si.viaJSON = true
			break
		}
		f := walkField{name: name, index: i, ti: typeInfoOf(sf.Type)}
		for opts != "" {
			var o string
			o, opts, _ = strings.Cut(opts, ",")
			switch o {
			case "omitempty":
				f.omitEmpty = true
			case "omitzero":
				f.omitZero = true
			case "string":
				si.viaJSON = true
			}
		}
		if f.omitZero {
			f.isZero = zeroFunc(sf.Type)
		}
		if f.isZero == nil {
			// For these kinds, omitempty and omitzero leave out the
			// same values.
			f.plain, f.omits = plainKind(sf.Type, f.ti), f.omitEmpty || f.omitZero
		}
		if seen[name] || si.viaJSON {
			si.viaJSON = true
			break
		}
		seen[name] = true
		si.fields = append(si.fields, f)
	}
	structInfos.Store(t, si)
	return si
}

// plainName reports whether a tag's name is one encoding/json takes as
// it is: letters, digits and a few punctuation marks.
func plainName(s string) bool {
	for _, c := range s {
		switch {
		case c == '_' || c == '-' || c == '.' || c == '/' || c == '@' || c == '$' || c == '+':
		case c < utf8.RuneSelf && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'):
		default:
			return false
		}
	}
	return true
}

// zeroFunc is encoding/json's test for omitzero when t (or *t) has an
// IsZero method; nil when it has none.
func zeroFunc(t reflect.Type) func(reflect.Value) bool {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.IsNil() || v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() ||
				v.Interface().(interface{ IsZero() bool }).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.IsNil() || v.Interface().(interface{ IsZero() bool }).IsZero()
		}
	case t.Implements(isZeroerType):
		return func(v reflect.Value) bool { return v.Interface().(interface{ IsZero() bool }).IsZero() }
	case reflect.PointerTo(t).Implements(isZeroerType):
		return func(v reflect.Value) bool {
			if !v.CanAddr() {
				v2 := reflect.New(v.Type()).Elem()
				v2.Set(v)
				v = v2
			}
			return v.Addr().Interface().(interface{ IsZero() bool }).IsZero()
		}
	}
	return nil
}

// isEmptyValue is encoding/json's test for omitempty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
