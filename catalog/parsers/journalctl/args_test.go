package journalctl

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestJournalctlArgs: -b [ID][±offset] takes the next argument when it
// is a boot (ValueShapes), -o's spellings are replaced in the hint.
func TestJournalctlArgs(t *testing.T) {
	none := []string{}
	l := catalog.Linux
	iso := []string{"-o", "short-iso"}
	catalogtest.ArgCases(t, testRegistry(), []catalogtest.ArgCase{
		{"journalctl", []string{"-b", "-1", "-o", "short-iso"}, l, nil, ""},
		{"journalctl", []string{"--boot", "all", "-oshort-iso"}, l, nil, ""},
		{"journalctl", []string{"-b", "0123456789abcdef0123456789abcdef-2", "--output=short-iso-precise"}, l, nil, ""},
		{"journalctl", []string{"-b", "-o", "short-iso"}, l, nil, ""}, // "-o" is not a boot
		{"journalctl", []string{"-b", "-x", "-o", "short-iso"}, l, []string{"-b", "-o", "short-iso"}, "not verified for -x"},
		{"journalctl", []string{"-b", "-1"}, l, []string{"-o", "short-iso", "-b", "-1"}, "leaves out the year"},
		{"journalctl", []string{"--output", "json", "-n", "5"}, l, []string{"-o", "short-iso", "-n", "5"}, "-o json is not read"},
		{"journalctl", []string{"-ko", "cat"}, l, []string{"-k", "-o", "short-iso"}, "-o cat is not read"},
		{"journalctl", []string{"-ko", "short-iso"}, l, nil, ""},
		{"journalctl", []string{"-u", "x", "--", "-o"}, l, []string{"-o", "short-iso", "-u", "x", "--", "-o"}, "leaves out"},
		{"journalctl", []string{"-q"}, l, append(iso, "-q"), ""},
		{"journalctl", []string{"--bogus"}, l, none, "not verified for --bogus"},
	})
	if a := journalctlParser.ReadArgs([]string{"-b", "--no-hostname"}); !a.Has("--no-hostname") {
		t.Fatal("journalctl -b --no-hostname: --no-hostname read as -b's value")
	}
}
