package engine

import (
	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/executor"
)

// SandboxInfo is the kernel layer as describe and telemetry report it.
type SandboxInfo struct {
	// Mode is guard.sandbox: "auto", "off" or "required".
	Mode string `json:"mode"`
	// Enforced reports that commands run under Landlock.
	Enforced bool `json:"enforced"`
	// ABI is the Landlock ABI enforced; 0 when not enforced.
	ABI int `json:"abi"`
	// Reason says why Enforced is false.
	Reason string `json:"reason,omitempty"`
	// Helper is the program children are started through (parism-sandbox
	// beside the executable, or this binary re-executed); HelperIgnored
	// says why a configured or found parism-sandbox was not used.
	Helper        string `json:"helper,omitempty"`
	HelperIgnored string `json:"helper_ignored,omitempty"`
}

// networkCommands may open TCP connections under the readonly profile:
// their read-only forms talk to a server (curl -I, kubectl get, gh pr
// list, npm view). Every other command gets no TCP at all, so a policy
// mistake cannot turn it into a way to send data out. ping (ICMP) and dig
// (UDP) use protocols Landlock does not cover. The build profile allows
// TCP to every command: builds fetch dependencies and tests start servers.
var networkCommands = map[string]bool{
	"curl": true, "wget": true, "dig": true, "nslookup": true, "host": true,
	"kubectl": true, "docker": true, "helm": true, "gh": true,
	"npm": true, "terraform": true, "cargo": true, "brew": true,
}

// File size limits (RLIMIT_FSIZE) per profile. In readonly the only
// regular files a command can write are in its private temporary
// directory, so the limit bounds scratch files (sort on a large input);
// build output is larger but a single file past 4 GiB is not a build.
const (
	readonlyMaxFileBytes = 256 << 20
	buildMaxFileBytes    = 4 << 30
)

// sandboxInfo reports the kernel layer for mode on this host.
func sandboxInfo(mode string) SandboxInfo {
	if mode == "" {
		mode = config.SandboxAuto
	}
	st := executor.SandboxStatus()
	info := SandboxInfo{Mode: mode, Enforced: st.Enforced, ABI: st.ABI, Reason: st.Reason, Helper: st.Helper, HelperIgnored: st.HelperIgnored}
	switch {
	case mode == config.SandboxOff:
		info.Enforced, info.ABI = false, 0
		info.Reason = `guard.sandbox is "off"; no_new_privs and resource limits still apply`
	case mode == config.SandboxRequired && !st.Enforced:
		info.Reason += `; guard.sandbox is "required", so commands are refused`
	}
	return info
}

// Sandbox reports the kernel layer under the engine's configuration.
func (e *Engine) Sandbox() SandboxInfo { return e.sandbox }

// newConfinement is the part of every run's Confinement that depends only
// on the configuration.
func newConfinement(cfg config.Config, roots []string) executor.Confinement {
	c := executor.Confinement{
		Mode:           cfg.Guard.Sandbox,
		PrivateTmp:     true,
		MaxMemoryBytes: int64(cfg.Guard.MaxMemoryMb) << 20,
		MaxFileBytes:   readonlyMaxFileBytes,
	}
	if cfg.Guard.Profile == guard.ProfileBuild {
		c.WritePaths = roots
		c.AllowBind, c.AllowConnect = true, true
		c.MaxFileBytes = buildMaxFileBytes
	}
	return c
}

// confinement is one run's Confinement: the engine's, with TCP for the
// network commands, and, in build without allowed_paths, the working
// directory as the one writable place.
func (e *Engine) confinement(cmd, cwd string) *executor.Confinement {
	c := e.confine
	if networkCommands[cmd] {
		c.AllowConnect = true
	}
	if e.cfg.Guard.Profile == guard.ProfileBuild && len(c.WritePaths) == 0 {
		c.WritePaths = []string{cwd}
	}
	return &c
}
