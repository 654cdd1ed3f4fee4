package kit

import (
	"testing"
)

func TestValidMode(t *testing.T) {
	for m, want := range map[string]bool{"-rw-r--r--": true, "drwxrwxrwt": true, "-rwsr-Sr-x": true, "-rw-r-lr--": true,
		"-?????????": true, "-rw?r--r--": false, "-rwtr--r--": false, "-rw-r--r-s": false, "-rwlr--r--": false, "xrw-r--r--": false, "-rw-r--r-": false} {
		if ValidMode(m) != want {
			t.Errorf("validMode(%q) = %v, want %v", m, !want, want)
		}
	}
}
