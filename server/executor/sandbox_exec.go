package executor

import (
	"bytes"
	"debug/elf"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// programFiles lists the files the kernel opens for execution to run
// program: the program itself (symbolic links are followed when the rule
// is made), its ELF interpreter (the dynamic loader; the libraries the
// loader maps need reading only, which Landlock does not tie to
// execution), or for a script its #! interpreter and, when that is env,
// the program env is told to run, looked up in env's PATH, each with its
// own interpreter. Unreadable or odd files add nothing: the exec then
// fails with EACCES, never runs more.
func programFiles(program string, env []string) []string {
	var out []string
	seen := map[string]bool{}
	var walk func(p string, depth int)
	walk = func(p string, depth int) {
		if p == "" || seen[p] || depth > 4 {
			return
		}
		seen[p] = true
		out = append(out, p)
		for _, next := range interpreters(p, env) {
			walk(next, depth+1)
		}
	}
	walk(program, 0)
	return out
}

// interpCache remembers interpreters by path, size and modification
// time: reading an ELF header on every run is cheap, but not free.
var interpCache sync.Map // string -> interpEntry

type interpEntry struct {
	size  int64
	mtime time.Time
	// interp is the ELF interpreter or the #! line's words.
	interp []string
	script bool
}

// interpreters are the files the kernel or env opens for execution when
// p is executed.
func interpreters(p string, env []string) []string {
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	var e interpEntry
	if v, ok := interpCache.Load(p); ok && v.(interpEntry).size == fi.Size() && v.(interpEntry).mtime.Equal(fi.ModTime()) {
		e = v.(interpEntry)
	} else {
		e = readInterp(p)
		e.size, e.mtime = fi.Size(), fi.ModTime()
		interpCache.Store(p, e)
	}
	if !e.script {
		return e.interp
	}
	if len(e.interp) == 0 {
		return nil
	}
	out := []string{e.interp[0]}
	if filepath.Base(e.interp[0]) == "env" {
		// #!/usr/bin/env [-S] node ...: env runs the first word that is
		// not an option or an assignment.
		for _, w := range e.interp[1:] {
			if strings.HasPrefix(w, "-") || strings.Contains(w, "=") {
				continue
			}
			if r, err := resolve(w, env); err == nil {
				out = append(out, r)
			}
			break
		}
	}
	return out
}

func readInterp(p string) interpEntry {
	f, err := os.Open(p)
	if err != nil {
		return interpEntry{}
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := f.Read(head)
	head = head[:n]
	if bytes.HasPrefix(head, []byte("#!")) {
		line, _, _ := bytes.Cut(head[2:], []byte("\n"))
		return interpEntry{script: true, interp: strings.Fields(string(line))}
	}
	ef, err := elf.NewFile(f)
	if err != nil {
		return interpEntry{}
	}
	for _, prog := range ef.Progs {
		if prog.Type != elf.PT_INTERP {
			continue
		}
		b := make([]byte, prog.Filesz)
		if _, err := prog.ReadAt(b, 0); err != nil {
			return interpEntry{}
		}
		return interpEntry{interp: []string{string(bytes.TrimRight(b, "\x00"))}}
	}
	return interpEntry{}
}
