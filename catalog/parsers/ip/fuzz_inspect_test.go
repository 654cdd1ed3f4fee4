package ip

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzIPRoute(f *testing.F) {
	catalogtest.Fuzz(f, []string{"ip-route"}, Parsers(), [][]string{{"route"}, {"-6", "route", "show"}})
}

func FuzzIPNeigh(f *testing.F) {
	catalogtest.Fuzz(f, []string{"ip-neigh"}, Parsers(), [][]string{{"neigh"}})
}
