package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parism-go/parism/server/config"
)

// TestProjectNpmrcThroughEngine: through the engine, a project .npmrc can
// neither name another file as npm's user or global configuration (npm
// config list would print the operator's AWS keys) nor its own git
// program, and a benign npm ls in a normal project still works.
func TestProjectNpmrcThroughEngine(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	write := func(path, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".aws", "credentials"), "[default]\naws_secret_access_key = AWSSEKRIT\n")
	// Masking off: the test looks for the secret itself.
	e, dir := newTestEngine(t, func(c *config.Config) { c.Guard.Secrets.OutputRedactionEnabled = false })
	write(filepath.Join(dir, "package.json"), `{"name":"p","version":"1.0.0"}`)
	for _, rc := range []string{"userconfig=${HOME}/.aws/credentials\n", "globalconfig=${HOME}/.aws/credentials\n"} {
		write(filepath.Join(dir, ".npmrc"), rc+"git=./x.sh\n")
		env := e.Run(context.Background(), Request{Cmd: "npm", Args: []string{"config", "list"}})
		if !env.OK {
			t.Fatalf("npm config list (%q): %s", rc, mustMarshal(t, env))
		}
		out := raw(t, env)
		if strings.Contains(out, "AWSSEKRIT") {
			t.Errorf("npm config list printed the AWS keys with %q:\n%s", rc, out)
		}
		if !strings.Contains(out, `git = "git"`) {
			t.Errorf("npm's git is not the default with %q:\n%s", rc, out)
		}
	}
	os.Remove(filepath.Join(dir, ".npmrc"))
	if env := e.Run(context.Background(), Request{Cmd: "npm", Args: []string{"ls"}}); !env.OK {
		t.Errorf("benign npm ls: %s", mustMarshal(t, env))
	}
}
