//go:build linux

package executor

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parism-go/parism/server/sandboxhelper"
)

// helperBuild builds cli/cmd/parism-sandbox once per test binary, into a
// directory TestMain removes.
var helperBuild = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "parism-sandbox-test-")
	if err != nil {
		return "", err
	}
	helperBuildDir = dir
	out := filepath.Join(dir, helperName)
	// -C: the cli module, from this package's directory, so the build
	// works with and without the workspace (cli's go.mod replaces server
	// with this tree).
	cmd := exec.Command("go", "build", "-C", "../../cli", "-o", out, "./cmd/parism-sandbox")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", &buildError{err: err, out: string(msg)}
	}
	return out, nil
})

var helperBuildDir string

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + ": " + e.out }

// dedicatedHelper returns the built parism-sandbox, skipping where the
// cli module or the go command is not at hand (the package used from the
// module cache).
func dedicatedHelper(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat("../../cli/cmd/parism-sandbox/main.go"); err != nil {
		t.Skipf("cli/cmd/parism-sandbox not in this tree: %v", err)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build parism-sandbox")
	}
	p, err := helperBuild()
	if err != nil {
		t.Fatalf("building parism-sandbox: %v", err)
	}
	return p
}

// useHelper makes confine start children through path until the test ends.
func useHelper(t testing.TB, path string) {
	t.Helper()
	old := sandboxHelper
	sandboxHelper = func() helperChoice { return helperChoice{path: path} }
	t.Cleanup(func() { sandboxHelper = old })
}

// TestSandboxDedicatedHelper runs the confinement tests again with the
// children started through the dedicated parism-sandbox binary instead of
// this test binary re-executed.
func TestSandboxDedicatedHelper(t *testing.T) {
	p := dedicatedHelper(t)
	if err := checkHelper(p); err != nil {
		t.Fatalf("the built helper fails its own check: %v", err)
	}
	useHelper(t, p)
	cmd := &exec.Cmd{Path: "/bin/true", Args: []string{"true"}}
	sr, err := confine(cmd, Spec{Path: "true", Confine: &Confinement{}})
	if err != nil {
		t.Fatal(err)
	}
	sr.startFailed()
	if cmd.Path != p || cmd.Args[0] != helperArg0 {
		t.Fatalf("confine starts %s as %q, want %s", cmd.Path, cmd.Args[0], p)
	}
	for _, tt := range []struct {
		name string
		test func(*testing.T)
	}{
		{"FileSystem", TestSandboxFileSystem},
		{"UnconfinedControl", TestSandboxUnconfinedControl},
		{"PrivateTmpRemoved", TestSandboxPrivateTmpRemoved},
		{"Network", TestSandboxNetwork},
		{"SignalScope", TestSandboxSignalScope},
		{"ProcessState", TestSandboxProcessState},
		{"CPULimit", TestSandboxCPULimit},
		{"FileSizeLimit", TestSandboxFileSizeLimit},
		{"SpawnErrors", TestSandboxSpawnErrors},
		{"KeepsGroupControl", TestSandboxKeepsGroupControl},
		{"NoFDLeak", TestSandboxNoFDLeak},
		{"ExecRules", TestSandboxExecRules},
		{"ReadRules", TestSandboxReadRules},
		{"ServerHidden", TestSandboxServerHidden},
		{"ConnectPorts", TestSandboxConnectPorts},
	} {
		t.Run(tt.name, tt.test)
	}
}

// TestSandboxHelperIsUsed shows the chosen file really is what starts the
// child, so the runs above went through parism-sandbox: a stand-in that
// prints instead of confining replaces the program's output.
func TestSandboxHelperIsUsed(t *testing.T) {
	need(t, "sh", "true")
	fake := filepath.Join(t.TempDir(), helperName)
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho stand-in \"$0\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	useHelper(t, fake)
	r := Run(context.Background(), Spec{Path: "true", Confine: &Confinement{}})
	if got, want := string(r.Stdout.Data), "stand-in "+fake+"\n"; got != want {
		t.Fatalf("stdout %q, want %q (spawn error %v)", got, want, r.SpawnErr)
	}
}

// TestSandboxHelperRefusesOtherVersions: a parism-sandbox from another
// release refuses a configuration it may not fully understand, so a
// restriction it does not know cannot be skipped; and it does nothing
// when run by hand.
func TestSandboxHelperRefusesOtherVersions(t *testing.T) {
	p := dedicatedHelper(t)
	good, err := json.Marshal(sandboxhelper.Config{Version: sandboxhelper.Version, Path: "/bin/true"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		arg0   string
		env    []string
		exit   int
		status string // a substring of the status pipe's message
	}{
		{"runs the program", helperArg0, []string{helperEnv + "=" + string(good)}, 0, ""},
		{"other version", helperArg0, []string{helperEnv + `={"v":1,"path":"/bin/true"}`}, 127, "protocol version 1"},
		{"no version", helperArg0, []string{helperEnv + `={"path":"/bin/true"}`}, 127, "protocol version 0"},
		{"unknown field", helperArg0, []string{helperEnv + `={"v":2,"path":"/bin/true","hide_home":true}`}, 127, `unknown field "hide_home"`},
		{"not json", helperArg0, []string{helperEnv + "=nonsense"}, 127, "bad sandbox helper configuration"},
		{"by hand", "parism-sandbox", nil, 2, ""},
		{"variable without argv0", "parism-sandbox", []string{helperEnv + "=" + string(good)}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			cmd := &exec.Cmd{Path: p, Args: []string{tt.arg0, "true"}, Env: tt.env, ExtraFiles: []*os.File{w}}
			err = cmd.Start()
			_ = w.Close()
			if err != nil {
				t.Fatal(err)
			}
			_ = r.SetReadDeadline(time.Now().Add(10 * time.Second))
			msg, _ := io.ReadAll(r)
			_ = cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != tt.exit {
				t.Errorf("exit %d, want %d", code, tt.exit)
			}
			if tt.status == "" && len(msg) != 0 || !strings.Contains(string(msg), tt.status) {
				t.Errorf("status %q, want %q", msg, tt.status)
			}
		})
	}
}

// TestFindHelper: parism-sandbox is used only when it is a regular
// executable file from the operator (next to the executable, or named by
// the variable); otherwise the binary re-executes itself.
func TestFindHelper(t *testing.T) {
	type file struct {
		mode os.FileMode // 0 for a directory
		none bool        // no file at all
		link bool        // a symbolic link to a good helper instead
	}
	tests := []struct {
		name    string
		beside  file   // parism-sandbox next to the executable
		setting string // HelperPathEnv; "-" for unset, "BESIDE" for the file next to the executable
		want    string // "self" or "beside"
		ignored string // a substring of the reason, "" for none
	}{
		{"installed", file{mode: 0o755}, "-", "beside", ""},
		{"group-writable install (umask 002)", file{mode: 0o775}, "-", "beside", ""},
		{"symlinked install", file{link: true}, "-", "beside", ""},
		{"missing", file{none: true}, "-", "self", ""},
		{"not executable", file{mode: 0o644}, "-", "self", "not executable"},
		{"directory", file{mode: 0}, "-", "self", "not a regular file"},
		{"writable by everyone", file{mode: 0o757}, "-", "self", "writable by every user"},
		{"empty setting", file{mode: 0o755}, "", "beside", ""},
		{"self forced", file{mode: 0o755}, "self", "self", ""},
		{"relative setting", file{mode: 0o755}, "parism-sandbox", "self", "not an absolute path"},
		{"setting names a missing file", file{mode: 0o755}, "/nonexistent/parism-sandbox", "self", "no such file"},
		{"setting names a good file", file{none: true}, "BESIDE-OTHER", "other", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			exe := filepath.Join(dir, "parism")
			beside := filepath.Join(dir, helperName)
			other := filepath.Join(t.TempDir(), "helper")
			if err := os.WriteFile(other, []byte("#!/bin/sh\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			var err error
			switch {
			case tt.beside.link:
				err = os.Symlink(other, beside)
			case tt.beside.none:
			case tt.beside.mode == 0:
				err = os.Mkdir(beside, 0o755)
			case tt.beside.mode > 0:
				if err = os.WriteFile(beside, []byte("#!/bin/sh\n"), 0o600); err == nil {
					// Chmod: WriteFile's mode passes through the umask.
					err = os.Chmod(beside, tt.beside.mode)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			setting, set := tt.setting, tt.setting != "-"
			if setting == "BESIDE-OTHER" {
				setting = other
			}
			got := findHelper(exe, setting, set)
			want := map[string]string{"self": selfExe, "beside": beside, "other": other}[tt.want]
			if got.path != want {
				t.Errorf("helper %q, want %q (ignored: %s)", got.path, want, got.ignored)
			}
			if tt.ignored == "" && got.ignored != "" || !strings.Contains(got.ignored, tt.ignored) {
				t.Errorf("ignored %q, want %q", got.ignored, tt.ignored)
			}
		})
	}
}
