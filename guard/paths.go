package guard

import (
	"errors"
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

// resolveFail says why resolve gave up; callers refuse on anything but
// resolvedOK.
type resolveFail int

const (
	resolvedOK resolveFail = iota
	// failLoop: a symbolic link loop, or more components than a path can
	// have.
	failLoop
	// failLookup: a component could not be looked up for a reason other
	// than "does not exist" (ENAMETOOLONG once the absolute form passes
	// PATH_MAX, EACCES, ENOTDIR, ELOOP, EIO...). The program, given the
	// shorter relative form or other credentials, may well reach it, so the
	// walk never goes on lexically from there.
	failLookup
	// failProc: the path goes through /proc/self, /proc/thread-self or
	// /proc/<pid> (directly or through a link such as /dev/fd or
	// /dev/stdin). The guard would resolve it in its own process, while the
	// program opens it in its own, with another cwd, root and descriptors.
	failProc
)

// resolve returns the absolute, symlink-free form of p, interpreting a
// relative p against base, which must itself be absolute and symlink-free.
// fail is not resolvedOK when p cannot be resolved as the program would
// resolve it; callers refuse in that case.
//
// It walks component by component instead of cleaning first: Clean would
// turn "link/../x" into "x", while the kernel follows link before applying
// "..", so a lexical clean lets a symlink smuggle a path out of bounds.
// Components that do not exist yet are kept lexically, which is what lets an
// agent name a file it is about to create; any other lookup error refuses.
func resolve(base, p string) (resolved string, fail resolveFail) {
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
			return "", failLoop
		}
		if missing == 0 && isProcDir(dest) && isProcSelf(comp) {
			return "", failProc
		}
		next := joinComp(dest, comp)
		if missing > 0 {
			dest = next
			missing++
			continue
		}
		fi, err := os.Lstat(next)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				return "", failLookup
			}
			// Not there: keep the name as written.
			dest = next
			missing = 1
			continue
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			dest = next
			continue
		}
		if links++; links > maxLinks {
			return "", failLoop
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", failLookup
		}
		if filepath.IsAbs(target) {
			dest, target = splitRoot(target)
		}
		// A relative target is relative to the link's directory, which is
		// dest as it stands; the target's components are walked next, then
		// the rest of the path.
		if rest == "" {
			rest = target
		} else {
			rest = target + string(os.PathSeparator) + rest
		}
	}
	return dest, resolvedOK
}

// privateHardLink reports whether the resolved path r is a regular file
// with more than one name that other users may not read, and
// its link count. Landlock checks names, so the kernel layer admits such a
// file under the name inside the allowed paths; credential files (ssh
// keys, cloud and registry credentials) are private, while the hard
// links projects do hold (pnpm's store, git clone --local objects) are
// readable by all. Only the file a path argument names is checked: a
// recursive walk (grep -r) still reads it (SECURITY.md).
func privateHardLink(r string) (uint64, bool) {
	fi, err := os.Lstat(r)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o004 != 0 {
		return 0, false
	}
	n := linkCount(fi)
	return n, n > 1
}

// isProcDir reports whether dir (resolved) is the proc file system's root.
func isProcDir(dir string) bool { return dir == "/proc" }

// isProcSelf reports whether comp, under /proc, names a process: self,
// thread-self or a number (a pid, or a tid, which /proc also answers).
func isProcSelf(comp string) bool {
	if comp == "self" || comp == "thread-self" {
		return true
	}
	for i := 0; i < len(comp); i++ {
		if comp[i] < '0' || comp[i] > '9' {
			return false
		}
	}
	return comp != ""
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
	r, fail := resolve("", filepath.Clean(p))
	if fail != resolvedOK {
		return "", "cannot be resolved (" + failPhrase(fail) + ")"
	}
	return r, ""
}

// workDir resolves the working directory the way os/exec would use it:
// literally, relative to the process's own directory, with no "~"
// expansion (exec.Cmd.Dir does none, so expanding here would check a
// different directory than the one the command runs in).
func workDir(cwd string) (string, resolveFail) {
	if cwd == "" || !filepath.IsAbs(cwd) {
		wd, err := os.Getwd()
		if err != nil {
			return "", failLookup
		}
		if cwd != "" {
			wd = wd + string(os.PathSeparator) + cwd
		}
		cwd = wd
	}
	return resolve("", cwd)
}

// failPhrase says in a message why a path could not be resolved.
func failPhrase(f resolveFail) string {
	switch f {
	case failProc:
		return "it names a process under /proc, which the guard would read in its own process, not the program's"
	case failLookup:
		return "a component could not be looked up"
	}
	return "symbolic link loop or too long"
}

// checkPaths is layer 2: the working directory, then every argument (or
// part of one, such as the value of --flag=value or -oVALUE) that the
// grammar says may name a file.
//
// Paths are resolved where the program resolves them. An option that
// changes directory first (git -C, cargo -C, terraform -chdir) moves the
// base of every other relative path, and repeated ones are cumulative
// ("git -C a -C b" is a/b). An option naming another directory the
// program may resolve relative paths against (git --work-tree, whose top
// git may chdir to) adds a base: every relative path must then stay inside
// read against each base.
func (g *Guard) checkPaths(args []string, info []argInfo, cwd string) Decision {
	dir, fail := workDir(cwd)
	if fail != resolvedOK {
		shown := cwd
		if shown == "" {
			shown = "."
		}
		return refuse(ReasonPathNotAllowed, detailCwdOutsidePaths, -1, cwd,
			"Working directory "+quote(shown)+" cannot be resolved ("+failPhrase(fail)+")")
	}
	if !g.inside(dir) {
		arg := cwd
		if arg == "" {
			arg = dir
		}
		return refuse(ReasonPathNotAllowed, detailCwdOutsidePaths, -1, arg,
			"Working directory "+quote(dir)+" is outside the allowed paths")
	}
	value := func(i int) (string, bool) {
		from := info[i].pathFrom
		if from < 0 || from > len(args[i]) || (from == len(args[i]) && !info[i].chdir) {
			return "", false
		}
		return args[i][from:], true
	}
	for i, a := range args {
		if !info[i].chdir {
			continue
		}
		val, ok := value(i)
		if !ok {
			continue
		}
		r, d := g.checkPathArg(dir, i, a, val)
		if !d.Allowed {
			return d
		}
		dir = r
	}
	bases := []string{dir}
	for i, a := range args {
		if !info[i].base {
			continue
		}
		if val, ok := value(i); ok {
			r, d := g.checkPathArg(dir, i, a, val)
			if !d.Allowed {
				return d
			}
			bases = append(bases, r)
		}
	}
	for i, a := range args {
		if info[i].chdir || info[i].base {
			continue
		}
		val, ok := value(i)
		if !ok {
			continue
		}
		for _, b := range bases {
			if _, d := g.checkPathArg(b, i, a, val); !d.Allowed {
				return d
			}
			if filepath.IsAbs(val) {
				break // the same for every base
			}
		}
	}
	return allow()
}

// checkHardLinks is what remains of checkPaths without allowed paths: every
// candidate that resolves to a private regular file with more than one
// name is refused (privateHardLink); nothing else is checked, and a
// candidate that cannot be resolved is left to the program. When the
// working directory (or a chdir option) cannot be resolved, only absolute
// candidates are checked.
func (g *Guard) checkHardLinks(args []string, info []argInfo, cwd string) Decision {
	dir, fail := workDir(cwd)
	if fail != resolvedOK {
		dir = ""
	}
	for pass := 0; pass < 2; pass++ {
		for i, a := range args {
			// chdir options first (they move the base), then the rest.
			if info[i].chdir != (pass == 0) {
				continue
			}
			from := info[i].pathFrom
			if from < 0 || from >= len(a) {
				continue
			}
			val := a[from:]
			if dir == "" && !filepath.IsAbs(val) {
				continue
			}
			r, fail := resolve(dir, val)
			if info[i].chdir {
				dir = r // "" when it cannot be resolved
				continue
			}
			if fail != resolvedOK {
				continue
			}
			if n, ok := privateHardLink(r); ok {
				return hardLinkRefusal(i, a, val, n)
			}
		}
	}
	return allow()
}

func hardLinkRefusal(i int, arg, val string, n uint64) Decision {
	return refuse(ReasonPathNotAllowed, detailReadsOutside, i, arg,
		"Path "+quote(val)+" (argument "+itoa(i)+") is a file with "+itoa(int(n))+" names (hard links) that other users may not read: "+
			"its other names may be outside the allowed paths (a key, a credentials file), and a hard link is the same file under each name")
}

// checkPathArg checks one candidate value (an argument, or the value of a
// --flag=value argument) against the allowed paths, and returns it
// resolved (its literal reading).
//
// Every candidate is resolved, not only those containing '/' or starting
// with '.' or '~': a bare word that does not exist stays inside cwd
// lexically, so resolving it costs one lstat and refuses exactly the
// existing entries (symlinks) that point elsewhere.
func (g *Guard) checkPathArg(dir string, i int, arg, val string) (string, Decision) {
	where := "(argument " + itoa(i) + ")"
	outside := func(resolved string) Decision {
		msg := "Path " + quote(val) + " " + where + " is outside the allowed paths"
		if resolved != val {
			msg = "Path " + quote(val) + " " + where + " resolves to " + quote(resolved) +
				", which is outside the allowed paths"
		}
		return refuse(ReasonPathNotAllowed, detailOutsidePaths, i, arg, msg)
	}
	unresolvable := func(f resolveFail) Decision {
		if f == failProc {
			return refuse(ReasonPathNotAllowed, detailReadsOutside, i, arg,
				"Path "+quote(val)+" "+where+" goes through /proc/self, /proc/thread-self or /proc/<pid> (perhaps by a link such as /dev/fd or /dev/stdin), "+
					"which the guard would resolve in its own process, not the program's; name the file by its own path")
		}
		return refuse(ReasonPathNotAllowed, detailUnresolvablePath, i, arg,
			"Path "+quote(val)+" "+where+" cannot be resolved ("+failPhrase(f)+")")
	}

	if val == "" {
		return dir, allow() // "git -C ''" stays where it is; an empty name opens nothing
	}
	r, fail := resolve(dir, val)
	if fail != resolvedOK {
		return "", unresolvable(fail)
	}
	if !g.inside(r) {
		return "", outside(r)
	}
	if n, ok := privateHardLink(r); ok {
		return "", hardLinkRefusal(i, arg, val, n)
	}
	if val[0] != '~' {
		return r, allow()
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
		return "", refuse(ReasonPathNotAllowed, detailOutsidePaths, i, arg, msg)
	}
	r2, fail := resolve("", exp)
	if fail != resolvedOK {
		return "", unresolvable(fail)
	}
	if !g.inside(r2) {
		return "", outside(r2)
	}
	return r, allow()
}
