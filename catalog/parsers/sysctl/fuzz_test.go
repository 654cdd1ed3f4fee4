package sysctl

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzSysctl(f *testing.F) {
	catalogtest.InspectFuzz(f, []string{"sysctl"}, Parsers(), [][]string{{"-a"}})
}
