package docker

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var dockerPsFuzzArgs = [][]string{{"ps"}, {"ps", "-a", "--no-trunc"}, {"ps", "-s"}, {"ps", "-q"}}

var dockerStatsFuzzArgs = [][]string{{"stats", "--no-stream"}}

var dockerImagesFuzzArgs = [][]string{{"images"}, {"images", "--digests"}, {"images", "-q"}}

func FuzzDockerPs(f *testing.F) {
	catalogtest.SeedGolden(f, "docker-ps", dockerPsFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "docker-ps"), raw, dockerPsFuzzArgs, sel, spans)
	})
}

func FuzzDockerStats(f *testing.F) {
	catalogtest.SeedGolden(f, "docker-stats", dockerStatsFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "docker-stats"), raw, dockerStatsFuzzArgs, sel, spans)
	})
}

func FuzzDockerImages(f *testing.F) {
	catalogtest.SeedGolden(f, "docker-images", dockerImagesFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, catalogtest.ByID(t, Parsers(), "docker-images"), raw, dockerImagesFuzzArgs, sel, spans)
	})
}
