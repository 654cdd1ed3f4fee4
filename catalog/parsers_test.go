package catalog

import (
	"testing"

	"github.com/parism-go/parism/catalog/internal/lex"
)

func TestCUnquote(t *testing.T) {
	tests := []struct {
		in, out string
		n       int
		ok      bool
	}{
		{`"plain" rest`, "plain", 7, true},
		{`"a\tb\nc\\d\"e"`, "a\tb\nc\\d\"e", 15, true},
		{`"caf\303\251"`, "café", 13, true},
		{`"\a\b\f\r\v"`, "\a\b\f\r\v", 12, true},
		{`"unterminated`, "", 0, false},
		{`"bad \x"`, "", 0, false},
		{`"short \30"`, "", 0, false},
		{`noquote`, "", 0, false},
	}
	for _, tc := range tests {
		s, n, ok := lex.CUnquote(tc.in)
		if s != tc.out || n != tc.n || ok != tc.ok {
			t.Errorf("lex.CUnquote(%q) = %q, %d, %v", tc.in, s, n, ok)
		}
	}
}

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{
		"%CPU": "pct_cpu", "WCHAN": "wchan", "MACHINE": "machine", "RUSER": "ruser",
		"CGROUP:X": "cgroup_x", "%": "pct", "---": "column", "1ST": "c_1st",
	} {
		if got := SnakeCase(in); got != want {
			t.Errorf("snakeCase(%q) = %q, want %q", in, got, want)
		}
	}
}
