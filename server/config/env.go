package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// envVar maps one environment variable to one key.
type envVar struct {
	name string
	key  string
	// set parses value into fc, or returns what is wrong with it.
	set func(fc *fileConfig, value string) string
}

// envVars are the PARISM_* variables of the original Parism 2.1, plus
// PARISM_PROFILE, the run limits and the result store's limits
// (PARISM_RESULTS_*, named after their results.* keys), in the order they
// are applied.
var envVars = []envVar{
	{"PARISM_ALLOWED_COMMANDS", "guard.allowed_commands", envList(func(fc *fileConfig) **[]string { return &fc.guard().AllowedCommands })},
	{"PARISM_ALLOWED_PATHS", "guard.allowed_paths", envList(func(fc *fileConfig) **[]string { return &fc.guard().AllowedPaths })},
	{"PARISM_PROFILE", "guard.profile", envString(func(fc *fileConfig) **string { return &fc.guard().Profile })},
	{"PARISM_TIMEOUT_MS", "guard.timeout_ms", envInt(func(fc *fileConfig) **int { return &fc.guard().TimeoutMs })},
	{"PARISM_MAX_OUTPUT_BYTES", "guard.max_output_bytes", envInt(func(fc *fileConfig) **int { return &fc.guard().MaxOutputBytes })},
	{"PARISM_MAX_ITEMS", "guard.max_items", envInt(func(fc *fileConfig) **int { return &fc.guard().MaxItems })},
	{"PARISM_DEFAULT_PAGE_SIZE", "guard.default_page_size", envInt(func(fc *fileConfig) **int { return &fc.guard().DefaultPageSize })},
	{"PARISM_MAX_CONCURRENT_RUNS", "guard.max_concurrent_runs", envInt(func(fc *fileConfig) **int { return &fc.guard().MaxConcurrentRuns })},
	{"PARISM_MAX_QUEUED_RUNS", "guard.max_queued_runs", envInt(func(fc *fileConfig) **int { return &fc.guard().MaxQueuedRuns })},
	{"PARISM_SANDBOX", "guard.sandbox", envString(func(fc *fileConfig) **string { return &fc.guard().Sandbox })},
	{"PARISM_MAX_MEMORY_MB", "guard.max_memory_mb", envInt(func(fc *fileConfig) **int { return &fc.guard().MaxMemoryMb })},
	{"PARISM_STRICT_SCHEMAS", "parsers.strict_schemas", envBool(func(fc *fileConfig) **bool { return &fc.parsers().StrictSchemas })},
	{"PARISM_ADAPTIVE_FORMAT_JSON", "parsers.adaptive_format_threshold.json", envInt(func(fc *fileConfig) **int { return &fc.thresholds().JSON })},
	{"PARISM_ADAPTIVE_FORMAT_COMPACT", "parsers.adaptive_format_threshold.compact", envInt(func(fc *fileConfig) **int { return &fc.thresholds().Compact })},
	{"PARISM_ADAPTIVE_FORMAT_JSON_NO_RAW", "parsers.adaptive_format_threshold.json_no_raw", envInt(func(fc *fileConfig) **int { return &fc.thresholds().JSONNoRaw })},
	{"PARISM_TELEMETRY_ENABLED", "telemetry.enabled", envBool(func(fc *fileConfig) **bool { return &fc.telemetry().Enabled })},
	{"PARISM_RESULTS_MAX_RESULT_BYTES", "results.max_result_bytes", envInt(func(fc *fileConfig) **int { return &fc.results().MaxResultBytes })},
	{"PARISM_RESULTS_MAX_TOTAL_BYTES", "results.max_total_bytes", envInt(func(fc *fileConfig) **int { return &fc.results().MaxTotalBytes })},
	{"PARISM_RESULTS_MAX_RESULTS", "results.max_results", envInt(func(fc *fileConfig) **int { return &fc.results().MaxResults })},
	{"PARISM_RESULTS_TTL_MS", "results.ttl_ms", envInt(func(fc *fileConfig) **int { return &fc.results().TTLMs })},
}

// otherEnvVars are the PARISM_ variables read outside the configuration:
// PARISM_HOME (packs and fixtures), PARISM_HTTP_TOKEN and the PARISM_OAUTH_*
// settings (serve --http), the
// sandbox helper's PARISM_SANDBOX_BINARY and PARISM_SANDBOX_HELPER, what
// an exec parser pack is given (PARISM_ARGS, PARISM_OS, PARISM_PACK_DIR),
// and the variables of tests and benchmarks. With envVars they are every
// PARISM_ variable there is; any other is a mistake
// (TestEveryParismVariableIsKnown reads the repository for them).
var otherEnvVars = []string{
	"PARISM_HOME", "PARISM_HTTP_TOKEN", "PARISM_SANDBOX_BINARY", "PARISM_SANDBOX_HELPER",
	"PARISM_OAUTH_ISSUER", "PARISM_OAUTH_AUDIENCE", "PARISM_OAUTH_JWKS_URL",
	"PARISM_ENV_CLEAN", "PARISM_HTTP_TOKEN_FD", // set by serve for its own re-execution (cli cleanenv)
	"PARISM_ARGS", "PARISM_OS", "PARISM_PACK_DIR",
	"PARISM_BENCH_HELPERS", "PARISM_PARSE_CASE", "PARISM_PARSE_N", "PARISM_PARSE_SPANS", "PARISM_TEST_VISIBLE",
}

// testEnvPrefixes are left to tests and benchmarks: no variable of the
// configuration starts with them.
var testEnvPrefixes = []string{"PARISM_TEST_", "PARISM_BENCH_"}

// KnownEnv reports whether name is a PARISM_ variable Parism reads (a
// configuration variable, one of otherEnvVars, or a test's).
func KnownEnv(name string) bool {
	if isConfigEnv(name) || slices.Contains(otherEnvVars, name) {
		return true
	}
	for _, p := range testEnvPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func isConfigEnv(name string) bool {
	return slices.ContainsFunc(envVars, func(v envVar) bool { return v.name == name })
}

// unknownEnv refuses the first (in sorted order) PARISM_ variable of
// environ that Parism does not read: a misspelled one would otherwise be
// ignored without a word (PARISM_ALLOWED_PATH: no path restriction at
// all). The error names the closest known variable.
func unknownEnv(environ []string) error {
	var unknown []string
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "PARISM_") && !KnownEnv(name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	name := unknown[0]
	known := slices.Clone(otherEnvVars)
	for _, v := range envVars {
		known = append(known, v.name)
	}
	best, bestD := "", -1
	for _, k := range known {
		if d := editDistance(name, k); bestD < 0 || d < bestD {
			best, bestD = k, d
		}
	}
	msg := fmt.Sprintf("unknown variable (did you mean %s?); Parism reads no other PARISM_ variables", best)
	if len(unknown) > 1 {
		msg += fmt.Sprintf("; also unknown: %s", strings.Join(unknown[1:], ", "))
	}
	return &Error{File: "env " + name, Message: msg}
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// envFor returns the environment variable that sets key, or "".
func envFor(key string) string {
	for _, v := range envVars {
		if v.key == key {
			return v.name
		}
	}
	return ""
}

// env applies the environment variables that are set and non-empty (an
// empty value counts as unset, as in the original). The environment is the
// operator's, so it is trusted; each variable is its own source.
func (ld *loader) env(lookup func(string) (string, bool)) error {
	for _, v := range envVars {
		raw, ok := lookup(v.name)
		if !ok || strings.TrimSpace(raw) == "" {
			continue
		}
		source := "env " + v.name
		errAt := func(key, msg string) error { return &Error{File: source, Key: key, Message: msg} }
		var fc fileConfig
		if msg := v.set(&fc, strings.TrimSpace(raw)); msg != "" {
			return errAt(v.key, msg)
		}
		if err := validateLayer(&fc, errAt); err != nil {
			return err
		}
		ld.apply(&fc, layerInfo{label: source, role: roleExplicit, trusted: true})
		ld.cfg.Sources = append(ld.cfg.Sources, source)
	}
	return nil
}

func envList(field func(*fileConfig) **[]string) func(*fileConfig, string) string {
	return func(fc *fileConfig, s string) string {
		var list []string
		for item := range strings.SplitSeq(s, ",") {
			if item = strings.TrimSpace(item); item != "" {
				list = append(list, item)
			}
		}
		if len(list) == 0 {
			return fmt.Sprintf("expected a comma-separated list, got %q", s)
		}
		*field(fc) = &list
		return ""
	}
}

func envString(field func(*fileConfig) **string) func(*fileConfig, string) string {
	return func(fc *fileConfig, s string) string {
		*field(fc) = &s
		return ""
	}
}

func envInt(field func(*fileConfig) **int) func(*fileConfig, string) string {
	return func(fc *fileConfig, s string) string {
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Sprintf("expected an integer, got %q", s)
		}
		*field(fc) = &n
		return ""
	}
}

func envBool(field func(*fileConfig) **bool) func(*fileConfig, string) string {
	return func(fc *fileConfig, s string) string {
		var b bool
		switch s {
		case "true", "1":
			b = true
		case "false", "0":
		default:
			return fmt.Sprintf(`expected "true", "1", "false" or "0", got %q`, s)
		}
		*field(fc) = &b
		return ""
	}
}

func (fc *fileConfig) guard() *fileGuard {
	if fc.Guard == nil {
		fc.Guard = &fileGuard{}
	}
	return fc.Guard
}

func (fc *fileConfig) parsers() *fileParsers {
	if fc.Parsers == nil {
		fc.Parsers = &fileParsers{}
	}
	return fc.Parsers
}

func (fc *fileConfig) thresholds() *fileThresholds {
	p := fc.parsers()
	if p.AdaptiveFormatThreshold == nil {
		p.AdaptiveFormatThreshold = &fileThresholds{}
	}
	return p.AdaptiveFormatThreshold
}

func (fc *fileConfig) telemetry() *fileTelemetry {
	if fc.Telemetry == nil {
		fc.Telemetry = &fileTelemetry{}
	}
	return fc.Telemetry
}

func (fc *fileConfig) results() *fileResults {
	if fc.Results == nil {
		fc.Results = &fileResults{}
	}
	return fc.Results
}
