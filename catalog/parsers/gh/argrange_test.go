package gh

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"gh", []string{"pr", "list", "--state", "all", "-L", "50"}, catalog.Linux, catalogtest.Accepted},
		{"gh", []string{"pr", "view", "12"}, catalog.Linux, catalogtest.Refused},
		{"gh", []string{"pr", "list", "--json", "number,title"}, catalog.Linux, catalogtest.Refused},
	})
}

// TestJSONPassthrough: the JSON form the parser refuses comes through as
// JSON.
func TestJSONPassthrough(t *testing.T) {
	catalogtest.PassesThrough(t, Parsers(), []catalog.Input{
		{Cmd: "gh", Args: []string{"pr", "list", "--json", "number,title,author,labels"}, Raw: `{"items": [{"number": 1}]}` + "\n"},
	})
}
