package builtin

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

func TestLangPkgArgumentRange(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd  string
		args []string
		hint []string // nil: accepted; non-nil: refused with this hint ([] = no hint)
	}{
		{"npm", []string{"ls"}, nil},
		{"npm", []string{"list", "--all"}, nil},
		{"npm", []string{"ls", "--depth=2", "--omit=dev", "is-number"}, nil},
		{"npm", []string{"--prefix", "web", "ls", "--unicode=false"}, nil},
		{"npm", []string{"ls", "--unicode", "--all"}, nil},
		{"npm", []string{"ls", "-g", "--depth", "0"}, nil},
		{"npm", []string{"ls", "-w", "@acme/pkg-a", "--all"}, nil},
		{"npm", []string{"ls", "--color=always", "--all"}, []string{"ls", "--no-color", "--all"}},
		{"npm", []string{"ls", "--long"}, []string{"ls", "--json", "--long"}},
		{"npm", []string{"ls", "--parseable"}, []string{"ls", "--json"}},

		{"pnpm", []string{"list"}, nil},
		{"pnpm", []string{"ls", "--depth", "Infinity", "--prod"}, nil},
		{"pnpm", []string{"-r", "list", "--depth=2"}, nil},
		{"pnpm", []string{"--filter", "web", "list"}, nil},
		{"pnpm", []string{"list", "react"}, nil},
		{"pnpm", []string{"install"}, []string{}},
		{"pnpm", []string{"--depth=1"}, []string{"list", "--depth=1"}},
		{"pnpm", []string{"ll"}, []string{"list", "--json", "--long"}},
		{"pnpm", []string{"list", "--color=always"}, []string{"list", "--no-color"}},
		{"pnpm", []string{"list", "--long"}, []string{"--json", "--long", "list"}},

		{"yarn", []string{"list"}, nil},
		{"yarn", []string{"list", "--depth=0", "--pattern", "react"}, nil},
		{"yarn", []string{"--cwd", "web", "list", "--prod"}, nil},
		{"yarn", []string{"why", "react"}, []string{}},

		{"cargo", []string{"tree"}, nil},
		{"cargo", []string{"tree", "--offline", "-p", "app", "-e", "features", "--charset", "ascii"}, nil},
		{"cargo", []string{"--manifest-path", "x/Cargo.toml", "tree", "-i", "serde", "--prefix", "depth"}, nil},
		{"cargo", []string{"tree", "-f", "{p} {f}", "--depth", "1"}, nil},
		{"cargo", []string{"tree", "--format={p}"}, nil},
		{"cargo", []string{"tree", "--prefix", "none"}, []string{"tree", "--prefix", "depth"}},
		{"cargo", []string{"tree", "--prefix=none", "-d"}, []string{"tree", "--prefix", "depth", "-d"}},
		{"cargo", []string{"tree", "-f", "{p} {l}"}, []string{"tree", "-f", "{p} {f}"}},
		{"cargo", []string{"tree", "--color", "always"}, []string{"tree", "--color", "never"}},
		{"cargo", []string{"tree", "serde"}, []string{}},
	}
	for _, tc := range tests {
		res := r.Parse(catalog.Input{Cmd: tc.cmd, Args: tc.args, OS: catalog.Linux, Raw: "x\n"})
		name := tc.cmd + " " + strings.Join(tc.args, " ")
		refused := res.Err != nil && res.Err.Reason == catalog.ReasonUnsupportedFormat
		if tc.hint == nil {
			if refused {
				t.Errorf("%s: refused: %s", name, res.Err.Message)
			}
			continue
		}
		if !refused {
			t.Errorf("%s: accepted (err %v)", name, res.Err)
			continue
		}
		var got []string
		if res.Err.Hint != nil {
			got = res.Err.Hint.Args
		}
		if !slices.Equal(got, tc.hint) && !(len(got) == 0 && len(tc.hint) == 0) {
			t.Errorf("%s: hint %q, want %q (%s)", name, got, tc.hint, res.Err.Message)
		}
	}
}

func TestLangPkgJSONPassthrough(t *testing.T) {
	raw := `{"version":"2.3.4","name":"rich-app","dependencies":{"is-odd":{"version":"3.0.1"}}}` + "\n"
	for _, in := range []catalog.Input{
		{Cmd: "npm", Args: []string{"ls", "--json"}, Raw: raw},
		{Cmd: "pnpm", Args: []string{"list", "--json"}, Raw: "[" + raw + "]"},
		{Cmd: "yarn", Args: []string{"list", "--json"}, Raw: raw},
	} {
		res := Default().Parse(in)
		if !res.Passthrough || res.Err != nil {
			t.Errorf("%s %v: not passed through: %+v", in.Cmd, in.Args, res.Err)
		}
	}
}
