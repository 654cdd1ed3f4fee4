package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/mcpserver"
)

// fuzzTools are the tools FuzzToolArguments calls, by index.
var fuzzTools = []string{"run", "run_paged", "fetch_result", "explain_result", "compare_results", "describe", "dry_run"}

// fuzzFields are every tool's parameters, with values that are valid for
// some and wrong for others: the seeds cross them.
var fuzzFields = map[string][]string{
	"run":             {"cmd", "args", "cwd", "format", "includeDiff", "select", "where", "filter", "sort_by", "limit", "array", "budget", "contract_version", "evidence", "retain"},
	"run_paged":       {"cmd", "args", "cwd", "page", "page_size", "includeDiff"},
	"fetch_result":    {"result_id", "cursor"},
	"explain_result":  {"result_id", "pointer"},
	"compare_results": {"base_id", "current_id", "keys", "ignore_fields", "strict"},
	"describe":        {"cmd"},
	"dry_run":         {"cmd", "args", "cwd"},
}

// fuzzBase are valid values of each tool's required parameters.
var fuzzBase = map[string]map[string]string{
	"run":             {"cmd": `"ls"`},
	"run_paged":       {"cmd": `"pwd"`},
	"fetch_result":    {"result_id": `"r_0000000000000000"`},
	"explain_result":  {"result_id": `"r_0000000000000000"`, "pointer": `""`},
	"compare_results": {"base_id": `"r_0000000000000000"`, "current_id": `"r_0000000000000001"`},
	"dry_run":         {"cmd": `"ls"`},
}

const fuzzAlways = 6

// fuzzValues are JSON values of every type and the extremes: huge and
// negative numbers, deep nesting, a long string, null.
func fuzzValues() []string {
	deep := strings.Repeat("[", 200) + strings.Repeat("]", 200)
	deepObj := strings.Repeat(`{"a":`, 100) + "1" + strings.Repeat("}", 100)
	return []string{
		// The first fuzzAlways are tried on every field.
		`null`, `-1`, fmt.Sprint(math.MaxInt64), `""`, `[]`, `{}`,
		`true`, `0`, `1`, `1.5`, `1e308`, `-1e308`, fmt.Sprint(math.MinInt64), `18446744073709551616`,
		`"ls"`, `"pwd"`, `"../.."`, `"/"`, `"\u0000"`, `"` + strings.Repeat("x", 70000) + `"`,
		`["-la"]`, `[1, null, {}]`, deep, deepObj,
		`{"max_tokens": 9223372036854775807}`, `{"max_tokens": -5, "overflow": "fail"}`,
		`[{"field": "name", "op": "gt", "value": {"x": [1]}}]`, `{"field": "size", "order": "sideways"}`,
	}
}

// FuzzToolArguments drives every tool's arguments through the real MCP
// handler over an in-memory transport; whatever the arguments, the call
// gets an answer and the session still answers afterwards.
func FuzzToolArguments(f *testing.F) {
	for i, tool := range fuzzTools {
		f.Add(uint8(i), `{}`)
		f.Add(uint8(i), `null`)
		f.Add(uint8(i), `[]`)
		f.Add(uint8(i), `"text"`)
		f.Add(uint8(i), `{"cmd": "pwd", "no_such_field": 1}`)
		for j, field := range fuzzFields[tool] {
			// Every field gets null, the extremes and each JSON type; the
			// other values rotate over the fields, to keep the seed set
			// small enough for the baseline run of a short CI fuzz.
			vals := fuzzValues()
			picked := append([]string{}, vals[:fuzzAlways]...)
			for k := fuzzAlways + j%3; k < len(vals); k += 3 {
				picked = append(picked, vals[k])
			}
			for _, v := range picked {
				// The tool's required parameters, valid, and field set to v.
				m := map[string]json.RawMessage{}
				for k, base := range fuzzBase[tool] {
					m[k] = json.RawMessage(base)
				}
				m[field] = json.RawMessage(v)
				b, err := json.Marshal(m)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(uint8(i), string(b))
			}
		}
	}
	// The call that took the server down (issue 20), and its neighbours.
	f.Add(uint8(1), `{"cmd": "pwd", "page": 9223372036854775807, "page_size": 1000}`)
	f.Add(uint8(1), `{"cmd": "pwd", "page": 4611686018427387904, "page_size": 2}`)
	f.Add(uint8(1), `{"cmd": "pwd", "page": 1, "page_size": 9223372036854775807}`)
	f.Add(uint8(0), `{"cmd": "ls", "limit": 9223372036854775807, "budget": {"max_tokens": 9223372036854775807}, "retain": true}`)
	f.Add(uint8(0), `{"cmd": "ls", "args": ["-la"], "select": ["name"], "sort_by": {"field": "size_bytes", "order": "desc"}, "limit": 1, "evidence": "fields", "retain": true, "contract_version": "next"}`)
	f.Add(uint8(2), `{"result_id": "r_0000000000000000", "cursor": "AAAA"}`)
	// Pointers and cursors into a real retained result: an index past any
	// int, a negative one, escapes, a cursor of another result.
	for _, ptr := range []string{"/entries/99999999999999999999", "/entries/-1", "/entries/9223372036854775807/name", "/~2", "/entries/0/~1", "/entries/00"} {
		f.Add(uint8(3), fmt.Sprintf(`{"result_id": "@retained", "pointer": %q}`, ptr))
	}
	f.Add(uint8(2), `{"result_id": "@retained", "cursor": "@cursor"}`)
	f.Add(uint8(4), `{"base_id": "@retained", "current_id": "@retained", "keys": ["name", "", ".", "a..b"], "ignore_fields": ["*"]}`)

	f.Fuzz(func(t *testing.T, idx uint8, args string) {
		tool := fuzzTools[int(idx)%len(fuzzTools)]
		raw := json.RawMessage(args)
		if !json.Valid(raw) {
			// Not JSON at all: sent as a string, which is not an object.
			raw, _ = json.Marshal(args)
		}
		cs := fuzzSession(t)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// "@retained" and "@cursor" name a real retained result of this
		// session and a real cursor of it, so that pointers and cursors
		// reach the code that reads them.
		if strings.Contains(string(raw), `"@`) {
			id, cursor := fuzzRetained(ctx, t, cs)
			raw = json.RawMessage(strings.NewReplacer(`"@retained"`, strconv.Quote(id), `"@cursor"`, strconv.Quote(cursor)).Replace(string(raw)))
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: raw})
		if ctx.Err() != nil {
			t.Fatalf("%s(%.200s): no answer within 30 s", tool, args)
		}
		if err == nil && res == nil {
			t.Fatalf("%s(%.200s): nil result without an error", tool, args)
		}
		if err == nil && res.IsError == false && res.StructuredContent == nil {
			t.Fatalf("%s(%.200s): a result without structured content", tool, args)
		}
		// A recovered panic keeps the server up, but it is still a bug.
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%s(%.200s): %v", tool, args, err)
		}
		if err == nil {
			if b, _ := json.Marshal(res); strings.Contains(string(b), engine.ReasonInternalError) {
				t.Fatalf("%s(%.200s): a panic was recovered: %.1000s", tool, args, b)
			}
		}
		// The session must still answer.
		res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "dry_run", Arguments: map[string]any{"cmd": "ls"}})
		if err != nil || res.IsError {
			t.Fatalf("after %s(%.200s) the session stopped answering: %v %+v", tool, args, err, res)
		}
		if b, _ := json.Marshal(res.StructuredContent); !strings.Contains(string(b), `"would_pass":true`) {
			t.Fatalf("after %s(%.200s): dry_run ls = %s", tool, args, b)
		}
	})
}

var (
	fuzzOnce sync.Once
	fuzzCS   *mcp.ClientSession
	fuzzErr  error
	fuzzDir  string
)

// fuzzSession is one session per process, shared by every input: the
// point is that earlier inputs cannot break it for later ones.
func fuzzSession(t *testing.T) *mcp.ClientSession {
	fuzzOnce.Do(func() {
		if fuzzDir, fuzzErr = os.MkdirTemp("", "parism-fuzz-"); fuzzErr != nil {
			return
		}
		for i := range 12 {
			os.WriteFile(fmt.Sprintf("%s/file-%02d.txt", fuzzDir, i), []byte("a\nb\n"), 0o644)
		}
		cfg := config.Default()
		cfg.Guard.AllowedCommands = append(slices.Clone(cfg.Guard.AllowedCommands), "pwd")
		cfg.Guard.TimeoutMs = 5000
		cfg.Guard.MaxOutputBytes = 64 << 10
		cfg.Guard.AllowedPaths = []string{fuzzDir}
		e, err := engine.New(cfg, engine.WithWorkdir(fuzzDir))
		if err != nil {
			fuzzErr = err
			return
		}
		st, ct := mcp.NewInMemoryTransports()
		ctx := context.Background()
		if _, fuzzErr = mcpserver.New(e, nil).Connect(ctx, st, nil); fuzzErr != nil {
			return
		}
		fuzzCS, fuzzErr = mcp.NewClient(&mcp.Implementation{Name: "fuzz", Version: "0"}, nil).Connect(ctx, ct, nil)
	})
	if fuzzErr != nil {
		t.Fatalf("fuzz session: %v", fuzzErr)
	}
	return fuzzCS
}

// fuzzRetained retains a paged `ls -l` of the fuzz directory and returns
// its id and the cursor of its second page.
func fuzzRetained(ctx context.Context, t *testing.T, cs *mcp.ClientSession) (id, cursor string) {
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: json.RawMessage(
		`{"cmd":"ls","args":["-l"],"retain":true,"evidence":"fields","budget":{"max_tokens":1300,"tokenizer":"byte"}}`)})
	if err != nil {
		t.Fatalf("retaining a result: %v", err)
	}
	var env struct {
		ResultID     string `json:"result_id"`
		Continuation *struct {
			Cursor string `json:"cursor"`
		} `json:"continuation"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(b, &env)
	if env.Continuation != nil {
		cursor = env.Continuation.Cursor
	}
	return env.ResultID, cursor
}

func cleanupFuzz() {
	if fuzzCS != nil {
		fuzzCS.Close()
	}
	if fuzzDir != "" {
		os.RemoveAll(fuzzDir)
	}
}
