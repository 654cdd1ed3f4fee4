package catalog

import (
	"strings"
	"testing"
)

// TestFieldScan compares the word-at-a-time scanners with a byte loop on
// every start offset of lines mixing spaces, tabs, control bytes, high
// bytes and multi-byte text around the eight-byte boundaries.
func TestFieldScan(t *testing.T) {
	lines := []string{
		"", " ", "\t", "a", "-rw-r--r--  1 root root     4096 Nov 29 09:41 name with  spaces",
		"\t\tx\ty  z", "        12345678        z", "a\x00b\x1fc\x7fd\xffe f", "café ☕ \t naïve\x09end",
		strings.Repeat(" ", 17) + "w" + strings.Repeat("x", 17) + "\t", "\x08\x0a\x0b\x19\x21 \x20\x09\x89\xa0",
	}
	for _, l := range lines {
		for i := 0; i <= len(l); i++ {
			wantS := i
			for wantS < len(l) && (l[wantS] == ' ' || l[wantS] == '\t') {
				wantS++
			}
			wantE := wantS
			for wantE < len(l) && l[wantE] != ' ' && l[wantE] != '\t' {
				wantE++
			}
			if s, e := nextField(l, i); s != wantS || e != wantE {
				t.Errorf("nextField(%q, %d) = %d,%d, want %d,%d", l, i, s, e, wantS, wantE)
			}
		}
	}
}

// FuzzFieldScan checks the same property on any input.
func FuzzFieldScan(f *testing.F) {
	f.Add("  a b\t\tc", 1)
	f.Fuzz(func(t *testing.T, l string, i int) {
		if i < 0 || i > len(l) {
			return
		}
		wantS := i
		for wantS < len(l) && isSpace(l[wantS]) {
			wantS++
		}
		wantE := wantS
		for wantE < len(l) && !isSpace(l[wantE]) {
			wantE++
		}
		if s, e := nextField(l, i); s != wantS || e != wantE {
			t.Fatalf("nextField(%q, %d) = %d,%d, want %d,%d", l, i, s, e, wantS, wantE)
		}
	})
}
