package executor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parism-go/parism/guard"
)

// driverKey matches the configuration keys through which a repository names
// a program for git to run, or a place for git to send traffic or read
// credentials from, under a name of the repository's choosing, so that
// SafeEnv's fixed overrides cannot name it in advance:
//   - clean/smudge/process filters (run by git status and git diff on
//     modified files), text-conversion and external diff commands, merge
//     drivers and trailer commands;
//   - http.proxy, remote.<name>.proxy and the per-URL http.<url>.* proxy,
//     cookie file, extra header and TLS client certificate settings;
//   - hook.<name>.command, the configuration-defined hooks of newer git
//     versions, which core.hooksPath does not turn off;
//   - http.sslVerify and http.<url>.sslVerify, set back to true.
var driverKey = regexp.MustCompile(`^(filter\..+\.(clean|smudge|process)|diff\..+\.(textconv|command)|merge\..+\.driver|` +
	`trailer\..+\.(command|cmd)|hook\..+\.command|remote\..+\.proxy|` +
	`http\.(.+\.)?(proxy|proxyauthmethod|cookiefile|extraheader|sslcert|sslkey|sslcainfo|sslcapath|proxysslcert|proxysslkey|proxysslcainfo|curloptresolve|sslverify))$`)

// override is one configuration key and the value that neutralises it.
type override struct{ key, value string }

// overridesFor returns the overrides for a key driverKey matched.
func overridesFor(name string) []override {
	switch {
	case strings.HasPrefix(name, "filter."):
		// An empty clean, smudge or process command makes git pass contents
		// through unchanged; required=false keeps a blanked required filter
		// from turning into an error.
		return []override{{name, ""}, {name[:strings.LastIndexByte(name, '.')] + ".required", "false"}}
	case strings.HasSuffix(name, ".sslverify"):
		return []override{{name, "true"}}
	case strings.HasPrefix(name, "merge."):
		// An empty merge driver would "succeed" with the unmerged file;
		// false reports a conflict instead.
		return []override{{name, "false"}}
	}
	// An empty textconv or diff command is never run; an empty proxy means
	// none; an empty extraHeader clears the list; an empty file name reads
	// no file.
	return []override{{name, ""}}
}

// GitDriverEnv returns env extended with overrides that blank every filter
// and diff driver (and the other keys driverKey lists) the repository at
// dir configures, so that an untrusted repository's .git/config (or a file
// it includes, or a submodule's own config under .git/modules) cannot make a
// read-only git command run a program. It asks git itself, with env (which
// SafeEnv has already stripped of global and system configuration), which
// keys are set: includes and conditional includes are resolved exactly as
// the command would resolve them. env is returned unchanged when nothing is
// configured or git refuses the repository's configuration (the command
// then fails on it too). When the listing does not finish (5 s, or the
// program cannot start), GIT_DIR is set to a directory that does not
// exist, so that the command fails rather than run unprotected.
//
// An empty textconv or diff command is never run (the guard also rewrites
// diff, log, show and blame with --no-textconv and --no-ext-diff).
//
// args are the git command's arguments: the global options before the
// subcommand that choose the repository (-C, --git-dir, --work-tree) or add
// configuration (-c) are repeated so the right configuration is read.
//
// GitDriverEnv starts at least one git process per call; GitDrivers.Env
// caches the answer per repository.
func GitDriverEnv(ctx context.Context, git, dir string, args, env []string) []string {
	opts := repoOptions(args)
	return scanRepo(ctx, git, dir, opts, env, askGitDirs(ctx, git, dir, opts, env)).result(env)
}

// repoScan is what one scan of a repository's configuration found.
type repoScan struct {
	overrides []override
	// files are the configuration files git read (origins), the files they
	// include (whether they exist or not) and the submodule configurations.
	files []string
	ok    bool // the scan completed
	// failed: a listing did not finish (timed out, killed, not started),
	// so what the repository configures is unknown.
	failed bool
	// includes are the files the configurations include.
	includes []string
	// outside is an included file outside every repository scanned.
	outside string
	// worktrees are the core.worktree values the configurations set, with
	// the git directory of the file that set each (see checkWorktrees).
	worktrees []worktreeSetting
	// strayWorktree is a core.worktree that is not the repository's own
	// work tree.
	strayWorktree string
	// gitDirs are the git directories scanned: the repository's, its
	// submodules' under modules/, and those the gitlinks' .git files name.
	gitDirs []string
}

type worktreeSetting struct{ gitDir, value string }

// includedOutsideDir is the GIT_DIR a git command gets when its
// repository's configuration includes a file outside the repository: git
// would read it as configuration, and git config --list would print it
// (an INI file such as ~/.aws/credentials is valid git configuration).
const includedOutsideDir = "/nonexistent/parism-refuses-a-repository-configuration-that-includes-a-file-outside-the-repository"

// scanFailedDir is the GIT_DIR a git command gets when its repository's
// configuration could not be listed: git then refuses to run ("not a git
// repository") instead of running with drivers nobody blanked.
const scanFailedDir = "/nonexistent/parism-could-not-list-this-repository-configuration"

// strayWorktreeDir is the GIT_DIR a git command gets when its repository's
// configuration sets core.worktree to a directory that is not that
// repository's work tree: git would read (and git diff, grep and status
// print) the files of any directory, outside the project and the paths the
// guard checked.
const strayWorktreeDir = "/nonexistent/parism-refuses-a-repository-whose-core.worktree-is-not-its-own-work-tree"

// result returns env with the scan's overrides, or failing closed.
func (s repoScan) result(env []string) []string {
	if s.failed || s.outside != "" || s.strayWorktree != "" {
		dir := scanFailedDir
		switch {
		case s.failed:
		case s.outside != "":
			dir = includedOutsideDir
		default:
			dir = strayWorktreeDir
		}
		// A --git-dir the caller gives outranks GIT_DIR: GIT_WORK_TREE then
		// stops every command that reads a work tree (diff, status, grep,
		// ls-files), where drivers run and core.worktree would lead.
		out := make([]string, 0, len(env)+2)
		for _, kv := range env {
			if n := envName(kv); !sameEnvName(n, "GIT_DIR") && !sameEnvName(n, "GIT_WORK_TREE") {
				out = append(out, kv)
			}
		}
		out = append(out, "GIT_DIR="+dir, "GIT_WORK_TREE="+dir)
		// With both --git-dir and --work-tree in the argv git would still
		// run: a configuration key without a section is fatal to every
		// git command, and its name says why.
		bad := strings.ReplaceAll(filepath.Base(dir), ".", "-")
		return withOverrides(out, []override{{key: bad, value: "1"}})
	}
	return withOverrides(env, s.overrides)
}

// repoLoc is where a repository keeps its configuration: its git
// directory, the common directory (where modules/ lives; the same but for
// linked worktrees) and the top of its work tree ("" when bare or unknown).
type repoLoc struct{ gitDir, common, top string }

// maxGitRepos bounds the repositories (the top one, submodules, embedded
// repositories) one scan lists; past it the scan fails closed.
const maxGitRepos = 256

// scanRepo lists the configuration git reads for the repository selected by
// opts in dir, then that of every repository git status or git diff may
// enter from it: the submodule repositories under loc.common/modules and,
// through the gitlinks of each index, checked-out submodules and embedded
// repositories (a directory with its own .git that the index records as a
// gitlink), recursively.
func scanRepo(ctx context.Context, git, dir string, opts, env []string, loc repoLoc) repoScan {
	var s repoScan
	seen := map[string]bool{}
	if !s.scanOne(ctx, git, dir, opts, env, seen) {
		return s
	}
	own := len(s.worktrees) // the command's repository's, not a submodule's
	s.ok = true
	visited := map[string]bool{}
	if loc.gitDir != "" {
		visited[filepath.Clean(loc.gitDir)] = true
	}
	if loc.common != "" {
		subs := submoduleDirs(loc.common)
		if len(subs) > maxGitRepos {
			s.failed = true // fails closed: see result
			return s
		}
		for _, sub := range subs {
			// A submodule whose configuration cannot be read cannot be
			// entered by git either. After a listing that failed (a
			// timeout: the scan fails closed anyway) the others are not
			// tried: each could hold the call for its own 5 s.
			if s.failed {
				return s
			}
			visited[filepath.Clean(sub)] = true
			s.scanOne(ctx, git, dir, []string{"--git-dir=" + sub}, env, seen)
		}
	}
	if loc.gitDir != "" && loc.top != "" {
		s.scanGitlinks(ctx, git, dir, env, loc.gitDir, loc.top, 0, seen, visited)
	}
	s.checkIncludes(loc, visited)
	s.checkWorktrees(loc, own, opts, env)
	for v := range visited {
		if !strings.Contains(v, "\x00") {
			s.gitDirs = append(s.gitDirs, v)
		}
	}
	slices.Sort(s.gitDirs)
	return s
}

// checkWorktrees sets s.strayWorktree to the first core.worktree a
// repository's configuration sets that is not that repository's own work
// tree: the directory whose .git is the git directory (a .git directory,
// or a .git file naming it, as for linked worktrees and submodules). A
// hostile repository sets core.worktree=/home/you/other, and git diff
// prints the difference between its index and any file there. The first
// own settings are the command's repository's; the others are its
// submodules', which may also name a directory inside the repository's
// work tree (a submodule emptied by hand keeps core.worktree and an empty
// directory, which git does not enter). A work tree
// the caller chose (--work-tree, checked by the guard, or GIT_WORK_TREE)
// outranks core.worktree, and then nothing is checked. The directory and
// its .git join the files the cache watches.
func (s *repoScan) checkWorktrees(loc repoLoc, own int, opts, env []string) {
	if _, ok := envValue(env, "GIT_WORK_TREE"); ok || slices.ContainsFunc(opts, func(o string) bool {
		return o == "--work-tree" || strings.HasPrefix(o, "--work-tree=")
	}) {
		return
	}
	real := func(p string) string {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return r
		}
		return filepath.Clean(p)
	}
	// A submodule's work tree lies in the repository's work tree, or in
	// the main work tree when the command runs in a linked worktree (the
	// submodules under the common directory are the main one's).
	var tops []string
	if loc.top != "" {
		tops = append(tops, real(loc.top))
	}
	if loc.common != "" && filepath.Base(loc.common) == ".git" {
		tops = append(tops, filepath.Dir(real(loc.common)))
	}
	inside := func(p string) bool {
		return slices.ContainsFunc(tops, func(t string) bool { return p == t || strings.HasPrefix(p, t+string(filepath.Separator)) })
	}
	for i, w := range s.worktrees {
		wt := w.value
		if !filepath.IsAbs(wt) {
			wt = filepath.Join(w.gitDir, wt) // relative to the git directory
		}
		s.addFile(wt)
		s.addFile(filepath.Join(wt, ".git"))
		if d, _, ok := gitDirAt(wt); ok && real(d) == real(w.gitDir) {
			continue
		}
		if i >= own && inside(real(wt)) {
			continue
		}
		s.strayWorktree = wt
		return
	}
}

// checkIncludes sets s.outside to the first included file that lies
// outside the repository's work tree, its git and common directories and
// the git directories scanned (with symbolic links resolved): a
// repository's configuration may organise itself in files, not pull the
// operator's in.
func (s *repoScan) checkIncludes(loc repoLoc, visited map[string]bool) {
	var roots []string
	for _, r := range []string{loc.top, loc.gitDir, loc.common} {
		if r != "" {
			roots = append(roots, r)
		}
	}
	for v := range visited {
		if !strings.Contains(v, "\x00") {
			roots = append(roots, v)
		}
	}
	if len(roots) == 0 {
		// Where the repository is is unknown: any include is outside.
		if len(s.includes) > 0 {
			s.outside = s.includes[0]
		}
		return
	}
	for i, r := range roots {
		if real, err := filepath.EvalSymlinks(r); err == nil {
			roots[i] = real
		}
	}
	for _, inc := range s.includes {
		p := inc
		if real, err := filepath.EvalSymlinks(inc); err == nil {
			p = real
		} else if real, err := filepath.EvalSymlinks(filepath.Dir(inc)); err == nil {
			p = filepath.Join(real, filepath.Base(inc))
		}
		if !slices.ContainsFunc(roots, func(r string) bool { return p == r || strings.HasPrefix(p, r+string(filepath.Separator)) }) {
			s.outside = inc
			return
		}
	}
}

// scanGitlinks lists the gitlinks in the index at gitDir (work tree top)
// and scans each checked-out one that has a git directory of its own, then
// its gitlinks in turn. The index, each gitlink's directory and its .git
// join the files the answer depends on.
func (s *repoScan) scanGitlinks(ctx context.Context, git, dir string, env []string, gitDir, top string, depth int, seen, visited map[string]bool) {
	s.addFile(filepath.Join(gitDir, "index"))
	if depth > 8 || len(visited) > 2*maxGitRepos {
		s.failed = true
		return
	}
	// From the work tree's top, with both directories given: a submodule's
	// git directory names its work tree (core.worktree), and git refuses
	// a working directory outside it.
	out, ok := s.gitOutput(ctx, git, dir, env, "-C", top, "--git-dir="+gitDir, "--work-tree="+top, "ls-files", "-z", "-s")
	if !ok {
		return
	}
	for _, rec := range strings.Split(out, "\x00") {
		if s.failed {
			return
		}
		meta, path, found := strings.Cut(rec, "\t")
		if !found || !strings.HasPrefix(meta, "160000 ") {
			continue
		}
		at := filepath.Join(top, filepath.FromSlash(path))
		s.addFile(at)
		sub, files, ok := gitDirAt(at)
		for _, f := range files {
			s.addFile(f)
		}
		if !ok || visited[filepath.Clean(sub)+"\x00"+at] {
			continue
		}
		for _, f := range []string{"config", "config.worktree", "HEAD"} {
			s.addFile(filepath.Join(sub, f))
		}
		// A submodule under .git/modules had its configuration listed
		// already; its own gitlinks were not.
		if !visited[filepath.Clean(sub)] {
			visited[filepath.Clean(sub)] = true
			s.scanOne(ctx, git, dir, []string{"--git-dir=" + sub}, env, seen)
		}
		visited[filepath.Clean(sub)+"\x00"+at] = true
		s.scanGitlinks(ctx, git, dir, env, sub, at, depth+1, seen, visited)
	}
}

// scanLimits are the limits of the scan's own git processes, which run
// before the command and outside its confinement: a repository's config,
// commondir or an included file that is /dev/zero made git config --list
// grow to 6 GB in its 5 s. The scan's output is the repository's
// configuration listed, far below maxScanOutput.
var scanLimits = &Confinement{Mode: SandboxOff, MaxMemoryBytes: 512 << 20}

const maxScanOutput = 16 << 20

// gitOutput runs git with args in dir and returns its standard output.
// A git that does not finish in 5 s, is killed, cannot start or writes
// more than maxScanOutput marks the scan failed; a refusal (an exit
// status) does not.
func (s *repoScan) gitOutput(ctx context.Context, git, dir string, env []string, args ...string) (string, bool) {
	r := Run(ctx, Spec{Path: git, Args: args, Dir: dir, Env: env, Timeout: 5 * time.Second,
		MaxStdout: maxScanOutput, MaxStderr: 4 << 10, Confine: scanLimits})
	switch {
	case !r.Started || r.TimedOut || r.Canceled || r.Signal != "" || r.Stdout.Truncated:
		s.failed = true
		return "", false
	case r.ExitCode != 0:
		return "", false
	}
	return string(r.Stdout.Data), true
}

// scanOne runs one `git config --list --show-origin` and adds what it
// found to s.
func (s *repoScan) scanOne(ctx context.Context, git, dir string, opts, env []string, seen map[string]bool) bool {
	out, ok := s.gitOutput(ctx, git, dir, env, append(slices.Clone(opts), "config", "-z", "--show-origin", "--list")...)
	if !ok {
		return false
	}
	// git prints origins relative to the directory it moved to with -C.
	base := dir
	for i := 0; i+1 < len(opts); i++ {
		if opts[i] == "-C" {
			i++
			if filepath.IsAbs(opts[i]) {
				base = opts[i]
			} else {
				base = filepath.Join(base, opts[i])
			}
		}
	}
	recs := strings.Split(out, "\x00")
	for i := 0; i+1 < len(recs); i += 2 {
		origin, entry := recs[i], recs[i+1]
		name, value, _ := strings.Cut(entry, "\n")
		file, isFile := strings.CutPrefix(origin, "file:")
		if isFile {
			if !filepath.IsAbs(file) {
				file = filepath.Join(base, file)
			}
			s.addFile(file)
		}
		// Section and variable names are case-insensitive, and git prints
		// them lower-cased; the subsection keeps its case.
		if isFile && (name == "include.path" || strings.HasPrefix(name, "includeif.") && strings.HasSuffix(name, ".path")) {
			// An include whose condition is false today, or whose file is
			// missing, may start to count: its target is part of the
			// cache key.
			if t := includeTarget(file, value); t != "" {
				s.addFile(t)
				s.includes = append(s.includes, t)
			}
		}
		if isFile && name == "core.worktree" {
			// The last value wins; relative values are read from the git
			// directory, the directory of the repository's config file.
			s.setWorktree(filepath.Dir(file), value)
		}
		if driverKey.MatchString(name) {
			for _, o := range overridesFor(name) {
				if !seen[o.key] {
					seen[o.key] = true
					s.overrides = append(s.overrides, o)
				}
			}
		}
	}
	return true
}

// setWorktree records the core.worktree gitDir's configuration sets, the
// last value read replacing an earlier one of the same directory.
func (s *repoScan) setWorktree(gitDir, value string) {
	for i, w := range s.worktrees {
		if w.gitDir == gitDir {
			s.worktrees[i].value = value
			return
		}
	}
	s.worktrees = append(s.worktrees, worktreeSetting{gitDir, value})
}

func (s *repoScan) addFile(f string) {
	if f != "" && !slices.Contains(s.files, f) {
		s.files = append(s.files, f)
	}
}

// includeTarget resolves an include.path value the way git does: ~/ is the
// home directory, and a relative path is taken from the including file's
// directory.
func includeTarget(from, value string) string {
	switch {
	case value == "":
		return ""
	case strings.HasPrefix(value, "~/"):
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		return filepath.Join(home, value[2:])
	case filepath.IsAbs(value):
		return value
	}
	return filepath.Join(filepath.Dir(from), value)
}

// askGitDirs asks git where the repository keeps its configuration (the
// uncached path, which cannot tell without git); the zero repoLoc when git
// cannot say.
func askGitDirs(ctx context.Context, git, dir string, opts, env []string) repoLoc {
	ask := func(what ...string) []string {
		// Under scanLimits, as the scan's listing.
		r := Run(ctx, Spec{Path: git, Args: append(append(slices.Clone(opts), "rev-parse"), what...), Dir: dir, Env: env,
			Timeout: 5 * time.Second, MaxStdout: 64 << 10, MaxStderr: 4 << 10, Confine: scanLimits})
		if r.ExitCode != 0 || r.Stdout.Truncated {
			return nil
		}
		return strings.Split(strings.TrimSpace(string(r.Stdout.Data)), "\n")
	}
	abs := func(p string) string {
		if p != "" && !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return p
	}
	if l := ask("--absolute-git-dir", "--git-common-dir", "--show-toplevel"); len(l) == 3 {
		return repoLoc{gitDir: l[0], common: abs(l[1]), top: l[2]}
	}
	// A bare repository has no work tree to show.
	if l := ask("--absolute-git-dir", "--git-common-dir"); len(l) == 2 {
		return repoLoc{gitDir: l[0], common: abs(l[1])}
	}
	return repoLoc{}
}

// gitDirAt returns the git directory of the repository whose work tree is
// at (its .git directory, or the directory a .git file names), and the
// paths looked at.
func gitDirAt(at string) (string, []string, bool) {
	dotgit := filepath.Join(at, ".git")
	fi, err := os.Stat(dotgit)
	if err != nil {
		return "", []string{dotgit}, false
	}
	if fi.IsDir() {
		return dotgit, []string{dotgit}, true
	}
	b, err := readSmall(dotgit)
	if err != nil {
		return "", []string{dotgit}, false
	}
	p, found := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !found {
		return "", []string{dotgit}, false
	}
	p = strings.TrimSpace(p)
	if !filepath.IsAbs(p) {
		p = filepath.Join(at, p)
	}
	return p, []string{dotgit, p}, true
}

// submoduleDirs returns the git directories of the submodules kept under
// common/modules, nested ones included (modules/a/modules/b): git status
// and git diff enter each checked-out submodule and read its own config.
func submoduleDirs(common string) []string {
	var out []string
	var walk func(dir string)
	walk = func(dir string) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			p := filepath.Join(dir, e.Name())
			if isGitDir(p) {
				out = append(out, p)
				walk(filepath.Join(p, "modules"))
			} else {
				// Submodule names may contain slashes (modules/lib/a).
				walk(p)
			}
		}
	}
	walk(filepath.Join(common, "modules"))
	return out
}

// isGitDir reports whether dir looks like a git directory to git's own
// discovery: a HEAD file and objects and refs directories.
func isGitDir(dir string) bool {
	for _, n := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			return false
		}
	}
	return true
}

// withOverrides returns env with the overrides appended as GIT_CONFIG_KEY_n
// and GIT_CONFIG_VALUE_n pairs after those env already has, and
// GIT_CONFIG_COUNT raised to match. Configuration given in the environment
// outranks the repository's own.
func withOverrides(env []string, ovs []override) []string {
	if len(ovs) == 0 {
		return env
	}
	n := 0
	if v, ok := envValue(env, "GIT_CONFIG_COUNT"); ok {
		n, _ = strconv.Atoi(v)
	}
	out := make([]string, 0, len(env)+2*len(ovs))
	for _, kv := range env {
		if !sameEnvName(envName(kv), "GIT_CONFIG_COUNT") {
			out = append(out, kv)
		}
	}
	for _, o := range ovs {
		out = append(out, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", n, o.key), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", n, o.value))
		n++
	}
	return append(out, "GIT_CONFIG_COUNT="+strconv.Itoa(n))
}

// GitDrivers computes GitDriverEnv's overrides once per repository and
// keeps them until one of the files they came from changes, so the common
// git call starts no process but its own. The key of an entry is the git
// program, the repository's git directory and the global options that
// choose the configuration; it stays valid while every configuration file
// git read, every file they include (present or not), HEAD (for
// includeIf "onbranch:"), and every submodule directory and configuration
// keeps its size, modification and change times, device and inode (a .git
// directory its device and inode: see signature). The change time (ctime)
// cannot be set back by a user, so an edit that keeps size and mtime is
// still seen.
//
// Calls whose repository cannot be found without git (none above the
// working directory) are not cached. A GitDrivers is safe for concurrent
// use.
type GitDrivers struct {
	mu      sync.Mutex
	entries map[string]*gitEntry
	scans   atomic.Int64
}

type gitEntry struct {
	files []string
	sig   string
	ovs   []override
	dirs  []string
}

// maxGitEntries bounds the cache; past it the cache starts over.
const maxGitEntries = 256

// freshWindow: a file changed this recently may have changed while git
// read it, so the scan's answer is used but not kept.
var freshWindow = time.Second

// NewGitDrivers returns an empty cache.
func NewGitDrivers() *GitDrivers { return &GitDrivers{entries: map[string]*gitEntry{}} }

// Scans returns how many repository scans the cache has run (each starts
// one git process, plus one per submodule).
func (c *GitDrivers) Scans() int64 { return c.scans.Load() }

// Env is GitDriverEnv with the cache.
func (c *GitDrivers) Env(ctx context.Context, git, dir string, args, env []string) []string {
	out, _ := c.EnvDirs(ctx, git, dir, guard.ReadArgv("git", args), env)
	return out
}

// EnvDirs is Env for the argv the guard read (guard.Decision.Argv), and
// also returns the git directories of the repository and of the
// submodules and gitlinks git may enter from it (a gitlink's .git file
// may name any directory), for the caller to check.
func (c *GitDrivers) EnvDirs(ctx context.Context, git, dir string, argv *guard.Argv, env []string) ([]string, []string) {
	opts := gitRepoOptions(argv)
	loc, base, ok := findGitDir(dir, opts)
	if !ok {
		c.scans.Add(1)
		s := scanRepo(ctx, git, dir, opts, env, askGitDirs(ctx, git, dir, opts, env))
		return s.result(env), s.gitDirs
	}
	key := git + "\x00" + loc.gitDir + "\x00" + loc.top + "\x00" + strings.Join(opts, "\x00")
	c.mu.Lock()
	e := c.entries[key]
	c.mu.Unlock()
	if e != nil {
		if sig, _ := signature(e.files); sig == e.sig {
			return withOverrides(env, e.ovs), e.dirs
		}
	}
	c.scans.Add(1)
	start := time.Now()
	s := scanRepo(ctx, git, dir, opts, env, loc)
	if !s.ok || s.failed || s.outside != "" || s.strayWorktree != "" {
		return s.result(env), s.gitDirs
	}
	files := slices.Clone(base)
	for _, f := range s.files {
		if !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	for _, sub := range submoduleDirs(loc.common) {
		files = append(files, sub, filepath.Join(sub, "config"), filepath.Join(sub, "config.worktree"), filepath.Join(sub, "HEAD"))
	}
	sig, newest := signature(files)
	if newest.Before(start.Add(-freshWindow)) {
		c.mu.Lock()
		if len(c.entries) >= maxGitEntries {
			clear(c.entries)
		}
		c.entries[key] = &gitEntry{files: files, sig: sig, ovs: s.overrides, dirs: s.gitDirs}
		c.mu.Unlock()
	}
	return withOverrides(env, s.overrides), s.gitDirs
}

// findGitDir finds, without running git, where the repository a command
// in dir with the global options opts uses keeps its configuration, and
// the files and directories whose change may change the configuration read
// (beyond the ones git reports as read). --git-dir names the git directory
// (relative to the -C options before it; the work tree is then --work-tree
// or the working directory, as for git); --work-tree alone does not change
// which configuration is read. ok is false when no repository is found.
func findGitDir(dir string, opts []string) (loc repoLoc, files []string, ok bool) {
	join := func(base, p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(base, p)
	}
	explicit, workTree := "", ""
	for i := 0; i < len(opts); i++ {
		switch o := opts[i]; {
		case o == "-C" && i+1 < len(opts):
			i++
			dir = join(dir, opts[i])
		case o == "--git-dir" && i+1 < len(opts):
			i++
			explicit = join(dir, opts[i])
		case strings.HasPrefix(o, "--git-dir="):
			explicit = join(dir, strings.TrimPrefix(o, "--git-dir="))
		case o == "--work-tree" && i+1 < len(opts):
			i++
			workTree = join(dir, opts[i])
		case strings.HasPrefix(o, "--work-tree="):
			workTree = join(dir, strings.TrimPrefix(o, "--work-tree="))
		case o == "-c":
			i++
		default:
			return repoLoc{}, nil, false
		}
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return repoLoc{}, nil, false
	}
	if explicit != "" {
		abs, err := filepath.Abs(explicit)
		if err != nil {
			return repoLoc{}, nil, false
		}
		loc, files = repoLoc{gitDir: abs, top: absDir}, []string{abs}
	} else if loc, files, ok = discoverGitDir(absDir); !ok {
		return repoLoc{}, nil, false
	}
	if workTree != "" {
		if loc.top, err = filepath.Abs(workTree); err != nil {
			return repoLoc{}, nil, false
		}
	}
	loc.common = loc.gitDir
	b, err := readSmall(filepath.Join(loc.gitDir, "commondir"))
	if isNotSmallFile(err) {
		// git would read it (or block on it): what it names is unknown,
		// so the repository is not one this scan can vouch for.
		return repoLoc{}, nil, false
	}
	if err == nil {
		c := strings.TrimSpace(string(b))
		if !filepath.IsAbs(c) {
			c = filepath.Join(loc.gitDir, c)
		}
		loc.common = filepath.Clean(c)
	}
	g, c := loc.gitDir, loc.common
	files = append(files, filepath.Join(g, "commondir"), filepath.Join(g, "HEAD"),
		filepath.Join(g, "config"), filepath.Join(g, "config.worktree"),
		filepath.Join(c, "config"), filepath.Join(c, "config.worktree"), filepath.Join(c, "modules"))
	return loc, files, true
}

// discoverGitDir walks up from the absolute dir as git's discovery does, to
// the first directory with a .git (a directory, or a file naming one), whose
// work tree it is, or that is a git directory itself (bare, no work tree).
// files lists every .git looked at: one that appears later below the found
// one changes the answer.
func discoverGitDir(d string) (loc repoLoc, files []string, ok bool) {
	for {
		gitDir, looked, found := gitDirAt(d)
		files = append(files, looked...)
		if found {
			return repoLoc{gitDir: gitDir, top: d}, files, true
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return repoLoc{}, nil, false // a .git git cannot use either
		}
		if isGitDir(d) {
			return repoLoc{gitDir: d}, files, true // a bare repository
		}
		parent := filepath.Dir(d)
		if parent == d {
			return repoLoc{}, nil, false
		}
		d = parent
	}
}

// signature returns one string describing the state of every file (its
// identity, size and times, or its absence) and the newest change time
// among them.
func signature(files []string) (string, time.Time) {
	var b strings.Builder
	var newest time.Time
	for _, f := range files {
		b.WriteString(f)
		fi, err := os.Stat(f)
		if err != nil {
			b.WriteString("\x00-\x00")
			continue
		}
		id, changed := fileID(fi)
		if fi.IsDir() && filepath.Base(f) == ".git" {
			// A .git directory's own times move whenever any git takes a
			// lock in it (index.lock, created and removed by every git
			// status that may refresh the index: an editor's, the user's):
			// with them, every such call elsewhere cost a rescan. What in
			// it can change the configuration read (config, HEAD,
			// commondir, included files) is listed on its own; the
			// directory counts by its identity and type.
			if i := strings.LastIndexByte(id, ':'); i >= 0 {
				id = id[:i] // device and inode, without the change time
			}
			fmt.Fprintf(&b, "\x00dir\x00%s\x00", id)
			continue
		}
		fmt.Fprintf(&b, "\x00%d\x00%d\x00%s\x00", fi.Size(), fi.ModTime().UnixNano(), id)
		if changed.After(newest) {
			newest = changed
		}
		if fi.ModTime().After(newest) {
			newest = fi.ModTime()
		}
	}
	return b.String(), newest
}

// repoOptions is gitRepoOptions of args read by the guard's reader, for
// the callers that hold an argv the guard did not check.
func repoOptions(args []string) []string { return gitRepoOptions(guard.ReadArgv("git", args)) }

// gitRepoOptions returns the global options of a git argv, as the guard
// read them (guard.Argv), that decide which repository and configuration
// a command uses: -C, -c, --git-dir and --work-tree with their values, in
// their original spelling. The other global options (--no-pager, -P,
// --literal-pathspecs, --namespace X) do not change which configuration
// is read.
func gitRepoOptions(v *guard.Argv) []string {
	var out []string
	for _, o := range v.Globals() {
		switch {
		case o.Attached():
			if o.Name == "--git-dir" || o.Name == "--work-tree" {
				out = append(out, v.Arg(o.Index))
			}
		case !o.HasValue():
		case o.Name == "-C" || o.Name == "-c" || o.Name == "--git-dir" || o.Name == "--work-tree":
			out = append(out, o.Name, o.Value)
		}
	}
	return out
}

// IsGit reports whether path names the git program (by base name), the
// only program GitDriverEnv applies to.
func IsGit(path string) bool {
	b := filepath.Base(path)
	return b == "git" || b == "git.exe"
}
