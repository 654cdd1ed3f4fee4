package pack

import (
	"os"
	"path/filepath"
	"testing"
)

// copyPack copies testdata/packs/name into a temporary directory, so a test
// may change it.
func copyPack(t testing.TB, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dst, os.DirFS("testdata/packs/"+name)); err != nil {
		t.Fatal(err)
	}
	return dst
}

func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}
