package diag

import (
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestRunnersNeverEmpty: jest writes everything to stderr, so a run's
// stdout holds nothing of it (or only npm's preamble); that is an
// unrecognized_output failure naming the stream, never an empty answer
// with zero tests. The same for vitest and pytest, which always print.
func TestRunnersNeverEmpty(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		args []string
		raw  string
	}{
		{"jest", nil, ""},
		{"npm", []string{"test"}, "\n> demo@1.0.0 test\n> jest test\n\n"},
		{"vitest", []string{"run"}, "\n"},
		{"pytest", nil, ""},
		{"jest", nil, "some unrelated text\n"},
	} {
		r := testRegistry().Parse(catalog.Input{Cmd: c.cmd, Args: c.args, OS: catalog.Linux, Raw: c.raw})
		if r.Err == nil || r.Err.Reason != catalog.ReasonUnrecognizedOutput {
			t.Errorf("%s %v on %q: %+v, value %+v", c.cmd, c.args, c.raw, r.Err, r.Value)
		}
	}
	// tsc, eslint, mypy and flake8 print nothing when nothing is wrong: an answer.
	for _, cmd := range []string{"tsc", "eslint", "flake8"} {
		if r := testRegistry().Parse(catalog.Input{Cmd: cmd, OS: catalog.Linux, Raw: ""}); r.Err != nil {
			t.Errorf("%s on no output: %v", cmd, r.Err)
		}
	}
}
