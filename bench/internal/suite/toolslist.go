package suite

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/mcpserver"
	"github.com/parism-go/parism/shaper"
)

// origToolsListTokens is what the Node original's four tools cost in
// tools/list, as issue 18 measured it.
const origToolsListTokens = 680

// ToolsListCost is what tools/list costs an agent in every conversation:
// the result as a client receives it, whole and per tool.
type ToolsListCost struct {
	Bytes  int
	Tokens map[string]int // by tokenizer
	Tools  []ToolCost     // in the server's order
}

// ToolCost is one tool's share: its entry of tools/list.
type ToolCost struct {
	Name   string
	Bytes  int
	Tokens int // o200k_base
}

// RunToolsList lists the tools of a default server over an in-memory MCP
// session and counts the answer exactly.
func RunToolsList() (*ToolsListCost, error) {
	eng, err := engine.New(config.Default(), engine.WithWorkdir("/"))
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := mcpserver.New(eng, nil).Connect(ctx, st, nil)
	if err != nil {
		return nil, err
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "parism-bench", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("tools/list: %w", err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	out := &ToolsListCost{Bytes: len(b), Tokens: map[string]int{}}
	for _, name := range Tokenizers {
		tok, err := shaper.TokenizerByName(name)
		if err != nil {
			return nil, err
		}
		out.Tokens[name] = tok.Count(b)
	}
	o200, err := shaper.TokenizerByName(shaper.TokenizerO200k)
	if err != nil {
		return nil, err
	}
	for _, tl := range res.Tools {
		tb, err := json.Marshal(tl)
		if err != nil {
			return nil, err
		}
		out.Tools = append(out.Tools, ToolCost{Name: tl.Name, Bytes: len(tb), Tokens: o200.Count(tb)})
	}
	return out, nil
}
