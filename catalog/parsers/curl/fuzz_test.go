package curl

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var curlFuzzArgs = [][]string{{"-sI", "http://x"}, {"-sIL", "http://x"}}

func FuzzCurlHead(f *testing.F) {
	catalogtest.Fuzz(f, []string{"curl-head"}, Parsers(), curlFuzzArgs)
}
