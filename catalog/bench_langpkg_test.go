package catalog

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// benchNpm is an `npm ls --all` tree of at least 1 MB: nested levels,
// scoped names, deduped and linked rows.
func benchNpm() string {
	var b strings.Builder
	b.WriteString("big-app@1.0.0 /srv/big-app\n")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "├─┬ @scope/pkg-%d@%d.%d.%d\n", i, i%7, i%13, i%5)
		fmt.Fprintf(&b, "│ ├─┬ dep-%d@1.0.%d\n", i, i%10)
		fmt.Fprintf(&b, "│ │ └── leaf-%d@2.3.%d deduped\n", i, i%10)
		fmt.Fprintf(&b, "│ ├── linked-%d@0.1.0 -> ./packages/linked-%d\n", i, i)
		fmt.Fprintf(&b, "│ └── other-%d@3.1.4 invalid: \"^4.0.0\" from node_modules/@scope/pkg-%d\n", i, i)
	}
	b.WriteString("└── last@1.0.0\n")
	return b.String()
}

// benchCargo is a `cargo tree` of at least 1 MB.
func benchCargo() string {
	var b strings.Builder
	b.WriteString("app v0.1.0 (/srv/app)\n")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "├── crate-%d v1.%d.%d\n", i, i%9, i%4)
		fmt.Fprintf(&b, "│   ├── inner-%d v0.%d.0 (/srv/app/inner-%d)\n", i, i%7, i)
		fmt.Fprintf(&b, "│   │   └── macro-%d v1.0.0 (proc-macro) (*)\n", i)
		fmt.Fprintf(&b, "│   [build-dependencies]\n")
		fmt.Fprintf(&b, "│   └── cc v1.1.%d\n", i%10)
	}
	b.WriteString("└── last v1.0.0\n")
	return b.String()
}

func BenchmarkLangPkg(b *testing.B) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name  string
		parse func(*Context) (any, error)
		args  []string
		raw   string
	}{
		{"npm-ls", parseNpmLs, []string{"ls", "--all"}, benchNpm()},
		{"cargo-tree", parseCargoTree, []string{"tree"}, benchCargo()},
	}
	for _, tc := range cases {
		for _, spans := range []bool{false, true} {
			name := tc.name
			if spans {
				name += "/spans"
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(tc.raw)))
				b.ReportAllocs()
				for b.Loop() {
					c := &Context{Raw: tc.raw, Args: tc.args, OS: Linux, Now: now, Location: time.UTC, recording: spans}
					if _, err := tc.parse(c); err != nil {
						b.Fatal(err)
					}
					if len(c.unread) != 0 {
						b.Fatalf("%d unread lines", len(c.unread))
					}
				}
			})
		}
	}
}
