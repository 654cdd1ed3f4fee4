package journalctl

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestJournalctlArgs: -b [ID][±offset] takes the next argument when it
// is a boot (ValueShapes), -o's spellings are replaced in the hint.
func TestJournalctlArgs(t *testing.T) {
	l := catalog.Linux
	iso := []string{"-o", "short-iso"}
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"journalctl", []string{"-b", "-1", "-o", "short-iso"}, l, catalogtest.Accepted},
		{"journalctl", []string{"--boot", "all", "-oshort-iso"}, l, catalogtest.Accepted},
		{"journalctl", []string{"-b", "0123456789abcdef0123456789abcdef-2", "--output=short-iso-precise"}, l, catalogtest.Accepted},
		{"journalctl", []string{"-b", "-o", "short-iso"}, l, catalogtest.Accepted}, // "-o" is not a boot
		{"journalctl", []string{"-b", "-x", "-o", "short-iso"}, l, catalogtest.Hint("-b", "-o", "short-iso").Saying("not verified for -x")},
		{"journalctl", []string{"-b", "-1"}, l, catalogtest.Hint("-o", "short-iso", "-b", "-1").Saying("leaves out the year")},
		{"journalctl", []string{"--output", "json", "-n", "5"}, l, catalogtest.Hint("-o", "short-iso", "-n", "5").Saying("-o json is not read")},
		{"journalctl", []string{"-ko", "cat"}, l, catalogtest.Hint("-k", "-o", "short-iso").Saying("-o cat is not read")},
		{"journalctl", []string{"-ko", "short-iso"}, l, catalogtest.Accepted},
		{"journalctl", []string{"-u", "x", "--", "-o"}, l, catalogtest.Hint("-o", "short-iso", "-u", "x", "--", "-o").Saying("leaves out")},
		{"journalctl", []string{"-q"}, l, catalogtest.Hint(append(iso, "-q")...)},
		{"journalctl", []string{"--bogus"}, l, catalogtest.Refused.Saying("not verified for --bogus")},
	})
	if a := journalctlParser.ReadArgs([]string{"-b", "--no-hostname"}); !a.Has("--no-hostname") {
		t.Fatal("journalctl -b --no-hostname: --no-hostname read as -b's value")
	}
}
