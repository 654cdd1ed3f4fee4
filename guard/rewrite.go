package guard

import (
	"slices"
	"strings"
)

// Rewrite returns the argv to execute for cmd and args that passed Check.
// It only ever adds arguments that make the program safer (or, for ps,
// respells one as its synonym), and returns a new
// slice (args is not modified):
//
//   - ps gets "A" for every SysV "e" letter (same meaning), so that procps'
//     second, BSD reading of a failing argv cannot print environments;
//   - curl gets -q first, so it reads no .curlrc (found through CURL_HOME,
//     XDG_CONFIG_HOME and HOME), which can hold any option the guard
//     refuses on the command line (output, config, proxy, data); curl
//     honours -q only as its first argument. Then --proto =http,https and
//     --proto-redir =http,https: the guard reads URLs as curl does, but
//     curl itself then refuses any other scheme, guessed from a host name
//     (dict.x, ftp.x) or named by a redirect;
//   - npx gets --no, so it never downloads and runs a package the project
//     lacks;
//   - git config gets --no-includes, so include.path in the repository's
//     config cannot make it print another file;
//   - git diff, log, show, blame and reflog get --no-ext-diff
//     and --no-textconv, so an external diff or text-conversion driver named
//     by the repository's own config (.git/config with .gitattributes) is
//     not run. Environment variables cannot turn those off: driver names
//     are the repository's choice;
//   - git blame also gets --no-ignore-revs-file (before the caller's own
//     options, so a --ignore-revs-file given still counts): blame.
//     ignoreRevsFile in the repository's config can name any file, and
//     blame dies printing its first line that is not a commit
//     ("fatal: invalid object name: <line>");
//   - flake8 gets --jobs=1 when the caller chose no -j: its default process
//     pool needs POSIX semaphores in /dev/shm, which the kernel layer does
//     not grant (shared memory would be a channel between runs), so the
//     default dies with PermissionError; one process reads the same.
//
// The rewritten argv passes Check whenever args did. Rewrite reads args
// as ReadArgv does; a caller holding the Decision of Check uses
// Decision.Argv.Rewrite instead, which uses the reading Check made.
func Rewrite(cmd string, args []string) []string { return ReadArgv(cmd, args).Rewrite() }

// Rewrite is the package function Rewrite of the argv v holds.
func (v *Argv) Rewrite() []string {
	if v == nil {
		return nil
	}
	args := v.args
	out := slices.Clone(args)
	switch v.cmd {
	case "curl":
		// After -q, which must come first: whatever scheme curl guesses
		// or a redirect names, only http and https are spoken.
		lead := []string{"-q", "--proto", "=http,https", "--proto-redir", "=http,https"}
		if len(args) > 0 && (args[0] == "-q" || args[0] == "--disable") {
			out = slices.Insert(out, 1, lead[1:]...)
		} else {
			out = append(lead, out...)
		}
	case "npx":
		if !slices.Contains(args, "--no") {
			out = append([]string{"--no"}, out...)
		}
	case "ps":
		out = psRewrite(out)
	case "flake8":
		if !slices.ContainsFunc(args, func(a string) bool {
			return a == "--" || strings.HasPrefix(a, "-j") || strings.HasPrefix(a, "--jobs") || strings.HasPrefix(a, "--job")
		}) {
			out = append([]string{"--jobs=1"}, out...)
		}
	case "git":
		sub, at := v.Subcommand()
		if at < 0 {
			return out
		}
		if sub == "config" {
			if !slices.Contains(args, "--no-includes") {
				out = slices.Insert(out, at+1, "--no-includes")
			}
			return out
		}
		end := gitDiffEnd(args, at)
		if end < 0 {
			return out
		}
		var add []string
		safe := []string{"--no-ext-diff", "--no-textconv"}
		if sub == "blame" {
			safe = append(safe, "--no-ignore-revs-file")
		}
		for _, f := range safe {
			if !slices.Contains(args, f) {
				add = append(add, f)
			}
		}
		out = slices.Insert(out, end, add...)
	}
	return out
}

// gitDiffEnd returns the index just after git's subcommand at i (after
// "reflog show") when it is one whose diff machinery runs drivers, or -1.
func gitDiffEnd(args []string, i int) int {
	switch args[i] {
	case "diff", "log", "show", "blame":
		return i + 1
	case "reflog":
		// "git reflog OPTIONS show" would read show as a revision.
		if i+1 < len(args) && args[i+1] == "show" {
			return i + 2
		}
		return i + 1
	}
	// "git stash show" is left alone: any diff option replaces its default
	// --stat output.
	return -1
}
