// Package sandboxhelper holds the kernel layer's restriction code, shared
// by the two ways package executor confines a child: on a locked OS thread
// of the server that restricts itself and forks the command (the normal
// path, no second exec), and in the parism-sandbox helper, the
// short-lived process that restricts itself and then executes the program
// (the fallback, kept for hosts where the first cannot place the resource
// limits, and chosen explicitly with PARISM_SANDBOX_BINARY). It imports
// only what the helper needs, so that the dedicated binary
// (cli/cmd/parism-sandbox) starts fast. RulesetCache keeps the Landlock
// rulesets of the thread path from one start to the next, and
// PrepareThread and FinishThread split RestrictThread in two: what does
// not depend on the command, done by a spare thread before it is needed,
// and the command's Landlock rules.
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
	// LandlockABI is the newest Landlock ABI whose rules are asked for
	// (landlock.V7); newer kernels enforce these rights and no others.
	LandlockABI = 7
	// Version is the protocol version; bump it whenever Config changes
	// meaning, so a helper left over from another release fails closed.
	// 2: per-path rights (Rules), TCP ports, protected process ids.
	Version = 2
	// IPProtoMPTCP is IPPROTO_MPTCP, which the seccomp filter refuses
	// (seccomp_linux.go).
	IPProtoMPTCP = 262
)

// Rule grants Rights (Access* bits) beneath Path, or on Path alone when it
// is a file (only the file rights of Rights apply then). A missing path
// grants nothing.
type Rule struct {
	Path   string `json:"p"`
	Rights uint64 `json:"r"`
}

// Landlock access rights, by what they let a program do (the values are
// the kernel's LANDLOCK_ACCESS_FS_* bits).
const (
	AccessExecute  uint64 = 1 << 0
	AccessWrite    uint64 = 1 << 1 // write to a file
	AccessReadFile uint64 = 1 << 2
	AccessReadDir  uint64 = 1 << 3
	// AccessRead is reading files and listing directories.
	AccessRead = AccessReadFile | AccessReadDir
	// AccessWriteFile is for single writable files (/dev/null): read,
	// write and truncate.
	AccessWriteFile = AccessReadFile | AccessWrite | accessTruncate
	// AccessWriteDir is everything inside a writable directory but
	// execution: creating, changing, removing files and directories, and
	// moving files between writable directories (Refer), which mv and
	// build tools' atomic renames need.
	AccessWriteDir = AccessRead | AccessWrite | accessTruncate | 0x1ff0 | accessRefer
	accessRefer    = 1 << 13
	accessTruncate = 1 << 14
	// accessFileOnly are the rights a rule on a file (not a directory)
	// may carry.
	accessFileOnly = AccessExecute | AccessWrite | AccessReadFile | accessTruncate | 1<<15
)

// Config is the whole of one confinement: the helper's input, as JSON in
// the Env variable, and what the executor applies on its locked thread.
type Config struct {
	Version  int    `json:"v"`
	Path     string `json:"path"` // the resolved program
	Landlock bool   `json:"landlock"`
	ABI      int    `json:"abi"`
	// Rules are the file-system grants; with Landlock, everything else is
	// denied (execution included).
	Rules []Rule `json:"rules"`
	Bind  bool   `json:"bind"`
	// Connect allows TCP connections: to Ports only when Ports is not
	// empty.
	Connect bool     `json:"connect"`
	Ports   []uint16 `json:"ports,omitempty"`
	// Protect are process and thread ids the child may not signal, trace,
	// renice, re-limit or open as pidfds (the server's), by seccomp.
	Protect []int  `json:"protect,omitempty"`
	CPU     uint64 `json:"cpu"`   // RLIMIT_CPU seconds, 0: unchanged
	AS      uint64 `json:"as"`    // RLIMIT_AS bytes, 0: unchanged
	FSize   uint64 `json:"fsize"` // RLIMIT_FSIZE bytes, 0: unchanged
	NProc   uint64 `json:"nproc"` // RLIMIT_NPROC, 0: unchanged
}

// HasLimits reports that c asks for a resource limit.
func (c *Config) HasLimits() bool { return c.CPU+c.AS+c.FSize+c.NProc > 0 }
