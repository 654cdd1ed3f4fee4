package guard

import (
	"testing"
)

func BenchmarkCheck(b *testing.B) {
	f := newFixture(b)
	g := mustNew(b, policy(paths(f.proj)))
	args := []string{"-la", "src"}
	b.ReportAllocs()
	for b.Loop() {
		if d := g.Check("ls", args, f.proj); !d.Allowed {
			b.Fatal(d)
		}
	}
}

// BenchmarkCheckShapes is one benchmark per argv shape: a multi-level
// grammar, a find expression, a URL, a command without a policy, and a
// refusal whose hint is checked again.
func BenchmarkCheckShapes(b *testing.B) {
	f := newFixture(b)
	g := mustNew(b, policy(paths(f.proj), allowCmds("echo")))
	for _, c := range []struct {
		name    string
		cmd     string
		args    []string
		allowed bool
	}{
		{"git_log", "git", []string{"--no-pager", "log", "--oneline", "-n", "20", "--format=%h <%ae> %s", "--", "src"}, true},
		{"find_expr", "find", []string{".", "(", "-name", "*.go", "-o", "-name", "*.md", ")", "-type", "f", "-mtime", "-7"}, true},
		{"grep_r", "grep", []string{"-rnE", "TODO|FIXME", "--include=*.go", "src"}, true},
		{"curl", "curl", []string{"-sSL", "-H", "Accept: application/json", "https://example.com/a?b=1"}, true},
		{"kubectl", "kubectl", []string{"-n", "prod", "get", "pods", "-o", "wide", "-l", "app=web"}, true},
		{"no_policy", "echo", []string{"hello", "world"}, true},
		{"refused_hint", "tail", []string{"-fn", "100", "notes.txt"}, false},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if d := g.Check(c.cmd, c.args, f.proj); d.Allowed != c.allowed {
					b.Fatal(d)
				}
			}
		})
	}
}

// BenchmarkNew is the cost of compiling a policy: the defaults are
// compiled once per process, overrides on every New.
func BenchmarkNew(b *testing.B) {
	over := map[string]CommandPolicy{"git": DefaultCommandPolicies()["git"]}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(Policy{AllowedCommands: DefaultAllowedCommands(), CommandPolicies: over}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckNoPaths isolates the grammar: without allowed_paths no
// file system call is made, so this is what the command policies cost.
func BenchmarkCheckNoPaths(b *testing.B) {
	g := mustNew(b, DefaultPolicy())
	for _, c := range []struct {
		name string
		cmd  string
		args []string
	}{
		{"ls", "ls", []string{"-la", "src"}},
		{"git_log", "git", []string{"--no-pager", "log", "--oneline", "-n", "20", "--format=%h <%ae> %s", "--", "src"}},
		{"kubectl", "kubectl", []string{"-n", "prod", "get", "pods", "-o", "wide", "-l", "app=web"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if d := g.Check(c.cmd, c.args, ""); !d.Allowed {
					b.Fatal(d)
				}
			}
		})
	}
}

// BenchmarkCompileDefaults is what the first New of a process pays: the
// default policies built and compiled (about 10 ms of the server's
// start-up before their tables were shared).
func BenchmarkCompileDefaults(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := compileAll(DefaultCommandPolicies()); err != nil {
			b.Fatal(err)
		}
	}
}
