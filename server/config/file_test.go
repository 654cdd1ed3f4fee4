package config

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// The shape check catches type errors and unknown keys before the strict
// decoders run; these tests cover the mapping of the decoders' own errors,
// which remains as a backstop.
func TestDecoderErrorMapping(t *testing.T) {
	strictJSON := func(doc string) error {
		dec := json.NewDecoder(strings.NewReader(doc))
		dec.DisallowUnknownFields()
		var fc fileConfig
		return dec.Decode(&fc)
	}
	strictTOML := func(doc string) error {
		dec := toml.NewDecoder(strings.NewReader(doc))
		dec.DisallowUnknownFields()
		var fc fileConfig
		return dec.Decode(&fc)
	}
	tests := []struct {
		name string
		got  *Error
		want Error
	}{
		{"json type", jsonDecodeError("f.json", []byte("{\"guard\":\n{\"timeout_ms\":\"x\"}}"), strictJSON("{\"guard\":\n{\"timeout_ms\":\"x\"}}")),
			Error{File: "f.json", Key: "guard.timeout_ms", Line: 2, Message: "expected an integer, got string"}},
		{"json list type", jsonDecodeError("f.json", nil, strictJSON(`{"guard":{"allowed_paths":[true]}}`)),
			Error{File: "f.json", Key: "guard.allowed_paths", Line: 1, Message: "expected a string, got bool"}},
		{"json unknown", jsonDecodeError("f.json", nil, strictJSON(`{"guard":{"secrets":{"foo":1}}}`)),
			Error{File: "f.json", Key: "foo", Message: "unknown key"}},
		{"toml unknown", tomlError("f.toml", strictTOML("[guard.secrets]\nfoo = 1\n"), ""),
			Error{File: "f.toml", Key: "guard.secrets.foo", Line: 2, Message: "unknown key"}},
		{"toml type", tomlError("f.toml", strictTOML("[guard]\n\ntimeout_ms = 'x'\n"), ""),
			Error{File: "f.toml", Key: "guard.timeout_ms", Line: 3, Message: "cannot decode TOML string into struct field config.fileGuard.TimeoutMs of type int"}},
	}
	for _, tc := range tests {
		if *tc.got != tc.want {
			t.Errorf("%s:\n got %#v\nwant %#v", tc.name, *tc.got, tc.want)
		}
	}
}

func TestTOMLKeyLines(t *testing.T) {
	doc := []byte("a = 1\n[guard]\n  secrets.env_patterns = []\n\n[\"guard\" . command_arg_restrictions]\nnode = { blocked_flags = [\"-e\"] }\n")
	want := keyLines{
		"a": 1, "guard": 2, "guard.secrets": 3, "guard.secrets.env_patterns": 3,
		"guard.command_arg_restrictions": 5, "guard.command_arg_restrictions.node": 6,
		"guard.command_arg_restrictions.node.blocked_flags": 6,
	}
	got := tomlKeyLines(doc)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("line of %s = %d, want %d", k, got[k], v)
		}
	}
	if n := got.near("guard.command_arg_restrictions.node.other"); n != 6 {
		t.Errorf("near = %d, want 6 (the parent's line)", n)
	}
}
