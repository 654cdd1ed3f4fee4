package guard

import (
	"strconv"
	"strings"
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
	// detailPoliciesInvalid: the shipped policies did not compile, a bug
	// the tests rule out; every command is refused rather than let through
	// unread.
	detailPoliciesInvalid = "policies_invalid"

	// Grammar details: the form is not one the command policy admits.
	detailSubcommandNotAllowed = "subcommand_not_allowed"
	detailSubcommandRequired   = "subcommand_required"
	detailFlagNotAllowed       = "flag_not_allowed"
	detailFlagAmbiguous        = "flag_ambiguous"
	detailFlagValueNotAllowed  = "flag_value_not_allowed"
	detailFlagRequired         = "flag_required"
	detailPositionalNotAllowed = "positional_not_allowed"
	detailFormNotAllowed       = "form_not_allowed"

	// Danger classes: why a known form is refused. Policies name them in
	// Refusal.Detail.
	detailRunsProgram    = "runs_program"
	detailWritesFiles    = "writes_files"
	detailReadsOutside   = "reads_outside"
	detailNetworkSend    = "network_send"
	detailStateChange    = "state_change"
	detailUnbounded      = "unbounded"
	detailRevealsSecrets = "reveals_secrets"
)

// dangerPhrases say, in a message, what each danger class means; "%s" is
// the command form.
var dangerPhrases = map[string]string{
	detailRunsProgram:    "makes %s run another program",
	detailWritesFiles:    "makes %s write files",
	detailReadsOutside:   "lets %s read outside the allowed paths",
	detailNetworkSend:    "makes %s send data over the network",
	detailStateChange:    "makes %s change state (files, services, packages, containers, clusters or the repository)",
	detailUnbounded:      "keeps %s running without end, or flooding",
	detailRevealsSecrets: "makes %s print credentials",
}

// danger phrases detail for form, or reports false for a detail that is
// not a danger class.
func danger(detail, form string) (string, bool) {
	ph, ok := dangerPhrases[detail]
	if !ok {
		return "", false
	}
	return strings.Replace(ph, "%s", quote(form), 1), true
}

// DetailCodes lists every Decision.Detail code the guard produces, for
// documentation and for validating Refusal.Detail.
func DetailCodes() []string {
	return []string{
		detailNotInAllowlist, detailCommandIsPath,
		detailOutsidePaths, detailCwdOutsidePaths, detailUnresolvablePath,
		detailPattern, detailNulByte, detailBlockedFlag, detailProfileBuildNeeded,
		detailSubcommandNotAllowed, detailSubcommandRequired, detailFlagNotAllowed, detailFlagAmbiguous,
		detailFlagValueNotAllowed, detailFlagRequired, detailPositionalNotAllowed, detailFormNotAllowed,
		detailRunsProgram, detailWritesFiles, detailReadsOutside, detailNetworkSend,
		detailStateChange, detailUnbounded, detailRevealsSecrets,
	}
}

// Decision is the outcome of Guard.Check. It is meant to be returned to an
// agent as JSON, so a refusal names the exact argument and a stable code
// rather than only a prose message.
type Decision struct {
	Allowed bool   `json:"allowed"`
	Reason  Reason `json:"reason,omitempty"`
	// Detail is a finer stable code, one of DetailCodes: for instance
	// outside_allowed_paths, pattern, flag_not_allowed or runs_program.
	Detail string `json:"detail,omitempty"`
	// Message is a human sentence; do not parse it.
	Message string `json:"message,omitempty"`
	// ArgIndex indexes args of the refused argument. It is -1 when the
	// command or the working directory was refused, and on allowed
	// decisions, so that 0 always means a real argument.
	ArgIndex int `json:"arg_index"`
	// Arg is the refused argument as given (or the cwd, or the command).
	Arg string `json:"arg,omitempty"`
	// Hint, when set, is a safe alternative for the same command and
	// working directory; it passed Check when the decision was made.
	Hint *Hint `json:"hint,omitempty"`
	// Argv is the guard's reading of the argv it allowed (nil on a
	// refusal): what runs after the guard reads the argv from it rather
	// than again (Argv.Rewrite, the subcommand, git's global options).
	// It is not part of the JSON.
	Argv *Argv `json:"-"`
}

// Hint is a safe alternative to a refused argv: the arguments to run
// instead (possibly none: "env" alone prints the environment). It has the
// shape of the hint of a parse failure, so an agent handles both alike.
type Hint struct {
	Args []string `json:"args"`
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
