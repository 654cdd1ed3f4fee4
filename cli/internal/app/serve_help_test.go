package app

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/mcpserver"
)

// TestServeHelpNamesEveryTool lists the tools a real MCP client sees and
// checks that parism serve --help names each of them.
func TestServeHelpNamesEveryTool(t *testing.T) {
	e, err := engine.New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := mcpserver.New(e, nil).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"serve", "--help"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("serve --help: exit %d, %s", code, stderr.String())
	}
	if len(list.Tools) < 7 {
		t.Fatalf("the server lists %d tools", len(list.Tools))
	}
	for _, tool := range list.Tools {
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(tool.Name) + `\b`).MatchString(stdout.String()) {
			t.Errorf("parism serve --help does not name the tool %s:\n%s", tool.Name, stdout.String())
		}
	}
}
