package guard

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Reason is the stable, machine-readable class of a refusal. Agents and
// callers switch on it, so its values never change once released.
type Reason string

const (
	// ReasonCommandNotAllowed: the program is not on the allowlist, or was
	// named by path instead of by bare name.
	ReasonCommandNotAllowed Reason = "command_not_allowed"
	// ReasonPathNotAllowed: the working directory or a path-like argument
	// resolves outside the allowed paths.
	ReasonPathNotAllowed Reason = "path_not_allowed"
	// ReasonInjectionPattern: an argument contains a blocked pattern.
	ReasonInjectionPattern Reason = "injection_pattern"
	// ReasonArgNotAllowed: an argument is refused for this command (blocked
	// flag, NUL byte) or the command form needs the build profile.
	ReasonArgNotAllowed Reason = "arg_not_allowed"
)

// Detail codes refine a Reason. They are part of the JSON contract, so they
// are spelled once here.
const (
	detailNotInAllowlist     = "not_in_allowlist"
	detailCommandIsPath      = "command_is_path"
	detailOutsidePaths       = "outside_allowed_paths"
	detailCwdOutsidePaths    = "cwd_outside_allowed_paths"
	detailUnresolvablePath   = "unresolvable_path"
	detailPattern            = "pattern"
	detailNulByte            = "nul_byte"
	detailBlockedFlag        = "blocked_flag"
	detailProfileBuildNeeded = "profile_build_required"
)

// Decision is the outcome of Guard.Check. It is meant to be returned to an
// agent as JSON, so a refusal names the exact argument and a stable code
// rather than only a prose message.
type Decision struct {
	Allowed bool   `json:"allowed"`
	Reason  Reason `json:"reason,omitempty"`
	// Detail is a finer stable code: not_in_allowlist, command_is_path,
	// outside_allowed_paths, cwd_outside_allowed_paths, unresolvable_path,
	// nul_byte, pattern, blocked_flag or profile_build_required.
	Detail string `json:"detail,omitempty"`
	// Message is a human sentence; do not parse it.
	Message string `json:"message,omitempty"`
	// ArgIndex indexes args of the refused argument. It is -1 when the
	// command or the working directory was refused, and on allowed
	// decisions, so that 0 always means a real argument.
	ArgIndex int `json:"arg_index"`
	// Arg is the refused argument as given (or the cwd, or the command).
	Arg string `json:"arg,omitempty"`
}

// allow is the one way an allowed Decision is built, so ArgIndex is -1
// everywhere and never a misleading 0.
func allow() Decision { return Decision{Allowed: true, ArgIndex: -1} }

func refuse(r Reason, detail string, idx int, arg, msg string) Decision {
	return Decision{Reason: r, Detail: detail, Message: msg, ArgIndex: idx, Arg: arg}
}

// Err lets callers that prefer Go errors propagate a refusal unchanged: it
// is nil when allowed and a *BlockedError otherwise.
func (d Decision) Err() error {
	if d.Allowed {
		return nil
	}
	return &BlockedError{Decision: d}
}

// BlockedError carries a refused Decision through error-returning APIs;
// recover it with errors.As to get the structured fields back.
type BlockedError struct {
	Decision Decision
}

func (e *BlockedError) Error() string {
	if e.Decision.Message != "" {
		return e.Decision.Message
	}
	return "guard: refused: " + string(e.Decision.Reason)
}

// PolicyError reports a Policy that New refuses to compile. Field uses the
// config-file spelling (e.g. "allowed_paths[2]") so a user can find the line.
type PolicyError struct {
	Field   string
	Message string
}

func (e *PolicyError) Error() string {
	return "guard: " + e.Field + ": " + e.Message
}

// maxShown bounds how much of an argument is echoed in a message: messages
// go back to an agent's context window and a refused argument may be huge.
const maxShown = 200

// show renders an untrusted string for a message. Arguments may hold control
// characters or invalid UTF-8 that would garble a log line or a terminal, so
// those are escaped; long values are cut on a rune boundary.
func show(s string) string {
	if !printable(s) {
		q := strconv.QuoteToASCII(s)
		s = q[1 : len(q)-1]
	}
	if len(s) > maxShown {
		cut := maxShown
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// quote renders a value for a message between single quotes, the style of
// the original Parism messages.
func quote(s string) string { return "'" + show(s) + "'" }

func itoa(i int) string { return strconv.Itoa(i) }
