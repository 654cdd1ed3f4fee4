package crontab

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzCrontab(f *testing.F) {
	catalogtest.InspectFuzz(f, []string{"crontab"}, Parsers(), [][]string{{"-l"}})
}
