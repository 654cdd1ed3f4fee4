package app

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run `parism` as a real subprocess of this test
// binary, so exit codes, stdout and stderr are what a user sees.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"parism": func() {
			CleanServerEnv = true
			os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs testdata/script/*.txtar; -update rewrites their
// expected output in place.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			// A home of its own: no user config leaks into the scripts.
			env.Setenv("HOME", env.WorkDir+"/home")
			return os.MkdirAll(env.WorkDir+"/home", 0o755)
		},
	})
}
