package catalog

import (
	"strings"
	"testing"
)

func TestDataLines(t *testing.T) {
	p := &Parser{Table: &TableLines{Headers: 1, Skip: []string{"total "}, Headings: true}}
	raw := "PID CMD\r\n  1 init\n\n  2 sh\ntotal 4\n/tmp:\n  3 x\n"
	if n, ok := p.DataLines(raw); !ok || n != 3 {
		t.Fatalf("DataLines = %d, %v; want 3", n, ok)
	}
	if _, ok := (&Parser{}).DataLines(strings.Repeat("x\n", 3)); ok {
		t.Fatal("a parser without Table counts data lines")
	}
}
