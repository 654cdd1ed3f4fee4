package crontab

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzCrontab(f *testing.F) {
	catalogtest.Fuzz(f, []string{"crontab"}, Parsers(), [][]string{{"-l"}})
}
