// Package jsonx is the one place the server encodes JSON on its hot path.
// It wraps github.com/goccy/go-json, which is faster than encoding/json but
// relies on runtime internals; if a release misbehaves, swap the two calls
// below back to encoding/json and every caller follows.
package jsonx

import (
	"bytes"

	gojson "github.com/goccy/go-json"
)

// Marshal encodes v compactly without HTML escaping: agents read '<' and
// '&' as they are, and "\u003c" costs tokens.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := gojson.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	out := b.Bytes()
	return out[:len(out)-1], nil // Encode appends a newline
}

// MarshalIndent is Marshal with two-space indentation, for people.
func MarshalIndent(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := gojson.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
