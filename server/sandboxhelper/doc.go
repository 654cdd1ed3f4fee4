// Package sandboxhelper is the sandbox helper of package executor: the
// short-lived process that confines itself (no_new_privs, Landlock, a
// seccomp filter, resource limits) and then executes the program it was
// started for. It is its own package, importing only what the helper
// needs, so that the dedicated parism-sandbox binary (cli/cmd/parism-sandbox)
// starts in a fraction of the time the full parism binary takes; the
// executor also runs it from its own init when it re-executes the running
// binary as the fallback helper. Both paths run the same Main.
//
// The protocol between the executor and the helper is private to this
// repository: argv[0] is Arg0, the configuration is JSON in the Env
// variable, failures come back on file descriptor StatusFD. A Config
// carries Version; a helper from another release refuses it rather than
// silently skip a restriction it does not know.
package sandboxhelper

const (
	// Arg0 is the helper's argv[0]. Both it and the Env variable must be
	// present: argv[0] alone could be chosen by anyone running a binary,
	// and an inherited variable alone must never turn a server into a
	// helper.
	Arg0 = "parism-sandbox-helper"
	// Env names the variable holding the helper's Config as JSON; the
	// helper removes it from the program's environment.
	Env = "PARISM_SANDBOX_HELPER"
	// StatusFD is the helper's end of the status pipe (ExtraFiles[0]). It
	// is close-on-exec: EOF without a message means the program runs.
	StatusFD = 3
	// LandlockABI is the newest Landlock ABI whose rules the helper asks
	// for (landlock.V7); newer kernels enforce these rights and no others.
	LandlockABI = 7
	// Version is the protocol version; bump it whenever Config changes
	// meaning, so a helper left over from another release fails closed.
	Version = 1
	// IPProtoMPTCP is IPPROTO_MPTCP, which the seccomp filter refuses
	// (seccomp_linux.go).
	IPProtoMPTCP = 262
)

// Config is the helper's whole input, as JSON in the Env variable.
type Config struct {
	Version  int      `json:"v"`
	Path     string   `json:"path"` // the resolved program
	Landlock bool     `json:"landlock"`
	ABI      int      `json:"abi"`
	Read     []string `json:"read"`
	Write    []string `json:"write"`
	Bind     bool     `json:"bind"`
	Connect  bool     `json:"connect"`
	CPU      uint64   `json:"cpu"`   // RLIMIT_CPU seconds, 0: unchanged
	AS       uint64   `json:"as"`    // RLIMIT_AS bytes, 0: unchanged
	FSize    uint64   `json:"fsize"` // RLIMIT_FSIZE bytes, 0: unchanged
	NProc    uint64   `json:"nproc"` // RLIMIT_NPROC, 0: unchanged
}
