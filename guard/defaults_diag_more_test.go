package guard

import "testing"

// TestDiagMorePolicies: clang, make, gofmt, staticcheck and golangci-lint
// run in the build profile only, with the forms their parsers read, and
// never with an option that runs, loads or writes what the caller chose.
func TestDiagMorePolicies(t *testing.T) {
	dir := t.TempDir()
	cmds := []string{"clang", "clang++", "make", "gofmt", "staticcheck", "golangci-lint"}
	ro := mustNew(t, policy(allowCmds(cmds...)))
	for _, f := range [][]string{
		{"clang", "-c", "a.c"}, {"make"}, {"gofmt", "-l", "."}, {"staticcheck", "./..."}, {"golangci-lint", "run", "./..."},
	} {
		if d := ro.Check(f[0], f[1:], dir); d.Allowed || d.Detail != detailProfileBuildNeeded {
			t.Errorf("%q in readonly: %+v", f, d)
		}
	}
	g := mustNew(t, policy(allowCmds(cmds...), profile(ProfileBuild)))
	checkSpellings(t, g, dir, []spelled{
		{"build forms", "", [][]string{
			argv("clang", "-Wall", "-fsyntax-only", "-fdiagnostics-parseable-fixits", "a.c", "b.c"),
			argv("clang++", "-Wall", "-c", "a.cpp"),
			argv("make"), argv("make", "-k", "all"), argv("make", "-j4", "test"), argv("make", "-j", "--no-print-directory", "build"),
			argv("gofmt", "-l", "."), argv("gofmt", "-l", "-s", "./pkg"), argv("gofmt", "-d", "a.go"),
			argv("staticcheck", "./..."), argv("staticcheck", "-checks", "all", "./pkg/..."), argv("staticcheck", "-f", "text", "."),
			argv("golangci-lint", "run", "./..."), argv("golangci-lint", "run", "--enable-only", "govet", "./pkg/..."),
			argv("golangci-lint", "run", "--no-config", "--show-stats=false", "."),
		}},
		{"clang loading or running another program", detailFlagNotAllowed, [][]string{
			argv("clang", "-Xclang", "-load", "-Xclang", "/tmp/x.so", "a.c"), argv("clang", "-fplugin=/tmp/x.so", "a.c"),
			argv("clang", "-fpass-plugin=/tmp/x.so", "a.c"), argv("clang", "--config", "/tmp/x.cfg", "a.c"),
			argv("clang", "-B/tmp/bin", "a.c"), argv("clang++", "-Wl,--wrap=x", "a.cpp"),
		}},
		{"make running code of the caller's", detailRunsProgram, [][]string{
			argv("make", "CC=/bin/sh"), argv("make", "all", "SHELL=/tmp/x"), argv("make", "-f", "/tmp/x.mk"),
			argv("make", "--file=x.mk"), argv("make", "-C", "/tmp"), argv("make", "--directory=sub"),
			argv("make", "--eval=all: ; touch /tmp/x"), argv("make", "-I", "/tmp"), argv("make", "-fx.mk"),
		}},
		{"make writing", detailWritesFiles, [][]string{argv("make", "-t"), argv("make", "--touch", "all")}},
		{"gofmt writing", detailWritesFiles, [][]string{
			argv("gofmt", "-w", "."), argv("gofmt", "-l", "-w", "a.go"), argv("gofmt", "-l", ".", "-w"),
		}},
		{"not admitted: profiles written, other forms", detailFlagNotAllowed, [][]string{
			argv("gofmt", "-cpuprofile", "/tmp/p", "."), argv("staticcheck", "-debug.cpuprofile", "/tmp/p", "./..."),
			argv("staticcheck", "-debug.trace=/tmp/t", "./..."), argv("staticcheck", "-merge", "a", "b"), argv("staticcheck", "-matrix"),
		}},
		{"golangci-lint config of the caller's", detailRunsProgram, [][]string{
			argv("golangci-lint", "run", "-c", "/tmp/x.yml", "./..."), argv("golangci-lint", "run", "--config=/tmp/x.yml"),
		}},
		{"golangci-lint writing", detailWritesFiles, [][]string{
			argv("golangci-lint", "run", "--fix", "./..."), argv("golangci-lint", "run", "--cpu-profile-path", "/tmp/p"),
			argv("golangci-lint", "run", "--output.text.path=/tmp/out", "./..."),
		}},
		{"other golangci-lint subcommands", detailSubcommandNotAllowed, [][]string{
			argv("golangci-lint", "fmt"), argv("golangci-lint", "custom"), argv("golangci-lint", "migrate"), argv("golangci-lint", "cache", "clean"),
		}},
	})
	inDir := mustNew(t, policy(allowCmds(cmds...), profile(ProfileBuild), paths(dir)))
	for _, f := range [][]string{{"gofmt", "-l", "/etc"}, {"make", "/etc/passwd"}, {"staticcheck", "/etc/..."}, {"clang", "-o", "/etc/x", "-c", "a.c"}} {
		if d := inDir.Check(f[0], f[1:], dir); d.Allowed {
			t.Errorf("%q allowed outside the allowed paths: %+v", f, d)
		}
	}
}
