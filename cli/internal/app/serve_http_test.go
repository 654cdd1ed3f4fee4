package app

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeHTTPExitCodes pins the exit codes the scripts cannot see: bad
// usage is 2, a token file that cannot be read is 3.
func TestServeHTTPExitCodes(t *testing.T) {
	t.Setenv(tokenEnv, "")
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"serve", "--http", "0.0.0.0:8080"}, exitUsage},
		{[]string{"serve", "--http", "8080"}, exitUsage},
		{[]string{"serve", "--http", "127.0.0.1:0", "--allow-origin", "*"}, exitUsage},
		{[]string{"serve", "--token-file", "x"}, exitUsage},
		{[]string{"serve", "--http", "0.0.0.0:8080", "--token-file", filepath.Join(dir, "missing")}, exitConfig},
		{[]string{"serve", "--http", "127.0.0.1:0", "--token-file", dir}, exitConfig},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(tc.args, strings.NewReader(""), &stdout, &stderr)
		if code != tc.code || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("parism %s: exit %d, stdout %q, stderr %q; want exit %d and one line on stderr",
				strings.Join(tc.args, " "), code, stdout.String(), stderr.String(), tc.code)
		}
	}
}
