package app

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/executor"
)

// cleanEnvMarker is set in the environment of a server that re-executed
// itself without its secrets, so it does not do it again.
const cleanEnvMarker = "PARISM_ENV_CLEAN"

// tokenFDEnv names the inherited pipe that carries PARISM_HTTP_TOKEN across
// the re-execution, so the token is in no environment block.
const tokenFDEnv = "PARISM_HTTP_TOKEN_FD"

// init takes back the main thread's timer slack, and the process's name,
// in the server that reexec started (see executor.RaiseTimerSlack):
// package inits run on the main thread.
func init() {
	if os.Getenv(cleanEnvMarker) == "1" {
		reexecuted = true
		// Commands must not inherit it: they would take themselves for a
		// re-executed server (/proc/<pid>/environ, the block the process
		// started with, keeps it).
		os.Unsetenv(cleanEnvMarker)
		executor.SettleTimerSlack()
		restoreName()
	}
}

// reexecuted says this process is the server reexec started.
var reexecuted bool

// restoreName gives the re-executed server back the name ps, top and pgrep
// show (/proc/<pid>/comm, the main thread's, and each thread's for
// top -H): the kernel names a process after the file it executes, which
// for /proc/self/exe is "exe". The name the first exec gave it was the
// last element of the path it was started by, which is by convention
// os.Args[0]; the kernel keeps 15 bytes of it.
func restoreName() {
	if len(os.Args) == 0 {
		return
	}
	name := filepath.Base(os.Args[0])
	if name == "." || name == "/" {
		return
	}
	if len(name) > 15 {
		name = name[:15]
	}
	// A thread may rename the others of its process. Threads made from now
	// on take the name of the thread that makes them; those the runtime
	// made before init (its monitor among them) are renamed here.
	tids, _ := os.ReadDir("/proc/self/task")
	for _, t := range tids {
		_ = os.WriteFile("/proc/self/task/"+t.Name()+"/comm", []byte(name), 0)
	}
}

// reexec re-executes the server once (/proc/self/exe, same arguments,
// same pid), for two reasons:
//   - its environment stripped of what guard.secrets.env_patterns and the
//     credential-value check remove from the children's, so the server's
//     own /proc/<pid>/environ, which holds the environment the process
//     started with whatever it later unsets, shows none of it either. The
//     HTTP bearer token, which the server needs, is handed over through an
//     inherited pipe;
//   - a coarse timer slack for the Go runtime's monitor thread, which
//     otherwise wakes about ten times a call, and can only be given it this
//     way (executor.RaiseTimerSlack says why and what it saves).
//
// The second exec costs about 3.5 ms of start-up (p50 11.9 -> 15.6 ms,
// parism-bench --startup), paid back after some 20 calls. It returns
// (only) when this process is already the re-executed one, when the
// configuration does not load (the normal start reports it), or when the
// re-execution failed (reported on stderr; the server then runs as is).
func (c *cli) reexec(configPath string) {
	if !CleanServerEnv || reexecuted {
		return
	}
	cfg, err := config.Load(config.LoadOptions{ConfigPath: configPath})
	if err != nil {
		return // reported by the normal start
	}
	kept, removed := executor.StripEnv(os.Environ(), cfg.Guard.Secrets.EnvPatterns)
	// The server's own settings stay: PARISM_OAUTH_* match the AUTH
	// pattern but name an issuer and an audience, not secrets (children
	// still lose them). The one secret, the HTTP token, goes by pipe below.
	var dropped []string
	for _, name := range removed {
		if v, ok := os.LookupEnv(name); ok && strings.HasPrefix(name, "PARISM_") && name != tokenEnv {
			kept = append(kept, name+"="+v)
			continue
		}
		dropped = append(dropped, name)
	}
	kept = append(kept, cleanEnvMarker+"=1")
	if token, ok := os.LookupEnv(tokenEnv); ok {
		r, w, err := os.Pipe()
		if err != nil {
			fmt.Fprintf(c.stderr, "parism: serve: keeping the environment: %v\n", err)
			return
		}
		// A token is far smaller than a pipe's buffer: the write does not
		// block with nobody reading yet.
		if _, err := io.WriteString(w, token); err != nil {
			fmt.Fprintf(c.stderr, "parism: serve: keeping the environment: %v\n", err)
			return
		}
		w.Close()
		fd := int(r.Fd())
		// Inherited across exec: clear close-on-exec on this one descriptor.
		if _, _, e := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_SETFD, 0); e != 0 {
			fmt.Fprintf(c.stderr, "parism: serve: keeping the environment: %v\n", e)
			return
		}
		kept = append(kept, tokenFDEnv+"="+strconv.Itoa(fd))
	}
	// The slack is the calling thread's: the exec must follow on it.
	runtime.LockOSThread()
	restore := executor.RaiseTimerSlack()
	err = syscall.Exec("/proc/self/exe", os.Args, kept)
	restore()
	runtime.UnlockOSThread()
	if len(dropped) > 0 {
		fmt.Fprintf(c.stderr, "parism: serve: re-executing without %s: %v\n", strings.Join(dropped, ", "), err)
	} else {
		fmt.Fprintf(c.stderr, "parism: serve: re-executing: %v\n", err)
	}
}

// inheritedToken reads the token reexec handed over, and closes the
// pipe before any command runs (children must not inherit it).
func inheritedToken() (string, bool) {
	v, ok := os.LookupEnv(tokenFDEnv)
	if !ok {
		return "", false
	}
	os.Unsetenv(tokenFDEnv)
	fd, err := strconv.Atoi(v)
	if err != nil || fd < 3 {
		return "", false
	}
	f := os.NewFile(uintptr(fd), "token")
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 1<<16))
	if err != nil {
		return "", false
	}
	return string(b), true
}
