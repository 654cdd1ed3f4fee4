package guard

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

const (
	// maxLinks mirrors Linux's MAXSYMLINKS: past it the kernel fails with
	// ELOOP, so a longer chain can only be an attempt to exhaust the guard.
	maxLinks = 40
	// maxSteps bounds the components walked for one path. A real path fits
	// in PATH_MAX (4096 bytes, so at most ~2048 components); anything longer
	// is refused rather than costing one lstat per component.
	maxSteps = 4096
)

// resolve returns the absolute, symlink-free form of p, interpreting a
// relative p against base, which must itself be absolute and symlink-free.
// ok is false when p cannot be resolved (a symlink loop or an absurd length);
// callers refuse in that case.
//
// It walks component by component instead of cleaning first: Clean would
// turn "link/../x" into "x", while the kernel follows link before applying
// "..", so a lexical clean lets a symlink smuggle a path out of bounds.
// Components that do not exist yet are kept lexically, which is what lets an
// agent name a file it is about to create.
func resolve(base, p string) (resolved string, ok bool) {
	dest := base
	rest := p
	if filepath.IsAbs(p) {
		dest, rest = splitRoot(p)
	}
	// missing counts the trailing components of dest that do not exist.
	// Under a missing directory nothing can exist (or be a symlink), so those
	// components skip the lstat; ".." pops them lexically.
	missing := 0
	links, steps := 0, 0
	for rest != "" {
		i := 0
		for i < len(rest) && !os.IsPathSeparator(rest[i]) {
			i++
		}
		comp := rest[:i]
		for i < len(rest) && os.IsPathSeparator(rest[i]) {
			i++
		}
		rest = rest[i:]

		switch comp {
		case "", ".":
			continue
		case "..":
			// dest holds no symlinks, so its lexical parent is its real one.
			dest = filepath.Dir(dest)
			if missing > 0 {
				missing--
			}
			continue
		}
		if steps++; steps > maxSteps {
			return "", false
		}
		next := joinComp(dest, comp)
		if missing > 0 {
			dest = next
			missing++
			continue
		}
		fi, err := os.Lstat(next)
		if err != nil {
			// Not there (or not reachable, which the program would hit too):
			// keep the name as written.
			dest = next
			missing = 1
			continue
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			dest = next
			continue
		}
		if links++; links > maxLinks {
			return "", false
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", false
		}
		if filepath.IsAbs(target) {
			dest, target = splitRoot(target)
		}
		// A relative target is relative to the link's directory, which is
		// dest as it stands; the target's components are walked next.
		if rest == "" {
			rest = target
		} else {
			rest = target + string(os.PathSeparator) + rest
		}
	}
	return dest, true
}

// splitRoot splits an absolute path into its root ("/" or "C:\") and the
// remainder to walk.
func splitRoot(p string) (root, rest string) {
	vol := filepath.VolumeName(p)
	return vol + string(os.PathSeparator), p[len(vol):]
}

// joinComp appends one component without filepath.Join's Clean, which the
// walk makes redundant and which would cost an allocation per step.
func joinComp(dir, comp string) string {
	if dir == "" || os.IsPathSeparator(dir[len(dir)-1]) {
		return dir + comp
	}
	return dir + string(os.PathSeparator) + comp
}

// within reports whether p is root or below it by whole components, so
// that /home/proj2 is not taken to be inside /home/proj. Both must be
// resolved (clean, absolute).
func within(p, root string) bool {
	if !strings.HasPrefix(p, root) {
		return false
	}
	if len(p) == len(root) {
		return true
	}
	return os.IsPathSeparator(root[len(root)-1]) || os.IsPathSeparator(p[len(root)])
}

// inside reports whether a resolved path lies under an allowed path.
func (g *Guard) inside(p string) bool {
	for _, r := range g.roots {
		if within(p, r) {
			return true
		}
	}
	return false
}

// expandHome expands "~" and "~/rest" against home. ok is false for
// "~user" forms, which name a home the guard cannot know, and when the
// home directory is unknown.
func expandHome(p, home string) (string, bool) {
	rest := p[1:]
	if rest != "" && !os.IsPathSeparator(rest[0]) {
		return "", false
	}
	if home == "" {
		return "", false
	}
	return home + rest, true
}

// resolveAllowedPath compiles one Policy.AllowedPaths entry.
func resolveAllowedPath(p, home string) (string, string) {
	if p == "" {
		return "", "must not be empty"
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", "must not contain a NUL byte"
	}
	if p[0] == '~' {
		exp, ok := expandHome(p, home)
		if !ok {
			if home == "" && (len(p) == 1 || os.IsPathSeparator(p[1])) {
				return "", "cannot expand '~': home directory unknown"
			}
			return "", "'~user' forms are not supported; use '~' or an absolute path"
		}
		p = exp
	}
	if !filepath.IsAbs(p) {
		return "", "must be an absolute path (or start with '~'), got " + quote(p)
	}
	r, ok := resolve("", filepath.Clean(p))
	if !ok {
		return "", "cannot be resolved (symbolic link loop or too long)"
	}
	return r, ""
}

// workDir resolves the working directory the way os/exec would use it:
// literally, relative to the process's own directory, with no "~"
// expansion (exec.Cmd.Dir does none, so expanding here would check a
// different directory than the one the command runs in).
func workDir(cwd string) (string, bool) {
	if cwd == "" || !filepath.IsAbs(cwd) {
		wd, err := os.Getwd()
		if err != nil {
			return "", false
		}
		if cwd != "" {
			wd = wd + string(os.PathSeparator) + cwd
		}
		cwd = wd
	}
	return resolve("", cwd)
}

// checkPaths is layer 2: the working directory, then every argument (or
// part of one, such as the value of --flag=value or -oVALUE) that the
// grammar says may name a file.
func (g *Guard) checkPaths(args []string, info []argInfo, cwd string) Decision {
	dir, ok := workDir(cwd)
	if !ok {
		shown := cwd
		if shown == "" {
			shown = "."
		}
		return refuse(ReasonPathNotAllowed, detailCwdOutsidePaths, -1, cwd,
			"Working directory "+quote(shown)+" cannot be resolved")
	}
	if !g.inside(dir) {
		arg := cwd
		if arg == "" {
			arg = dir
		}
		return refuse(ReasonPathNotAllowed, detailCwdOutsidePaths, -1, arg,
			"Working directory "+quote(dir)+" is outside the allowed paths")
	}
	for i, a := range args {
		from := info[i].pathFrom
		if from < 0 || from >= len(a) {
			continue
		}
		if d := g.checkPathArg(dir, i, a, a[from:]); !d.Allowed {
			return d
		}
	}
	return allow()
}

// checkPathArg checks one candidate value (an argument, or the value of a
// --flag=value argument) against the allowed paths.
//
// Every candidate is resolved, not only those containing '/' or starting
// with '.' or '~': a bare word that does not exist stays inside cwd
// lexically, so resolving it costs one lstat and refuses exactly the
// existing entries (symlinks) that point elsewhere.
func (g *Guard) checkPathArg(dir string, i int, arg, val string) Decision {
	where := "(argument " + itoa(i) + ")"
	outside := func(resolved string) Decision {
		msg := "Path " + quote(val) + " " + where + " is outside the allowed paths"
		if resolved != val {
			msg = "Path " + quote(val) + " " + where + " resolves to " + quote(resolved) +
				", which is outside the allowed paths"
		}
		return refuse(ReasonPathNotAllowed, detailOutsidePaths, i, arg, msg)
	}
	unresolvable := func() Decision {
		return refuse(ReasonPathNotAllowed, detailUnresolvablePath, i, arg,
			"Path "+quote(val)+" "+where+" cannot be resolved (symbolic link loop or too long)")
	}

	r, ok := resolve(dir, val)
	if !ok {
		return unresolvable()
	}
	if !g.inside(r) {
		return outside(r)
	}
	if val[0] != '~' {
		return allow()
	}
	// The program, not a shell, sees "~". Most programs take it literally
	// (checked above), some expand it (git config values, ssh): both
	// readings must stay inside.
	exp, ok := expandHome(val, g.home)
	if !ok {
		msg := "Path " + quote(val) + " " + where + " names another user's home directory, which is outside the allowed paths"
		if g.home == "" && (len(val) == 1 || os.IsPathSeparator(val[1])) {
			msg = "Path " + quote(val) + " " + where + " uses '~' but the home directory is unknown"
		}
		return refuse(ReasonPathNotAllowed, detailOutsidePaths, i, arg, msg)
	}
	if r, ok = resolve("", exp); !ok {
		return unresolvable()
	}
	if !g.inside(r) {
		return outside(r)
	}
	return allow()
}
