package engine

import (
	"bufio"
	"context"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/executor"
)

// SandboxInfo is the kernel layer as describe and telemetry report it.
type SandboxInfo struct {
	// Mode is guard.sandbox: "auto", "off" or "required".
	Mode string `json:"mode"`
	// Enforced reports that commands run under Landlock.
	Enforced bool `json:"enforced"`
	// ABI is the Landlock ABI enforced; 0 when not enforced.
	ABI int `json:"abi"`
	// Reason says why Enforced is false.
	Reason string `json:"reason,omitempty"`
	// Start is how commands are started: "thread" (forked from a
	// restricted thread of the server, no second exec) or "helper"
	// (through parism-sandbox, for StartReason).
	Start       string `json:"start,omitempty"`
	StartReason string `json:"start_reason,omitempty"`
	// Helper is the program children are started through when Start is
	// "helper" (parism-sandbox, or this binary re-executed); HelperIgnored
	// says why a configured or found parism-sandbox was not used.
	Helper        string `json:"helper,omitempty"`
	HelperIgnored string `json:"helper_ignored,omitempty"`
}

// SandboxOverview is describe's report: the kernel layer, and what it
// enforces on an allowed command: Commands for those with needs of their
// own (helpers, reads, TCP ports) and those the operator added (which
// execute what they can read), Default for the rest.
type SandboxOverview struct {
	SandboxInfo
	Default  *CommandSandbox           `json:"default,omitempty"`
	Commands map[string]CommandSandbox `json:"commands,omitempty"`
}

// RunSandbox is telemetry's report: the kernel layer, and Command, what it
// enforced on this run.
type RunSandbox struct {
	SandboxInfo
	Command *CommandSandbox `json:"command,omitempty"`
}

// CommandSandbox is what the kernel enforces on one command: which files
// it may execute and read and where it may connect. A right the kernel
// cannot enforce here says so ("not enforced: ..."), never silently.
type CommandSandbox struct {
	// Exec is "own" (the program's own files, its loader or interpreter,
	// and ExecExtra), "any" (everything readable: the build profile) or
	// "not enforced: why".
	Exec      string   `json:"exec"`
	ExecExtra []string `json:"exec_extra,omitempty"`
	// Read is "system+allowed_paths", "system+project" (allowed_paths
	// empty: the repository around the working directory, else that
	// directory, credential stores cut out), "all but credentials"
	// (build) or "not enforced: why"; ReadExtra are the command's own
	// additions.
	Read      string   `json:"read"`
	ReadExtra []string `json:"read_extra,omitempty"`
	// Net is "none", "ports" (TCP connect to Ports only), "any" or "not
	// enforced: why".
	Net   string   `json:"net"`
	Ports []uint16 `json:"ports,omitempty"`
}

// needs is what one command needs from the kernel in the readonly
// profile beyond the base every command gets (systemRead, the project).
type needs struct {
	exec  []string // helpers it runs: absolute, or "~/" under the home
	read  []string // areas it reads, same forms
	ports []uint16 // TCP ports it connects to; nil: no TCP at all
	// kube adds the ports of the servers in the operator's kubeconfig.
	kube bool
	// gitExec adds git's own helpers (git --exec-path).
	gitExec bool
}

var (
	webPorts  = []uint16{80, 443}
	kubePorts = []uint16{443, 6443, 8443}
)

// commandNeeds is keyed by command because the program decides what it
// executes, reads and connects to, whatever the arguments the guard let
// through: listing it here lets the kernel refuse everything else, so a
// program misled by the project (its configuration, a symbolic link, a
// path the guard resolved differently) still cannot run, read or reach
// more. Commands not listed get the base only: no helpers, no extra
// reads, no TCP. ping (ICMP) and dig (UDP) use protocols Landlock does not
// cover; dig's TCP fallback is port 53.
var commandNeeds = map[string]needs{
	"git":  {gitExec: true}, // TCP only for ls-remote: see confinement
	"curl": {ports: webPorts}, "wget": {ports: webPorts},
	"dig": {ports: []uint16{53}}, "nslookup": {ports: []uint16{53}}, "host": {ports: []uint16{53}},
	// kubectl and helm read the operator's kubeconfig and their own state;
	// exec credential plugins named there are not run (see SECURITY.md).
	"kubectl": {read: []string{"~/.kube"}, ports: kubePorts, kube: true},
	"helm": {read: []string{"~/.kube", "~/.config/helm", "~/.cache/helm", "~/.local/share/helm"},
		ports: union(webPorts, kubePorts), kube: true},
	"docker": {read: []string{"~/.docker"}, ports: []uint16{2375, 2376},
		exec: []string{"/usr/libexec/docker/cli-plugins", "/usr/lib/docker/cli-plugins", "/usr/local/lib/docker/cli-plugins"}},
	"gh": {read: []string{"~/.config/gh"}, ports: []uint16{443}},
	// npm runs on node (found through its #! line); it gets no ~/.npmrc:
	// the registry token stays out of reach of a project's .npmrc.
	"npm": {ports: webPorts},
	// brew is a bash program that runs its own Ruby and the system's
	// utilities (uname, git, curl) even to list.
	"brew": {read: []string{"/home/linuxbrew/.linuxbrew", "~/.cache/Homebrew"},
		exec: []string{"/home/linuxbrew/.linuxbrew", "/usr/bin", "/bin"}, ports: webPorts},
	"journalctl": {read: []string{"/var/log/journal", "/run/log/journal"}},
	"systemctl":  {read: []string{"/run/systemd"}},
	"apt":        {read: []string{"/var/lib/apt", "/var/lib/dpkg", "/var/cache/apt"}, exec: []string{"/usr/bin/dpkg"}},
	// dpkg's query actions run dpkg-query; both read the package database.
	"dpkg":       {read: []string{"/var/lib/dpkg"}, exec: []string{"/usr/bin/dpkg-query"}},
	"dpkg-query": {read: []string{"/var/lib/dpkg"}},
}

// scratchFree are the shipped commands that never write a temporary file
// whatever the arguments the guard admits (checked against their sources:
// coreutils' ls, cat, head, tail, wc, stat, du, df, id, uname, pwd, date,
// env; findutils' find, whose -fprint family the guard refuses; GNU grep;
// procps' ps, free, uptime and w; tree; debianutils' which, a shell
// script without here-documents; iproute2's ip and ss, net-tools'
// netstat, lsof, util-linux's lsblk and mount, dig, ping and ping6). They run
// without a private TMPDIR, which saves creating and removing a directory
// per call (and lets the run reuse the cached Landlock ruleset of its
// confinement, which a rule on a fresh directory would not); TMPDIR is
// then unset and nothing is writable, so a program that tries gets an
// error, not a file. Every other command keeps its private directory:
// sort, git but for gitScratchFree, npm and the commands an operator
// adds, whose needs are unknown here.
var scratchFree = map[string]bool{
	"ls": true, "cat": true, "head": true, "tail": true, "wc": true, "stat": true, "du": true, "df": true,
	"id": true, "uname": true, "pwd": true, "date": true, "env": true, "find": true, "grep": true,
	"ps": true, "free": true, "uptime": true, "w": true, "tree": true, "which": true,
	"ip": true, "ss": true, "netstat": true, "lsof": true, "lsblk": true, "mount": true, "dig": true, "ping": true, "ping6": true,
}

// gitScratchFree are git's subcommands that read refs, the index and
// objects and write no temporary file in TMPDIR (traced on git 2.39 in the
// forms the guard admits: their only files are git's own locks in the
// git directory, which readonly cannot write anyway). git uses TMPDIR for
// external diffs, textconv and signature checks, so log, show, diff,
// blame, grep and cat-file keep their private directory, as do the
// subcommands that reach a remote or other repositories.
var gitScratchFree = map[string]bool{
	"status": true, "rev-parse": true, "ls-files": true, "ls-tree": true, "branch": true, "tag": true,
	"describe": true, "show-ref": true, "for-each-ref": true, "merge-base": true, "name-rev": true,
	"count-objects": true, "rev-list": true, "version": true, "remote": true, "stash": true,
	"reflog": true, "config": true, "shortlog": true,
}

// scratchless reports that a shipped command runs without a private
// TMPDIR: scratchFree, or a git subcommand of gitScratchFree (argv is the
// command's argv as the guard read it).
func scratchless(cmd string, argv *guard.Argv) bool {
	if scratchFree[cmd] {
		return true
	}
	sub, _ := argv.Subcommand()
	return executor.IsGit(cmd) && gitScratchFree[sub]
}

// systemRead is what every command may read: the system's read-only
// areas, /etc without its secrets (etcSecrets), /proc and /sys (the
// other processes' environ, mem and fd stay closed: see package
// executor), and the harmless devices (not /dev/pts: a command could
// read what is typed on another terminal).
var systemRead = []string{
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/nix/store",
	"/proc", "/sys",
	"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/fd",
}

// etcSecrets are cut out of /etc: Landlock rules only allow, so /etc is
// granted entry by entry without these.
var etcSecrets = []string{
	"shadow", "shadow-", "gshadow", "gshadow-", "sudoers", "sudoers.d", ".pwd.lock", "security/opasswd",
	"ssh/ssh_host_rsa_key", "ssh/ssh_host_ecdsa_key", "ssh/ssh_host_ed25519_key", "ssh/ssh_host_dsa_key",
	"ssl/private", "pki/tls/private", "krb5.keytab", "wireguard", "NetworkManager/system-connections",
	"ppp/chap-secrets", "ppp/pap-secrets", "ipsec.secrets", "ipsec.d/private", "openvpn", "kubernetes",
	"rancher", "letsencrypt", "docker/key.json", "credstore", "credstore.encrypted", "libvirt/secrets",
	"samba/smbpasswd", "sssd", "containers/auth.json", "cups/ssl",
	// Service credentials that live in /etc by convention: apt's
	// repository logins (Ubuntu Pro's token among them), the MySQL
	// maintenance password, CI runner and mail relay tokens, system-wide
	// cloud keys, agent and cluster secrets.
	"apt/auth.conf", "apt/auth.conf.d", "mysql/debian.cnf", "gitlab-runner", "gitlab", "postfix/sasl_passwd",
	"postfix/sasl_passwd.db", "exim4/passwd.client", "boto.cfg", "ceph", "vault.d", "consul.d", "nomad.d",
	"datadog-agent", "grafana", "fetchmailrc", "ubuntu-advantage", "ldap.secret", "libnss-ldap.secret",
	"pam_ldap.secret", "rsyncd.secrets", "dovecot/private",
}

// credentialStores are cut out of every home directory a read rule would
// otherwise cover (a working directory at or above a home, the build
// profile): keys, tokens and the configurations that name them.
var credentialStores = []string{
	".ssh", ".aws", ".kube", ".docker", ".config/gh", ".config/hub", ".npmrc", ".yarnrc", ".yarnrc.yml",
	".netrc", ".git-credentials", ".config/git/credentials", ".gnupg", ".config/gcloud", ".azure", ".oci",
	".config/helm", ".local/share/helm", ".pgpass", ".my.cnf", ".vault-token", ".terraform.d",
	".cargo/credentials", ".cargo/credentials.toml", ".password-store", ".local/share/keyrings",
	".pypirc", ".gem/credentials", ".m2/settings.xml", ".gradle/gradle.properties", ".boto", ".s3cfg",
	".config/op", ".bash_history", ".zsh_history", ".python_history", ".psql_history", ".mysql_history",
	// Tool logins beyond the classics: Terraform's credentials blocks
	// (TF_CLI_CONFIG_FILE often names ~/.terraformrc), pip's index URLs
	// with passwords, container registry logins, model hubs, cloud and
	// deploy CLIs, package registries, the AI coding CLIs' tokens, and the
	// browsers' profiles (their cookies are logged-in sessions).
	".terraformrc", ".config/pip", ".pip", ".config/containers", ".cache/huggingface", ".huggingface",
	".config/rclone", ".kaggle", ".config/configstore", ".databrickscfg", ".snowsql", ".dbt", ".mylogin.cnf",
	".pulumi", ".config/glab-cli", ".config/doctl", ".config/hcloud", ".config/openstack", ".fly",
	".config/netlify", ".config/wrangler", ".wrangler", ".local/share/com.vercel.cli", ".cloudflared",
	".config/ngrok", ".ngrok2", ".config/stripe", ".minikube", ".config/sops", ".config/age",
	".composer/auth.json", ".config/composer/auth.json", ".bundle/config", ".ivy2/.credentials",
	".nuget", ".config/NuGet", ".dockercfg", ".pki", ".claude", ".claude.json", ".codex", ".gemini",
	".config/github-copilot", ".config/Bitwarden CLI", ".mozilla", ".thunderbird", ".config/google-chrome",
	".config/chromium", ".config/BraveSoftware", ".config/microsoft-edge", ".local/share/fish/fish_history",
	".config/pypoetry/auth.toml", ".sentryclirc", ".circleci/cli.yml", ".config/solana", ".ollama/id_ed25519",
	".mc/config.json", ".continue/config.json", ".hex/hex.config", ".config/cachix", ".env", ".Renviron",
	".node_repl_history", ".rediscli_history", ".sqlite_history", ".lesshst",
}

// systemTrees are the directories a build never writes in, at or below
// them; systemDirs those it never takes whole as its project (the
// directories that hold everybody's projects and scratch files). With
// guard.allowed_paths empty, the build profile writes in the working
// directory: one of these, a home directory itself (its dotfiles run at
// the next login) or a directory above a home is refused.
var (
	systemTrees = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/boot",
		"/proc", "/sys", "/dev", "/run", "/var/lib", "/var/cache", "/var/log", "/var/spool", "/var/mail",
		"/snap", "/nix"}
	systemDirs = []string{"/", "/tmp", "/var", "/var/tmp", "/opt", "/srv", "/mnt", "/media", "/home", "/Users"}
)

// File size limits (RLIMIT_FSIZE) per profile. In readonly the only
// regular files a command can write are in its private temporary
// directory, so the limit bounds scratch files (sort on a large input);
// build output is larger but a single file past 4 GiB is not a build.
const (
	readonlyMaxFileBytes = 256 << 20
	buildMaxFileBytes    = 4 << 30
)

// sandboxInfo reports the kernel layer for mode on this host.
func sandboxInfo(mode string) SandboxInfo {
	if mode == "" {
		mode = config.SandboxAuto
	}
	st := executor.SandboxStatus()
	info := SandboxInfo{Mode: mode, Enforced: st.Enforced, ABI: st.ABI, Reason: st.Reason,
		Start: st.Start, StartReason: st.StartReason, Helper: st.Helper, HelperIgnored: st.HelperIgnored}
	switch {
	case mode == config.SandboxOff:
		info.Enforced, info.ABI = false, 0
		info.Reason = `guard.sandbox is "off"; no_new_privs, the seccomp filter and resource limits still apply`
	case mode == config.SandboxRequired && !st.Enforced:
		info.Reason += `; guard.sandbox is "required", so commands are refused`
	}
	return info
}

// Sandbox reports the kernel layer under the engine's configuration.
func (e *Engine) Sandbox() SandboxInfo { return e.sandbox }

// kernelPolicy is the part of every run's confinement that depends only
// on the configuration and the host, computed once by New.
type kernelPolicy struct {
	base  executor.Confinement
	build bool
	// roots are guard.allowed_paths; empty means the working directory.
	roots []string
	// home is the home directory of the commands' environment; homes
	// are every home whose credential stores are cut out.
	home  string
	homes []string
	env   []string
	// rules are what load read of the file system, and loadMu orders
	// their refreshes.
	rules  atomic.Pointer[fsRules]
	loadMu sync.Mutex
	// kubeFound are the kubeconfig's server ports, read once.
	kubeOnce  sync.Once
	kubeFound []uint16
}

// fsRules are the rules read from the file system, which load refreshes
// every rulesRefresh: a file of /etc made private (or made) after the
// server started is cut out from the next refresh on, not only by the
// next server.
type fsRules struct {
	at time.Time
	// hidden are the credential stores of every home and /etc's secrets.
	hidden []string
	// system is systemRead plus /etc without its secrets; systemList
	// the directories only listed (/etc itself).
	system, systemList []string
	// writeRoots are the allowed paths a build writes, without
	// writeHidden: hidden and the homes' dot entries.
	writeRoots, writeHidden []string
	// buildReads is what the build profile reads (everything but hidden
	// and the homes of others) and lists (the directories above those),
	// keyed by the home holding the run's working directory: a project in
	// another user's home reads that home.
	buildMu    sync.Mutex
	buildReads map[string][2][]string
}

// rulesRefresh is how old load lets the file-system rules get (a
// variable for the tests).
var rulesRefresh = time.Minute

// newKernelPolicy computes the confinement's fixed part.
func newKernelPolicy(cfg config.Config, roots []string, env []string) *kernelPolicy {
	p := &kernelPolicy{
		base: executor.Confinement{
			Mode:           cfg.Guard.Sandbox,
			PrivateTmp:     true,
			MaxMemoryBytes: int64(cfg.Guard.MaxMemoryMb) << 20,
			MaxFileBytes:   readonlyMaxFileBytes,
		},
		build: cfg.Guard.Profile == guard.ProfileBuild,
		roots: roots,
		env:   env,
	}
	p.home, _ = envLookup(env, "HOME")
	p.homes = homes(p.home)
	if p.build {
		p.base.AllowBind, p.base.AllowConnect = true, true
		p.base.MaxFileBytes = buildMaxFileBytes
	}
	return p
}

// load returns the rules that read the file system, computed on the first
// run (the walk of /etc takes a few milliseconds a server's start need not
// wait for) and again when they are older than rulesRefresh: what is
// hidden, the system areas, and the build's write roots.
func (p *kernelPolicy) load() *fsRules {
	if r := p.rules.Load(); r != nil && time.Since(r.at) < rulesRefresh {
		return r
	}
	p.loadMu.Lock()
	defer p.loadMu.Unlock()
	if r := p.rules.Load(); r != nil && time.Since(r.at) < rulesRefresh {
		return r // refreshed while this call waited
	}
	r := &fsRules{at: time.Now(), buildReads: map[string][2][]string{}}
	secrets := slices.Concat(under("/etc", etcSecrets), privateFiles("/etc"))
	r.hidden = p.hiddenPaths(secrets)
	etc, etcList := readableMinusLinksOut([]string{"/etc"}, secrets)
	r.system, r.systemList = slices.Concat(systemRead, etc), etcList
	if p.build {
		r.writeHidden = p.unwritable(r.hidden)
		r.writeRoots = r.writable(p.roots)
	}
	p.rules.Store(r)
	return r
}

// privateFiles are the files and directories under dir that other users
// cannot read (a file without o+r, a directory without o+r or o+x). The
// server often runs as root, which reads them all whatever their mode:
// a service's own secrets (a database's pg_hba.conf at 0640, a private
// key at 0600) are kept by their mode, not by a name etcSecrets could
// list. Nothing below a private directory is listed.
func privateFiles(dir string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil // readableMinus keeps a link only when its target is clear
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		m := info.Mode().Perm()
		switch {
		case d.IsDir() && m&0o005 != 0o005:
			out = append(out, path)
			return fs.SkipDir
		case !d.IsDir() && m&0o004 == 0:
			out = append(out, path)
		}
		return nil
	})
	return out
}

// writable is roots without what a build must not write: the credential
// stores, /etc's secrets, and every entry of a home whose name starts
// with a dot (shell startup files, ~/.config/autostart, ~/.local/bin,
// ~/.gitconfig: run or read by the operator's own programs later, outside
// any sandbox). A root above one of those is replaced by its entries, so
// nothing new can be created beside them either.
func (r *fsRules) writable(roots []string) []string {
	if len(roots) == 0 {
		return nil
	}
	w, _ := readableMinus(roots, r.writeHidden)
	return w
}

// unwritable is what writable leaves out: hidden and the homes' dot
// entries, read by load.
func (p *kernelPolicy) unwritable(hidden []string) []string {
	hidden = slices.Clone(hidden)
	for _, h := range p.homes {
		ents, _ := os.ReadDir(h)
		for _, ent := range ents {
			if strings.HasPrefix(ent.Name(), ".") {
				hidden = append(hidden, filepath.Join(h, ent.Name()))
			}
		}
	}
	return hidden
}

// buildRead is what a build run in cwd reads and lists: everything but
// hidden and the homes other than the commands' own and the one holding
// cwd (or an allowed path), which only names can be listed of.
func (p *kernelPolicy) buildRead(r *fsRules, cwd string) (read, list []string) {
	key := ""
	for _, h := range p.homes {
		if cwd == h || isBelow(cwd, h) {
			key = h
		}
	}
	r.buildMu.Lock()
	defer r.buildMu.Unlock()
	if b, ok := r.buildReads[key]; ok {
		return b[0], b[1]
	}
	hidden := slices.Clone(r.hidden)
	for _, h := range p.homes {
		if h == key || h == p.home || slices.ContainsFunc(p.roots, func(r string) bool { return r == h || isBelow(r, h) }) {
			continue
		}
		hidden = append(hidden, h)
	}
	read, list = readableMinus([]string{"/"}, hidden)
	r.buildReads[key] = [2][]string{read, list}
	return read, list
}

// broad reports that dir is / or lies above the home directory of
// another user: taken as the project, it would be every user's files
// (the commands' own home is the operator's, readable as a project, its
// credential stores cut out).
func (p *kernelPolicy) broad(dir string) bool {
	if dir == "/" {
		return true
	}
	for _, h := range p.homes {
		if h != p.home && isBelow(h, dir) {
			return true
		}
	}
	return false
}

// workdirRefusal is why the kernel layer refuses cwd as a run's working
// directory, and the failure's detail; "" when it takes it.
func (p *kernelPolicy) workdirRefusal(cwd string) (msg, detail string) {
	if msg := p.cwdLeavesRepository(cwd); msg != "" {
		return msg, detailCwdLeavesRepository
	}
	if msg := p.buildWorkdirRefusal(cwd); msg != "" {
		return msg, detailBuildWorkdir
	}
	return "", ""
}

// detailCwdLeavesRepository is the detail of a run refused because its
// working directory is reached through a symbolic link out of the
// repository around it (cwdLeavesRepository).
const detailCwdLeavesRepository = "cwd_leaves_repository"

// cwdLeavesRepository says, with allowed_paths empty, why cwd is refused
// when the path given passes through a symbolic link that leads out of
// the repository holding the path up to that link: the kernel rules
// follow the project of the directory reached, so a repository's
// vendor -> /other/repo would make the agent's "cd vendor" read another
// repository. "" when cwd is taken.
func (p *kernelPolicy) cwdLeavesRepository(cwd string) string {
	if len(p.roots) > 0 {
		return "" // the guard checks cwd against the allowed paths, resolved
	}
	cwd = filepath.Clean(cwd)
	real, err := filepath.EvalSymlinks(cwd)
	if err != nil || real == cwd {
		return ""
	}
	// base: cwd's longest prefix without a symbolic link.
	base := "/"
	for _, part := range strings.Split(strings.TrimPrefix(cwd, "/"), "/") {
		next := filepath.Join(base, part)
		fi, err := os.Lstat(next)
		if err != nil || fi.Mode()&os.ModeSymlink != 0 {
			break
		}
		base = next
	}
	for d := base; d != "/"; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err != nil {
			continue
		}
		if d == real || isBelow(real, d) {
			return ""
		}
		return "the working directory '" + cwd + "' is reached through a symbolic link out of the repository at '" +
			d + "' (to '" + real + "'); give '" + real + "' as cwd to work there, or set guard.allowed_paths"
	}
	return ""
}

// detailBuildWorkdir is the detail of a build run refused for its working
// directory (buildWorkdirRefusal).
const detailBuildWorkdir = "build_workdir"

// buildWorkdirRefusal says why the build profile, with guard.allowed_paths
// empty, refuses to take cwd as the directory it writes in; "" when it
// takes it.
func (p *kernelPolicy) buildWorkdirRefusal(cwd string) string {
	if !p.build || len(p.roots) > 0 {
		return ""
	}
	cwd = filepath.Clean(cwd)
	if r, err := filepath.EvalSymlinks(cwd); err == nil {
		cwd = r
	}
	why := ""
	switch {
	case slices.Contains(systemDirs, cwd) || p.broad(cwd):
		why = "holds other projects or users' files"
	case slices.Contains(p.homes, cwd) || cwd == p.home:
		why = "is a home directory (its dotfiles run at the next login)"
	case slices.ContainsFunc(systemTrees, func(d string) bool { return cwd == d || isBelow(cwd, d) }):
		why = "is a system directory"
	default:
		return ""
	}
	return "the build profile writes in the working directory, and '" + cwd + "' " + why +
		"; run in the project's own directory, or set guard.allowed_paths to the directories builds may write"
}

// hiddenPaths are the credential stores of every home, and /etc's
// secrets, each also where it resolves to when it is a symbolic link.
func (p *kernelPolicy) hiddenPaths(etcSecrets []string) []string {
	var out []string
	for _, h := range p.homes {
		out = append(out, under(h, credentialStores)...)
	}
	out = append(out, etcSecrets...)
	for _, h := range out {
		if r, err := filepath.EvalSymlinks(h); err == nil && r != h {
			out = append(out, r)
		}
	}
	return out
}

// confinementFor is one run's Confinement and its report; argv is the
// run's argv as the guard read it (guard.Decision.Argv), nil for the
// command alone.
func (e *Engine) confinementFor(cmd string, argv *guard.Argv, cwd string) (*executor.Confinement, *CommandSandbox) {
	// A command the guard ships a policy for has helpers commandNeeds
	// knows; the others execute what they can read.
	return e.confineAs(cmd, commandNeeds[cmd], guard.HasDefaultPolicy(cmd), argv, cwd)
}

// confineAs is the confinement of cmd with needs n; shipped says whether
// the guard ships a policy for it (else it is the operator's addition).
func (e *Engine) confineAs(cmd string, n needs, shipped bool, argv *guard.Argv, cwd string) (*executor.Confinement, *CommandSandbox) {
	p := e.kernel
	r := p.load()
	c := p.base
	if p.build {
		// Build runs project code by design: it executes whatever it can
		// read, connects anywhere, and writes in the project; it still
		// cannot read credential stores, write elsewhere, or reach the
		// server.
		c.ReadPaths, c.ListPaths = p.buildRead(r, cwd)
		c.WritePaths = r.writeRoots
		if len(p.roots) == 0 {
			// buildWorkdirRefusal has refused the directories that are
			// not a project's.
			c.WritePaths = r.writable([]string{cwd})
		}
		return &c, e.report(&c, "all but credentials", nil, nil)
	}
	extraRead := p.expand(n.read)
	if n.kube {
		extraRead = append(extraRead, p.kubeconfigs()...)
	}
	if cmd == "docker" {
		if d, ok := envLookup(p.env, "DOCKER_CONFIG"); ok {
			extraRead = append(extraRead, d)
		}
	}
	read := "system+allowed_paths"
	c.ReadPaths, c.ListPaths = nil, r.systemList
	if len(p.roots) > 0 {
		c.ReadPaths = slices.Concat(r.system, p.roots, extraRead)
	} else {
		// The project: the repository around cwd (git, npm and cargo look
		// for their files in the parents), else cwd itself.
		read = "system+project"
		root := projectRoot(cwd)
		if r, err := filepath.EvalSymlinks(root); err == nil {
			root = r
		}
		if p.broad(root) {
			// / or a directory above other users' homes is no project:
			// taken whole it would be every user's files. Its names can be
			// listed; what is beneath is read as any other path.
			read = "system (the working directory is / or above other users' homes: listed only; set guard.allowed_paths to read more)"
			c.ReadPaths = slices.Concat(r.system, extraRead)
			c.ListPaths = append(slices.Clip(c.ListPaths), root)
		} else {
			project, list := readableMinus([]string{root}, r.hidden)
			c.ReadPaths = slices.Concat(r.system, project, extraRead)
			c.ListPaths = slices.Concat(c.ListPaths, list)
		}
	}
	c.PrivateTmp = !(shipped && scratchless(cmd, argv))
	// A command the operator added to the allowlist keeps ExecPaths nil:
	// its helpers are unknown here, so it may execute what it can read (it
	// still reads, writes and connects only as the rest says).
	if shipped {
		c.ExecPaths = p.expand(n.exec)
		if n.gitExec {
			if d := gitExecPath(p.env); d != "" {
				c.ExecPaths = append(c.ExecPaths, d)
			}
		}
	}
	ports := n.ports
	if n.kube {
		ports = union(ports, p.kubePorts())
	}
	if sub, _ := argv.Subcommand(); executor.IsGit(cmd) && sub == "ls-remote" {
		// The guard admits http(s) URLs only.
		ports = webPorts
	}
	if ports != nil {
		c.AllowConnect, c.ConnectPorts = true, ports
	}
	return &c, e.report(&c, read, extraRead, c.ExecPaths)
}

// report describes what c enforces on this host.
func (e *Engine) report(c *executor.Confinement, read string, readExtra, execExtra []string) *CommandSandbox {
	r := &CommandSandbox{Exec: "own", ExecExtra: execExtra, Read: read, ReadExtra: readExtra, Net: "none"}
	if c.ExecPaths == nil {
		r.Exec = "any"
	}
	switch {
	case c.AllowConnect && len(c.ConnectPorts) > 0:
		r.Net, r.Ports = "ports", c.ConnectPorts
	case c.AllowConnect:
		r.Net = "any"
	}
	if !e.sandbox.Enforced {
		why := "not enforced: " + e.sandbox.Reason
		r.Exec, r.Read = why, why
		if r.Net != "any" {
			r.Net = why
		}
	} else if e.sandbox.ABI < 4 && r.Net != "any" {
		r.Net = "not enforced: TCP rules need Landlock ABI 4, the kernel has " + strconv.Itoa(e.sandbox.ABI)
	}
	return r
}

// describeSandbox is the kernel layer with the report of the allowed
// commands, for describe.
func (e *Engine) describeSandbox(cmds []string) SandboxOverview {
	info := SandboxOverview{SandboxInfo: e.sandbox}
	_, info.Default = e.confineAs("", needs{}, true, nil, e.workdir)
	if e.kernel.build {
		return info // the same for every command
	}
	info.Commands = map[string]CommandSandbox{}
	for _, cmd := range cmds {
		if _, ok := commandNeeds[cmd]; ok || !guard.HasDefaultPolicy(cmd) {
			_, r := e.confinementFor(cmd, nil, e.workdir)
			info.Commands[cmd] = *r
		}
	}
	return info
}

// expand resolves "~/" against the commands' home; without a home those
// entries are dropped.
func (p *kernelPolicy) expand(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, s := range paths {
		if rest, ok := strings.CutPrefix(s, "~/"); ok {
			if p.home == "" {
				continue
			}
			s = filepath.Join(p.home, rest)
		}
		out = append(out, s)
	}
	return out
}

// kubeconfigs are the files kubectl reads: KUBECONFIG's list, else
// ~/.kube/config (covered by ~/.kube).
func (p *kernelPolicy) kubeconfigs() []string {
	v, ok := envLookup(p.env, "KUBECONFIG")
	if !ok || v == "" {
		return nil
	}
	return filepath.SplitList(v)
}

// kubePorts are the ports of the servers the operator's kubeconfig names
// (a kind cluster listens on a random one), read once: a line scan for
// "server:" is enough for the files kubectl writes.
func (p *kernelPolicy) kubePorts() []uint16 {
	p.kubeOnce.Do(func() {
		files := p.kubeconfigs()
		if len(files) == 0 && p.home != "" {
			files = []string{filepath.Join(p.home, ".kube", "config")}
		}
		for _, f := range files {
			p.kubeFound = union(p.kubeFound, serverPorts(f))
		}
	})
	return p.kubeFound
}

func serverPorts(file string) []uint16 {
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []uint16
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		v, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "server:")
		if !ok {
			continue
		}
		u, err := url.Parse(strings.Trim(strings.TrimSpace(v), `"'`))
		if err != nil || u.Host == "" {
			continue
		}
		port := u.Port()
		if port == "" {
			port = "443"
		}
		if n, err := strconv.ParseUint(port, 10, 16); err == nil {
			out = union(out, []uint16{uint16(n)})
		}
	}
	return out
}

// gitExecPath is git's helper directory (git --exec-path), asked once.
var gitExecPath = func() func(env []string) string {
	var once sync.Once
	var dir string
	return func(env []string) string {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, "git", "--exec-path")
			cmd.Env = env
			if out, err := cmd.Output(); err == nil {
				if d := strings.TrimSpace(string(out)); filepath.IsAbs(d) {
					dir = d
				}
			}
		})
		return dir
	}
}()

// projectRoot is the nearest directory at or above cwd holding .git, or
// cwd when there is none below / (a repository at / is not a project).
func projectRoot(cwd string) string {
	for d := filepath.Clean(cwd); d != "/" && d != "."; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
	}
	return cwd
}

// homes are the home directories whose credential stores are cut out:
// the commands' own, root's, and every one under /home.
func homes(home string) []string {
	out := []string{"/root"}
	if home != "" {
		out = append(out, home)
	}
	if ents, err := os.ReadDir("/home"); err == nil {
		for _, e := range ents {
			if e.IsDir() {
				out = append(out, filepath.Join("/home", e.Name()))
			}
		}
	}
	for i, h := range out {
		if r, err := filepath.EvalSymlinks(h); err == nil {
			out[i] = r
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func under(dir string, rel []string) []string {
	out := make([]string, len(rel))
	for i, r := range rel {
		out[i] = filepath.Join(dir, r)
	}
	return out
}

// readableMinus returns paths that cover roots except hidden: a root with
// nothing hidden beneath it stays whole; one that is hidden goes; one
// above a hidden path is replaced by its entries, recursively, and is
// listed in list: it stays listable (a Landlock rule on a directory
// reaches what is beneath it, so the names in a hidden directory can be
// listed, never its files read). Symbolic links among the entries are kept
// only when their target is clear of every hidden path and lies in the
// same root: a rule follows the link, and a project's committed link to
// /home/other/notes.txt would otherwise grant that file. Roots are
// resolved first, so a symbolic link to a home is seen as the home.
func readableMinus(roots, hidden []string) (read, list []string) {
	return readable(roots, hidden, false)
}

// readableMinusLinksOut is readableMinus for a root whose links may lead
// out of it: /etc, the system's own (resolv.conf into /run, localtime
// into /usr/share/zoneinfo), which programs need.
func readableMinusLinksOut(roots, hidden []string) (read, list []string) {
	return readable(roots, hidden, true)
}

func readable(roots, hidden []string, linksOut bool) (read, list []string) {
	var root string
	var walk func(p string, depth int)
	walk = func(p string, depth int) {
		switch relation(p, hidden) {
		case "hidden":
			return
		case "clear":
			read = append(read, p)
			return
		}
		if depth > 8 {
			return // deeper than any hidden path: refuse rather than guess
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return
		}
		list = append(list, p)
		for _, ent := range ents {
			child := filepath.Join(p, ent.Name())
			if ent.Type()&os.ModeSymlink != 0 {
				t, err := filepath.EvalSymlinks(child)
				if err != nil || relation(t, hidden) != "clear" || !linksOut && t != root && !isBelow(t, root) {
					continue
				}
			}
			walk(child, depth+1)
		}
	}
	for _, r := range roots {
		if rr, err := filepath.EvalSymlinks(r); err == nil {
			r = rr
		}
		root = filepath.Clean(r)
		walk(root, 0)
	}
	return read, list
}

// relation says whether p is hidden (at or below a hidden path), above
// one, or clear of all of them.
func relation(p string, hidden []string) string {
	above := false
	for _, h := range hidden {
		switch {
		case p == h || isBelow(p, h):
			return "hidden"
		case p == "/" || isBelow(h, p):
			above = true
		}
	}
	if above {
		return "above"
	}
	return "clear"
}

// isBelow reports whether p lies strictly below the directory dir.
func isBelow(p, dir string) bool {
	return len(p) > len(dir) && p[len(dir)] == '/' && p[:len(dir)] == dir
}

func union(a, b []uint16) []uint16 {
	out := slices.Clone(a)
	for _, v := range b {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

func envLookup(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
			return v, true
		}
	}
	return "", false
}
