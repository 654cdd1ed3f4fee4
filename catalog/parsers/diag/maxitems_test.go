package diag

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestDiagMaxItems: every diagnostics golden of this family cut at each
// max_items gives the first rows of the whole answer, counts the others
// as omitted, and leaves no line of an omitted row (its notes, fix-its,
// excerpt, continuation lines, a compile block's closer) unread.
func TestDiagMaxItems(t *testing.T) {
	for _, id := range []string{"gcc", "clang", "clang++", "make", "staticcheck", "golangci-lint"} {
		files := catalogtest.Glob(filepath.Join("linux", id, "*.json"))
		if len(files) == 0 {
			t.Errorf("no golden case of %s under testdata/linux/%s/", id, id)
		}
		for _, f := range files {
			var gc struct {
				Args []string `json:"args"`
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &gc); err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			// each parser of this family is registered under its own id
			in := catalog.Input{Cmd: id, Args: gc.Args, OS: catalog.Linux, Raw: string(raw)}
			full := testRegistry().Parse(in)
			all := diagRows(t, full.Value)
			for n := 1; n < len(all); n++ {
				in.MaxItems = n
				r := testRegistry().Parse(in)
				got := diagRows(t, r.Value)
				if len(got) != n || r.RowsOmitted != len(all)-n || fmt.Sprint(r.UnreadLines) != fmt.Sprint(full.UnreadLines) {
					t.Errorf("%s max_items %d: %d rows, %d omitted, unread %v", f, n, len(got), r.RowsOmitted, r.UnreadLines)
					continue
				}
				for i := range got {
					if got[i] != all[i] {
						t.Errorf("%s max_items %d: row %d = %s, want %s", f, n, i, got[i], all[i])
					}
				}
			}
		}
	}
}

func diagRows(t *testing.T, v any) []string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Diagnostics []json.RawMessage `json:"diagnostics"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range d.Diagnostics {
		out = append(out, string(r))
	}
	return out
}
