package mcpserver

import (
	"encoding/json"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// decodeSeeds are lines of every kind the filter passes to the decoder
// (valid JSON): messages, near-messages and what the SDK refuses.
var decodeSeeds = []string{
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run","arguments":{"cmd":"pwd","cwd":"/tmp/x"},"_meta":{"progressToken":7}}}`,
	`{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}`,
	`{"jsonrpc":"2.0","id":1,"result":{"x":1}}`,
	`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no","data":{"a":[1]}}}`,
	`{"jsonrpc":"2.0","id":1,"error":null,"result":{}}`,
	`{"jsonrpc":"2.0","id":null,"method":"x"}`,
	`{"jsonrpc":"2.0","id":1.5,"method":"x"}`,
	`{"jsonrpc":"2.0","id":-3,"method":"x"}`,
	`{"jsonrpc":"2.0","id":1e3,"method":"x"}`,
	`{"jsonrpc":"2.0","id":true,"method":"x"}`,
	`{"jsonrpc":"2.0","id":[1],"method":"x"}`,
	`{"jsonrpc":"2.0","id":{},"method":"x"}`,
	`{"jsonrpc":"2.0","method":"","id":2}`,
	`{"jsonrpc":"2.0","method":null,"id":2}`,
	`{"jsonrpc":"2.0","method":5,"id":2}`,
	`{"jsonrpc":"2.0","method":"a\u0000b\ud800","id":2}`,
	`{"jsonrpc":"2.0","method":"x","id":2,"method":"y"}`,
	`{"JSONRPC":"2.0","id":1,"method":"x"}`,
	`{"jsonrpc":"2.0","ID":1,"Method":"x"}`,
	`{"jsonrpc":"1.0","id":1,"method":"x"}`,
	`{"jsonrpc":2,"id":1,"method":"x"}`,
	`{"id":1,"method":"x"}`,
	`{"jsonrpc":"2.0","result":1}`,
	`{"jsonrpc":"2.0"}`,
	`{"jsonrpc":"2.0","id":1}`,
	`{"jsonrpc":"2.0","id":1,"error":"bad"}`,
	`{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}`,
	`{"jsonrpc":"2.0","id":1,"params":[1,2],"method":"m"}`,
	`{"jsonrpc":"2.0","id":1,"params":null,"method":"m"}`,
	`{"jsonrpc":"2.0","id":1,"method":"m","extra":{"deep":[[[]]]}}`,
	`{"jsonrpc":"2.0","id":1,"method":"m","params":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}`,
	`{"jsonrpc":"2.0","id":1,"method":"m","params":` + strings.Repeat("[", 999) + strings.Repeat("]", 999) + `}`,
	`{"jsonrpc":"2.0","id":1,"method":"m","params":"` + strings.Repeat("[", 2000) + `"}`,
	`{"jsonrpc":"2.0","id":1,"method":"m","params":{"s":"\"[[["}}`,
	`[]`, `1`, `"x"`, `null`, `{}`, `true`,
}

// sameDecoding fails unless decodeMessage and the SDK's DecodeMessage
// give the same message, or both refuse line with the same error.
func sameDecoding(t *testing.T, line []byte) {
	t.Helper()
	got, gotErr := decodeMessage(line)
	want, wantErr := jsonrpc.DecodeMessage(line)
	if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
		t.Fatalf("%q: error %v, the SDK's %v", line, gotErr, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: decoded %#v, the SDK %#v", line, got, want)
	}
}

func TestDecodeMessageIsTheSDKs(t *testing.T) {
	fast := 0
	for _, s := range decodeSeeds {
		sameDecoding(t, []byte(s))
		if fastDecode([]byte(s)) != nil {
			fast++
		}
	}
	// The fast path is taken for the messages (the first rows), not
	// only the fallback: a decoder that always fell back would pass the
	// comparison above.
	if fast < 15 {
		t.Fatalf("fast decoding took %d of %d seeds, want at least 15", fast, len(decodeSeeds))
	}
}

func FuzzDecodeMessage(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if !json.Valid(line) {
			return // the filter answers these itself
		}
		sameDecoding(t, line)
	})
}

// TestReadMessageAllocs holds a tools/call line's decoding to one pass:
// the SDK's decoding allocates 32 KB twice per message.
func TestReadMessageAllocs(t *testing.T) {
	line := []byte(decodeSeeds[0])
	if _, err := decodeMessage(line); err != nil {
		t.Fatal(err)
	}
	const runs = 50
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for range runs {
		_, _ = decodeMessage(line)
	}
	runtime.ReadMemStats(&m1)
	if b := (m1.TotalAlloc - m0.TotalAlloc) / runs; b > 8<<10 {
		t.Fatalf("decoding a tools/call line allocates %d bytes, want under 8 KB", b)
	}
}
