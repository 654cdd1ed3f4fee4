package lsblk

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var lsblkFuzzArgs = [][]string{{}, {"-b"}, {"-f"}, {"-l", "-p"}}

func FuzzLsblk(f *testing.F) { catalogtest.Fuzz(f, []string{"lsblk"}, Parsers(), lsblkFuzzArgs) }
