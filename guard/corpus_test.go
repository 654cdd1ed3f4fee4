package guard

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// project is a temporary project the corpora run in:
//
//	root/            home directory (WithHomeDir)
//	  proj/          the allowed path and the working directory
//	    main.go go.mod go.sum README.md app.log config.yaml package.json
//	    src/app.go docs/ chart/ sub/
//	    out -> root/outside
//	  proj2/         a sibling whose name extends "proj"
//	  outside/secret.txt
func project(t testing.TB) (root, proj string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	proj = filepath.Join(root, "proj")
	for _, d := range []string{"proj/src", "proj/docs", "proj/chart", "proj/sub", "proj2", "outside", ".ssh"} {
		must(t, os.MkdirAll(filepath.Join(root, d), 0o755))
	}
	for _, f := range []string{"main.go", "go.mod", "go.sum", "README.md", "app.log", "config.yaml",
		"package.json", "src/app.go"} {
		must(t, os.WriteFile(filepath.Join(proj, f), []byte("x\n"), 0o644))
	}
	must(t, os.WriteFile(filepath.Join(root, "outside", "secret.txt"), []byte("s\n"), 0o644))
	must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(proj, "out")))
	return root, proj
}

// readCorpus returns the non-comment lines of a testdata file with their
// line numbers.
func readCorpus(t testing.TB, name string) (lines []string, nums []int) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	must(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lines = append(lines, line)
		nums = append(nums, n)
	}
	must(t, sc.Err())
	return lines, nums
}

func corpusGuard(t testing.TB, root, proj string) *Guard {
	return mustNew(t, policy(paths(proj)), WithHomeDir(root))
}

// TestAllowedCorpus: false blocks are defects too.
func TestAllowedCorpus(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	lines, nums := readCorpus(t, "allowed_corpus.txt")
	if len(lines) < 100 {
		t.Fatalf("allowed corpus has %d commands, want at least 100", len(lines))
	}
	for k, line := range lines {
		var argv []string
		if err := json.Unmarshal([]byte(line), &argv); err != nil || len(argv) == 0 {
			t.Fatalf("allowed_corpus.txt:%d: not a JSON argv: %v", nums[k], err)
		}
		if d := g.Check(argv[0], argv[1:], proj); !d.Allowed {
			t.Errorf("allowed_corpus.txt:%d: %q refused: %s/%s: %s", nums[k], argv, d.Reason, d.Detail, d.Message)
		}
	}
}

func TestRefusedCorpus(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	lines, nums := readCorpus(t, "refused_corpus.txt")
	if len(lines) < 100 {
		t.Fatalf("refused corpus has %d commands, want at least 100", len(lines))
	}
	for k, line := range lines {
		var c struct {
			Argv   []string `json:"argv"`
			Detail string   `json:"detail"`
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil || len(c.Argv) == 0 || c.Detail == "" {
			t.Fatalf("refused_corpus.txt:%d: bad line: %v", nums[k], err)
		}
		d := g.Check(c.Argv[0], c.Argv[1:], proj)
		if d.Allowed {
			t.Errorf("refused_corpus.txt:%d: %q allowed", nums[k], c.Argv)
			continue
		}
		if d.Detail != c.Detail {
			t.Errorf("refused_corpus.txt:%d: %q refused as %s/%s (%s), want detail %s",
				nums[k], c.Argv, d.Reason, d.Detail, d.Message, c.Detail)
		}
		if d.Hint != nil {
			if h := g.Check(c.Argv[0], d.Hint.Args, proj); !h.Allowed {
				t.Errorf("refused_corpus.txt:%d: hint %q is itself refused: %s", nums[k], d.Hint.Args, h.Message)
			}
		}
	}
}
