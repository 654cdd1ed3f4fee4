package guard

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// argv is one command line: argv("git", "log", "-p").
func argv(s ...string) []string { return s }

// spelled lists the spellings of one form; all must get the same verdict.
type spelled struct {
	name   string
	detail string     // "" means allowed
	forms  [][]string // each is cmd + args
}

func checkSpellings(t *testing.T, g *Guard, cwd string, cases []spelled) {
	t.Helper()
	for _, c := range cases {
		for _, f := range c.forms {
			d := g.Check(f[0], f[1:], cwd)
			switch {
			case c.detail == "" && !d.Allowed:
				t.Errorf("%s: %q refused (%s/%s: %s), want allowed", c.name, f, d.Reason, d.Detail, d.Message)
			case c.detail != "" && d.Allowed:
				t.Errorf("%s: %q allowed, want %s", c.name, f, c.detail)
			case c.detail != "" && d.Detail != c.detail:
				t.Errorf("%s: %q refused as %s (%s), want %s", c.name, f, d.Detail, d.Message, c.detail)
			}
		}
	}
}

// TestPolicyClasses checks every class of the issue, each form in the
// spellings a program accepts: attached values, "=" forms, bundles,
// abbreviations, options after positionals, case variants.
func TestPolicyClasses(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	checkSpellings(t, g, proj, []spelled{
		// A program that runs another program.
		{"env with a command", detailRunsProgram, [][]string{
			argv("env", "ls"), argv("env", "A=1", "ls"), argv("env", "--", "ls"), argv("env", "-i", "ls"),
			argv("env", "-0", "-u", "X", "ls"), argv("env", "-u", "X", "ls", "-la"), argv("env", "-uX", "ls"),
			argv("env", "--unset=X", "ls"), argv("env", "-S", "ls -la"), argv("env", "-Sls"),
			argv("env", "--split-string=ls"), argv("env", "--split", "ls"), argv("env", "--spl=ls"),
			argv("env", "-iS", "ls"), argv("env", "-C", "/", "ls"), argv("env", "--chdir=/"),
		}},
		{"env alone prints the environment", "", [][]string{
			argv("env"), argv("env", "-0"), argv("env", "-u", "HOME"), argv("env", "-uHOME"), argv("env", "--unset=HOME"),
			argv("env", "--null"), argv("env", "--nu"), argv("env", "A=1"), argv("env", "-i"),
		}},
		{"find runs programs", detailRunsProgram, [][]string{
			argv("find", ".", "-exec", "id", ";"), argv("find", "-exec", "id", "+"), argv("find", ".", "-name", "x", "-execdir", "id", "+"),
			argv("find", ".", "-ok", "id", "+"), argv("find", ".", "-okdir", "id", "+"),
			argv("find", ".", "(", "-exec", "id", "+", ")"), argv("find", ".", "!", "-exec", "id", "+"),
		}},
		{"git config-driven programs", detailRunsProgram, [][]string{
			argv("git", "-c", "core.pager=id", "log"), argv("git", "-c", "CORE.PAGER=id", "log"),
			argv("git", "-c", "Core.FsMonitor=id", "status"), argv("git", "-c", "core.sshCommand=id", "status"),
			argv("git", "-c", "alias.x=!id", "x"), argv("git", "-c", "diff.external=id", "diff"),
			argv("git", "-c", "core.hooksPath=/tmp", "status"), argv("git", "-ccore.pager=id", "log"),
			argv("git", "--config-env=core.pager=E", "log"), argv("git", "--config-env", "core.pager=E", "log"),
			argv("git", "--exec-path=/tmp", "status"), argv("git", "--exec-path", "status"),
			argv("git", "-p", "log"), argv("git", "--paginate", "log"), argv("git", "--no-pager", "-p", "log"),
			argv("git", "diff", "--ext-diff"), argv("git", "diff", "--ext-d"), argv("git", "log", "-p", "--ext-diff"),
			argv("git", "diff", "--textconv"), argv("git", "show", "--textconv", "HEAD"), argv("git", "log", "--textc"),
			argv("git", "blame", "--textconv", "main.go"), argv("git", "cat-file", "--filters", "HEAD:main.go"),
			argv("git", "log", "--show-signature"), argv("git", "log", "--show-sig"),
			argv("git", "log", "--format=%G?"), argv("git", "log", "--format", "%h %GS"), argv("git", "log", "--pretty=format:%GK"),
			argv("git", "log", "--pretty=myalias"), argv("git", "for-each-ref", "--format=%(signature)"),
			argv("git", "ls-remote", "--upload-pack=id", "https://e.com/r"), argv("git", "ls-remote", "-u", "id", "https://e.com/r"),
			argv("git", "ls-remote", "-uid", "https://e.com/r"), argv("git", "ls-remote", "--upload", "id", "https://e.com/r"),
			argv("git", "ls-remote", "https://e.com/r", "--upload-pack=id"),
			argv("git", "grep", "-O", "x"), argv("git", "grep", "-Ovim", "x"), argv("git", "grep", "--open-files-in-pager", "x"),
			argv("git", "grep", "-nO", "x"), argv("git", "config", "--edit"), argv("git", "config", "-e"),
			argv("git", "tag", "-v", "v1"), argv("git", "mergetool"), argv("git", "help", "log"), argv("git", "--help"),
		}},
		{"npm exec and scripts in readonly", detailProfileBuildNeeded, [][]string{
			argv("npm", "exec", "x"), argv("npm", "x", "x"), argv("npm", "run", "build"), argv("npm", "run-script", "b"),
			argv("npm", "test"), argv("npm", "t"), argv("npm", "tst"), argv("npm", "start"), argv("npm", "i"),
			argv("npm", "--json", "test"), argv("npm", "-w", "pkg", "test"), argv("npm", "--", "test"),
			argv("npm", "installTest"), argv("npm", "tes"), argv("npm", "audit", "fix"),
		}},
		{"kubectl credential plugins and remote exec", detailRunsProgram, [][]string{
			argv("kubectl", "--kubeconfig", "k.yaml", "get", "pods"), argv("kubectl", "--kubeconfig=k.yaml", "get", "pods"),
			argv("kubectl", "get", "pods", "--kubeconfig", "k.yaml"), argv("kubectl", "exec", "p", "--", "id"),
			argv("kubectl", "-n", "x", "exec", "p"), argv("kubectl", "attach", "p"), argv("kubectl", "run", "x", "--image=a"),
			argv("kubectl", "plugin", "list"), argv("kubectl", "kustomize", "."),
		}},
		// Writing files.
		{"writes files", detailWritesFiles, [][]string{
			argv("find", ".", "-delete"), argv("find", ".", "-name", "x", "-delete"), argv("find", ".", "-fprint", "o"),
			argv("find", ".", "-fprint0", "o"), argv("find", ".", "-fls", "o"), argv("find", ".", "-fprintf", "o", "%p"),
			argv("tree", "-o", "o"), argv("tree", "-ao", "o"), argv("tree", ".", "-o", "o"), argv("tree", "-R"),
			argv("git", "diff", "--output=o"), argv("git", "diff", "--output", "o"), argv("git", "diff", "--outp=o"),
			argv("git", "log", "--out", "o"), argv("git", "show", "HEAD", "--output=o"), argv("git", "format-patch", "-1"),
			argv("curl", "-o", "o", "https://e.com"), argv("curl", "-oo", "https://e.com"), argv("curl", "-so", "o", "https://e.com"),
			argv("curl", "-sSLo", "o", "https://e.com"), argv("curl", "--output", "o", "https://e.com"),
			argv("curl", "https://e.com", "-o", "o"), argv("curl", "-O", "https://e.com/f"), argv("curl", "-sO", "https://e.com/f"),
			argv("curl", "--remote-name", "https://e.com/f"), argv("curl", "--remote-n", "https://e.com/f"),
			argv("curl", "--output-dir", "d", "https://e.com"), argv("curl", "-D", "h", "https://e.com"),
			argv("curl", "--dump-header", "h", "https://e.com"), argv("curl", "-Dh", "https://e.com"),
			argv("curl", "-c", "j", "https://e.com"), argv("curl", "--cookie-jar=j", "https://e.com"),
			argv("curl", "--trace", "t", "https://e.com"), argv("curl", "--libcurl", "x.c", "https://e.com"),
			argv("journalctl", "--cursor-file", "c"), argv("ss", "-D", "d"), argv("ss", "--diag=d"),
		}},
		{"writing nowhere is fine", "", [][]string{
			argv("curl", "-o", "/dev/null", "https://e.com"), argv("curl", "-o/dev/null", "https://e.com"),
			argv("curl", "-so", "/dev/null", "https://e.com"), argv("curl", "--output=/dev/null", "https://e.com"),
			argv("curl", "-D", "-", "https://e.com"), argv("curl", "-o", "-", "https://e.com"),
		}},
		{"state changes", detailStateChange, [][]string{
			argv("journalctl", "--vacuum-size=1G"), argv("journalctl", "--vacuum-time", "2d"), argv("journalctl", "--vacuum-files=1"),
			argv("journalctl", "--vac=1G"), argv("journalctl", "--rotate"), argv("journalctl", "--flush"), argv("journalctl", "--sync"),
			argv("systemctl", "start", "x"), argv("systemctl", "--user", "stop", "x"), argv("systemctl", "restart", "x"),
			argv("systemctl", "enable", "x"), argv("systemctl", "disable", "x"), argv("systemctl", "mask", "x"),
			argv("systemctl", "daemon-reload"), argv("systemctl", "kill", "x"), argv("systemctl", "status", "--now", "x"),
			argv("kubectl", "delete", "pod", "x"), argv("kubectl", "apply", "-f", "x"), argv("kubectl", "edit", "x"),
			argv("kubectl", "patch", "x"), argv("kubectl", "scale", "x"), argv("kubectl", "label", "x", "a=b"),
			argv("kubectl", "drain", "n"), argv("kubectl", "cordon", "n"), argv("kubectl", "rollout", "undo", "x"),
			argv("docker", "rm", "x"), argv("docker", "rmi", "x"), argv("docker", "kill", "x"), argv("docker", "stop", "x"),
			argv("docker", "pull", "x"), argv("docker", "container", "prune"), argv("docker", "image", "rm", "x"),
			argv("docker", "--context", "c", "rm", "x"), argv("helm", "install", "r", "c"), argv("helm", "upgrade", "r", "c"),
			argv("helm", "uninstall", "r"), argv("helm", "rollback", "r"), argv("helm", "-n", "x", "delete", "r"),
			argv("gh", "pr", "merge", "1"), argv("gh", "pr", "close", "1"), argv("gh", "pr", "create"), argv("gh", "pr", "edit", "1"),
			argv("gh", "pr", "comment", "1"), argv("gh", "pr", "checkout", "1"), argv("gh", "issue", "close", "1"),
			argv("apt", "install", "x"), argv("apt", "remove", "x"), argv("apt", "purge", "x"), argv("apt", "update"),
			argv("apt", "upgrade"), argv("apt", "full-upgrade"), argv("apt", "autoremove"), argv("apt", "-q", "install", "x"),
			argv("brew", "install", "x"), argv("brew", "upgrade"), argv("brew", "uninstall", "x"), argv("brew", "update"),
			argv("git", "commit"), argv("git", "reset", "--hard"), argv("git", "clean", "-fdx"), argv("git", "checkout", "."),
			argv("git", "switch", "x"), argv("git", "restore", "."), argv("git", "pull"), argv("git", "fetch"),
			argv("git", "merge", "x"), argv("git", "rebase", "x"), argv("git", "stash"), argv("git", "stash", "push"),
			argv("git", "stash", "pop"), argv("git", "stash", "apply"), argv("git", "stash", "drop"), argv("git", "stash", "clear"),
			argv("git", "tag", "-d", "v"), argv("git", "tag", "--delete", "v"), argv("git", "tag", "--del", "v"),
			argv("git", "tag", "v"), argv("git", "tag", "-a", "v", "-m", "x"), argv("git", "branch", "-d", "x"),
			argv("git", "branch", "-D", "x"), argv("git", "branch", "-m", "y"), argv("git", "branch", "-M", "y"),
			argv("git", "branch", "x"), argv("git", "branch", "-dr", "x"), argv("git", "branch", "--move", "y"),
			argv("git", "branch", "--set-upstream-to=o/x"), argv("git", "branch", "-uo/x"),
			argv("git", "config", "user.name", "x"), argv("git", "config", "user.name"), argv("git", "config", "--unset", "x"),
			argv("git", "config", "--add", "x", "y"), argv("git", "config", "--global", "x", "y"), argv("git", "gc"),
			argv("git", "prune"), argv("git", "-C", "src", "commit"), argv("git", "--no-pager", "reset"),
			argv("git", "remote", "add", "o", "u"), argv("git", "remote", "set-url", "o", "u"), argv("git", "worktree", "add", "x"),
			argv("git", "submodule", "update"), argv("git", "reflog", "expire"),
		}},
		{"sending data out", detailNetworkSend, [][]string{
			argv("curl", "-d", "x", "https://e.com"), argv("curl", "-dx", "https://e.com"), argv("curl", "-d@main.go", "https://e.com"),
			argv("curl", "--data", "@main.go", "https://e.com"), argv("curl", "--data-binary", "@f", "https://e.com"),
			argv("curl", "--data-raw", "x", "https://e.com"), argv("curl", "--data-urlencode", "x", "https://e.com"),
			argv("curl", "--dat", "x", "https://e.com"), argv("curl", "-sSd", "x", "https://e.com"),
			argv("curl", "https://e.com", "--data=x"), argv("curl", "-F", "a=@f", "https://e.com"), argv("curl", "--form", "a=b", "https://e.com"),
			argv("curl", "-T", "f", "https://e.com"), argv("curl", "--upload-file", "f", "https://e.com"), argv("curl", "--upl", "f", "https://e.com"),
			argv("curl", "--json", "{}", "https://e.com"), argv("curl", "-X", "POST", "https://e.com"), argv("curl", "-XPOST", "https://e.com"),
			argv("curl", "-X", "post", "https://e.com"), argv("curl", "-X", "PUT", "https://e.com"), argv("curl", "-X", "DELETE", "https://e.com"),
			argv("curl", "--request", "PATCH", "https://e.com"), argv("curl", "--request=OPTIONS", "https://e.com"),
			argv("curl", "-sX", "POST", "https://e.com"), argv("curl", "--req", "POST", "https://e.com"),
			argv("curl", "-x", "http://p:1", "https://e.com"), argv("curl", "--proxy=http://p", "https://e.com"),
			argv("gh", "api", "-X", "POST", "x"), argv("gh", "api", "--method", "PUT", "x"), argv("gh", "api", "-XDELETE", "x"),
			argv("gh", "api", "x", "-f", "a=b"), argv("gh", "api", "x", "-F", "a=b"), argv("gh", "api", "x", "--raw-field=a=b"),
			argv("gh", "api", "x", "--input", "f"), argv("gh", "api", "x", "-H", "X-HTTP-Method-Override: DELETE"),
			argv("git", "push"), argv("git", "push", "--force"), argv("git", "-C", "src", "push"), argv("npm", "publish"),
			argv("docker", "push", "x"), argv("docker", "-H", "tcp://e", "ps"), argv("docker", "--host=tcp://e", "ps"),
			argv("kubectl", "-s", "https://e", "get", "pods"), argv("kubectl", "get", "pods", "--server=https://e"),
			argv("kubectl", "get", "pods", "--token", "t"),
		}},
		{"GET and HEAD are fine", "", [][]string{
			argv("curl", "-X", "GET", "https://e.com"), argv("curl", "-XHEAD", "https://e.com"), argv("curl", "--request=GET", "https://e.com"),
			argv("gh", "api", "-X", "GET", "x"), argv("gh", "api", "--method=GET", "x"),
		}},
		{"hanging or flooding", detailUnbounded, [][]string{
			argv("tail", "-f", "app.log"), argv("tail", "-F", "app.log"), argv("tail", "--follow", "app.log"),
			argv("tail", "--follow=descriptor", "app.log"), argv("tail", "--fo", "app.log"), argv("tail", "--retry", "app.log"),
			argv("tail", "-fn5", "app.log"), argv("tail", "-5f", "app.log"),
			argv("tail", "app.log", "-f"), argv("tail", "-n", "5", "app.log", "--follow"), argv("tail", "--pid", "1", "app.log"),
			argv("tail", "-s", "1", "app.log"), argv("ping", "h"), argv("ping", "-q", "h"), argv("ping", "-f", "-c", "3", "h"),
			argv("ping", "-c", "3", "-f", "h"), argv("ping", "-fc3", "h"),
			argv("ping", "-c", "3", "-i", "0.1", "h"), argv("ping", "-c", "3", "-i0.05", "h"), argv("ping", "-c3", "-l", "10", "h"),
			argv("journalctl", "-f"), argv("journalctl", "--follow"), argv("journalctl", "-fu", "x"), argv("journalctl", "-u", "x", "-f"),
			argv("journalctl", "--fol"), argv("kubectl", "logs", "-f", "p"), argv("kubectl", "logs", "p", "--follow"),
			argv("kubectl", "logs", "p", "-f=true"), argv("kubectl", "get", "pods", "-w"), argv("kubectl", "get", "pods", "--watch"),
			argv("kubectl", "get", "pods", "--watch-only"), argv("kubectl", "events", "-w"), argv("kubectl", "port-forward", "p", "80"),
			argv("kubectl", "proxy"), argv("kubectl", "wait", "--for=x"), argv("docker", "logs", "-f", "c"),
			argv("docker", "logs", "c", "--follow"), argv("docker", "stats"), argv("docker", "stats", "c"),
			argv("docker", "container", "stats"), argv("docker", "events"), argv("gh", "run", "watch"),
			argv("free", "-s", "1"), argv("free", "--seconds=1"), argv("free", "-hs1"), argv("netstat", "-c"), argv("netstat", "--continuous"),
			argv("lsof", "-r"), argv("lsof", "+r"), argv("ss", "-E"), argv("ss", "--events"),
			argv("curl", "https://e.com/[1-9]"), argv("curl", "https://e.com/{a,b}"), argv("curl", "--url", "https://{a,b}.e.com"),
		}},
		{"bounded forms", "", [][]string{
			argv("ping", "-c", "3", "h"), argv("ping", "-c3", "h"), argv("ping", "h", "-c", "3"), argv("ping", "-w", "5", "h"),
			argv("ping", "-c", "3", "-i", "0.2", "h"), argv("docker", "stats", "--no-stream"), argv("docker", "stats", "c", "--no-stream"),
			argv("kubectl", "logs", "p", "--tail=10"), argv("kubectl", "logs", "p", "--follow=false"), argv("tail", "-n5", "app.log"),
			argv("curl", "http://[::1]:8080/"), argv("journalctl", "-n", "10"),
		}},
		{"credentials", detailRevealsSecrets, [][]string{
			argv("kubectl", "config", "view", "--raw"), argv("kubectl", "config", "view", "--raw=true"),
			argv("kubectl", "get", "pods", "-v=9"), argv("kubectl", "get", "pods", "-v", "9"), argv("kubectl", "-v9", "get", "pods"),
			argv("kubectl", "get", "pods", "--v=8"), argv("gh", "auth", "status", "-t"), argv("gh", "auth", "status", "--show-token"),
			argv("gh", "auth", "token"), argv("curl", "-n", "https://e.com"), argv("curl", "--netrc", "https://e.com"),
			argv("curl", "-sn", "https://e.com"), argv("git", "credential", "fill"),
		}},
	})
}

// TestReadingOutside: every argument form that can name a file is checked,
// and link-following walks are refused once allowed_paths is set.
func TestReadingOutside(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	free := mustNew(t, DefaultPolicy()) // no allowed_paths: no bound, links may be followed
	checkSpellings(t, g, proj, []spelled{
		{"outside through a path argument", detailOutsidePaths, [][]string{
			argv("cat", "/etc/passwd"), argv("cat", "../outside/secret.txt"), argv("cat", "out/secret.txt"), argv("cat", "out"),
			argv("cat", "~/.ssh/id_rsa"), argv("cat", "~root/.bashrc"), argv("cat", "--", "/etc/passwd"),
			argv("cat", "src/../../outside/secret.txt"), argv("cat", "../proj2/x"), argv("cat", root+"/proj2/x"),
			argv("grep", "x", "/etc/passwd"), argv("grep", "-f", "/etc/passwd", "main.go"), argv("grep", "-f/etc/passwd", "main.go"),
			argv("grep", "--file=/etc/passwd", "main.go"), argv("grep", "--exclude-f=/etc/passwd", "x", "main.go"),
			argv("grep", "main.go", "-e", "x", "/etc/passwd"), argv("grep", "--exclude-from=/etc/x", "x", "."),
			argv("git", "-C", "/etc", "log"), argv("git", "-C/etc", "log"), argv("git", "--git-dir=/etc", "log"),
			argv("git", "--git-dir", "/etc", "log"), argv("git", "--work-tree=/", "status"), argv("git", "--work-tree", "..", "status"),
			argv("git", "blame", "--contents=/etc/passwd", "main.go"), argv("git", "blame", "--contents", "/etc/passwd", "main.go"),
			argv("git", "blame", "--cont=/etc/passwd", "main.go"), argv("git", "log", "--", "/etc"), argv("git", "diff", "--relative=/etc"),
			argv("git", "ls-files", "-X", "/etc/x"), argv("git", "ls-files", "--exclude-from=/etc/x"),
			argv("find", "/etc"),
			argv("find", ".", "-newer", "/etc/passwd"), argv("find", ".", "-samefile", "out"),
			argv("tree", "/"), argv("tree", "--gitfile", "/etc/x"), argv("ls", ".."), argv("ls", "-la", "~"),
			argv("stat", "out"), argv("head", "-n1", "/etc/passwd"), argv("tail", "/var/log/syslog"),
			argv("curl", "--cacert", "/etc/x.pem", "https://e.com"), argv("lsof", "+D", "/etc"), argv("journalctl", "-D", "/var/log/journal"),
			argv("helm", "show", "values", "/etc"), argv("docker", "compose", "-f", "/etc/x.yml", "ps"),
		}},
		{"reading through URLs and @file", detailReadsOutside, [][]string{
			argv("curl", "file:///etc/passwd"), argv("curl", "FILE:///etc/passwd"), argv("curl", "file:/etc/passwd"),
			argv("curl", "--url", "file:///etc/passwd"), argv("curl", "--url=file:///etc/passwd"),
			argv("curl", "-H", "@/etc/passwd", "https://e.com"), argv("curl", "-H@/etc/passwd", "https://e.com"),
			argv("curl", "--header=@/etc/passwd", "https://e.com"), argv("curl", "-K", "/etc/x"), argv("curl", "-K/etc/x"),
			argv("curl", "--config", "x"), argv("curl", "-b", "/etc/x", "https://e.com"),
			argv("curl", "--unix-socket", "/var/run/docker.sock", "http://l/"), argv("curl", "--unix", "/s", "http://l/"),
			argv("kubectl", "get", "-f", "x.yaml"), argv("kubectl", "get", "-k", "."), argv("kubectl", "describe", "-f", "x"),
			argv("git", "diff", "--no-index", "a", "b"), argv("git", "grep", "--no-index", "x"),
		}},
		{"following links while walking", detailReadsOutside, [][]string{
			argv("grep", "-R", "x", "."), argv("grep", "-rR", "x"), argv("grep", "-Rn", "x"), argv("grep", "x", ".", "-R"),
			argv("grep", "--dereference-recursive", "x"), argv("grep", "--dereference-r", "x"),
			argv("find", "-L", "."), argv("find", "-L"), argv("find", ".", "-follow"), argv("du", "-L", "."), argv("du", "-sL"),
			argv("du", "--dereference"), argv("tree", "-l"), argv("tree", "-al"), argv("ls", "-LR"),
			argv("ls", "--dereference", "-R"),
		}},
	})
	checkSpellings(t, free, proj, []spelled{
		{"without allowed_paths links may be followed", "", [][]string{
			argv("grep", "-R", "x", "."), argv("find", "-L", "."), argv("du", "-L", "."), argv("tree", "-l"),
			argv("cat", "/etc/passwd"),
		}},
	})
}

// TestGrammar pins the argv reading rules themselves.
func TestGrammar(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	checkSpellings(t, g, proj, []spelled{
		{"options after positionals are still options", detailFlagNotAllowed, [][]string{
			argv("ls", "src", "--bogus"), argv("grep", "x", "main.go", "-Q"), argv("git", "log", "HEAD", "--bogus"),
		}},
		{"after -- everything is a positional", "", [][]string{
			argv("tail", "-n", "1", "--", "-f"), argv("cat", "--", "-n"), argv("ls", "--", "--bogus"),
			argv("git", "log", "--", "--output=x"), argv("grep", "-e", "x", "--", "-R"),
		}},
		{"-- does not turn a command into a path", detailRunsProgram, [][]string{
			argv("env", "--", "ls"), argv("env", "-u", "X", "--", "ls"),
		}},
		{"repeated flags", "", [][]string{
			argv("ls", "-l", "-l", "-a"), argv("git", "branch", "-v", "-v"), argv("git", "branch", "-vv"),
			argv("grep", "-e", "a", "-e", "b", "-e", "c", "main.go"), argv("kubectl", "get", "pods", "-l", "a=b", "-l", "c=d"),
		}},
		{"values may start with a dash", "", [][]string{
			argv("head", "-n", "-5", "main.go"), argv("grep", "-e", "-x", "main.go"), argv("find", ".", "-mtime", "-1"),
			argv("kubectl", "logs", "p", "--tail", "-1"), argv("ps", "--sort", "-%cpu"),
		}},
		{"attached and separate values read alike", "", [][]string{
			argv("head", "-n5", "main.go"), argv("head", "-n", "5", "main.go"), argv("head", "--lines=5", "main.go"),
			argv("head", "--lines", "5", "main.go"), argv("head", "--li=5", "main.go"), argv("git", "log", "-n5"),
			argv("git", "log", "-n", "5"), argv("git", "log", "--max-count=5"), argv("git", "log", "--max-c=5"),
			argv("kubectl", "get", "pods", "-n=kube-system"), argv("kubectl", "get", "pods", "-nkube-system"),
		}},
		{"values are checked in every spelling", detailFlagValueNotAllowed, [][]string{
			argv("head", "-nfive", "main.go"), argv("head", "-n", "five", "main.go"), argv("head", "--lines=five", "main.go"),
			argv("head", "--li", "five", "main.go"), argv("head", "-n", "1e3", "main.go"), argv("head", "-n", "0x10", "main.go"),
			argv("ping", "-c", "1000", "h"), argv("ping", "-c1000", "h"), argv("git", "status", "--porcelain=v9"),
			argv("git", "status", "--porc=v9"), argv("ls", "--color=sometimes"), argv("ls", "--all=yes"),
		}},
		{"abbreviations: ambiguous or unknown", detailFlagAmbiguous, [][]string{
			argv("curl", "--hea", "https://e.com"), argv("ls", "--i", "."),
		}},
		{"no abbreviations where the program has none", detailFlagNotAllowed, [][]string{
			argv("git", "--no-pag", "log"), argv("kubectl", "get", "pods", "--namesp=x"), argv("find", ".", "-nam", "x"),
			argv("docker", "ps", "--al"),
		}},
		{"global options are parsed before the subcommand", detailFlagNotAllowed, [][]string{
			argv("git", "--bogus", "status"), argv("docker", "--bogus", "ps"), argv("kubectl", "--bogus", "get", "pods"),
		}},
		{"subcommand options do not leak to the top", detailFlagNotAllowed, [][]string{
			argv("git", "--oneline", "log"), argv("docker", "--no-trunc", "ps"),
		}},
		{"docker global options only before the subcommand", detailFlagNotAllowed, [][]string{
			argv("docker", "ps", "--context", "x"),
		}},
		{"kubectl and helm global options anywhere", "", [][]string{
			argv("kubectl", "get", "pods", "-n", "x", "--context", "c"), argv("kubectl", "--context=c", "get", "pods"),
			argv("helm", "list", "-n", "x"), argv("helm", "-n", "x", "list"),
		}},
		{"unknown subcommands", detailSubcommandNotAllowed, [][]string{
			argv("git", "frob"), argv("git", "-C", "src", "frob"), argv("kubectl", "frob"), argv("docker", "frob"),
			argv("npm", "frob"), argv("gh", "frob"), argv("helm", "frob"), argv("git", "stash", "frob"),
			argv("git", "comit"), argv("npm", "RunScript"),
		}},
		{"tree value letters must stand alone", detailFormNotAllowed, [][]string{
			argv("tree", "-Io", "x", "o"), argv("tree", "-L2"), argv("tree", "-Pa", "x"),
		}},
		{"tree value letters alone or last", "", [][]string{
			argv("tree", "-L", "2"), argv("tree", "-aL", "2"), argv("tree", "-I", "x|y"),
		}},
		{"find: paths before the expression", detailPositionalNotAllowed, [][]string{
			argv("find", ".", "-name", "x", "src"), argv("find", "-type", "f", "."),
		}},
	})
}

// TestBuildProfile: build forms pass in build, and what is refused for a
// danger stays refused there.
func TestBuildProfile(t *testing.T) {
	root, proj := project(t)
	g := mustNew(t, policy(paths(proj), profile(ProfileBuild), allowCmds("node", "npx", "yarn")), WithHomeDir(root))
	checkSpellings(t, g, proj, []spelled{
		{"build forms", "", [][]string{
			argv("npm", "run", "build"), argv("npm", "test"), argv("npm", "run", "test", "--", "--watch=false"),
			argv("npm", "ci"), argv("npm", "install"), argv("npm", "exec", "tsc"), argv("npm", "audit", "fix"),
			argv("cargo", "build", "--release"), argv("cargo", "test", "--", "--nocapture"), argv("cargo", "tree"),
			argv("cargo", "metadata", "--format-version", "1"), argv("cargo", "-v", "check"),
			argv("terraform", "plan", "-out=plan.tfplan"), argv("terraform", "-chdir=sub", "plan"), argv("terraform", "validate"),
			argv("terraform", "state", "list"), argv("docker", "compose", "ps"), argv("docker", "compose", "config"),
			argv("node", "app.js"), argv("npx", "--no", "tsc"), argv("yarn", "build"),
		}},
		{"writes outside the allowed paths", detailOutsidePaths, [][]string{
			argv("terraform", "plan", "-out=/tmp/plan"), argv("cargo", "build", "--target-dir=/tmp/t"),
			argv("npm", "run", "build", "--", "--out-dir=/etc"), argv("cargo", "-C", "/etc", "build"),
		}},
		{"still refused in build", detailNetworkSend, [][]string{
			argv("npm", "publish"), argv("cargo", "publish"), argv("git", "push"),
		}},
		{"still refused in build (state)", detailStateChange, [][]string{
			argv("terraform", "apply"), argv("terraform", "destroy"), argv("terraform", "state", "rm", "x"),
			argv("terraform", "-chdir=sub", "apply"), argv("kubectl", "delete", "pod", "x"),
		}},
		{"config that names programs stays refused", detailRunsProgram, [][]string{
			argv("cargo", "--config", "build.rustc-wrapper='x'", "build"), argv("cargo", "build", "--config=x"),
			argv("npm", "run", "build", "--script-shell=/bin/sh"), argv("npm", "test", "--node-options=--require=x"),
		}},
	})
}

func TestCommandPolicyOverride(t *testing.T) {
	// The example of docs/guard-policies.md, kept here so the module's
	// tests do not read outside it.
	b, err := os.ReadFile(filepath.Join("testdata", "override_example.json"))
	must(t, err)
	var cfg struct {
		Guard Policy `json:"guard"`
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	must(t, dec.Decode(&cfg))
	p := DefaultPolicy()
	p.AllowedCommands = append(p.AllowedCommands, cfg.Guard.AllowedCommands...)
	p.CommandPolicies = cfg.Guard.CommandPolicies
	g := mustNew(t, p)

	for _, c := range []struct {
		args   []string
		detail string
	}{
		{argv("git", "status"), ""},                                  // kept
		{argv("git", "log", "--oneline"), ""},                        // kept
		{argv("git", "fetch", "--prune"), ""},                        // added
		{argv("git", "fetch", "--upload-pack=x"), detailRunsProgram}, // refused in the override
		{argv("git", "push"), detailSubcommandNotAllowed},            // the override replaced git whole
		{argv("git", "-c", "a=b", "status"), detailRunsProgram},
		{argv("tail", "-f", "x"), detailUnbounded}, // other defaults stay
		{argv("jq", ".name", "package.json"), ""},  // a new command with a policy
		{argv("jq", "-f", "prog.jq", "package.json"), detailFlagNotAllowed},
		{argv("jq", "--rawfile", "x", "/etc/passwd"), detailReadsOutside},
	} {
		d := g.Check(c.args[0], c.args[1:], "")
		if d.Allowed != (c.detail == "") || d.Detail != c.detail {
			t.Errorf("%q: allowed=%v detail=%q (%s), want detail %q", c.args, d.Allowed, d.Detail, d.Message, c.detail)
		}
	}

	// Policy returns the overrides as configured; describe shows the merge.
	if got := g.Policy().CommandPolicies; len(got) != 2 || got["git"].Subcommands["fetch"].Flags == nil {
		t.Errorf("Policy().CommandPolicies = %v", got)
	}
	if v := g.Describe("git"); !slices.Contains(v.Subcommands, "fetch") || slices.Contains(v.Subcommands, "stash") {
		t.Errorf("Describe(git).Subcommands = %v", v.Subcommands)
	}
}

func TestMergeCommandPolicies(t *testing.T) {
	base := DefaultCommandPolicies()
	over := map[string]CommandPolicy{"ls": {Flags: bools("-l")}, "jq": {Positionals: pathArgs}}
	m := MergeCommandPolicies(base, over)
	if len(m["ls"].Flags) != 1 || m["jq"].Positionals.Max != -1 || m["git"].Subcommands == nil {
		t.Fatalf("merge: ls=%v jq=%v git has subcommands=%v", m["ls"].Flags, m["jq"], m["git"].Subcommands != nil)
	}
	// Deep copies: changing the result changes neither input.
	m["git"].Subcommands["log"].Flags["--oneline"] = Flag{Arg: ArgText}
	over["ls"].Flags["-a"] = bare
	if base["git"].Subcommands["log"].Flags["--oneline"].Arg != "" || len(m["ls"].Flags) != 1 {
		t.Error("MergeCommandPolicies shares memory with its inputs")
	}
	if DefaultCommandPolicies()["git"].Subcommands["log"].Flags["--oneline"].Arg != "" {
		t.Error("DefaultCommandPolicies returns shared memory")
	}
	// Every default command has a policy, and every policy compiles.
	for _, c := range DefaultAllowedCommands() {
		if _, ok := base[c]; !ok {
			t.Errorf("no default policy for %s", c)
		}
	}
	if _, err := compileAll(base); err != nil {
		t.Fatal(err)
	}
}

func TestCommandPolicyErrors(t *testing.T) {
	cases := []struct {
		name  string
		p     map[string]CommandPolicy
		field string
	}{
		{"bad arg kind", map[string]CommandPolicy{"x": {Flags: map[string]Flag{"-a": {Arg: "file"}}}}, "command_policies[x].flags[-a].arg"},
		{"values without kind", map[string]CommandPolicy{"x": {Flags: map[string]Flag{"-a": {Values: []string{"1"}}}}}, "command_policies[x].flags[-a]"},
		{"min on text", map[string]CommandPolicy{"x": {Flags: map[string]Flag{"-a": {Arg: ArgText, Min: ptr(1.0)}}}}, "command_policies[x].flags[-a]"},
		{"flag without dash", map[string]CommandPolicy{"x": {Flags: map[string]Flag{"a": bare}}}, "command_policies[x].flags[a]"},
		{"flag listed twice", map[string]CommandPolicy{"x": {Flags: map[string]Flag{"-a,--all": bare, "--all": bare}}}, "command_policies[x].flags[-a,--all]"},
		{"flag both allowed and refused", map[string]CommandPolicy{"x": {Flags: bools("-a"), Refuse: map[string]Refusal{"-a": denied(detailRunsProgram)}}}, "command_policies[x].refuse[-a]"},
		{"unknown detail", map[string]CommandPolicy{"x": {Refuse: map[string]Refusal{"-a": {Detail: "scary"}}}}, "command_policies[x].refuse[-a].detail"},
		{"empty detail", map[string]CommandPolicy{"x": {Refuse: map[string]Refusal{"-a": {}}}}, "command_policies[x].refuse[-a].detail"},
		{"bad profile", map[string]CommandPolicy{"x": {Subcommands: map[string]CommandPolicy{"y": {Profile: "root"}}}}, "command_policies[x].subcommands[y].profile"},
		{"require unknown flag", map[string]CommandPolicy{"x": {Require: &Requirement{Flags: []string{"-c"}}}}, "command_policies[x].require.flags[0]"},
		{"require nothing", map[string]CommandPolicy{"x": {Require: &Requirement{}}}, "command_policies[x].require.flags"},
		{"needs unknown flag", map[string]CommandPolicy{"x": {Positionals: Positionals{Max: 1, Needs: []string{"-l"}}}}, "command_policies[x].positionals.needs[0]"},
		{"bad max", map[string]CommandPolicy{"x": {Positionals: Positionals{Max: -2}}}, "command_policies[x].positionals.max"},
		{"bad positional kind", map[string]CommandPolicy{"x": {Positionals: Positionals{Max: 1, Kind: "word"}}}, "command_policies[x].positionals.kind"},
		{"open with subcommands", map[string]CommandPolicy{"x": {Open: true, Subcommands: map[string]CommandPolicy{"y": {}}}}, "command_policies[x].open"},
		{"subcommand also refused", map[string]CommandPolicy{"x": {Subcommands: map[string]CommandPolicy{"y": {}}, Refuse: map[string]Refusal{"y": denied(detailStateChange)}}}, "command_policies[x].subcommands[y]"},
		{"plus flag without plus_options", map[string]CommandPolicy{"x": {Flags: bools("+short")}}, "command_policies[x].flags[+short]"},
		{"command key is a path", map[string]CommandPolicy{"/bin/x": {}}, "command_policies[/bin/x]"},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(Policy{CommandPolicies: tt.p})
			var pe *PolicyError
			if !errors.As(err, &pe) || g != nil {
				t.Fatalf("New = %v, %v; want a *PolicyError", g, err)
			}
			if pe.Field != tt.field {
				t.Errorf("Field = %q, want %q (%v)", pe.Field, tt.field, err)
			}
		})
	}
}

// TestHints: a hint is offered where a safe alternative exists, and always
// passes.
func TestHints(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	cases := []struct {
		args, hint []string // hint nil: none offered
	}{
		{argv("tail", "-f", "app.log"), argv("app.log")},
		{argv("tail", "-fn", "5", "app.log"), argv("-n", "5", "app.log")},
		{argv("journalctl", "-fu", "nginx"), argv("-n", "100", "-u", "nginx")},
		{argv("kubectl", "logs", "-f", "web"), argv("logs", "--tail", "100", "web")},
		{argv("docker", "logs", "--follow", "web"), argv("logs", "--tail", "100", "web")},
		{argv("docker", "stats"), argv("stats", "--no-stream")},
		{argv("ping", "example.com"), argv("-c", "3", "example.com")},
		{argv("curl", "-o", "x.html", "https://e.com"), argv("https://e.com")},
		{argv("curl", "-sSo", "x.html", "https://e.com"), argv("-sS", "https://e.com")},
		{argv("curl", "-X", "POST", "https://e.com"), argv("https://e.com")},
		{argv("git", "-c", "core.pager=less", "log"), argv("log")},
		{argv("git", "-p", "log"), argv("--no-pager", "log")},
		{argv("git", "stash"), argv("stash", "list")},
		{argv("git", "branch", "feature/*"), argv("branch", "--list", "feature/*")},
		{argv("git", "config", "user.name"), argv("config", "--get", "user.name")},
		{argv("git", "remote", "show", "origin"), argv("remote", "get-url", "origin")},
		{argv("git", "diff", "--output=x.diff"), argv("diff")},
		{argv("systemctl", "restart", "nginx"), argv("status", "nginx")},
		{argv("kubectl", "delete", "pod", "web"), argv("get", "pod", "web")},
		{argv("apt", "install", "curl"), argv("show", "curl")},
		{argv("apt", "update"), argv("list", "--upgradable")},
		{argv("env", "ls", "-la"), []string{}},
		{argv("grep", "-R", "x", "."), argv("-r", "x", ".")},
		{argv("grep", "-Rn", "x", "."), argv("-r", "-n", "x", ".")},
		{argv("find", "-L", ".", "-name", "x"), argv(".", "-name", "x")},
		{argv("find", ".", "-name", "x", "-delete"), argv(".", "-name", "x")},
		{argv("tree", "-o", "out.txt"), []string{}},
		{argv("journalctl", "--vacuum-size=1G"), argv("--disk-usage")},
		{argv("find", ".", "-exec", "rm", "{}", "+"), nil},
		{argv("curl", "-d", "x", "https://e.com"), nil},
		{argv("git", "push"), nil},
		{argv("cat", "/etc/passwd"), nil},
	}
	for _, c := range cases {
		d := g.Check(c.args[0], c.args[1:], proj)
		if d.Allowed {
			t.Errorf("%q allowed", c.args)
			continue
		}
		switch {
		case c.hint == nil && d.Hint != nil:
			t.Errorf("%q: hint %q, want none", c.args, d.Hint.Args)
		case c.hint != nil && (d.Hint == nil || !slices.Equal(d.Hint.Args, c.hint)):
			t.Errorf("%q: hint %+v, want %q", c.args, d.Hint, c.hint)
		}
		if d.Hint != nil {
			if h := g.Check(c.args[0], d.Hint.Args, proj); !h.Allowed {
				t.Errorf("%q: hint %q refused: %s", c.args, d.Hint.Args, h.Message)
			}
		}
	}
	// The JSON shape matches the hint of a parse failure.
	d := g.Check("env", argv("ls"), proj)
	b, err := json.Marshal(d)
	must(t, err)
	if !strings.Contains(string(b), `"hint":{"args":[]}`) {
		t.Errorf("JSON %s lacks the empty hint", b)
	}
}

// TestPolicyFamiliesDisjoint: a command's default policy is defined once.
func TestPolicyFamiliesDisjoint(t *testing.T) {
	seen := map[string]int{}
	for i, f := range policyFamilies() {
		for cmd := range f {
			if j, ok := seen[cmd]; ok {
				t.Errorf("%s has a policy in family %d and in family %d", cmd, j, i)
			}
			seen[cmd] = i
		}
	}
	if len(seen) < 50 {
		t.Fatalf("only %d commands have a policy: the test reads the wrong list", len(seen))
	}
}
