package sysctl

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzSysctl(f *testing.F) {
	catalogtest.Fuzz(f, []string{"sysctl"}, Parsers(), [][]string{{"-a"}})
}
