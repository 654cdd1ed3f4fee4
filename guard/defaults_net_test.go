package guard

import "testing"

// TestPing6SharesPingPolicy catches "ping6 unbounded" and "a flag of ping
// that leaves its output form alone refused": ping6 reads ping's argv.
func TestPing6SharesPingPolicy(t *testing.T) {
	root, proj := project(t)
	g := mustNew(t, policy(paths(proj), allowCmds("ping6")), WithHomeDir(root))
	for _, cmd := range []string{"ping", "ping6"} {
		for _, args := range [][]string{
			{"-c", "2", "-p", "ff", "-s", "100", "-O", "-A", "-b", "-D", "-I", "lo", "h"},
			{"-w", "5", "-m", "64", "-e", "7", "-3", "-o", "h"},
		} {
			if d := g.Check(cmd, args, proj); !d.Allowed {
				t.Errorf("%s %q refused: %s %s", cmd, args, d.Reason, d.Detail)
			}
		}
		for _, args := range [][]string{{"h"}, {"-f", "-c", "3", "h"}, {"-c", "3", "-i", "0.1", "h"}} {
			if d := g.Check(cmd, args, proj); d.Allowed || d.Detail != detailUnbounded {
				t.Errorf("%s %q: allowed=%v detail=%q, want %s", cmd, args, d.Allowed, d.Detail, detailUnbounded)
			}
		}
	}
}

// TestNetstatForms catches "a netstat form the parsers read refused by
// the guard": BSD -A (no value), FreeBSD -T, Linux -A FAMILIES and
// --inet, Windows -aonb; -c stays unbounded.
func TestNetstatForms(t *testing.T) {
	root, proj := project(t)
	g := mustNew(t, policy(paths(proj)), WithHomeDir(root))
	for _, args := range [][]string{{"-anA"}, {"-anT"}, {"-A", "inet,inet6", "-an"}, {"-Ainet", "-an"}, {"--inet", "-an"},
		{"-aonb"}, {"-an", "-p", "tcp"}, {"-an", "-j", "web"}} {
		if d := g.Check("netstat", args, proj); !d.Allowed {
			t.Errorf("netstat %q refused: %s %s", args, d.Reason, d.Detail)
		}
	}
	if d := g.Check("netstat", []string{"-tnc"}, proj); d.Allowed || d.Detail != detailUnbounded {
		t.Errorf("netstat -tnc: allowed=%v detail=%q", d.Allowed, d.Detail)
	}
}
