package executor

import (
	"path/filepath"
	"regexp"
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

// secretValue matches values that are credentials whatever their
// variable is called: a URL whose user part carries a password
// (DATABASE_URL=postgres://u:p@db, HTTPS_PROXY=http://u:p@proxy) or a
// token for its user, a Slack or Discord hook URL, a JSON Web Token, and
// the token formats that announce themselves (GitHub, GitLab, OpenAI and
// Anthropic, Slack, AWS key ids, Stripe, Hugging Face, npm, Google API
// keys, PEM private keys).
var secretValue = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://[^/@\s]*:[^/@\s]*@|` +
	// a user part of 12 characters or more, or of 8 with letters and
	// digits, is a token used as the user (https://TOKEN@pypi.example.com),
	// not a login name (git@, deploy@)
	`^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/@\s:]{12,}|[^/@\s:]*[A-Za-z][^/@\s:]*[0-9][^/@\s:]*|[^/@\s:]*[0-9][^/@\s:]*[A-Za-z][^/@\s:]*)@|` +
	// a header with credentials (GIT_HTTP_EXTRAHEADER="Authorization: Basic ...")
	`(?i:^(?:proxy-)?authorization:\s*\S)|` +
	// hook URLs whose path is the secret, and JSON Web Tokens
	`hooks\.slack\.com/services/|discord(?:app)?\.com/api/webhooks/|\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.|` +
	`\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|sk-[A-Za-z0-9_-]{20,}|` +
	`xox[abprs]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|hf_[A-Za-z0-9]{30,}|` +
	`npm_[A-Za-z0-9]{36}|AIza[0-9A-Za-z_-]{35})\b|-----BEGIN[A-Z0-9 ]*PRIVATE KEY-----`)

// StripEnv removes every entry whose NAME contains any of patterns as a
// case-insensitive substring, so "TOKEN" catches GITHUB_TOKEN and
// my_token_file alike: secret names follow no single convention and a
// false positive only costs the child a variable. Empty patterns are
// ignored (they would match everything). Whatever the patterns, an entry
// whose value is a credential (see secretValue) is removed too. kept is a
// new slice in the original order; removed lists each removed name once,
// in order.
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
		secret := slices.ContainsFunc(upper, func(p string) bool { return strings.Contains(un, p) }) ||
			len(kv) > len(name) && secretValue.MatchString(kv[len(name)+1:])
		if !secret {
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
	// ssh program, no credential helper. (Keys whose names the repository
	// chooses, such as filter.<driver>.clean, are added per repository by
	// GitDrivers.)
	"GIT_CONFIG_COUNT=19",
	"GIT_CONFIG_KEY_0=core.fsmonitor", "GIT_CONFIG_VALUE_0=false",
	"GIT_CONFIG_KEY_1=core.hooksPath", "GIT_CONFIG_VALUE_1=/dev/null",
	"GIT_CONFIG_KEY_2=core.pager", "GIT_CONFIG_VALUE_2=cat",
	"GIT_CONFIG_KEY_3=core.editor", "GIT_CONFIG_VALUE_3=true",
	"GIT_CONFIG_KEY_4=core.sshCommand", "GIT_CONFIG_VALUE_4=false",
	// An empty helper clears the list, the URL-scoped helpers
	// (credential.<url>.helper) of the repository included.
	"GIT_CONFIG_KEY_5=credential.helper", "GIT_CONFIG_VALUE_5=",
	// Signature checks (log.showSignature, %G formats) run gpg.program, and
	// a 401 from a remote runs core.askPass: both repository-settable.
	"GIT_CONFIG_KEY_6=gpg.program", "GIT_CONFIG_VALUE_6=false",
	"GIT_CONFIG_KEY_7=gpg.ssh.program", "GIT_CONFIG_VALUE_7=false",
	"GIT_CONFIG_KEY_8=gpg.x509.program", "GIT_CONFIG_VALUE_8=false",
	"GIT_CONFIG_KEY_9=log.showSignature", "GIT_CONFIG_VALUE_9=false",
	"GIT_CONFIG_KEY_10=core.askPass", "GIT_CONFIG_VALUE_10=false",
	"GIT_CONFIG_KEY_11=gpg.openpgp.program", "GIT_CONFIG_VALUE_11=false",
	"GIT_CONFIG_KEY_12=gpg.ssh.defaultKeyCommand", "GIT_CONFIG_VALUE_12=",
	// With an alternates file, git log --alternate-refs (and fetch,
	// receive) run core.alternateRefsCommand through the shell; an empty
	// command is not run (git prints "cannot run" and goes on).
	"GIT_CONFIG_KEY_13=core.alternateRefsCommand", "GIT_CONFIG_VALUE_13=",
	"GIT_CONFIG_KEY_14=sequence.editor", "GIT_CONFIG_VALUE_14=true",
	// No background gc or maintenance (programs, and writes) after a
	// command that would otherwise trigger them.
	"GIT_CONFIG_KEY_15=gc.auto", "GIT_CONFIG_VALUE_15=0",
	"GIT_CONFIG_KEY_16=maintenance.auto", "GIT_CONFIG_VALUE_16=false",
	// git diff refreshes the index's stat data and writes .git/index back
	// when it finds stat-only changes, GIT_OPTIONAL_LOCKS=0 or not (git
	// 2.39); the output is the same without (stat-only changes are never
	// shown).
	"GIT_CONFIG_KEY_17=diff.autoRefreshIndex", "GIT_CONFIG_VALUE_17=false",
	// diff.submodule=diff makes git diff (and log -p, show) start a child
	// git diff in each changed submodule, without the --no-ext-diff the
	// rewrite gave the parent: the submodule's diff.external, a program,
	// would run (an empty one cannot be set: git then fails to run "").
	// The guard refuses --submodule=diff for the same reason.
	"GIT_CONFIG_KEY_18=diff.submodule", "GIT_CONFIG_VALUE_18=short",
	// Transports that run programs are refused: ext::, ssh (with its
	// command) and file, whose upload-pack and receive-pack are programs a
	// repository can name (remote.<name>.uploadpack, and a remote named
	// like the URL the agent passes: git ls-remote https://x/r uses
	// [remote "https://x/r"]). The first value git reads wins for those
	// keys, so the environment cannot override them. Plain http(s)
	// remains; local paths are refused as remotes.
	"GIT_ALLOW_PROTOCOL=http:https",
	// npm writes a debug log under ~/.npm/_logs on every call and checks
	// the registry for a newer npm: a read-only `npm ls` must write nothing
	// and ask nobody. (Its cache goes to the run's private TMPDIR when the
	// sandbox gives it one.)
	// less (a pager some programs start despite PAGER) runs no shell,
	// editor, log file or input preprocessor.
	"LESSSECURE=1",
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
//
// PS_PERSONALITY and CMD_ENV change how procps ps reads its argument list
// (PS_PERSONALITY=bsd reads every word the BSD way, where e prints other
// processes' environments), which the guard models for the default
// personality only.
//
// SSLKEYLOGFILE makes curl (and anything on OpenSSL/NSS that honours it)
// append TLS session keys to a file of the caller's choosing.
var safeRemoved = []string{"LESSOPEN", "LESSCLOSE", "POSIXLY_CORRECT", "PS_PERSONALITY", "CMD_ENV", "SSLKEYLOGFILE",
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
