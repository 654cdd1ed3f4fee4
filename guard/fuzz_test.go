package guard

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// maxFuzzLen bounds each fuzzed string: long inputs only slow the fuzzer
// down, and length handling has its own unit tests.
const maxFuzzLen = 512

func FuzzCheck(f *testing.F) {
	fx := newFixture(f)
	g := mustNew(f, policy(paths(fx.proj), allowCmds("node", "npx")), WithHomeDir(fx.root))

	// Arguments travel as one string split on \n so the fuzzer can vary
	// their number; cwdSel picks a meaningful cwd or the fuzzed one.
	seeds := []struct {
		cmd, args, cwd string
		sel            uint8
	}{
		{"ls", "-la\nsrc", "", 0},
		{"rm", "-rf\n/", "", 0},
		{"/bin/ls", "", "", 0},
		{"cat", "../outside/secret.txt", "", 0},
		{"cat", "deep/../secret.txt\nlink-out", "", 0},
		{"cat", "loop1", "", 0},
		{"ls", "~\n~root\n~/proj", "", 0},
		{"git", "--git-dir=/etc\nstatus", "", 0},
		{"ls", "--\n-/../../x", "", 0},
		{"grep", "foo>\n>bar", "", 0},
		{"grep", "a\x00b", "", 0},
		{"node", "-pe\n1", "", 0},
		{"npx", "--yes=true", "", 0},
		{"npm", "--prefix\nx\ntest", "", 0},
		{"npm", "installTest", "", 0},
		{"cargo", "build", "", 0},
		{"ls", "", "/", 2},
		{"ls", "src", "src/../..", 2},
		{"\xff\xfe", "\xc3\x28\n\xed\xa0\x80", "\x00", 2},
		{"git", "log\n--pretty=format:%h <%ae>", "", 0},
		{"grep", "-E\nTODO|FIXME\n.", "", 0},
		{"find", ".\n-name\n*.go\n-exec\nrm\n{}\n;", "", 0},
		{"curl", "-sSo\nx\nhttps://e.com", "", 0},
		{"env", "-u\nX\nls", "", 0},
		{"tail", "-fn5\napp.log", "", 0},
		{"kubectl", "-n\nx\nlogs\n-f\np", "", 0},
		{"tree", "-Io\nx\ny", "", 0},
		{"ps", "axwweopid,args", "", 0},
		{"ps", "-u\ne\n-o\npid", "", 0},
		{"npm", "view\nx@file:../y\ngit+ssh://git@h:x", "", 0},
		{"git", "-C\n..\n--work-tree=.\nblame\n--contents\n../x\na", "", 0},
		{"cat", "/proc/self/cwd/x\n/dev/stdin", "", 0},
		{"journalctl", "--file=*.journal", "", 0},
	}
	for _, s := range seeds {
		f.Add(s.cmd, s.args, s.cwd, s.sel)
	}

	f.Fuzz(func(t *testing.T, cmd, argStr, fuzzCwd string, sel uint8) {
		if len(cmd) > maxFuzzLen || len(argStr) > 4*maxFuzzLen || len(fuzzCwd) > maxFuzzLen {
			t.Skip()
		}
		var args []string
		if argStr != "" {
			args = strings.Split(argStr, "\n")
		}
		cwd := fx.proj
		switch sel % 4 {
		case 1:
			cwd = filepath.Join(fx.proj, "src")
		case 2:
			cwd = fuzzCwd
		case 3:
			cwd = fx.proj + "/" + fuzzCwd
		}
		argsCopy := slices.Clone(args)

		d := g.Check(cmd, args, cwd)
		if again := g.Check(cmd, args, cwd); !reflect.DeepEqual(again, d) {
			t.Fatalf("not deterministic:\n%+v\n%+v", d, again)
		}
		if !slices.Equal(args, argsCopy) {
			t.Fatal("Check modified args")
		}
		if d.Allowed {
			if d.Reason != "" || d.Detail != "" || d.Message != "" || d.ArgIndex != -1 || d.Err() != nil {
				t.Fatalf("allowed decision carries refusal fields: %+v", d)
			}
			// What the guard lets through must satisfy the invariants that
			// do not depend on the file system.
			if !g.Allows(cmd) {
				t.Fatalf("allowed a command off the allowlist: %q", cmd)
			}
			// Patterns may only pass in arguments the grammar reads as
			// text (a grep pattern, a format string).
			info := legacyInfo(args)
			if root := mustCommand(t, g, cmd); root != nil {
				pr, rf := g.parse(cmd, root, args)
				if rf != nil {
					t.Fatalf("allowed, but the grammar refuses: %+v", rf.d)
				}
				info = pr.info
			}
			for i, a := range args {
				if strings.IndexByte(a, 0) >= 0 {
					t.Fatalf("allowed a NUL in argument %d", i)
				}
				for _, p := range g.patterns {
					if strings.Contains(a, p) && !info[i].exempt {
						t.Fatalf("allowed pattern %q in argument %d", p, i)
					}
				}
			}
			if BuildOnly(cmd, args) {
				t.Fatalf("allowed a build form in readonly: %q %q", cmd, args)
			}
		} else {
			if d.Reason == "" || d.Message == "" || d.Detail == "" || d.Err() == nil {
				t.Fatalf("refusal without reason, detail or message: %+v", d)
			}
			if d.ArgIndex < -1 || d.ArgIndex >= len(args) {
				t.Fatalf("ArgIndex %d out of range for %d args", d.ArgIndex, len(args))
			}
			if d.ArgIndex >= 0 && d.Arg != args[d.ArgIndex] {
				t.Fatalf("Arg %q is not args[%d] = %q", d.Arg, d.ArgIndex, args[d.ArgIndex])
			}
			if d.Hint != nil {
				if h := g.Check(cmd, d.Hint.Args, cwd); !h.Allowed {
					t.Fatalf("hint %q is refused: %+v", d.Hint.Args, h)
				}
			}
			if !strings.Contains(strings.Join(DetailCodes(), " "), d.Detail) {
				t.Fatalf("unknown detail %q", d.Detail)
			}
		}
		if !reflect.DeepEqual(Rewrite(cmd, args), args) && d.Allowed && cmd != "npx" {
			if r := g.Check(cmd, Rewrite(cmd, args), cwd); !r.Allowed {
				t.Fatalf("Rewrite(%q) = %q is refused: %+v", args, Rewrite(cmd, args), r)
			}
		}
		if _, err := json.Marshal(d); err != nil {
			t.Fatalf("decision does not marshal: %v", err)
		}
	})
}
