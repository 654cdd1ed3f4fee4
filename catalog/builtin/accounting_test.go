package builtin

import (
	"encoding/json"
	"testing"
)

// rowsOf counts the rows of a parsed value under the parser's RowsKey,
// through its JSON form; ok is false when the value has no such array.
func rowsOf(t *testing.T, v any, key string) (int, bool) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return 0, false
	}
	var rows []json.RawMessage
	if raw, ok := m[key]; ok && json.Unmarshal(raw, &rows) == nil {
		return len(rows), true
	}
	// A OneOf result names its rows after the type (kubectl get pods).
	arrays := 0
	for _, raw := range m {
		var a []json.RawMessage
		if json.Unmarshal(raw, &a) == nil {
			rows, arrays = a, arrays+1
		}
	}
	return len(rows), arrays == 1
}

// TestRowsAccountForDataLines is the accounting property over every golden
// case of a table parser: data lines (Parser.DataLines) give at least one
// row, and rows + unread lines + rows omitted at MaxItems account for
// every data line (with the lines joined to the row before: a name
// holding a newline), or the parse is an error. A parser that loses rows
// silently fails it (the engine answers such a parse unrecognized_output).
func TestRowsAccountForDataLines(t *testing.T) {
	checked, violations := 0, 0
	for _, gc := range loadGolden(t) {
		p := findParser(t, gc.parser)
		data, ok := p.DataLines(gc.raw)
		if !ok || p.RowsKey == "" {
			continue
		}
		r := Default().Parse(gc.input(t, false))
		if r.Err != nil {
			continue // answered as an error: nothing silent
		}
		rows, ok := rowsOf(t, r.Value, p.RowsKey)
		if !ok {
			t.Errorf("%s: no %s array in the value", gc.path, p.RowsKey)
			continue
		}
		checked++
		if data > 0 && rows == 0 && r.RowsOmitted == 0 {
			violations++
			t.Errorf("%s: %d data lines and no row (%d unread)", gc.path, data, len(r.UnreadLines))
		} else if got := rows + len(r.UnreadLines) + r.RowsOmitted + r.JoinedLines; got < data {
			violations++
			t.Errorf("%s: %d data lines, %d rows + %d unread + %d omitted + %d joined", gc.path, data, rows, len(r.UnreadLines), r.RowsOmitted, r.JoinedLines)
		}
	}
	t.Logf("%d golden cases of table parsers checked, %d violate the accounting rule", checked, violations)
	if checked == 0 {
		t.Fatal("no golden case checked")
	}
}
