package executor

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// driverKey matches the configuration keys through which a repository names
// a program for git to run on file contents: clean/smudge/process filters
// (run by git status and git diff on modified files) and text-conversion or
// external diff commands. The driver name in the middle is the repository's
// choice, so SafeEnv's fixed overrides cannot name it in advance.
var driverKey = regexp.MustCompile(`^(filter\..+\.(clean|smudge|process)|diff\..+\.(textconv|command))$`)

// GitDriverEnv returns env extended with overrides that blank every filter
// and diff driver the repository at dir configures, so that an untrusted
// repository's .git/config (or a file it includes) cannot make a read-only
// git command run a program. It asks git itself, with env (which SafeEnv has
// already stripped of global and system configuration), which driver keys
// are set: includes and conditional includes are resolved exactly as the
// command would resolve them. env is returned unchanged when no driver is
// configured or the repository's configuration cannot be read (git then
// fails on it too).
//
// An empty clean, smudge or process command makes git pass contents through
// unchanged; required=false keeps a blanked required filter from turning
// into an error. An empty textconv or diff command is never run (the guard
// also rewrites diff, log, show and blame with --no-textconv and
// --no-ext-diff).
//
// args are the git command's arguments: the global options before the
// subcommand that choose the repository (-C, --git-dir, --work-tree) or add
// configuration (-c) are repeated so the right configuration is read.
func GitDriverEnv(ctx context.Context, git, dir string, args, env []string) []string {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	argv := append(repoOptions(args), "config", "-z", "--get-regexp", `^(filter|diff)\.`)
	cmd := exec.CommandContext(ctx, git, argv...)
	cmd.Dir = dir
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		// Exit 1: no key matched. Anything else: git cannot read the
		// configuration and the command itself will fail the same way.
		return env
	}
	var keys []string
	for _, rec := range strings.Split(out.String(), "\x00") {
		name, _, _ := strings.Cut(rec, "\n")
		// Section and variable names are case-insensitive, and git prints
		// them lower-cased; the subsection (driver name) keeps its case.
		if driverKey.MatchString(name) {
			keys = append(keys, name)
			if strings.HasPrefix(name, "filter.") {
				keys = append(keys, name[:strings.LastIndexByte(name, '.')]+".required")
			}
		}
	}
	if len(keys) == 0 {
		return env
	}
	n := 0
	if v, ok := envValue(env, "GIT_CONFIG_COUNT"); ok {
		n, _ = strconv.Atoi(v)
	}
	out2 := make([]string, 0, len(env)+2*len(keys))
	for _, kv := range env {
		if !sameEnvName(envName(kv), "GIT_CONFIG_COUNT") {
			out2 = append(out2, kv)
		}
	}
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k] {
			continue
		}
		seen[k] = true
		v := ""
		if strings.HasSuffix(k, ".required") {
			v = "false"
		}
		out2 = append(out2, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", n, k), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", n, v))
		n++
	}
	return append(out2, "GIT_CONFIG_COUNT="+strconv.Itoa(n))
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
