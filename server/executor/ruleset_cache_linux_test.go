//go:build linux

package executor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestRulesetCache: a second run under the same confinement reuses the
// cached Landlock ruleset, and every change that makes a path name
// another file, or a file where there was none, is seen: the run gets
// what a ruleset built now would give, never what the old files had.
func TestRulesetCache(t *testing.T) {
	need(t, "cat")
	needLandlock(t, 1)
	useHelper(t, "") // the cache serves starts from a thread
	root := t.TempDir()
	d, later := filepath.Join(root, "d"), filepath.Join(root, "later")
	writeFileT(t, filepath.Join(d, "f"), "one\n")
	c := Confinement{ReadPaths: append([]string{d, later}, systemRead...), ExecPaths: []string{}}
	cat := func(conf Confinement, file string) (string, bool) {
		t.Helper()
		r := Run(context.Background(), Spec{Path: "cat", Args: []string{file}, Timeout: 10 * time.Second, Confine: &conf})
		if r.SpawnErr != nil {
			t.Fatalf("cat %s: %v", file, r.SpawnErr)
		}
		return string(r.Stdout.Data), r.ExitCode == 0
	}
	want := func(conf Confinement, file, content string) {
		t.Helper()
		if out, ok := cat(conf, file); !ok || out != content {
			t.Fatalf("cat %s: ok %v, %q; want %q", file, ok, out, content)
		}
	}
	refused := func(conf Confinement, file string) {
		t.Helper()
		if out, ok := cat(conf, file); ok || out != "" {
			t.Fatalf("cat %s was let through: %q", file, out)
		}
	}

	want(c, filepath.Join(d, "f"), "one\n")
	builds := rulesets.Builds()
	want(c, filepath.Join(d, "f"), "one\n")
	if n := rulesets.Builds(); n != builds {
		t.Fatalf("the same confinement built its ruleset again (%d builds, then %d)", builds, n)
	}

	// d replaced by another directory: the old one, moved out of every
	// rule's path, must not stay readable through the cached rule.
	if err := os.Rename(d, d+".old"); err != nil {
		t.Fatal(err)
	}
	writeFileT(t, filepath.Join(d, "f"), "two\n")
	refused(c, filepath.Join(d+".old", "f"))
	want(c, filepath.Join(d, "f"), "two\n")

	// A path that named nothing names a directory now.
	writeFileT(t, filepath.Join(later, "f"), "three\n")
	want(c, filepath.Join(later, "f"), "three\n")

	// A file replaced by a symbolic link to a file no rule covers: the
	// rule follows the link now.
	outside := t.TempDir()
	writeFileT(t, filepath.Join(outside, "secret"), "secret\n")
	file := filepath.Join(root, "file")
	writeFileT(t, file, "plain\n")
	cf := Confinement{ReadPaths: append([]string{file}, systemRead...), ExecPaths: []string{}}
	want(cf, file, "plain\n")
	refused(cf, filepath.Join(outside, "secret"))
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret"), file); err != nil {
		t.Fatal(err)
	}
	want(cf, file, "secret\n")

	// Entries of one directory, checked by listing it (from the second
	// use on): one replaced, the old file moved out of every rule's reach.
	g := filepath.Join(root, "g")
	var entries []string
	for i := range 6 {
		p := filepath.Join(g, "e"+strconv.Itoa(i))
		writeFileT(t, p, "old\n")
		entries = append(entries, p)
	}
	cg := Confinement{ReadPaths: append(entries, systemRead...), ExecPaths: []string{}}
	want(cg, entries[1], "old\n")
	want(cg, entries[1], "old\n")
	if err := os.Rename(entries[1], filepath.Join(root, "moved")); err != nil {
		t.Fatal(err)
	}
	writeFileT(t, entries[1], "new\n")
	refused(cg, filepath.Join(root, "moved"))
	want(cg, entries[1], "new\n")
	// A file mounted over one of them: the listing is the same, the
	// path names the mounted file, which the cached rule does not cover.
	// (Used twice first: a ruleset's listings are planned at its first
	// reuse.)
	want(cg, entries[2], "old\n")
	want(cg, entries[2], "old\n")
	mounted := filepath.Join(root, "mounted")
	writeFileT(t, mounted, "mounted\n")
	if err := unix.Mount(mounted, entries[2], "", unix.MS_BIND, ""); err == nil {
		t.Cleanup(func() { _ = unix.Unmount(entries[2], unix.MNT_DETACH) })
		want(cg, entries[2], "mounted\n")
		if err := unix.Unmount(entries[2], 0); err != nil {
			t.Fatal(err)
		}
		want(cg, entries[2], "old\n")
	} else {
		t.Logf("no bind mount here (%v): the mount case is not run", err)
	}

	// Another confinement is another ruleset.
	fewer := Confinement{ReadPaths: slices.Clone(systemRead), ExecPaths: []string{}}
	refused(fewer, filepath.Join(d, "f"))
	// One path for another, the same rights in the same order.
	other := Confinement{ReadPaths: append([]string{t.TempDir(), later}, systemRead...), ExecPaths: []string{}}
	refused(other, filepath.Join(d, "f"))
	// The same paths in the same order with other rights: execution
	// anywhere readable, then only of the program.
	script := filepath.Join(d, "x")
	writeFileT(t, script, "#!/bin/sh\necho ran\n")
	if err := os.Chmod(script, 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(conf Confinement) string {
		r := Run(context.Background(), Spec{Path: "sh", Args: []string{"-c", script}, Timeout: 10 * time.Second, Confine: &conf})
		return string(r.Stdout.Data)
	}
	anyExec := Confinement{ReadPaths: c.ReadPaths}
	if out := run(anyExec); out != "ran\n" {
		t.Fatalf("the script did not run where everything readable may be executed: %q", out)
	}
	if out := run(c); out != "" {
		t.Fatalf("the script ran where only the program may be executed: %q", out)
	}
	if n := rulesets.Builds(); n <= builds {
		t.Fatalf("no ruleset was built for the changes (%d builds)", n)
	}
}

// TestRulesetCacheConcurrent: runs under one confinement at once share
// the cached ruleset and each still gets the rules.
func TestRulesetCacheConcurrent(t *testing.T) {
	need(t, "cat")
	needLandlock(t, 1)
	useHelper(t, "")
	d, outside := t.TempDir(), t.TempDir()
	writeFileT(t, filepath.Join(d, "f"), "in\n")
	writeFileT(t, filepath.Join(outside, "f"), "out\n")
	c := Confinement{ReadPaths: append([]string{d}, systemRead...), ExecPaths: []string{}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	errs := make(chan string, 16)
	for i := range 16 {
		go func() {
			file := filepath.Join(d, "f")
			if i%2 == 1 {
				file = filepath.Join(outside, "f")
			}
			conf := c
			r := Run(ctx, Spec{Path: "cat", Args: []string{file}, Timeout: 10 * time.Second, Confine: &conf})
			switch {
			case r.SpawnErr != nil:
				errs <- r.SpawnErr.Error()
			case i%2 == 0 && (r.ExitCode != 0 || string(r.Stdout.Data) != "in\n"):
				errs <- "inside refused: " + string(r.Stderr.Data)
			case i%2 == 1 && (r.ExitCode == 0 || strings.Contains(string(r.Stdout.Data), "out")):
				errs <- "outside read: " + string(r.Stdout.Data)
			default:
				errs <- ""
			}
		}()
	}
	for range 16 {
		select {
		case e := <-errs:
			if e != "" {
				t.Error(e)
			}
		case <-ctx.Done():
			t.Fatal("concurrent runs did not finish within 60s")
		}
	}
}

func writeFileT(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReleaseIdle: ReleaseIdle closes every cached ruleset (the process's
// descriptors go back to what they were before the runs), and a run after
// it builds its ruleset again and is still confined by it.
func TestReleaseIdle(t *testing.T) {
	need(t, "cat")
	needLandlock(t, 1)
	useHelper(t, "")
	ReleaseIdle()
	fds := func() int {
		t.Helper()
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Fatal(err)
		}
		return len(ents)
	}
	before := fds()
	root := t.TempDir()
	var files []string
	for i := range 5 {
		d := filepath.Join(root, fmt.Sprint(i))
		writeFileT(t, filepath.Join(d, "f"), "x\n")
		files = append(files, filepath.Join(d, "f"))
		c := Confinement{ReadPaths: append([]string{d}, systemRead...), ExecPaths: []string{}}
		r := Run(context.Background(), Spec{Path: "cat", Args: []string{files[i]}, Timeout: 10 * time.Second, Confine: &c})
		if r.SpawnErr != nil || r.ExitCode != 0 {
			t.Fatalf("cat %s: %v, exit %d", files[i], r.SpawnErr, r.ExitCode)
		}
	}
	if n := rulesets.Len(); n < 5 {
		t.Fatalf("%d rulesets cached after 5 confinements", n)
	}
	ReleaseIdle()
	if n := rulesets.Len(); n != 0 {
		t.Fatalf("%d rulesets cached after ReleaseIdle", n)
	}
	if after := fds(); after > before {
		t.Fatalf("%d descriptors open after ReleaseIdle, %d before the runs", after, before)
	}
	// Rebuilt, and still confining: the first directory's rule does not
	// let the second file be read.
	builds := rulesets.Builds()
	c := Confinement{ReadPaths: append([]string{filepath.Dir(files[0])}, systemRead...), ExecPaths: []string{}}
	r := Run(context.Background(), Spec{Path: "cat", Args: []string{files[1]}, Timeout: 10 * time.Second, Confine: &c})
	if r.SpawnErr != nil {
		t.Fatal(r.SpawnErr)
	}
	if r.ExitCode == 0 {
		t.Fatalf("cat read %s outside its confinement after ReleaseIdle", files[1])
	}
	if rulesets.Builds() == builds {
		t.Fatal("no ruleset built after ReleaseIdle")
	}
}

// TestRulesetCacheEngineShape: the engine's readonly shape (every /etc
// entry, each device of /dev, /dev/null twice: read and write) is built
// once and then reused, run after run.
func TestRulesetCacheEngineShape(t *testing.T) {
	need(t, "true")
	needLandlock(t, 1)
	useHelper(t, "")
	c := etcConfinement()
	for _, d := range []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/fd", "/dev/pts"} {
		c.ReadPaths = append(c.ReadPaths, d)
	}
	c.ReadPaths = slices.DeleteFunc(c.ReadPaths, func(p string) bool { return p == "/dev" })
	run := func() {
		t.Helper()
		r := Run(context.Background(), Spec{Path: "true", Timeout: 10 * time.Second, Confine: c})
		if r.SpawnErr != nil || r.ExitCode != 0 {
			t.Fatalf("true: %v, exit %d, %q", r.SpawnErr, r.ExitCode, r.Stderr.Data)
		}
	}
	run()
	builds := rulesets.Builds()
	for range 5 {
		run()
	}
	if n := rulesets.Builds() - builds; n != 0 {
		t.Fatalf("the same confinement built its ruleset %d more times in 5 runs", n)
	}
}
