package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/parism-go/parism/server/config"
)

// TestAllowedCorpusWritesNothing runs every command of the guard's allowed
// corpus (guard/testdata/allowed_corpus.txt: the ordinary read-only commands
// agents run) for real, through the engine, in the readonly profile, inside
// a temporary project that is also the children's home, and then checks
// that no file or directory under that tree changed: not outside the
// project, and, since readonly means writing nothing, not inside it either.
func TestAllowedCorpusWritesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about 260 real commands")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	for _, d := range []string{"proj/src", "proj/docs", "proj/chart", "proj/sub", "proj2", "outside", "home"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"main.go", "go.mod", "go.sum", "README.md", "app.log", "config.yaml", "package.json", "src/app.go", "src/app_test.go"} {
		if err := os.WriteFile(filepath.Join(proj, f), []byte("x TODO\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "outside", "secret.txt"), []byte("s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "outside"), filepath.Join(proj, "out")); err != nil {
		t.Fatal(err)
	}
	if git, err := exec.LookPath("git"); err == nil {
		for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "first"}} {
			cmd := exec.Command(git, args...)
			cmd.Dir, cmd.Env = proj, append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
	}
	// Children inherit the engine's environment: their home is inside the
	// watched tree, so caches and logs a program writes there are caught.
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")

	cfg := config.Default()
	cfg.Guard.AllowedPaths = []string{proj}
	cfg.Guard.TimeoutMs = 5000
	e, err := New(cfg, WithWorkdir(proj))
	if err != nil {
		t.Fatal(err)
	}

	argvs := readAllowedCorpus(t)
	before := treeState(t, root)
	// Four at a time: npm alone takes seconds per call on a busy machine.
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		sem  = make(chan struct{}, 4)
		ran  int
		errs []string
	)
	for _, argv := range argvs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			env := e.Run(context.Background(), Request{Cmd: argv[0], Args: argv[1:], Cwd: proj, Format: "json"})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case env.GuardError != nil:
				errs = append(errs, fmt.Sprintf("%q refused by the engine's guard: %s: %s", argv, env.GuardError.Reason, env.GuardError.Message))
			case env.ExitCode != nil:
				ran++
			}
		}()
	}
	waitAll(t, &wg, "the corpus runs")
	for _, e := range errs {
		t.Error(e)
	}
	after := treeState(t, root)
	if ran < len(argvs)/2 {
		t.Errorf("only %d of %d corpus commands ran: the test would prove little", ran, len(argvs))
	}
	// Without the kernel layer nothing stops npm from creating its cache
	// in the home directory (its logs and update checks are off by
	// environment): tolerated then, and said.
	sandboxed := e.Describe().Sandbox.Enforced
	tolerated := func(p string) bool {
		return !sandboxed && (p == "home" || p == filepath.Join("home", ".npm") || strings.HasPrefix(p, filepath.Join("home", ".npm")+string(filepath.Separator)))
	}
	if !sandboxed {
		t.Logf("sandbox not enforced (%s): npm's cache under the home directory is tolerated", e.Describe().Sandbox.Reason)
	}
	var changed []string
	for p, s := range after {
		if tolerated(p) {
			continue
		}
		if b, ok := before[p]; !ok {
			changed = append(changed, "created "+p)
		} else if b != s {
			changed = append(changed, fmt.Sprintf("changed %s: %s -> %s", p, b, s))
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			changed = append(changed, "removed "+p)
		}
	}
	sort.Strings(changed)
	if len(changed) > 0 {
		t.Errorf("%d corpus commands (%d ran) changed the file system:\n%s", len(argvs), ran, strings.Join(changed, "\n"))
	}
	t.Logf("%d corpus commands, %d ran to an exit status, nothing written", len(argvs), ran)
}

// readAllowedCorpus reads the guard module's allowed corpus.
func readAllowedCorpus(t *testing.T) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "guard", "testdata", "allowed_corpus.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var argv []string
		if err := json.Unmarshal([]byte(line), &argv); err != nil || len(argv) == 0 {
			t.Fatalf("corpus line %q: %v", line, err)
		}
		out = append(out, argv)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("corpus has %d commands, want at least 100", len(out))
	}
	return out
}

// treeState maps every path under root (symlinks not followed) to its type,
// size, mode and modification time: a write, a new file, a removal or a
// chmod changes the map.
func treeState(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out[rel] = fmt.Sprintf("%v %d %s", fi.Mode(), fi.Size(), fi.ModTime().Format("15:04:05.000000000"))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
