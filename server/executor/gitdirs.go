package executor

import (
	"path/filepath"
	"strings"

	"github.com/parism-go/parism/guard"
)

// GitReadDirs returns the directories outside its work tree that a git
// command in dir with args reads a repository from, as found without
// running git: the git directory (a .git file may name any), the common
// directory (a linked worktree's commondir file may name any) and the
// object directories of the common directory's
// objects/info/alternates. nil when no repository is found. The engine
// checks them against allowed_paths: a hostile project's .git file,
// commondir or alternates would otherwise make git log -p or git cat-file
// print another repository's files. argv is the command's argv as the
// guard read it (guard.Decision.Argv).
func GitReadDirs(dir string, argv *guard.Argv) []string {
	loc, _, ok := findGitDir(dir, gitRepoOptions(argv))
	if !ok {
		return nil
	}
	out := []string{loc.gitDir}
	if loc.common != "" && loc.common != loc.gitDir {
		out = append(out, loc.common)
	}
	// Alternates chain (git follows them five deep); a quoted line is
	// returned as it is, relative, which no allowed path holds.
	queue := []string{filepath.Join(loc.common, "objects")}
	for depth := 0; depth < 6 && len(queue) > 0; depth++ {
		var next []string
		for _, objects := range queue {
			b, err := readSmall(filepath.Join(objects, "info", "alternates"))
			if isNotSmallFile(err) {
				// git would follow what it holds, which is unknown here:
				// a directory no allowed path holds stands for it.
				out = append(out, filepath.Join(objects, "info", "alternates (unreadable)"))
				continue
			}
			if err != nil {
				continue
			}
			for _, l := range strings.Split(string(b), "\n") {
				l = strings.TrimSpace(l)
				switch {
				case l == "" || l[0] == '#':
					continue
				case l[0] == '"':
				case !filepath.IsAbs(l):
					l = filepath.Clean(filepath.Join(objects, l)) // relative to the objects directory
				default:
					l = filepath.Clean(l)
				}
				out = append(out, l)
				next = append(next, l)
			}
		}
		queue = next
	}
	return out
}
