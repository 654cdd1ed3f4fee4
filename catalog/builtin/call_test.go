package builtin

import (
	"reflect"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestCallParseIsParse: a call prepared once (the engine's way: the
// stream asked before the run, the output parsed after) reads every
// golden exactly as Registry.Parse does, spans and all, and names the
// parser the golden is for.
func TestCallParseIsParse(t *testing.T) {
	r := Default()
	for _, gc := range loadGolden(t) {
		in := gc.input(t, true)
		call := r.Prepare(in.Cmd, in.Args, in.OS)
		if call.Parser == nil || call.Parser.ID != gc.parser {
			t.Errorf("%s/%s: prepared %v, want %s", gc.parser, gc.name, call.Parser, gc.parser)
			continue
		}
		if got, want := call.Stream(), call.Parser.ReadsStream(call.Args); got != want {
			t.Errorf("%s/%s: stream %s, want %s", gc.parser, gc.name, got, want)
		}
		// Cmd, Args and OS of the input are the call's own.
		other := in
		other.Cmd, other.Args, other.OS = "true", nil, catalog.Windows
		got, want := call.Parse(other), r.Parse(in)
		got.Evidence, want.Evidence = nil, nil // compared through Spans
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s/%s: the prepared call read\n%+v\nRegistry.Parse\n%+v", gc.parser, gc.name, got, want)
		}
	}
	// No parser: the call still passes JSON through, and reads stdout.
	call := r.Prepare("no-such-program", []string{"-x"}, catalog.Linux)
	if call.Parser != nil || call.Stream() != catalog.StreamStdout {
		t.Fatalf("no-such-program: %+v", call)
	}
	if res := call.Parse(catalog.Input{Raw: `{"a":1}`}); !res.Passthrough {
		t.Fatalf("no-such-program: JSON not passed through: %+v", res)
	}
}
