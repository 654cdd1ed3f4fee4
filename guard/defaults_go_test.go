package guard

import "testing"

// TestGoPolicies: go build, vet and test run in the build profile only,
// never with a program of the caller's in the tool's place, and no other
// go subcommand runs.
func TestGoPolicies(t *testing.T) {
	dir := t.TempDir()
	ro := mustNew(t, policy(allowCmds("go")))
	for _, a := range [][]string{{"vet", "./..."}, {"build", "./..."}, {"test", "./..."}} {
		if d := ro.Check("go", a, dir); d.Allowed || d.Detail != detailProfileBuildNeeded {
			t.Errorf("go %v in readonly: %+v", a, d)
		}
	}
	g := mustNew(t, policy(allowCmds("go"), profile(ProfileBuild)))
	checkSpellings(t, g, dir, []spelled{
		{"build forms", "", [][]string{
			argv("go", "build", "./..."), argv("go", "vet", "./..."), argv("go", "test", "./..."),
			argv("go", "test", "-v", "-run", "TestX", "./pkg/"), argv("go", "test", "-json", "./..."),
			argv("go", "build", "-tags", "integration", "."),
		}},
		{"a program in the tool's place", detailRunsProgram, [][]string{
			argv("go", "test", "-exec", "/bin/sh", "./..."), argv("go", "test", "-exec=/bin/sh", "./..."),
			argv("go", "build", "-toolexec", "sh -c x", "."), argv("go", "vet", "-vettool=/tmp/x", "./..."),
			argv("go", "test", "--exec", "sh", "."),
		}},
		{"other go subcommands", detailSubcommandNotAllowed, [][]string{
			argv("go", "run", "."), argv("go", "generate", "./..."), argv("go", "install", "x@latest"),
			argv("go", "tool", "x"), argv("go", "mod", "tidy"), argv("go", "get", "x"), // go env -w: TestInspectPolicies
		}},
	})
}

// TestCcPolicies: gcc and cc compile in the build profile with the flags
// their parser reads; a flag that runs or loads another program is refused.
func TestCcPolicies(t *testing.T) {
	dir := t.TempDir()
	ro := mustNew(t, policy(allowCmds("gcc", "cc")))
	if d := ro.Check("gcc", []string{"-c", "a.c"}, dir); d.Allowed || d.Detail != detailProfileBuildNeeded {
		t.Errorf("gcc -c a.c in readonly: %+v", d)
	}
	g := mustNew(t, policy(allowCmds("gcc", "cc"), profile(ProfileBuild)))
	checkSpellings(t, g, dir, []spelled{
		{"compile forms", "", [][]string{
			argv("gcc", "-Wall", "-c", "a.c"), argv("cc", "-fsyntax-only", "a.c", "b.c"),
			argv("gcc", "-Wall", "-fno-diagnostics-color", "-c", "a.c", "b.c"), argv("gcc", "-I", "include", "-o", "a.o", "-c", "a.c"),
		}},
		{"another program run or loaded", detailFlagNotAllowed, [][]string{
			argv("gcc", "-wrapper", "sh,-c,x", "a.c"), argv("gcc", "-fplugin=/tmp/x.so", "a.c"),
			argv("gcc", "-B/tmp/bin", "a.c"), argv("gcc", "-specs=/tmp/s", "a.c"),
		}},
	})
	inDir := mustNew(t, policy(allowCmds("gcc"), profile(ProfileBuild), paths(dir)))
	if d := inDir.Check("gcc", []string{"-o", "/etc/x", "-c", "a.c"}, dir); d.Allowed {
		t.Errorf("gcc -o /etc/x allowed: %+v", d)
	}
}
