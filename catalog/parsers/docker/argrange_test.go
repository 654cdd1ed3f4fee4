package docker

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"docker", []string{"ps", "-a", "--no-trunc", "-f", "status=exited"}, catalog.Linux, catalogtest.Accepted},
		{"docker", []string{"--context", "remote", "ps", "--format", "table {{.Names}}\t{{.Status}}"}, catalog.Linux, catalogtest.Accepted},
		{"docker", []string{"--context", "remote", "ps", "--format", "{{.Names}}"}, catalog.Linux, catalogtest.Hint("--context", "remote", "ps")},
		{"docker", []string{"stats", "--no-stream", "web"}, catalog.Linux, catalogtest.Accepted},
		{"docker", []string{"stats", "web"}, catalog.Linux, catalogtest.Hint("stats", "web", "--no-stream")},
		{"docker", []string{"images", "--digests", "-a"}, catalog.Linux, catalogtest.Accepted},
		{"docker", []string{"images", "--format", "json"}, catalog.Linux, catalogtest.Hint("images")},
	})
}
