package builtin

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestArgumentRange pins which argument lists each parser reads and which
// it refuses (with which hint).
func TestArgumentRange(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd  string
		args []string
		os   catalog.OS
		hint []string // nil: accepted; non-nil: refused with this hint ([] = no hint)
	}{
		{"ls", []string{"-la", "--color=never", "--time-style=long-iso", "dir"}, catalog.Linux, nil},
		{"ls", []string{"-lhS", "--group-directories-first", "-I", "*.o", "a", "b"}, catalog.Linux, nil},
		{"ls", []string{"--color=auto", "-1"}, catalog.Linux, nil},
		{"ls", []string{"-lQ", "--quoting-style=c"}, catalog.Linux, nil},
		{"ls", []string{"-1p"}, catalog.Linux, nil},
		{"ls", []string{"-lT"}, catalog.Darwin, nil},
		{"ls", []string{"-l", "--full-time", "-R"}, catalog.Linux, nil},
		{"ls", []string{"--color", "-l"}, catalog.Linux, []string{"-l", "--color=never"}},
		{"ls", []string{"--color=always"}, catalog.Linux, []string{"--color=never"}},
		{"ls", []string{"--color", "-F"}, catalog.Linux, []string{"--color", "-l"}}, // -F would hide behind --color's value; --color is refused next
		{"ls", []string{"-lF"}, catalog.Linux, []string{"-l"}},
		{"ls", []string{"-lp"}, catalog.Linux, []string{"-l"}},
		{"ls", []string{"-lb"}, catalog.Linux, nil},
		{"ls", []string{"-lq"}, catalog.Linux, []string{"-l", "-Q"}},
		{"ls", []string{"-C"}, catalog.Linux, []string{"-1"}},
		{"ls", []string{"--format=commas"}, catalog.Linux, []string{"-1"}},
		{"ls", []string{"--time-style=+%s", "-l"}, catalog.Linux, []string{"-l", "--time-style=full-iso"}},
		{"ls", []string{"--quoting-style=shell-escape"}, catalog.Linux, []string{"--quoting-style=c"}},
		{"ls", []string{"-lT"}, catalog.Linux, []string{}},
		{"ls", []string{"-lU"}, catalog.Darwin, nil},
		{"ls", []string{"-lo"}, catalog.FreeBSD, []string{"-l"}},
		{"ls", []string{"-lu"}, catalog.Linux, nil},
		{"ls", []string{"-lcZ"}, catalog.Linux, nil},
		{"ls", []string{"-l", "--time=birth"}, catalog.Linux, nil},
		{"ls", []string{"-l", "--time=bogus"}, catalog.Linux, []string{"-l"}},
		{"ls", []string{"-lB"}, catalog.FreeBSD, []string{}},

		{"git", []string{"status"}, catalog.Linux, nil},
		{"git", []string{"-C", "repo", "-c", "core.quotePath=false", "status", "-sb"}, catalog.Linux, nil},
		{"git", []string{"status", "--porcelain=v1", "-z", "--branch"}, catalog.Linux, nil},
		{"git", []string{"status", "--ignored", "-s"}, catalog.Linux, nil},
		{"git", []string{"status", "-uall", "--ignored=matching", "--", "src"}, catalog.Linux, nil},
		{"git", []string{"status", "--untracked-files=no", "--show-stash"}, catalog.Linux, nil},
		{"git", []string{"status", "-M50%", "--null", "--no-show-stash"}, catalog.Linux, nil},
		{"git", []string{"status", "--porcelain=v2", "--branch", "-z"}, catalog.Linux, nil},
		{"git", []string{"--literal-pathspecs", "status", "-s"}, catalog.Linux, nil},
		{"git", []string{"log", "--cherry-pick", "--right-only", "--oneline", "main...topic"}, catalog.Linux, nil},
		{"git", []string{"status", "-u", "-s"}, catalog.Linux, nil},
		{"git", []string{"status", "--porcelain=v3"}, catalog.Linux, []string{"status", "--porcelain"}},
		{"git", []string{"status", "--porcelain", "-v"}, catalog.Linux, []string{"status", "--porcelain"}},
		{"git", []string{"status", "-v"}, catalog.Linux, []string{"status"}},
		{"git", []string{"-c", "color.status=always", "status"}, catalog.Linux, []string{"status"}},
		{"git", []string{"status", "--column"}, catalog.Linux, []string{"status", "--no-column"}},
		{"git", []string{"status", "-ubogus"}, catalog.Linux, []string{}},

		{"ps", []string{"aux"}, catalog.Linux, nil},
		{"ps", []string{"-ef"}, catalog.Linux, nil},
		{"ps", []string{"-eo", "pid,ppid,user,comm,args"}, catalog.Linux, nil},
		{"ps", []string{"-o", "pid=,comm=", "-p", "1"}, catalog.Linux, nil},
		{"ps", []string{"axo", "pid,args"}, catalog.Linux, nil},
		{"ps", []string{"-p", "1,2", "-o", "pid,lstart,args"}, catalog.Linux, nil},
		{"ps", []string{"aux"}, catalog.Darwin, nil},
		{"ps", []string{"-eo", "args,pid"}, catalog.Linux, []string{"-o", "pid,args"}},
		{"ps", []string{"-o", "pid,comm,args"}, catalog.Darwin, []string{"-o", "pid,args,comm"}},
		{"ps", []string{"-o", "pid=PROCESS"}, catalog.Linux, nil},
		{"ps", []string{"-o", "pid=,comm"}, catalog.Linux, nil},
		{"ps", []string{"-o", "pid,user=USER NAME"}, catalog.Darwin, nil},
		{"ps", []string{"-ax", "-h"}, catalog.FreeBSD, nil},
		{"ps", []string{"-M"}, catalog.Darwin, []string{"aux"}},
		{"ps", []string{"-e", "--headers"}, catalog.Linux, nil},
		{"ps", []string{"auxf"}, catalog.Linux, []string{"aux"}},
		{"ps", []string{"-ef", "--forest"}, catalog.Linux, []string{"-ef"}},
		{"ps", []string{"-eH"}, catalog.Linux, []string{"-e"}},
		{"ps", []string{"-O", "rss"}, catalog.Linux, []string{"aux"}},
		{"ps", []string{"aux", "--no-headers"}, catalog.Linux, []string{"-ef"}},
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
		var got []string
		if res.Err.Hint != nil {
			got = res.Err.Hint.Args
		}
		if !slices.Equal(got, tc.hint) {
			t.Errorf("%s: hint %q, want %q (%s)", name, got, tc.hint, res.Err.Message)
		}
	}
}
