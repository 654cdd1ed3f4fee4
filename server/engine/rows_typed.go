package engine

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/parism-go/parism/shaper"
)

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// typedMaxRows is shaper.Rows(shaper.Generic(v)) read from a parser's
// typed value without building the generic copy: the length of a slice
// or array, or the longest slice or array field of a struct (the rows the
// adaptive format counts). ok is false, and the caller builds the generic
// value, whenever the JSON form is not plain to see from the type: a
// value or field whose type encodes itself (json.Marshaler,
// encoding.TextMarshaler), an embedded field, an interface field, a
// []byte (a base64 string), or a value already generic.
func typedMaxRows(v any) (int, bool) {
	switch v.(type) {
	case nil, *shaper.Object, []any:
		return 0, false
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() || encodesItself(rv.Type()) {
			return 0, false
		}
		rv = rv.Elem()
	}
	if encodesItself(rv.Type()) {
		return 0, false
	}
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			return 0, false
		}
		return rv.Len(), true
	case reflect.Struct:
	default:
		return 0, false
	}
	t := rv.Type()
	n := 0
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return 0, false
		}
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			if encodesItself(ft) {
				return 0, false
			}
			ft = ft.Elem()
		}
		if encodesItself(ft) || ft.Kind() == reflect.Interface {
			return 0, false
		}
		if ft.Kind() != reflect.Slice && ft.Kind() != reflect.Array {
			continue // an object, a string, a number: no rows
		}
		if ft.Elem().Kind() == reflect.Uint8 || strings.Contains(f.Tag.Get("json"), ",string") {
			return 0, false
		}
		fv := rv.Field(i)
		for fv.Kind() == reflect.Pointer {
			if fv.IsNil() {
				break
			}
			fv = fv.Elem()
		}
		if fv.Kind() == reflect.Slice || fv.Kind() == reflect.Array {
			n = max(n, fv.Len())
		}
	}
	return n, true
}

// encodesItself reports whether t (or *t) writes its own JSON.
func encodesItself(t reflect.Type) bool {
	if t.Implements(jsonMarshaler) || t.Implements(textMarshaler) {
		return true
	}
	if t.Kind() != reflect.Pointer {
		pt := reflect.PointerTo(t)
		return pt.Implements(jsonMarshaler) || pt.Implements(textMarshaler)
	}
	return false
}
