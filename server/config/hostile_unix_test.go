//go:build unix

package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHostileProjectFile: a project's configuration file that is a FIFO,
// a device, a link out of the project or too large is not read: the
// server starts (within its own deadline here), with the file ignored and
// the reason in a warning that quotes nothing of what it links to. A link
// inside the project is read.
func TestHostileProjectFile(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "key")
	writeFile(t, outside, "OUTSIDE-SECRET {\n")
	cases := map[string]struct {
		plant func(t *testing.T, p string)
		warn  string
	}{
		"fifo": {func(t *testing.T, p string) {
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skip("mkfifo:", err)
			}
		}, "is a FIFO"},
		"device":  {func(t *testing.T, p string) { mustSymlink(t, "/dev/zero", p) }, "symbolic link out of the project"},
		"outside": {func(t *testing.T, p string) { mustSymlink(t, outside, p) }, "symbolic link out of the project"},
		"large": {func(t *testing.T, p string) {
			writeFile(t, p, `{"guard": {}, "x": "`+strings.Repeat("a", maxFileBytes)+`"}`)
		}, "larger than a configuration file's"},
		"directory": {func(t *testing.T, p string) {
			if err := os.Mkdir(p, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "is a directory"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			home, proj := t.TempDir(), t.TempDir()
			c.plant(t, filepath.Join(proj, "prism.config.json"))
			type loaded struct {
				cfg Config
				err error
			}
			done := make(chan loaded, 1)
			go func() {
				cfg, err := Load(LoadOptions{Home: home, Cwd: proj, Env: testEnv{}.lookup})
				done <- loaded{cfg, err}
			}()
			var l loaded
			select {
			case l = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Load did not return within 10 s")
			}
			if l.err != nil {
				t.Fatalf("Load: %v", l.err)
			}
			if len(l.cfg.Warnings) != 1 || !strings.Contains(l.cfg.Warnings[0], c.warn) || strings.Contains(l.cfg.Warnings[0], "OUTSIDE-SECRET") {
				t.Errorf("warnings = %q, want one saying %q", l.cfg.Warnings, c.warn)
			}
		})
	}
	// A link to a file of the project is the project's file.
	home, proj := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(proj, "conf", "parism.json"), `{"guard": {"timeout_ms": 500}}`)
	mustSymlink(t, filepath.Join("conf", "parism.json"), filepath.Join(proj, "prism.config.json"))
	cfg, err := Load(LoadOptions{Home: home, Cwd: proj, Env: testEnv{}.lookup})
	if err != nil || cfg.Guard.TimeoutMs != 500 || len(cfg.Warnings) != 0 {
		t.Errorf("a link inside the project: timeout %d, warnings %q, err %v", cfg.Guard.TimeoutMs, cfg.Warnings, err)
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
