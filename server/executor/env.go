package executor

import (
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// envName returns the NAME of a NAME=value entry (the whole entry when it
// has no '='). The search starts at index 1 because Windows keeps
// per-drive directories in entries such as "=C:=C:\dir".
func envName(kv string) string {
	if kv == "" {
		return ""
	}
	if i := strings.IndexByte(kv[1:], '='); i >= 0 {
		return kv[:i+1]
	}
	return kv
}

// sameEnvName compares variable names the way the platform does: Windows
// environment names are case-insensitive, unix ones are not.
func sameEnvName(a, b string) bool {
	if runtime.GOOS == "windows" {
		return strings.EqualFold(a, b)
	}
	return a == b
}

// envValue returns the value of the last entry named name, which is the one
// the child will see: os/exec keeps the last of duplicate entries.
func envValue(env []string, name string) (string, bool) {
	for _, kv := range slices.Backward(env) {
		if n := envName(kv); sameEnvName(n, name) {
			if len(kv) > len(n) {
				return kv[len(n)+1:], true
			}
			return "", true
		}
	}
	return "", false
}

// StripEnv removes every entry whose NAME contains any of patterns as a
// case-insensitive substring, so "TOKEN" catches GITHUB_TOKEN and
// my_token_file alike: secret names follow no single convention and a
// false positive only costs the child a variable. Empty patterns are
// ignored (they would match everything). kept is a new slice in the
// original order; removed lists each removed name once, in order.
func StripEnv(env []string, patterns []string) (kept []string, removed []string) {
	upper := make([]string, 0, len(patterns))
	for _, p := range patterns {
		if p != "" {
			upper = append(upper, strings.ToUpper(p))
		}
	}
	kept = make([]string, 0, len(env))
	for _, kv := range env {
		name := envName(kv)
		un := strings.ToUpper(name)
		if !slices.ContainsFunc(upper, func(p string) bool { return strings.Contains(un, p) }) {
			kept = append(kept, kv)
			continue
		}
		if !slices.Contains(removed, name) {
			removed = append(removed, name)
		}
	}
	return kept, removed
}

// safeSettings are the variables SafeEnv forces. Each one keeps a program
// from doing something that makes no sense without a terminal and a human:
// waiting for input, paging, colouring or localising its output.
var safeSettings = []string{
	// A fixed UTF-8 locale makes messages, sorting and number formats the
	// same on every host, so parsers downstream see one format, while still
	// passing non-ASCII file names through unmangled.
	"LC_ALL=C.UTF-8",
	"LANG=C.UTF-8",
	// Pagers would wait for a keypress on a terminal or mangle the output;
	// cat just copies it through.
	"PAGER=cat",
	"GIT_PAGER=cat",
	"MANPAGER=cat",
	// Anything that opens an editor (git commit without -m, crontab -e, ...)
	// gets true, which exits 0 at once instead of hanging on a TTY.
	"EDITOR=true",
	"VISUAL=true",
	"GIT_EDITOR=true",
	// git must fail rather than prompt for credentials nobody can type.
	"GIT_TERMINAL_PROMPT=0",
	// Ignore /etc/gitconfig so host-wide settings (pagers, aliases, hooks
	// paths, credential helpers) do not change what a command does.
	"GIT_CONFIG_NOSYSTEM=1",
	// Read-only git commands (status, diff) must not take index.lock and
	// collide with the user's own git running in the same repository.
	"GIT_OPTIONAL_LOCKS=0",
	// A dumb terminal and NO_COLOR keep escape sequences out of the output.
	"TERM=dumb",
	"NO_COLOR=1",
	// Ignore the user's ~/.gitconfig too: aliases, pagers and helpers there
	// are not the guard's to vet.
	"GIT_CONFIG_GLOBAL=/dev/null",
	// Config given in the environment outranks a repository's own
	// .git/config, which an agent may be inspecting precisely because it is
	// not trusted: no fsmonitor program, no hooks, no pager, no editor, no
	// ssh program, no credential helper.
	"GIT_CONFIG_COUNT=11",
	"GIT_CONFIG_KEY_0=core.fsmonitor", "GIT_CONFIG_VALUE_0=false",
	"GIT_CONFIG_KEY_1=core.hooksPath", "GIT_CONFIG_VALUE_1=/dev/null",
	"GIT_CONFIG_KEY_2=core.pager", "GIT_CONFIG_VALUE_2=cat",
	"GIT_CONFIG_KEY_3=core.editor", "GIT_CONFIG_VALUE_3=true",
	"GIT_CONFIG_KEY_4=core.sshCommand", "GIT_CONFIG_VALUE_4=false",
	"GIT_CONFIG_KEY_5=credential.helper", "GIT_CONFIG_VALUE_5=",
	// Signature checks (log.showSignature, %G formats) run gpg.program, and
	// a 401 from a remote runs core.askPass: both repository-settable.
	"GIT_CONFIG_KEY_6=gpg.program", "GIT_CONFIG_VALUE_6=false",
	"GIT_CONFIG_KEY_7=gpg.ssh.program", "GIT_CONFIG_VALUE_7=false",
	"GIT_CONFIG_KEY_8=gpg.x509.program", "GIT_CONFIG_VALUE_8=false",
	"GIT_CONFIG_KEY_9=log.showSignature", "GIT_CONFIG_VALUE_9=false",
	"GIT_CONFIG_KEY_10=core.askPass", "GIT_CONFIG_VALUE_10=false",
	// Transports that run programs (ext::, and ssh with its command) are
	// refused; plain http(s) and local paths remain.
	"GIT_ALLOW_PROTOCOL=http:https:file",
	// npm writes a debug log under ~/.npm/_logs on every call and checks
	// the registry for a newer npm: a read-only `npm ls` must write nothing
	// and ask nobody. (Its cache goes to the run's private TMPDIR when the
	// sandbox gives it one.)
	"npm_config_update_notifier=false",
	"npm_config_logs_max=0",
	"npm_config_fund=false",
}

// safeRemoved are variables SafeEnv deletes: LESSOPEN and LESSCLOSE make
// less run arbitrary preprocessors on the files it opens.
//
// The git variables name programs or other repositories to act on, and
// POSIXLY_CORRECT changes how GNU programs read options after positionals,
// which the guard's grammar relies on.
var safeRemoved = []string{"LESSOPEN", "LESSCLOSE", "POSIXLY_CORRECT",
	"GIT_DIR", "GIT_WORK_TREE", "GIT_EXEC_PATH", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS",
	"SSH_ASKPASS", "GIT_EXTERNAL_DIFF", "GIT_PROXY_COMMAND", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS"}

// SafeEnv returns a copy of env with a fixed locale and harmless pager,
// editor and prompt settings (see safeSettings), overriding any existing
// values, and without LESSOPEN and LESSCLOSE. It does not remove secrets;
// use StripEnv for that.
func SafeEnv(env []string) []string {
	out := make([]string, 0, len(env)+len(safeSettings))
	for _, kv := range env {
		name := envName(kv)
		drop := slices.ContainsFunc(safeRemoved, func(n string) bool { return sameEnvName(n, name) }) ||
			strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_") ||
			slices.ContainsFunc(safeSettings, func(s string) bool { return sameEnvName(envName(s), name) })
		if !drop {
			out = append(out, kv)
		}
	}
	return append(out, safeSettings...)
}

// withPWD returns env with PWD set to dir, as a copy.
func withPWD(env []string, dir string) []string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !sameEnvName(envName(kv), "PWD") {
			out = append(out, kv)
		}
	}
	return append(out, "PWD="+dir)
}
