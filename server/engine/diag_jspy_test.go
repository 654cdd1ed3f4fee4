package engine

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/parsers/diag"
	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
)

// TestPythonCheckersThroughEngine runs the real mypy, flake8 and pytest
// on a seeded package through the confined engine in the build profile:
// their findings exit 1, which their parsers declare an answer, so the
// call is ok with the diagnostics and tests read; in readonly they are
// refused before running.
func TestPythonCheckersThroughEngine(t *testing.T) {
	need(t, "mypy", "flake8", "pytest")
	edit := both(allowing("mypy", "flake8", "pytest"), func(c *config.Config) { c.Guard.Profile = guard.ProfileBuild })
	e, dir := newTestEngine(t, edit)
	writeFile(t, filepath.Join(dir, "conftest.py"), "")
	writeFile(t, filepath.Join(dir, "pkg", "__init__.py"), "")
	writeFile(t, filepath.Join(dir, "pkg", "calc.py"), "import os\n\n\ndef add(a: int, b: int) -> int:\n    return a - b\n\n\nx: int = \"one\"\n")
	writeFile(t, filepath.Join(dir, "tests", "test_calc.py"),
		"from pkg.calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\ndef test_ok():\n    assert add(2, 0) == 2\n")
	run := func(cmd string, args ...string) *diag.DiagResult {
		t.Helper()
		env := e.Run(context.Background(), Request{Cmd: cmd, Args: args, Cwd: dir})
		if !env.OK || env.ExitCode == nil || *env.ExitCode != 1 || env.ExitAnswer == "" {
			t.Fatalf("%s %v: %s", cmd, args, mustMarshal(t, env))
		}
		res, ok := env.Stdout.Parsed.(*diag.DiagResult)
		if !ok {
			t.Fatalf("%s: parsed %T: %s", cmd, env.Stdout.Parsed, mustMarshal(t, env))
		}
		return res
	}
	m := run("mypy", "--show-column-numbers", "--no-incremental", "pkg")
	if len(m.Diagnostics) != 1 || m.Diagnostics[0].File != "pkg/calc.py" || m.Diagnostics[0].Line != 8 || m.Diagnostics[0].Code != "assignment" {
		t.Errorf("mypy read %+v", m.Diagnostics)
	}
	// flake8's process pool needs a POSIX semaphore the sandbox does not
	// give: the guard's rewrite adds --jobs=1, so the default form runs.
	f := run("flake8", "pkg")
	if len(f.Diagnostics) != 1 || f.Diagnostics[0].Code != "F401" || f.Diagnostics[0].Line != 1 {
		t.Errorf("flake8 read %+v", f.Diagnostics)
	}
	p := run("pytest", "-p", "no:cacheprovider", "tests")
	if p.Summary.TestsFailed != 1 || p.Summary.TestsPassed != 1 || len(p.Tests) != 1 || p.Tests[0].Name != "test_add" ||
		!strings.Contains(p.Tests[0].Output, "assert -1 == 5") {
		t.Errorf("pytest read %+v", p)
	}
	ro, _ := newTestEngine(t, allowing("mypy", "flake8", "pytest"))
	if env := ro.Run(context.Background(), Request{Cmd: "mypy", Args: []string{"pkg"}}); env.OK || env.GuardError == nil {
		t.Errorf("mypy in readonly: %s", mustMarshal(t, env))
	}
}
