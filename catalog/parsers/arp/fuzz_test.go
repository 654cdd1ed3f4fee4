package arp

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func FuzzArp(f *testing.F) {
	catalogtest.Fuzz(f, []string{"arp"}, Parsers(), [][]string{{"-a"}, {"-n"}})
}
