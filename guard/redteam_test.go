package guard

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// The tests of this file come from the end-to-end red-team pass on issue
// 14: each shows with the real program what the form does, then checks the
// guard's verdict or rewrite.

// TestNpmRegistryHTTPSOnly: a --registry on the command line outranks the
// operator's npm_config_registry, so "npm view --registry=http://..."
// sends the request (and, where npm may read it, the registry's token) in
// clear text to a host of the agent's choosing. Only https:// registries
// are admitted.
func TestNpmRegistryHTTPSOnly(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.NotFound(w, r)
	}))
	defer srv.Close()
	home := t.TempDir()
	// The operator's registry is in the environment; the flag wins.
	runReal(t, proj, []string{"HOME=" + home, "npm_config_registry=https://127.0.0.1:9/",
		"npm_config_fetch_retries=0", "npm_config_cache=" + filepath.Join(home, "cache")},
		"npm", "view", "--registry="+srv.URL+"/", "left-pad")
	if hits.Load() == 0 {
		t.Fatalf("npm did not reach the --registry given on the command line (%s): the premise changed", srv.URL)
	}
	for _, f := range [][]string{
		argv("npm", "view", "--registry="+srv.URL+"/", "left-pad"), argv("npm", "view", "--registry", "http://e.com/", "x"),
		argv("npm", "--registry=http://e.com/", "view", "x"), argv("npm", "ping", "--registry=http://e.com/"),
		argv("npm", "whoami", "--registry", "HTTP://e.com/"), argv("npm", "view", "--registry=e.com", "x"),
		argv("npm", "view", "--registry=//e.com/", "x"),
	} {
		if d := g.Check(f[0], f[1:], proj); d.Allowed {
			t.Errorf("%q allowed, want refused (only https:// registries)", f)
		}
	}
	checkSpellings(t, g, proj, []spelled{
		{"https registries", "", [][]string{
			argv("npm", "view", "--registry=https://registry.npmjs.org/", "x"),
			argv("npm", "--registry", "https://npm.example.com/r/", "ping"),
		}},
	})
}

// TestCurlRewriteSkipsCurlrc: curl reads ~/.curlrc (through CURL_HOME,
// XDG_CONFIG_HOME and HOME) unless -q is its first argument; a .curlrc can
// hold any option the guard refuses (output, config, proxy, data). Rewrite
// puts -q first, and curl then reads no configuration file.
func TestCurlRewriteSkipsCurlrc(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write([]byte("body\n"))
	}))
	defer srv.Close()
	home := t.TempDir()
	marker := "CURLRC-WAS-READ"
	must(t, os.WriteFile(filepath.Join(home, ".curlrc"), []byte("write-out = \""+marker+"\"\n"), 0o644))
	env := []string{"HOME=" + home, "CURL_HOME=" + home, "XDG_CONFIG_HOME=" + home}
	args := []string{"-s", srv.URL}
	if d := g.Check("curl", args, proj); !d.Allowed {
		t.Fatalf("curl %q refused: %s", args, d.Message)
	}
	if out := runReal(t, proj, env, "curl", args...); !strings.Contains(out, marker) {
		t.Fatalf("curl without -q did not read the .curlrc (output %q): the premise changed", out)
	}
	for _, in := range [][]string{args, {"-q", "-s", srv.URL}, {"-sq", srv.URL}, {srv.URL, "-q"}} {
		rw := Rewrite("curl", in)
		if len(rw) == 0 || rw[0] != "-q" {
			t.Errorf("Rewrite(curl, %q) = %q, want -q first", in, rw)
			continue
		}
		if d := g.Check("curl", rw, proj); !d.Allowed {
			t.Errorf("rewritten curl %q refused: %s", rw, d.Message)
		}
		if out := runReal(t, proj, env, "curl", rw...); strings.Contains(out, marker) || !strings.Contains(out, "body") {
			t.Errorf("curl %q: output %q, want the body and no sign of the .curlrc", rw, out)
		}
	}
	if slices.Equal(Rewrite("curl", args), args) {
		t.Errorf("Rewrite(curl) left the argv unchanged")
	}
}

// TestKubectlConfigViewSecrets: kubectl config view redacts a user's
// token, password and key data, not an auth-provider's tokens and client
// secret nor an exec plugin's environment values, and -o jsonpath picks
// them out bare, where output masking has no name to go by. The guard
// refuses config view; get-contexts, get-clusters and current-context
// remain.
func TestKubectlConfigViewSecrets(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	kc := filepath.Join(t.TempDir(), "config")
	must(t, os.WriteFile(kc, []byte(`apiVersion: v1
kind: Config
users:
- name: o
  user:
    auth-provider:
      name: oidc
      config:
        refresh-token: REFRESH-SECRET-1
- name: e
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: aws
      env:
      - name: VAULT
        value: EXEC-ENV-SECRET-2
`), 0o600))
	env := []string{"KUBECONFIG=" + kc, "HOME=" + t.TempDir()}
	out := runReal(t, proj, env, "kubectl", "config", "view", "-o",
		"jsonpath={.users[*].user.auth-provider.config.refresh-token} {.users[*].user.exec.env[*].value}")
	if !strings.Contains(out, "REFRESH-SECRET-1") || !strings.Contains(out, "EXEC-ENV-SECRET-2") {
		t.Fatalf("kubectl config view did not print the credentials (%q): the premise changed", out)
	}
	if out := runReal(t, proj, env, "kubectl", "config", "view"); !strings.Contains(out, "EXEC-ENV-SECRET-2") {
		t.Fatalf("kubectl config view without -o did not print the exec env value (%q): the premise changed", out)
	}
	for _, f := range [][]string{
		argv("kubectl", "config", "view"), argv("kubectl", "config", "view", "-o", "jsonpath={.users}"),
		argv("kubectl", "config", "view", "--minify", "-o", "yaml"), argv("kubectl", "--context", "x", "config", "view"),
	} {
		d := g.Check(f[0], f[1:], proj)
		if d.Allowed || d.Detail != detailRevealsSecrets {
			t.Errorf("%q: allowed %v detail %q, want refused as %s", f, d.Allowed, d.Detail, detailRevealsSecrets)
		}
	}
	for _, f := range [][]string{argv("kubectl", "config", "get-contexts"), argv("kubectl", "config", "current-context"),
		argv("kubectl", "config", "get-clusters")} {
		if d := g.Check(f[0], f[1:], proj); !d.Allowed {
			t.Errorf("%q refused: %s", f, d.Message)
		}
	}
}

// TestSystemctlEnvironment: systemctl show-environment prints the service
// manager's environment block, and systemctl show without -p prints every
// property, the manager's Environment and a unit's Environment and
// SetCredential among them (systemctl(1), org.freedesktop.systemd1(5)).
// systemctl asks PID 1 over D-Bus, so the kernel layer's file rules do not
// see it (a transient unit's environment is in no file a command may
// read). No systemd runs in the test environment: this checks verdicts.
func TestSystemctlEnvironment(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	checkSpellings(t, g, proj, []spelled{
		{"environment and credential properties", detailRevealsSecrets, [][]string{
			argv("systemctl", "show-environment"), argv("systemctl", "--user", "show-environment"),
			argv("systemctl", "show"), argv("systemctl", "show", "nginx"), argv("systemctl", "--user", "show", "x"),
			argv("systemctl", "show", "-p", "Environment"), argv("systemctl", "show", "x", "-pEnvironment"),
			argv("systemctl", "show", "x", "--property=ActiveState,Environment"), argv("systemctl", "show", "x", "-P", "SetCredential"),
			argv("systemctl", "show", "x", "-p", "EnvironmentFiles"), argv("systemctl", "show", "x", "-p", "PassEnvironment"),
			argv("systemctl", "show", "x", "-p", "LoadCredentialEncrypted"), argv("systemctl", "show", "x", "-p", "environment"),
			argv("systemctl", "-p", "Environment", "show", "x", "-p", "Id"), argv("systemctl", "--property", "Environment", "status", "x"),
		}},
		{"other properties and queries", "", [][]string{
			argv("systemctl", "show", "nginx", "-p", "ActiveState"), argv("systemctl", "show", "x", "--property=Id,SubState"),
			argv("systemctl", "show", "-P", "MainPID", "x"), argv("systemctl", "status", "x"), argv("systemctl", "cat", "x"),
			argv("systemctl", "is-active", "x"), argv("systemctl", "-p", "Id", "status", "x"),
		}},
	})
}

// TestPrivateHardLinkRefused: Landlock checks names, so a hard link inside
// the project to ~/.ssh/id_ed25519 is readable through the project's rule.
// A confined command cannot make one (server/executor
// TestSandboxNoHardLinkOut), but one made outside Parism would be read by
// name: the guard refuses a path argument that is a private regular
// file with more than one name. World-readable hard links (pnpm's store,
// git clone --local objects) and private files with one name pass.
func TestPrivateHardLinkRefused(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	key := filepath.Join(root, ".ssh", "id_ed25519")
	must(t, os.WriteFile(key, []byte("SSH-KEY-SECRET\n"), 0o600))
	must(t, os.Link(key, filepath.Join(proj, "hard_key")))
	shared := filepath.Join(root, "outside", "store-file")
	must(t, os.WriteFile(shared, []byte("{}\n"), 0o644))
	must(t, os.Link(shared, filepath.Join(proj, "package.json.lnk")))
	must(t, os.WriteFile(filepath.Join(proj, "own.pem"), []byte("x\n"), 0o600))
	group := filepath.Join(root, "outside", "tls.key")
	must(t, os.WriteFile(group, []byte("k\n"), 0o640))
	must(t, os.Chmod(group, 0o640))
	must(t, os.Link(group, filepath.Join(proj, "tls.key")))
	if out := runReal(t, proj, nil, "cat", "hard_key"); !strings.Contains(out, "SSH-KEY-SECRET") {
		t.Fatalf("cat hard_key: %q: the premise changed", out)
	}
	checkSpellings(t, g, proj, []spelled{
		{"private file with another name", detailReadsOutside, [][]string{
			argv("cat", "hard_key"), argv("head", "-c", "5", "hard_key"), argv("grep", "-e", "x", "hard_key"),
			argv("cat", "./src/../hard_key"), argv("git", "config", "-f", "hard_key", "-l"), argv("grep", "-f", "hard_key", "README.md"),
			argv("wc", "-c", filepath.Join(proj, "hard_key")), argv("cat", "tls.key"),
		}},
		{"shared hard links and private single files", "", [][]string{
			argv("cat", "package.json.lnk"), argv("cat", "own.pem"), argv("ls", "-la"), argv("stat", "README.md"),
		}},
	})
	// Without allowed paths the guard checks no other path, but the
	// kernel layer still cuts ~/.ssh out: the hard link stays refused.
	free := mustNew(t, DefaultPolicy())
	checkSpellings(t, free, proj, []spelled{
		{"without allowed paths", detailReadsOutside, [][]string{
			argv("cat", "hard_key"), argv("cat", filepath.Join(proj, "hard_key")), argv("git", "-C", "src", "config", "-f", "../hard_key", "-l"),
			argv("grep", "-e", "x", "src/../hard_key"), argv("cat", "/proc/self/cwd/x", "hard_key"),
			argv("git", "-C", "/proc/self/cwd", "config", "-f", filepath.Join(proj, "hard_key"), "-l"),
		}},
		{"without allowed paths, the rest passes", "", [][]string{
			argv("cat", "package.json.lnk"), argv("cat", "/etc/hostname"), argv("cat", "../outside/secret.txt"), argv("cat", "missing/x"),
			argv("git", "-C", "nowhere", "status"),
		}},
	})
}
