package docker

import (
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

var (
	dockerPsFuzzArgs     = [][]string{{"ps"}, {"ps", "-a", "--no-trunc"}, {"ps", "-s"}, {"ps", "-q"}}
	dockerStatsFuzzArgs  = [][]string{{"stats", "--no-stream"}}
	dockerImagesFuzzArgs = [][]string{{"images"}, {"images", "--digests"}, {"images", "-q"}}
)

func FuzzDockerPs(f *testing.F) {
	catalogtest.Fuzz(f, []string{"docker-ps"}, Parsers(), dockerPsFuzzArgs)
}

func FuzzDockerStats(f *testing.F) {
	catalogtest.Fuzz(f, []string{"docker-stats"}, Parsers(), dockerStatsFuzzArgs)
}

func FuzzDockerImages(f *testing.F) {
	catalogtest.Fuzz(f, []string{"docker-images"}, Parsers(), dockerImagesFuzzArgs)
}
