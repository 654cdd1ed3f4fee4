package date

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"date", []string{}, catalog.Linux, catalogtest.Accepted},
		{"date", []string{"-u", "-Iseconds"}, catalog.Linux, catalogtest.Accepted},
		{"date", []string{"--iso-8601=ns"}, catalog.Linux, catalogtest.Accepted},
		{"date", []string{"-I", "-u"}, catalog.Linux, catalogtest.Accepted},
		{"date", []string{"--rfc-3339=seconds", "-d", "yesterday"}, catalog.Linux, catalogtest.Accepted},
		{"date", []string{"+%s"}, catalog.Linux, catalogtest.Hint("-Iseconds")},
		{"date", []string{"-u", "+%Y-%m-%d"}, catalog.Linux, catalogtest.Hint("-u", "-Iseconds")},
		{"date", []string{"-Ifortnight"}, catalog.Linux, catalogtest.Refused},
		{"date", []string{"112923492026"}, catalog.Linux, catalogtest.Refused},
	})
}
