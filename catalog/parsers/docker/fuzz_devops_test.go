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
	p := catalogtest.ByID(f, Parsers(), "docker-ps")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, dockerPsFuzzArgs, sel, spans)
	})
}

func FuzzDockerStats(f *testing.F) {
	catalogtest.SeedGolden(f, "docker-stats", dockerStatsFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "docker-stats")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, dockerStatsFuzzArgs, sel, spans)
	})
}

func FuzzDockerImages(f *testing.F) {
	catalogtest.SeedGolden(f, "docker-images", dockerImagesFuzzArgs)
	p := catalogtest.ByID(f, Parsers(), "docker-images")
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		catalogtest.FuzzParse(t, p, raw, dockerImagesFuzzArgs, sel, spans)
	})
}
