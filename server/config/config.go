package config

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/parism-go/parism/guard"
)

// Config is the effective configuration after all layers were applied.
// The json tags follow the configuration keys, so a Config encodes as the
// effective configuration for describe output.
type Config struct {
	// TrustProjectConfig is the global file's trust_project_config (or the
	// ConfigPath file's): whether the project file may widen the guard.
	TrustProjectConfig bool      `json:"trust_project_config"`
	Guard              Guard     `json:"guard"`
	Parsers            Parsers   `json:"parsers"`
	Telemetry          Telemetry `json:"telemetry"`
	Results            Results   `json:"results"`
	// Sources lists the files and environment variables that were applied,
	// in order: file paths, then "env PARISM_..." entries.
	Sources []string `json:"sources,omitempty"`
	// Warnings lists what was read but not obeyed, such as a project file's
	// attempts to widen the guard.
	Warnings []string `json:"warnings,omitempty"`
}

// Guard is the guard section: the policy handed to guard.New plus limits.
type Guard struct {
	guard.Policy

	TimeoutMs       int     `json:"timeout_ms"`
	MaxOutputBytes  int     `json:"max_output_bytes"`
	MaxItems        int     `json:"max_items"`
	DefaultPageSize int     `json:"default_page_size"`
	MaxPageSize     int     `json:"max_page_size"`
	Secrets         Secrets `json:"secrets"`
	// MaxConcurrentRuns bounds the commands running at once across all
	// sessions; MaxQueuedRuns bounds the calls waiting for a slot (0: none
	// wait). Past both, a call fails at once with reason "busy".
	MaxConcurrentRuns int `json:"max_concurrent_runs"`
	MaxQueuedRuns     int `json:"max_queued_runs"`
	// Sandbox is SandboxAuto, SandboxOff or SandboxRequired: whether each
	// command runs under Landlock (see the executor's Confinement).
	Sandbox string `json:"sandbox"`
	// MaxMemoryMb is each command's address-space limit (RLIMIT_AS) in
	// MiB, applied by the sandbox helper on Linux; 0 means none.
	MaxMemoryMb int `json:"max_memory_mb"`
}

// Secrets controls what is kept out of the environment and the output.
type Secrets struct {
	// EnvPatterns are substrings (matched case-insensitively by the
	// consumer) of environment variable names withheld from commands.
	EnvPatterns []string `json:"env_patterns"`
	// OutputRedactionEnabled turns on masking of OutputPatterns in output.
	OutputRedactionEnabled bool `json:"output_redaction_enabled"`
	// OutputPatterns are the regular expressions masked in output. When no
	// layer set guard.secrets.output_patterns it holds DefaultOutputPatterns;
	// an empty list means masking is off.
	OutputPatterns []string `json:"output_patterns"`
	// OutputPatternsSet reports whether a layer set output_patterns.
	OutputPatternsSet bool `json:"output_patterns_set,omitempty"`
}

// Parsers is the parsers section.
type Parsers struct {
	StrictSchemas           bool       `json:"strict_schemas"`
	ExternalIsolation       string     `json:"external_isolation"`
	ExternalTimeLimitMs     int        `json:"external_time_limit_ms"`
	ExternalMemoryLimitMb   int        `json:"external_memory_limit_mb"`
	AdaptiveFormatThreshold Thresholds `json:"adaptive_format_threshold"`
}

// Thresholds are the item counts at which the adaptive format switches;
// 0 means unset.
type Thresholds struct {
	JSON      int `json:"json"`
	Compact   int `json:"compact"`
	JSONNoRaw int `json:"json_no_raw"`
}

// Telemetry is the telemetry section.
type Telemetry struct {
	Enabled bool `json:"enabled"`
}

// Results is the results section: limits of the in-memory result store
// behind run's retain, fetch_result, explain_result and compare_results.
type Results struct {
	// MaxResultBytes bounds one kept result (raw text, parsed value and
	// spans); a larger one is answered but not kept (result_too_large).
	MaxResultBytes int `json:"max_result_bytes"`
	// MaxTotalBytes bounds one owner's (session's) kept results together;
	// its least recently used are evicted past it. A result larger than it
	// is not kept either (the smaller of the two limits applies to one
	// result). The process holds at most 4 times it over every owner.
	MaxTotalBytes int `json:"max_total_bytes"`
	// MaxResults bounds how many results one owner keeps at once (the
	// process: 8 times it over every owner).
	MaxResults int `json:"max_results"`
	// TTLMs is how long a result is kept after it was made.
	TTLMs int `json:"ttl_ms"`
}

// Values of guard.sandbox (the executor's Confinement modes).
const (
	// SandboxAuto confines commands with Landlock where the kernel has it.
	SandboxAuto = "auto"
	// SandboxOff turns Landlock off; no_new_privs and the resource limits
	// stay.
	SandboxOff = "off"
	// SandboxRequired refuses to run commands where Landlock is missing.
	SandboxRequired = "required"
)

// Values of parsers.external_isolation.
const (
	IsolationProcess = "process"
	// IsolationWorker is the original Parism's value (worker threads); Go
	// isolates in processes, which is stronger, so it means the same.
	IsolationWorker = "worker"
	IsolationNone   = "none"
)

// DefaultEnvPatterns are the default guard.secrets.env_patterns: the six
// of the original Parism, then the words real keys are named with
// (OPENAI_API_KEY, AWS_ACCESS_KEY_ID, AWS_SESSION_TOKEN, SENTRY_DSN,
// AZURE_STORAGE_CONNECTION_STRING, MYSQL_PWD...). AUTH also takes
// SSH_AUTH_SOCK and SESSION takes DBUS_SESSION_BUS_ADDRESS: both give a
// child the use of the operator's keys (the ssh agent, the desktop
// keyring). PASS takes SSHPASS and PASSPHRASE, _PW DB_PW, WEBHOOK the
// Slack and Discord hook URLs (whose path is the secret), JWT CI_JOB_JWT.
// A false positive costs a child a variable; a miss leaks a key.
func DefaultEnvPatterns() []string {
	return []string{"TOKEN", "SECRET", "AUTHZ", "PASSWORD", "PASSWD", "CREDENTIAL",
		"KEY", "API", "AUTH", "PRIVATE", "SESSION", "COOKIE", "DSN", "CREDS", "CONNECTION_STRING",
		"_PWD", "_PASS", "GPG_AGENT", "PASS", "_PW", "WEBHOOK", "JWT"}
}

// Default returns the configuration used when nothing overrides it.
func Default() Config {
	policy := guard.DefaultPolicy()
	if policy.AllowedPaths == nil {
		policy.AllowedPaths = []string{} // encodes as [], not null
	}
	return Config{
		Guard: Guard{
			Policy:          policy,
			TimeoutMs:       10000,
			MaxOutputBytes:  102400,
			MaxItems:        500,
			DefaultPageSize: 100,
			MaxPageSize:     1000,
			Secrets: Secrets{
				EnvPatterns: DefaultEnvPatterns(),
				// Known token shapes are masked by default (the original
				// Parism left masking off); a trusted layer may turn it off.
				OutputRedactionEnabled: true,
				OutputPatterns:         DefaultOutputPatterns(),
			},
			MaxConcurrentRuns: 8,
			MaxQueuedRuns:     64,
			Sandbox:           SandboxAuto,
			MaxMemoryMb:       4096,
		},
		Parsers: Parsers{
			ExternalIsolation:     IsolationProcess,
			ExternalTimeLimitMs:   500,
			ExternalMemoryLimitMb: 128,
			AdaptiveFormatThreshold: Thresholds{
				Compact:   50,
				JSONNoRaw: 200,
			},
		},
		Results: Results{
			MaxResultBytes: 2 << 20,
			MaxTotalBytes:  32 << 20,
			MaxResults:     16,
			TTLMs:          60000,
		},
	}
}

// RedactionMask replaces what an output pattern matched.
const RedactionMask = "[REDACTED]"

// DefaultOutputPatterns returns the regular expressions (RE2 syntax) that
// mask well-known secret formats: OpenAI keys, GitHub tokens, GitLab
// personal access tokens, AWS access key ids, Slack tokens, the token of a
// "Bearer" header, PEM private key blocks and JWTs.
//
// Convention: when a pattern has a group named "secret", only that group is
// masked (so "Authorization: Bearer abc" keeps "Bearer "); otherwise the
// whole match is. Redact applies it.
func DefaultOutputPatterns() []string {
	return []string{
		// OpenAI: sk-..., sk-proj-..., sk-svcacct-...
		`\bsk-[A-Za-z0-9_-]{20,}`,
		// GitHub classic tokens (personal, OAuth, user-to-server,
		// server-to-server, refresh) and fine-grained personal tokens.
		`\bgh[pousr]_[A-Za-z0-9]{36,}`,
		`\bgithub_pat_[A-Za-z0-9_]{22,}`,
		// GitLab personal access tokens.
		`\bglpat-[A-Za-z0-9_-]{20,}`,
		// AWS access key ids (long-term AKIA, temporary ASIA).
		`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`,
		// Slack bot, app, user, refresh and legacy tokens.
		`\bxox[abprs]-[A-Za-z0-9-]{10,}`,
		// Authorization: Bearer <token>; only the token is masked.
		`(?i)\bbearer\s+(?P<secret>[A-Za-z0-9._~+/-]+=*)`,
		// PEM private keys, whatever the algorithm.
		`-----BEGIN[A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END[A-Z0-9 ]*PRIVATE KEY-----`,
		// JSON Web Tokens: header.payload.signature, both JSON parts
		// starting with {" (base64url "eyJ").
		`\beyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*`,
		// Stripe secret and restricted keys, live and test.
		`\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}`,
		// Hugging Face user and organisation tokens.
		`\bhf_[A-Za-z0-9]{30,}`,
		// npm access tokens.
		`\bnpm_[A-Za-z0-9]{36}\b`,
		// Google API keys.
		`\bAIza[0-9A-Za-z_-]{35}\b`,
		// The password of a URL's user part (postgres://u:PASS@host,
		// https://u:PASS@registry); the user name is kept.
		`\b[A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]*:(?P<secret>[^/\s@]+)@`,
		// The value of a name = value or name: value whose name says
		// secret (aws_secret_access_key = ..., token: ..., _authToken=...,
		// "password": "..."); the name is kept.
		`(?i)(?:secret|passw(?:or)?d|token|api_?key|access_?key|private_?key|client_?secret|_auth)[A-Za-z0-9_]*["']?\s*[:=]\s*["']?(?P<secret>[A-Za-z0-9/+_.~=-]{16,})`,
	}
}

// CompileOutputPatterns compiles output patterns; the error names the
// first invalid one.
func CompileOutputPatterns(patterns []string) ([]*regexp.Regexp, error) {
	res := make([]*regexp.Regexp, 0, len(patterns))
	for i, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("pattern %d %q: %w", i+1, p, err)
		}
		res = append(res, re)
	}
	return res, nil
}

// Redact masks every match of res in s with RedactionMask, following the
// convention of DefaultOutputPatterns: a group named "secret" limits the
// mask to that group.
func Redact(s string, res []*regexp.Regexp) string {
	lower := "" // s in ASCII lower case, for the prefilters
	for _, re := range res {
		if p := prefilterOf(re); p != nil && !p.mayMatch(s, &lower) {
			continue
		}
		// Only a pattern that matches copies s: with masking on by default
		// and ~20 patterns, ReplaceAll's unconditional copy made 20 copies
		// of every output (issue 20's memory per output byte).
		ms := re.FindAllStringSubmatchIndex(s, -1)
		if ms == nil {
			continue
		}
		g := re.SubexpIndex("secret")
		var b strings.Builder
		b.Grow(len(s))
		last := 0
		for _, m := range ms {
			start, end := m[0], m[1]
			if g >= 0 && m[2*g] >= 0 {
				start, end = m[2*g], m[2*g+1]
			}
			b.WriteString(s[last:start])
			b.WriteString(RedactionMask)
			last = end
		}
		b.WriteString(s[last:])
		s, lower = b.String(), ""
	}
	return s
}

// Error is a configuration mistake: where it is and what is wrong.
type Error struct {
	// File is the file path, "env PARISM_..." for an environment variable,
	// or empty for a Config built in code and checked with Validate.
	File string
	// Key is the dotted key, such as "guard.timeout_ms"; empty when the
	// mistake is not about one key (a malformed file).
	Key string
	// Line is the 1-based line in File, 0 if unknown.
	Line int
	// Message says what is wrong.
	Message string
}

// Error reads "file[:line]: key: message", leaving out the empty parts.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteString(":")
			b.WriteString(strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	}
	if e.Key != "" {
		b.WriteString(e.Key)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	return b.String()
}

// Validate checks the values of c: positive limits, enum values, non-empty
// list entries and compilable output patterns. Load already reports these
// per file; Validate is for a Config built or changed in code. The error is
// a *Error with an empty File.
func (c Config) Validate() error {
	for _, ch := range c.checks() {
		if msg := ch.check(); msg != "" {
			return &Error{Key: ch.key, Message: msg}
		}
	}
	return nil
}

// valueCheck validates one key's value; check returns "" when it is fine.
type valueCheck struct {
	key   string
	check func() string
}

func (c Config) checks() []valueCheck {
	g, s, p := c.Guard, c.Guard.Secrets, c.Parsers
	return []valueCheck{
		{"guard.allowed_commands", func() string { return checkCommands(g.AllowedCommands) }},
		{"guard.allowed_paths", func() string { return checkEntries(g.AllowedPaths) }},
		{"guard.profile", func() string { return checkProfile(string(g.Profile)) }},
		{"guard.timeout_ms", func() string { return checkPositive(g.TimeoutMs) }},
		{"guard.max_output_bytes", func() string { return checkPositive(g.MaxOutputBytes) }},
		{"guard.max_items", func() string { return checkPositive(g.MaxItems) }},
		{"guard.default_page_size", func() string { return checkPositive(g.DefaultPageSize) }},
		{"guard.max_page_size", func() string { return checkPositive(g.MaxPageSize) }},
		{"guard.max_concurrent_runs", func() string { return checkPositive(g.MaxConcurrentRuns) }},
		{"guard.max_queued_runs", func() string { return checkQueue(g.MaxQueuedRuns) }},
		{"guard.sandbox", func() string { return checkSandbox(g.Sandbox) }},
		{"guard.max_memory_mb", func() string { return checkNonNegative(g.MaxMemoryMb) }},
		{"guard.block_patterns", func() string { return checkEntries(g.BlockPatterns) }},
		{"guard.command_arg_restrictions", func() string { return checkRestrictions(g.CommandArgRestrictions) }},
		{"guard.secrets.env_patterns", func() string { return checkEntries(s.EnvPatterns) }},
		{"guard.secrets.output_patterns", func() string { return checkRegexps(s.OutputPatterns) }},
		{"parsers.external_isolation", func() string { return checkIsolation(p.ExternalIsolation) }},
		{"parsers.external_time_limit_ms", func() string { return checkPositive(p.ExternalTimeLimitMs) }},
		{"parsers.external_memory_limit_mb", func() string { return checkPositive(p.ExternalMemoryLimitMb) }},
		{"parsers.adaptive_format_threshold.json", func() string { return checkNonNegative(p.AdaptiveFormatThreshold.JSON) }},
		{"parsers.adaptive_format_threshold.compact", func() string { return checkNonNegative(p.AdaptiveFormatThreshold.Compact) }},
		{"parsers.adaptive_format_threshold.json_no_raw", func() string { return checkNonNegative(p.AdaptiveFormatThreshold.JSONNoRaw) }},
		{"results.max_result_bytes", func() string { return checkPositive(c.Results.MaxResultBytes) }},
		{"results.max_total_bytes", func() string { return checkPositive(c.Results.MaxTotalBytes) }},
		{"results.max_results", func() string { return checkPositive(c.Results.MaxResults) }},
		{"results.ttl_ms", func() string { return checkPositive(c.Results.TTLMs) }},
	}
}

func checkPositive(n int) string {
	if n <= 0 {
		return fmt.Sprintf("must be a positive integer, got %d", n)
	}
	return ""
}

func checkNonNegative(n int) string {
	if n < 0 {
		return fmt.Sprintf("must be 0 (unset) or a positive integer, got %d", n)
	}
	return ""
}

// checkQueue accepts 0: no call waits, a saturated server refuses at once.
func checkQueue(n int) string {
	if n < 0 {
		return fmt.Sprintf("must be 0 (no queue) or a positive integer, got %d", n)
	}
	return ""
}

func checkProfile(p string) string {
	switch guard.Profile(p) {
	case guard.ProfileReadonly, guard.ProfileBuild:
		return ""
	}
	return fmt.Sprintf("must be %q or %q, got %q", guard.ProfileReadonly, guard.ProfileBuild, p)
}

// checkSandbox also accepts "", the zero value of a Config built in code,
// which means auto.
func checkSandbox(s string) string {
	switch s {
	case "", SandboxAuto, SandboxOff, SandboxRequired:
		return ""
	}
	return fmt.Sprintf("must be %q, %q or %q, got %q", SandboxAuto, SandboxOff, SandboxRequired, s)
}

func checkIsolation(s string) string {
	switch s {
	case IsolationProcess, IsolationWorker, IsolationNone:
		return ""
	}
	return fmt.Sprintf("must be %q, %q or %q, got %q", IsolationProcess, IsolationWorker, IsolationNone, s)
}

// checkEntries refuses empty strings in a list: an empty block pattern would
// match every argument, an empty path or env pattern everything.
func checkEntries(list []string) string {
	for i, s := range list {
		if strings.TrimSpace(s) == "" {
			return fmt.Sprintf("entry %d is empty", i+1)
		}
	}
	return ""
}

// checkCommands requires bare program names, which is what the guard
// compares against.
func checkCommands(list []string) string {
	if msg := checkEntries(list); msg != "" {
		return msg
	}
	for i, s := range list {
		if strings.ContainsAny(s, `/\`) || strings.ContainsFunc(s, isSpace) {
			return fmt.Sprintf("entry %d %q: must be a bare command name (no path, no spaces)", i+1, s)
		}
	}
	return ""
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }

func checkRestrictions(m map[string]guard.ArgRestriction) string {
	for _, cmd := range slices.Sorted(maps.Keys(m)) {
		if strings.TrimSpace(cmd) == "" {
			return "a command name is empty"
		}
		if msg := checkEntries(m[cmd].BlockedFlags); msg != "" {
			return fmt.Sprintf("%s.blocked_flags: %s", cmd, msg)
		}
	}
	return ""
}

func checkRegexps(list []string) string {
	if _, err := CompileOutputPatterns(list); err != nil {
		return "invalid regular expression: " + err.Error()
	}
	return ""
}
