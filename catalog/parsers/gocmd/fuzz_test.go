package gocmd

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzGoVersion(f *testing.F) {
	catalogtest.Fuzz(f, []string{"go-version"}, Parsers(), [][]string{{"version"}})
}

func FuzzGoEnv(f *testing.F) {
	catalogtest.Fuzz(f, []string{"go-env"}, Parsers(), [][]string{{"env"}})
}

func FuzzGoList(f *testing.F) {
	catalogtest.Fuzz(f, []string{"go-list"}, Parsers(), [][]string{{"list", "-m"}, {"list"}, {"list", "-m", "-versions"}})
}
