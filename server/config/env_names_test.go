package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestUnknownEnvVariable: a misspelled PARISM_ variable stops Load with
// an error naming the closest known one, from the process environment
// (the default) and from LoadOptions.Environ.
func TestUnknownEnvVariable(t *testing.T) {
	f := newFixture(t)
	t.Setenv("PARISM_ALLOWED_PATH", "/srv") // PARISM_ALLOWED_PATHS misspelled
	_, err := Load(LoadOptions{Home: f.home, Cwd: f.cwd})
	var ce *Error
	if !errors.As(err, &ce) || ce.File != "env PARISM_ALLOWED_PATH" || !strings.Contains(ce.Message, "did you mean PARISM_ALLOWED_PATHS?") {
		t.Fatalf("misspelled variable in the environment: %v", err)
	}
	os.Unsetenv("PARISM_ALLOWED_PATH")

	for _, tc := range []struct {
		environ []string
		want    string // "" for no error
	}{
		{[]string{"PARISM_TIMEOUT=5"}, "env PARISM_TIMEOUT: unknown variable (did you mean PARISM_TIMEOUT_MS?)"},
		{[]string{"PARISM_ALLOWD_COMMANDS=ls"}, "did you mean PARISM_ALLOWED_COMMANDS?"},
		{[]string{"PARISM_ZZ=1", "PARISM_HTTP_TOKN=x"}, "env PARISM_HTTP_TOKN: unknown variable (did you mean PARISM_HTTP_TOKEN?); Parism reads no other PARISM_ variables; also unknown: PARISM_ZZ"},
		{[]string{"PARISM_ALLOWED_PATH="}, "did you mean PARISM_ALLOWED_PATHS?"}, // empty is still a mistake
		{[]string{"HOME=/root", "PARISMX=1", "MY_PARISM_THING=1"}, ""},
		{[]string{"PARISM_HOME=/x", "PARISM_HTTP_TOKEN=t", "PARISM_SANDBOX_BINARY=self", "PARISM_SANDBOX_HELPER=1",
			"PARISM_ARGS=[]", "PARISM_OS=linux", "PARISM_PACK_DIR=/p", "PARISM_BENCH_HELPERS=a=b", "PARISM_BENCH_NEW=1",
			"PARISM_TEST_ANYTHING=1", "PARISM_PARSE_CASE=ls-golden", "PARISM_TIMEOUT_MS=1000"}, ""},
	} {
		environ := tc.environ
		_, err := Load(LoadOptions{Home: f.home, Cwd: f.cwd, Environ: func() []string { return environ },
			Env: func(string) (string, bool) { return "", false }})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", environ, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: got %v, want %q", environ, err, tc.want)
		}
	}
}

// TestEveryParismVariableIsKnown reads the repository (code, tests,
// scripts and documents) for PARISM_ names: each must be known, or the
// server would refuse to start where a test, a benchmark or a user sets it.
func TestEveryParismVariableIsKnown(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Skip("not in the repository checkout (no go.work at ../..)")
	}
	// Misspellings written on purpose, in tests and in the documents
	// that describe this check.
	misspelled := []string{"PARISM_ALLOWED_PATH", "PARISM_TIMEOUT", "PARISM_ALLOWD_COMMANDS", "PARISM_HTTP_TOKN", "PARISM_ZZ"}
	name := regexp.MustCompile(`\bPARISM_[A-Z0-9_]*[A-Z0-9]\b`)
	seen := map[string]string{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == ".git" || n == "node_modules" || n == "bin" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(p) {
		case ".go", ".md", ".txtar", ".yml", ".yaml", ".sh", ".toml", ".json":
		default:
			if filepath.Base(p) != "run" {
				return nil
			}
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range name.FindAllStringIndex(string(b), -1) {
			n := string(b[m[0]:m[1]])
			if m[1] < len(b) && (b[m[1]] == '_' || b[m[1]] == '*') {
				continue // a prefix named in prose: PARISM_RESULTS_*
			}
			if _, ok := seen[n]; !ok {
				rel, _ := filepath.Rel(root, p)
				seen[n] = rel
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 20 {
		t.Fatalf("found only %d PARISM_ names under %s", len(seen), root)
	}
	for n, where := range seen {
		if !KnownEnv(n) && !slices.Contains(misspelled, n) {
			t.Errorf("%s (in %s) is not a known PARISM_ variable: add it to envVars or otherEnvVars", n, where)
		}
	}
}
