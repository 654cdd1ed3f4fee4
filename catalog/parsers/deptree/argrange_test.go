package deptree

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"npm", []string{"ls"}, catalog.Linux, catalogtest.Accepted},
		{"npm", []string{"list", "--all"}, catalog.Linux, catalogtest.Accepted},
		{"npm", []string{"ls", "--depth=2", "--omit=dev", "is-number"}, catalog.Linux, catalogtest.Accepted},
		{"npm", []string{"--prefix", "web", "ls", "--unicode=false"}, catalog.Linux, catalogtest.Accepted},
		{"npm", []string{"ls", "--unicode", "--all"}, catalog.Linux, catalogtest.Accepted},
		{"npm", []string{"ls", "-g", "--depth", "0"}, catalog.Linux, catalogtest.Accepted},
		{"npm", []string{"ls", "-w", "@acme/pkg-a", "--all"}, catalog.Linux, catalogtest.Accepted},
		{"npm", []string{"ls", "--color=always", "--all"}, catalog.Linux, catalogtest.Hint("ls", "--no-color", "--all")},
		{"npm", []string{"ls", "--long"}, catalog.Linux, catalogtest.Hint("ls", "--json", "--long")},
		{"npm", []string{"ls", "--parseable"}, catalog.Linux, catalogtest.Hint("ls", "--json")},

		{"pnpm", []string{"list"}, catalog.Linux, catalogtest.Accepted},
		{"pnpm", []string{"ls", "--depth", "Infinity", "--prod"}, catalog.Linux, catalogtest.Accepted},
		{"pnpm", []string{"-r", "list", "--depth=2"}, catalog.Linux, catalogtest.Accepted},
		{"pnpm", []string{"--filter", "web", "list"}, catalog.Linux, catalogtest.Accepted},
		{"pnpm", []string{"list", "react"}, catalog.Linux, catalogtest.Accepted},
		{"pnpm", []string{"install"}, catalog.Linux, catalogtest.Refused},
		{"pnpm", []string{"--depth=1"}, catalog.Linux, catalogtest.Hint("list", "--depth=1")},
		{"pnpm", []string{"ll"}, catalog.Linux, catalogtest.Hint("list", "--json", "--long")},
		{"pnpm", []string{"list", "--color=always"}, catalog.Linux, catalogtest.Hint("list", "--no-color")},
		{"pnpm", []string{"list", "--long"}, catalog.Linux, catalogtest.Hint("--json", "--long", "list")},

		{"yarn", []string{"list"}, catalog.Linux, catalogtest.Accepted},
		{"yarn", []string{"list", "--depth=0", "--pattern", "react"}, catalog.Linux, catalogtest.Accepted},
		{"yarn", []string{"--cwd", "web", "list", "--prod"}, catalog.Linux, catalogtest.Accepted},
		{"yarn", []string{"why", "react"}, catalog.Linux, catalogtest.Refused},

		{"cargo", []string{"tree"}, catalog.Linux, catalogtest.Accepted},
		{"cargo", []string{"tree", "--offline", "-p", "app", "-e", "features", "--charset", "ascii"}, catalog.Linux, catalogtest.Accepted},
		{"cargo", []string{"--manifest-path", "x/Cargo.toml", "tree", "-i", "serde", "--prefix", "depth"}, catalog.Linux, catalogtest.Accepted},
		{"cargo", []string{"tree", "-f", "{p} {f}", "--depth", "1"}, catalog.Linux, catalogtest.Accepted},
		{"cargo", []string{"tree", "--format={p}"}, catalog.Linux, catalogtest.Accepted},
		{"cargo", []string{"tree", "--prefix", "none"}, catalog.Linux, catalogtest.Hint("tree", "--prefix", "depth")},
		{"cargo", []string{"tree", "--prefix=none", "-d"}, catalog.Linux, catalogtest.Hint("tree", "--prefix", "depth", "-d")},
		{"cargo", []string{"tree", "-f", "{p} {l}"}, catalog.Linux, catalogtest.Hint("tree", "-f", "{p} {f}")},
		{"cargo", []string{"tree", "--color", "always"}, catalog.Linux, catalogtest.Hint("tree", "--color", "never")},
		{"cargo", []string{"tree", "serde"}, catalog.Linux, catalogtest.Refused},
	})
}

// TestJSONPassthrough: the JSON forms the parsers refuse come through as
// JSON.
func TestJSONPassthrough(t *testing.T) {
	raw := `{"version":"2.3.4","name":"rich-app","dependencies":{"is-odd":{"version":"3.0.1"}}}` + "\n"
	catalogtest.PassesThrough(t, Parsers(), []catalog.Input{
		{Cmd: "npm", Args: []string{"ls", "--json"}, Raw: raw},
		{Cmd: "pnpm", Args: []string{"list", "--json"}, Raw: "[" + raw + "]"},
		{Cmd: "yarn", Args: []string{"list", "--json"}, Raw: raw},
	})
}
