package catalogtest

import (
	"encoding/json"
	"testing"
)

// Decode reads JSON as the validator wants it: maps, slices, float64.
func Decode(t testing.TB, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return v
}
