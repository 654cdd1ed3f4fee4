package builtin

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// netsysParsers are the parsers of the network and system family.
var netsysParsers = []string{
	"ping", "ping6", "ping-windows", "curl-head", "netstat", "netstat-bsd", "ss", "lsof", "dig", "ip-addr",
	"free", "uname", "id", "uptime", "w", "date", "mount", "lsblk", "systemctl", "systemctl-list-units",
	"journalctl", "apt-list", "apt-search", "brew-list",
}

// TestNetsysCRLF: every golden input of the family read with CRLF line
// endings gives the same value.
func TestNetsysCRLF(t *testing.T) {
	for _, gc := range loadGolden(t) {
		if !slices.Contains(netsysParsers, gc.parser) || strings.Contains(gc.raw, "\r") {
			continue
		}
		t.Run(string(gc.os)+"/"+gc.parser+"/"+gc.name, func(t *testing.T) {
			in := gc.input(t, false)
			want := Default().Parse(in)
			in.Raw = strings.ReplaceAll(gc.raw, "\n", "\r\n")
			got := Default().Parse(in)
			a, _ := json.Marshal(catalogtest.Outcome(t, want))
			b, _ := json.Marshal(catalogtest.Outcome(t, got))
			if string(a) != string(b) {
				t.Errorf("CRLF changes the value:\n%s\n%s", a, b)
			}
			if !slices.Equal(want.UnreadLines, got.UnreadLines) {
				t.Errorf("CRLF changes the unread lines: %v / %v", want.UnreadLines, got.UnreadLines)
			}
		})
	}
}

// TestNetsysGoldenCoverage: every parser of the family has golden cases.
func TestNetsysGoldenCoverage(t *testing.T) {
	seen := map[string]bool{}
	for _, gc := range loadGolden(t) {
		seen[gc.parser] = true
	}
	for _, id := range netsysParsers {
		if !seen[id] {
			t.Errorf("no golden case for %s", id)
		}
		p := findParser(t, id)
		if len(p.Examples) == 0 || p.Format == "" || p.Result == nil {
			t.Errorf("%s: examples, format and result must be declared", id)
		}
		for _, ex := range p.Examples {
			if res := Default().Parse(catalog.Input{Cmd: p.Command, Args: ex, OS: netsysExampleOS(p), Raw: ""}); res.Err != nil {
				t.Errorf("%s: example %q refused: %v", id, ex, res.Err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join("..", "testdata", "capture-netsys.sh")); err != nil {
		t.Error(err)
	}
}

func netsysExampleOS(p *catalog.Parser) catalog.OS {
	if len(p.OS) > 0 {
		return p.OS[0]
	}
	return catalog.Linux
}

// TestNetsysMaxItemsSpans: with max_items 1, every golden input of the
// family keeps the span contract (no span of a dropped row is left behind)
// and reports what it dropped.
func TestNetsysMaxItemsSpans(t *testing.T) {
	for _, gc := range loadGolden(t) {
		if !slices.Contains(netsysParsers, gc.parser) {
			continue
		}
		t.Run(string(gc.os)+"/"+gc.parser+"/"+gc.name, func(t *testing.T) {
			in := gc.input(t, true)
			in.MaxItems = 1
			res := Default().Parse(in)
			if res.Err != nil {
				return
			}
			if err := catalogtest.CheckSpans(gc.raw, res.Value, res.Spans); err != nil {
				t.Fatal(err)
			}
			full := Default().Parse(gc.input(t, false))
			if p := findParser(t, gc.parser); p.RowsKey != "" && full.Err == nil {
				b, _ := json.Marshal(full.Value)
				var m map[string]json.RawMessage
				if json.Unmarshal(b, &m) == nil {
					var rows []json.RawMessage
					_ = json.Unmarshal(m[p.RowsKey], &rows)
					if len(rows) > 1 && res.RowsOmitted < len(rows)-1 {
						t.Errorf("%d rows, %d omitted at max_items 1", len(rows), res.RowsOmitted)
					}
				}
			}
		})
	}
}
