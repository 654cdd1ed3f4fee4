package docker

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
	"text/tabwriter"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestDockerPsColumns: cells line up by rune, not byte: "…" is three
// bytes, one column.
func TestDockerPsColumns(t *testing.T) {
	var buf bytes.Buffer
	w := tabwriter.NewWriter(&buf, 10, 1, 3, ' ', 0) // docker's settings
	fmt.Fprintln(w, "CONTAINER ID\tIMAGE\tCOMMAND\tCREATED\tSTATUS\tPORTS\tNAMES")
	fmt.Fprintln(w, "3f4e5d6c7b8a\tnginx\t\"/docker-entrypoint.…\"\t2 hours ago\tUp 2 hours\t\tweb")
	w.Flush()
	res := catalogtest.ParseWith(t, catalogtest.Registry(Parsers()), "docker", []string{"ps"}, catalog.Linux, buf.String())
	if res.Err != nil || len(res.UnreadLines) != 0 {
		t.Fatalf("err %v unread %v", res.Err, res.UnreadLines)
	}
	c := res.Value.(*DockerPsResult).Containers[0]
	if c.Created != "2 hours ago" || c.Status != "Up 2 hours" || c.Ports != nil || !slices.Equal(c.Names, []string{"web"}) || !c.CommandTruncated {
		t.Fatalf("got %+v", c)
	}
}
