package engine

import (
	"io/fs"
	"path/filepath"
	"slices"
	"time"
)

// snapshotLimit bounds how many entries includeDiff records, so a run in a
// huge tree costs a bounded walk; past it the diff says incomplete.
const snapshotLimit = 20000

type fileState struct {
	size  int64
	mtime time.Time
	mode  fs.FileMode
}

type snapshot struct {
	root       string
	files      map[string]fileState
	incomplete bool
}

// takeSnapshot records size, mtime and mode of every entry under root.
// Unreadable directories are skipped rather than failing the run.
func takeSnapshot(root string) snapshot {
	s := snapshot{root: root, files: map[string]fileState{}}
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if p == root {
			return nil
		}
		if len(s.files) >= snapshotLimit {
			s.incomplete = true
			return fs.SkipAll
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		s.files[rel] = fileState{size: info.Size(), mtime: info.ModTime(), mode: info.Mode()}
		return nil
	})
	return s
}

// diff lists what changed from s to after, each list sorted.
func (s snapshot) diff(after snapshot) *Diff {
	d := &Diff{Created: []string{}, Deleted: []string{}, Modified: []string{}, Incomplete: s.incomplete || after.incomplete}
	for p, st := range after.files {
		old, ok := s.files[p]
		switch {
		case !ok:
			d.Created = append(d.Created, p)
		case old != st && !st.mode.IsDir():
			d.Modified = append(d.Modified, p)
		}
	}
	for p := range s.files {
		if _, ok := after.files[p]; !ok {
			d.Deleted = append(d.Deleted, p)
		}
	}
	slices.Sort(d.Created)
	slices.Sort(d.Deleted)
	slices.Sort(d.Modified)
	return d
}
