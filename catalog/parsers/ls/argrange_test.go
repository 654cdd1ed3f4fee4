package ls

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"ls", []string{"-la", "--color=never", "--time-style=long-iso", "dir"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"-lhS", "--group-directories-first", "-I", "*.o", "a", "b"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"--color=auto", "-1"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"-lQ", "--quoting-style=c"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"-1p"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"-lT"}, catalog.Darwin, catalogtest.Accepted},
		{"ls", []string{"-l", "--full-time", "-R"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"--color", "-l"}, catalog.Linux, catalogtest.Hint("-l", "--color=never")},
		{"ls", []string{"--color=always"}, catalog.Linux, catalogtest.Hint("--color=never")},
		{"ls", []string{"--color", "-F"}, catalog.Linux, catalogtest.Hint("--color", "-l")}, // -F would hide behind --color's value; --color is refused next
		{"ls", []string{"-lF"}, catalog.Linux, catalogtest.Hint("-l")},
		{"ls", []string{"-lp"}, catalog.Linux, catalogtest.Hint("-l")},
		{"ls", []string{"-lb"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"-lq"}, catalog.Linux, catalogtest.Hint("-l", "-Q")},
		{"ls", []string{"-C"}, catalog.Linux, catalogtest.Hint("-1")},
		{"ls", []string{"--format=commas"}, catalog.Linux, catalogtest.Hint("-1")},
		{"ls", []string{"--time-style=+%s", "-l"}, catalog.Linux, catalogtest.Hint("-l", "--time-style=full-iso")},
		{"ls", []string{"--quoting-style=shell-escape"}, catalog.Linux, catalogtest.Hint("--quoting-style=c")},
		{"ls", []string{"-lT"}, catalog.Linux, catalogtest.Refused},
		{"ls", []string{"-lU"}, catalog.Darwin, catalogtest.Accepted},
		{"ls", []string{"-lo"}, catalog.FreeBSD, catalogtest.Accepted}, // the flags column, read into file_flags
		{"ls", []string{"-lO"}, catalog.Darwin, catalogtest.Accepted},
		{"ls", []string{"-lO"}, catalog.Linux, catalogtest.Hint("-l")},
		{"ls", []string{"-lu"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"-lcZ"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"-l", "--time=birth"}, catalog.Linux, catalogtest.Accepted},
		{"ls", []string{"-l", "--time=bogus"}, catalog.Linux, catalogtest.Hint("-l")},
		{"ls", []string{"-lB"}, catalog.FreeBSD, catalogtest.Refused},
	})
}
