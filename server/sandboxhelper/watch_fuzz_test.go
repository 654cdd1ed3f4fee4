//go:build linux

package sandboxhelper

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// FuzzLookupDirs resolves generated paths in a tree with links (relative,
// absolute, chained, looping, dangling) and checks what lookupDirs
// reports: it ends, every directory it hands to add is a directory (no
// link) and the first is the root, and, when the path resolves, the
// directory it ends in is the parent of what the kernel resolves it to.
func FuzzLookupDirs(f *testing.F) {
	root := f.TempDir()
	for _, d := range []string{"a/b/c", "x/y"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			f.Fatal(err)
		}
	}
	links := map[string]string{
		"a/up":      "..",
		"a/b/abs":   filepath.Join(root, "x"),
		"x/rel":     "../a/b",
		"x/y/chain": "../rel/c",
		"loop1":     "loop2",
		"loop2":     "loop1",
		"dangling":  "nowhere/else",
		"a/file":    "",
	}
	for name, target := range links {
		p := filepath.Join(root, name)
		var err error
		if target == "" {
			err = os.WriteFile(p, []byte("x"), 0o644)
		} else {
			err = os.Symlink(target, p)
		}
		if err != nil {
			f.Fatal(err)
		}
	}
	for _, s := range []string{"a/b/c", "a/up/x/y", "a/b/abs/rel/c", "x/y/chain", "loop1/z", "dangling", "a/file/z",
		"a/../x/./y//", "..", "a/b/../../x", "x/y/chain/../../rel"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rel string) {
		if strings.ContainsRune(rel, 0) || len(rel) > 200 {
			return
		}
		p := root + "/" + rel
		var dirs []string
		add := func(dir string) bool {
			fi, err := os.Lstat(dir)
			if err != nil || !fi.IsDir() {
				t.Fatalf("%q: add(%q), which is not a directory (%v)", rel, dir, err)
			}
			dirs = append(dirs, dir)
			return true
		}
		ok := lookupDirs(p, add, map[string]string{})
		if len(dirs) == 0 || dirs[0] != "/" {
			t.Fatalf("%q: the first directory looked in is %v, want /", rel, dirs)
		}
		real, err := filepath.EvalSymlinks(p)
		if !ok || err != nil {
			return
		}
		last := filepath.Base(strings.TrimRight(p, "/"))
		if real != "/" && last != "." && last != ".." && !slices.Contains(dirs, filepath.Dir(real)) {
			t.Fatalf("%q resolves to %q, but its directory is not among those looked in: %v", rel, real, dirs)
		}
	})
}
