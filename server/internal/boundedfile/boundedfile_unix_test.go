//go:build unix

package boundedfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRead: only a regular file of at most max bytes is read; a FIFO is
// refused without blocking (under the test's own deadline), a device or a
// larger file without reading it.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ok", "gitdir: ../x\n")
	write("big", strings.Repeat("x", 101))
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if b, err := Read(filepath.Join(dir, "ok"), 100); err != nil || string(b) != "gitdir: ../x\n" {
		t.Errorf("ok: %q, %v", b, err)
	}
	for name, want := range map[string]error{"big": ErrTooLarge, "fifo": ErrNotRegular, "zero": ErrNotRegular, "sub": ErrNotRegular} {
		done := make(chan error, 1)
		go func() { _, err := Read(filepath.Join(dir, name), 100); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, want) {
				t.Errorf("%s: err %v, want %v", name, err, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Read did not return within 5 s", name)
		}
	}
	if _, err := Read(filepath.Join(dir, "missing"), 100); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}
