package builtin

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestFsTextEnvArgumentRange pins which argument lists the filesystem, text
// and environment parsers read, and the hints of those they refuse.
func TestFsTextEnvArgumentRange(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd  string
		args []string
		os   catalog.OS
		hint []string // nil: accepted; non-nil: refused with this hint ([] = none)
	}{
		{"find", []string{".", "-name", "*.go", "-type", "f"}, catalog.Linux, nil},
		{"find", []string{"-L", "src", "docs", "-maxdepth", "2", "-newermt", "2026-01-01", "-print0"}, catalog.Linux, nil},
		{"find", []string{".", "(", "-name", "a", "-o", "-name", "b", ")", "!", "-empty"}, catalog.Linux, nil},
		{"find", []string{".", "-size", "-10k", "-mtime", "-5", "-perm", "-u+x"}, catalog.Linux, nil},
		{"find", []string{"-s", ".", "-Bmin", "5"}, catalog.Darwin, nil},
		{"find", []string{".", "-printf", "%p %s\n"}, catalog.Linux, []string{".", "-print"}},
		{"find", []string{".", "-name", "x", "-ls"}, catalog.Linux, []string{".", "-name", "x", "-print"}},
		{"find", []string{".", "-print", "-print0"}, catalog.Linux, []string{".", "-print0", "-print0"}},
		{"find", []string{".", "-exec", "rm", "{}", ";"}, catalog.Linux, []string{}},
		{"find", []string{".", "-bogus"}, catalog.Linux, []string{}},

		{"stat", []string{"a", "b"}, catalog.Linux, nil},
		{"stat", []string{"-L", "-t", "a"}, catalog.Linux, nil},
		{"stat", []string{"-c", "%s %Y %n", "a"}, catalog.Linux, nil},
		{"stat", []string{"--format=%y %n", "a"}, catalog.Linux, nil},
		{"stat", []string{"-c", "%n %s", "a"}, catalog.Linux, []string{"a"}},
		{"stat", []string{"-c", "size=%s", "a"}, catalog.Linux, []string{"a"}},
		{"stat", []string{"--printf", "%s\n", "-L", "a"}, catalog.Linux, []string{"-L", "a"}},
		{"stat", []string{"-f", "/"}, catalog.Linux, []string{}},
		{"stat", []string{"a"}, catalog.Darwin, nil},
		{"stat", []string{"-x", "-L", "a"}, catalog.Darwin, nil},
		{"stat", []string{"-f", "%z", "a"}, catalog.Darwin, []string{"-x", "a"}},
		{"stat", []string{"-L", "-s", "a"}, catalog.FreeBSD, []string{"-x", "-L", "a"}},
		{"stat", []string{"-t", "%s", "a"}, catalog.Darwin, []string{"-x", "a"}},
		{"stat", []string{"-c", "%s", "a"}, catalog.Darwin, []string{}},

		{"du", []string{"-sh", "."}, catalog.Linux, nil},
		{"du", []string{"-ac", "--max-depth=2", "--exclude", "*.o"}, catalog.Linux, nil},
		{"du", []string{"-B1", "-s"}, catalog.Linux, nil},
		{"du", []string{"-d", "1", "-k"}, catalog.Darwin, nil},
		{"du", []string{"-sg"}, catalog.FreeBSD, nil},
		{"du", []string{"-s", "."}, catalog.Darwin, nil},
		{"du", []string{"-B", "4K", "-s"}, catalog.Linux, nil},
		{"du", []string{"-BM", "--apparent-size", "-s"}, catalog.Linux, nil},
		{"du", []string{"--block-size=1MiB", "-s"}, catalog.Linux, nil},
		{"du", []string{"-B", "1024", "-s"}, catalog.FreeBSD, nil},
		{"du", []string{"-B", "4K", "-s"}, catalog.FreeBSD, []string{"-s", "-k"}},
		{"du", []string{"-B", "'1K", "-s"}, catalog.Linux, []string{"-s", "-k"}},
		{"du", []string{"-B", "3X", "-s"}, catalog.Linux, []string{"-s", "-k"}},
		{"du", []string{"-sg"}, catalog.Linux, []string{"-s", "-k"}},
		{"du", []string{"--time", "-s"}, catalog.Linux, nil},
		{"du", []string{"--time=ctime", "--time-style=full-iso", "-s"}, catalog.Linux, nil},
		{"du", []string{"--time", "--time-style=iso", "-s"}, catalog.Linux, []string{"--time", "-s", "--time-style=full-iso"}},
		{"du", []string{"--time=birth", "-s"}, catalog.Linux, []string{"-s", "-k"}},

		{"df", []string{"-hT"}, catalog.Linux, nil},
		{"df", []string{"-i", "/"}, catalog.Linux, nil},
		{"df", []string{"--total", "-x", "tmpfs"}, catalog.Linux, nil},
		{"df", []string{"-h"}, catalog.Darwin, nil},
		{"df", []string{"-T"}, catalog.FreeBSD, nil},
		{"df", []string{"-T", "apfs"}, catalog.Darwin, []string{"apfs"}},
		{"df", []string{"-ih"}, catalog.Linux, []string{"-i"}},
		{"df", []string{"--output=source,target"}, catalog.Linux, []string{"-T"}},
		{"df", []string{"-BM"}, catalog.Linux, nil},
		{"df", []string{"--block-size=1KiB", "-P"}, catalog.Linux, nil},
		{"df", []string{"-B", "3X", "/"}, catalog.Linux, []string{"-k", "/"}},

		{"tree", []string{"-a", "-L", "2", "src"}, catalog.Linux, nil},
		{"tree", []string{"-d", "--noreport", "-I", "node_modules"}, catalog.Linux, nil},
		{"tree", []string{"-J"}, catalog.Linux, []string{}},
		{"tree", []string{"-p"}, catalog.Linux, []string{"-J", "-p"}},
		{"tree", []string{"-aL", "2"}, catalog.Linux, nil},
		{"tree", []string{"-La", "2"}, catalog.Linux, []string{}},

		{"grep", []string{"-n", "x", "f"}, catalog.Linux, nil},
		{"grep", []string{"-rn", "--include=*.go", "-e", "x", "."}, catalog.Linux, nil},
		{"grep", []string{"-c", "x", "a", "b"}, catalog.Linux, nil},
		{"grep", []string{"-rlZ", "x"}, catalog.Linux, nil},
		{"grep", []string{"-n", "-C2", "x", "f"}, catalog.Linux, nil},
		{"grep", []string{"-n", "-3", "x", "f"}, catalog.Linux, nil},
		{"grep", []string{"-n3", "x", "f"}, catalog.Linux, []string{}},
		{"grep", []string{"x", "f", "--color=auto"}, catalog.Linux, nil},
		{"grep", []string{"-r", "x", "."}, catalog.Linux, []string{"-r", "-n", "x", "."}},
		{"grep", []string{"-r", "-e", "x", "--", "-dir"}, catalog.Linux, []string{"-r", "-e", "x", "-n", "--", "-dir"}},
		{"grep", []string{"-C", "2", "x", "f"}, catalog.Linux, []string{"-C", "2", "-n", "x", "f"}},
		{"grep", []string{"--color=always", "-n", "x", "f"}, catalog.Linux, []string{"-n", "--color=never", "x", "f"}},
		{"grep", []string{"-T", "-n", "x", "f"}, catalog.Linux, []string{"-n", "x", "f"}},
		{"grep", []string{"-z", "x", "f"}, catalog.Linux, []string{}},

		{"wc", []string{"-l", "a", "b"}, catalog.Linux, nil},
		{"wc", []string{"--total=never", "-lwcmL", "a"}, catalog.Linux, nil},
		{"wc", []string{"-L", "a"}, catalog.Darwin, []string{}},
		{"wc", []string{"--total=sometimes", "a"}, catalog.Linux, []string{}},

		{"head", []string{"-n", "5", "a"}, catalog.Linux, nil},
		{"head", []string{"-20", "a", "b"}, catalog.Linux, nil},
		{"head", []string{"-c", "100", "a"}, catalog.Linux, []string{}},
		{"head", []string{"-z", "a", "b"}, catalog.Linux, []string{"a", "b"}},
		{"tail", []string{"-n", "+3", "a"}, catalog.Linux, nil},
		{"tail", []string{"-r", "a"}, catalog.FreeBSD, nil},
		{"tail", []string{"-f", "a"}, catalog.Linux, []string{}},
		{"tail", []string{"-r", "a"}, catalog.Linux, []string{}},
		{"cat", []string{"-n", "a", "b"}, catalog.Linux, nil},
		{"cat", []string{"-A", "a"}, catalog.Linux, nil},

		{"env", []string{}, catalog.Linux, nil},
		{"env", []string{"-0", "-u", "PAGER", "A=1"}, catalog.Linux, nil},
		{"env", []string{"A=1", "ls"}, catalog.Linux, []string{"A=1"}},
		{"env", []string{"A=1", "ls", "-l"}, catalog.Linux, []string{}},
		{"env", []string{"-S", "ls"}, catalog.Linux, []string{}},
		{"pwd", []string{"-P"}, catalog.Linux, nil},
		{"pwd", []string{"x"}, catalog.Linux, []string{}},
		{"which", []string{"-a", "go", "gofmt"}, catalog.Linux, nil},
		{"which", []string{"--read-alias", "go"}, catalog.Linux, []string{}},
	}
	for _, tc := range tests {
		res := r.Parse(catalog.Input{Cmd: tc.cmd, Args: tc.args, OS: tc.os, Raw: "x\n"})
		name := tc.cmd + " " + strings.Join(tc.args, " ") + " (" + string(tc.os) + ")"
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
		got := []string{}
		if res.Err.Hint != nil {
			got = res.Err.Hint.Args
		}
		if !slices.Equal(got, tc.hint) {
			t.Errorf("%s: hint %q, want %q (%s)", name, got, tc.hint, res.Err.Message)
		}
	}
}

func TestTreeShapes(t *testing.T) {
	raw := ".\n" +
		"├── a\n" +
		"│\u00a0\u00a0 ├── b\n" +
		"│\u00a0\u00a0 │\u00a0\u00a0 └── c.txt\n" +
		"│\u00a0\u00a0 └── locked  [error opening dir]\n" +
		"└── d -> a\n" +
		"\n" +
		"3 directories, 1 file\n"
	res := catalogtest.Parse(t, Default(), "tree", nil, catalog.Linux, raw, 0)
	want := `{"root":".","tree":[{"name":"a","children":[{"name":"b","children":[{"name":"c.txt"}]},` +
		`{"name":"locked","error":"error opening dir"}]},{"name":"d","symlink_target":"a"}],"total_dirs":3,"total_files":1}`
	if got := catalogtest.JsonOf(t, res.Value); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// A line deeper than its parent allows is reported.
	res = catalogtest.Parse(t, Default(), "tree", nil, catalog.Linux, ".\n│\u00a0\u00a0 │\u00a0\u00a0 └── x\n", 0)
	if !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("unread %v", res.UnreadLines)
	}
	// -J output passes through as JSON.
	res = Default().Parse(catalog.Input{Cmd: "tree", Args: []string{"-J"}, Raw: `[{"type":"directory","name":".","contents":[]}]`, OS: catalog.Linux})
	if !res.Passthrough {
		t.Fatalf("tree -J did not pass through: %+v", res.Err)
	}
}

// TestFsTextEnvExamples checks that every example a parser shows in
// describe is one it reads, on each OS it is for.
func TestFsTextEnvExamples(t *testing.T) {
	ids := []string{"find", "stat", "stat-bsd", "du", "df", "tree", "grep", "wc", "head", "tail", "cat", "env", "pwd", "which"}
	for _, id := range ids {
		p := findParser(t, id)
		oses := p.OS
		if len(oses) == 0 {
			oses = []catalog.OS{catalog.Linux, catalog.Darwin, catalog.FreeBSD}
		}
		if len(p.Examples) == 0 {
			t.Errorf("%s has no examples", id)
		}
		for _, os := range oses {
			for _, ex := range p.Examples {
				if perr := p.CheckArgs(p.ReadArgs(ex), os); perr != nil {
					t.Errorf("%s (%s): example %q refused: %s", id, os, ex, perr.Message)
				}
			}
		}
	}
}
