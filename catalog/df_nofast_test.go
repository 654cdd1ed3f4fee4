package catalog

import (
	"strings"
	"testing"
)

// TestDfStopsTryingFast: where the fast reading gives up on most lines
// (macOS -h puts short mount points in the line's last bytes), row stops
// trying it, so that those lines are not read twice; where it reads every
// line, it keeps being used. The rows are the general reading's either way
// (the golden tests).
func TestDfStopsTryingFast(t *testing.T) {
	tests := []struct {
		header, line string
		noFast       bool
	}{
		{"Filesystem        Size    Used   Avail Capacity iused ifree %iused  Mounted on",
			"/dev/disk3s1s1   460Gi    10Gi   238Gi     5%    404k  2.5G    0%   /", true},
		{"Filesystem 1K-blocks Used Available Use% Mounted on",
			"/dev/vda                           264212084 17791032  77710232  19% /srv/data/long-mount", false},
	}
	for _, tc := range tests {
		cols, unit, ok := dfHeader(tc.header)
		if !ok {
			t.Fatalf("header %q", tc.header)
		}
		raw := tc.header + "\n" + strings.Repeat(tc.line+"\n", 100)
		c := &Context{Raw: raw}
		p := &dfParser{c: c, r: newFsRec(c, 7)}
		p.setColumns(cols, unit)
		for i := range 100 {
			var fsys DfFilesystem
			if !p.row(&fsys, tc.line, 0, "", -1, i) {
				t.Fatalf("%q not read", tc.line)
			}
		}
		if p.noFast != tc.noFast {
			t.Errorf("%q: noFast %v after %d fast reads and %d misses, want %v", tc.line, p.noFast, p.fastHits, p.fastMisses, tc.noFast)
		}
	}
}
