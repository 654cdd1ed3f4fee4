package executor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
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
	return scanRepo(ctx, git, dir, repoOptions(args), env, "").result(env)
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
}

// scanFailedDir is the GIT_DIR a git command gets when its repository's
// configuration could not be listed: git then refuses to run ("not a git
// repository") instead of running with drivers nobody blanked.
const scanFailedDir = "/nonexistent/parism-could-not-list-this-repository-configuration"

// result returns env with the scan's overrides, or failing closed.
func (s repoScan) result(env []string) []string {
	if s.failed {
		out := make([]string, 0, len(env)+1)
		for _, kv := range env {
			if !sameEnvName(envName(kv), "GIT_DIR") {
				out = append(out, kv)
			}
		}
		return append(out, "GIT_DIR="+scanFailedDir)
	}
	return withOverrides(env, s.overrides)
}

// scanRepo lists the configuration git reads for the repository selected by
// opts in dir (and, when common is set, for every submodule repository
// under common/modules) and returns the overrides it needs.
func scanRepo(ctx context.Context, git, dir string, opts, env []string, common string) repoScan {
	var s repoScan
	seen := map[string]bool{}
	if !s.scanOne(ctx, git, dir, opts, env, seen) {
		return s
	}
	s.ok = true
	if common == "" {
		// Without the repository's own directory, find the submodules
		// through git (the uncached path).
		common = gitCommonDir(ctx, git, dir, opts, env)
	}
	if common != "" {
		for _, sub := range submoduleDirs(common) {
			// A submodule whose configuration cannot be read cannot be
			// entered by git either.
			s.scanOne(ctx, git, dir, []string{"--git-dir=" + sub}, env, seen)
		}
	}
	return s
}

// scanOne runs one `git config --list --show-origin` and adds what it
// found to s.
func (s *repoScan) scanOne(ctx context.Context, git, dir string, opts, env []string, seen map[string]bool) bool {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	argv := append(slices.Clone(opts), "config", "-z", "--show-origin", "--list")
	cmd := exec.CommandContext(ctx, git, argv...)
	cmd.Dir = dir
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		// Exit status 1 or more: git read the configuration and refused it
		// (the command itself will fail the same way). Anything else: unknown.
		var exit *exec.ExitError
		if !errors.As(err, &exit) || ctx.Err() != nil {
			s.failed = true
		}
		return false
	}
	recs := strings.Split(out.String(), "\x00")
	for i := 0; i+1 < len(recs); i += 2 {
		origin, entry := recs[i], recs[i+1]
		name, value, _ := strings.Cut(entry, "\n")
		file, isFile := strings.CutPrefix(origin, "file:")
		if isFile {
			if !filepath.IsAbs(file) {
				file = filepath.Join(dir, file)
			}
			s.addFile(file)
		}
		// Section and variable names are case-insensitive, and git prints
		// them lower-cased; the subsection keeps its case.
		if isFile && (name == "include.path" || strings.HasPrefix(name, "includeif.") && strings.HasSuffix(name, ".path")) {
			// An include whose condition is false today, or whose file is
			// missing, may start to count: its target is part of the
			// cache key.
			s.addFile(includeTarget(file, value))
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

// gitCommonDir asks git for the repository's common directory (where
// modules/ lives); "" when git cannot say.
func gitCommonDir(ctx context.Context, git, dir string, opts, env []string) string {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, git, append(slices.Clone(opts), "rev-parse", "--git-common-dir")...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	p := strings.TrimSpace(string(out))
	if p != "" && !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return p
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
// keeps its size, modification and change times, device and inode. The
// change time (ctime) cannot be set back by a user, so an edit that keeps
// size and mtime is still seen.
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
	opts := repoOptions(args)
	gitDir, common, base, ok := findGitDir(dir, opts)
	if !ok {
		c.scans.Add(1)
		return GitDriverEnv(ctx, git, dir, args, env)
	}
	key := git + "\x00" + gitDir + "\x00" + strings.Join(opts, "\x00")
	c.mu.Lock()
	e := c.entries[key]
	c.mu.Unlock()
	if e != nil {
		if sig, _ := signature(e.files); sig == e.sig {
			return withOverrides(env, e.ovs)
		}
	}
	c.scans.Add(1)
	start := time.Now()
	s := scanRepo(ctx, git, dir, opts, env, common)
	if !s.ok || s.failed {
		return s.result(env)
	}
	files := slices.Clone(base)
	for _, f := range s.files {
		if !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	for _, sub := range submoduleDirs(common) {
		files = append(files, sub, filepath.Join(sub, "config"), filepath.Join(sub, "config.worktree"), filepath.Join(sub, "HEAD"))
	}
	sig, newest := signature(files)
	if newest.Before(start.Add(-freshWindow)) {
		c.mu.Lock()
		if len(c.entries) >= maxGitEntries {
			clear(c.entries)
		}
		c.entries[key] = &gitEntry{files: files, sig: sig, ovs: s.overrides}
		c.mu.Unlock()
	}
	return withOverrides(env, s.overrides)
}

// findGitDir finds, without running git, the git directory a command in
// dir with the global options opts uses, its common directory, and the
// files and directories whose change may change the configuration read
// (beyond the ones git reports as read). --git-dir names the directory
// (relative to the -C options before it); --work-tree does not change which
// configuration is read. ok is false when no repository is found.
func findGitDir(dir string, opts []string) (gitDir, common string, files []string, ok bool) {
	join := func(base, p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(base, p)
	}
	explicit := ""
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
		case o == "-c" || o == "--work-tree":
			i++
		case strings.HasPrefix(o, "--work-tree="):
		default:
			return "", "", nil, false
		}
	}
	if explicit != "" {
		abs, err := filepath.Abs(explicit)
		if err != nil {
			return "", "", nil, false
		}
		gitDir, files = abs, []string{abs}
	} else if gitDir, files, ok = discoverGitDir(dir); !ok {
		return "", "", nil, false
	}
	common = gitDir
	if b, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(string(b))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		common = filepath.Clean(c)
	}
	files = append(files, filepath.Join(gitDir, "commondir"), filepath.Join(gitDir, "HEAD"),
		filepath.Join(gitDir, "config"), filepath.Join(gitDir, "config.worktree"),
		filepath.Join(common, "config"), filepath.Join(common, "config.worktree"), filepath.Join(common, "modules"))
	return gitDir, common, files, true
}

// discoverGitDir walks up from dir as git's discovery does, to the first
// directory with a .git (a directory, or a file naming one) or that is a
// git directory itself (bare). files lists every .git looked at: one that
// appears later below the found one changes the answer.
func discoverGitDir(dir string) (gitDir string, files []string, ok bool) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, false
	}
	for {
		dotgit := filepath.Join(d, ".git")
		files = append(files, dotgit)
		if fi, err := os.Stat(dotgit); err == nil {
			if fi.IsDir() {
				return dotgit, files, true
			}
			b, err := os.ReadFile(dotgit)
			if err != nil {
				return "", nil, false
			}
			p, found := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
			if !found {
				return "", nil, false
			}
			p = strings.TrimSpace(p)
			if !filepath.IsAbs(p) {
				p = filepath.Join(d, p)
			}
			return p, files, true
		}
		if isGitDir(d) {
			return d, files, true // a bare repository
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", nil, false
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

// repoOptions returns the global options at the front of a git argument
// list that decide which repository and configuration a command uses.
func repoOptions(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree":
			if i+1 < len(args) {
				out = append(out, a, args[i+1])
			}
			i++
		case strings.HasPrefix(a, "--git-dir=") || strings.HasPrefix(a, "--work-tree="):
			out = append(out, a)
		case strings.HasPrefix(a, "-"):
			// Other global options (--no-pager, -P, --literal-pathspecs)
			// do not change which configuration is read.
		default:
			return out // the subcommand
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
