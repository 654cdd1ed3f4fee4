package guard

import "testing"

// TestJsPyPolicies: the JS/TS and Python checkers and runners run in the
// build profile only (each runs or reads what the project chooses, see
// defaults_js_py.go), and never with an option that writes outside the
// project's files, installs packages or waits for ever.
func TestJsPyPolicies(t *testing.T) {
	dir := t.TempDir()
	cmds := []string{"tsc", "eslint", "jest", "vitest", "pytest", "mypy", "ruff", "flake8"}
	ro := mustNew(t, policy(allowCmds(cmds...)))
	for _, a := range [][]string{argv("tsc", "--noEmit"), argv("eslint", "."), argv("mypy", "."), argv("ruff", "check", "."),
		argv("flake8", "."), argv("pytest", "-q"), argv("jest"), argv("vitest", "run")} {
		if d := ro.Check(a[0], a[1:], dir); d.Allowed || d.Detail != detailProfileBuildNeeded {
			t.Errorf("%v in readonly: %+v", a, d)
		}
	}
	g := mustNew(t, policy(allowCmds(cmds...), profile(ProfileBuild)))
	checkSpellings(t, g, dir, []spelled{
		{"check and test forms", "", [][]string{
			argv("tsc", "--noEmit"), argv("tsc", "--noEmit", "-p", "tsconfig.json"), argv("tsc", "--pretty", "--noEmit"),
			argv("eslint", "src/"), argv("eslint", "-f", "json", "."), argv("jest", "--verbose"), argv("jest", "-t", "adds", "test/"),
			argv("vitest", "run"), argv("vitest", "run", "src/"), argv("pytest", "-rA", "tests/"), argv("pytest", "-q", "-k", "add"),
			argv("mypy", "--show-column-numbers", "src/"), argv("ruff", "check", "--output-format", "concise", "."),
			argv("flake8", "--max-line-length", "100", "src/"),
		}},
		{"files written", detailWritesFiles, [][]string{
			argv("eslint", "--fix", "."), argv("eslint", "-o", "out.txt", "."), argv("eslint", "--output-file=x", "."),
			argv("ruff", "check", "--fix", "."), argv("pytest", "--junitxml", "r.xml"), argv("tsc", "--build"),
			argv("mypy", "--html-report", "r", "."), argv("flake8", "--output-file", "x", "."), argv("jest", "-u"),
			argv("vitest", "run", "--outputFile", "x"),
		}},
		{"watch modes and debuggers", detailRunsProgram, [][]string{
			argv("tsc", "--watch"), argv("jest", "--watchAll"), argv("vitest", "run", "--watch"), argv("pytest", "--pdb"),
			argv("ruff", "check", "--watch", "."),
		}},
		{"packages installed", detailNetworkSend, [][]string{argv("mypy", "--install-types", ".")}},
		{"other subcommands", detailRunsProgram, [][]string{argv("vitest", "watch"), argv("vitest", "dev")}},
		{"ruff format writes", detailWritesFiles, [][]string{argv("ruff", "format", ".")}},
	})
	inDir := mustNew(t, policy(allowCmds(cmds...), profile(ProfileBuild), paths(dir)))
	for _, a := range [][]string{argv("tsc", "-p", "/etc/tsconfig.json"), argv("mypy", "/etc/x.py"), argv("pytest", "/etc")} {
		if d := inDir.Check(a[0], a[1:], dir); d.Allowed {
			t.Errorf("%v allowed outside the paths: %+v", a, d)
		}
	}
}
