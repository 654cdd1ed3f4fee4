package config

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/parism-go/parism/guard"
)

// KeyDoc documents one configuration key, for docs and --help.
type KeyDoc struct {
	// Key is the dotted key; "*" stands for a command name in
	// guard.command_arg_restrictions.*.blocked_flags.
	Key string
	// Type is one of "bool", "int", "string", "[]string", "map".
	Type string
	// Values lists the accepted values of an enum string; nil otherwise.
	Values []string
	// Default is the default value, written as JSON where possible.
	Default string
	// Env is the environment variable that also sets the key, if any.
	Env string
	// Description is one line.
	Description string
}

// Keys lists every configuration key, in file order. A test keeps it in sync
// with what the loader accepts.
func Keys() []KeyDoc {
	keys := []KeyDoc{
		{Key: "trust_project_config", Type: "bool", Default: "false",
			Description: "Global file only: let the project file widen the guard (add commands or paths, build profile, drop block patterns or blocked flags)."},
		{Key: "guard.allowed_commands", Type: "[]string", Default: jsonText(guard.DefaultAllowedCommands()),
			Description: "Programs that may run, by bare name."},
		{Key: "guard.allowed_paths", Type: "[]string", Default: "[]",
			Description: "Directories that bound the working directory and path arguments; empty means no restriction."},
		{Key: "guard.profile", Type: "string", Values: []string{"readonly", "build"}, Default: `"readonly"`,
			Description: "readonly admits query forms only; build also admits build and test forms, which run project code."},
		{Key: "guard.timeout_ms", Type: "int", Default: "10000",
			Description: "Milliseconds a command may run before it is killed."},
		{Key: "guard.max_output_bytes", Type: "int", Default: "102400",
			Description: "Bytes of command output read before truncating."},
		{Key: "guard.max_items", Type: "int", Default: "500",
			Description: "Items kept from a parsed result before truncating."},
		{Key: "guard.default_page_size", Type: "int", Default: "100",
			Description: "Lines per run_paged page when the request names no page_size."},
		{Key: "guard.max_page_size", Type: "int", Default: "1000",
			Description: "Largest page size a request may ask for."},
		{Key: "guard.max_concurrent_runs", Type: "int", Default: "8",
			Description: "Commands that may run at once, across all sessions of one server process."},
		{Key: "guard.max_queued_runs", Type: "int", Default: "64",
			Description: "Calls that may wait for a free run slot; past that a call fails at once with reason \"busy\". 0: none wait."},
		{Key: "guard.sandbox", Type: "string", Values: []string{SandboxAuto, SandboxOff, SandboxRequired}, Default: `"auto"`,
			Description: "Kernel confinement of each command on Linux: auto applies Landlock where the kernel has it, off does not, required refuses to run commands without it. A project file may only make it stricter unless trusted."},
		{Key: "guard.max_memory_mb", Type: "int", Default: "4096",
			Description: "Address space (RLIMIT_AS) each command may map, in MiB, on Linux; 0: no limit. Keep it generous: runtimes such as the JVM and V8 reserve more than they use."},
		{Key: "guard.block_patterns", Type: "[]string", Default: jsonText(guard.DefaultBlockPatterns()),
			Description: "Substrings refused inside any single argument."},
		{Key: "guard.command_arg_restrictions", Type: "map", Default: jsonText(guard.DefaultArgRestrictions()),
			Description: "Per command, flags refused; merged command by command over the defaults."},
		{Key: "guard.command_arg_restrictions.*.blocked_flags", Type: "[]string", Default: "[]",
			Description: "Flags refused for that command (required in each entry)."},
		{Key: "guard.command_policies", Type: "map", Default: "built-in policy per default command (docs/guard-policies.md)",
			Description: "Per command: subcommands, flags and positionals admitted; a command named here replaces its built-in policy. Project files may set it only when trusted."},
		{Key: "guard.secrets.env_patterns", Type: "[]string", Default: jsonText(DefaultEnvPatterns()),
			Description: "Environment variables whose names contain one of these are withheld from commands."},
		{Key: "guard.secrets.output_redaction_enabled", Type: "bool", Default: "true",
			Description: "Mask output_patterns in command output."},
		{Key: "guard.secrets.output_patterns", Type: "[]string", Default: "built-in patterns (API keys, tokens, private keys, JWTs)",
			Description: "Regular expressions (RE2) masked in output; [] turns masking off; absent keeps the built-in patterns."},
		{Key: "parsers.strict_schemas", Type: "bool", Default: "false",
			Description: "Validate parser results strictly against their schemas."},
		{Key: "parsers.external_isolation", Type: "string", Values: []string{IsolationProcess, IsolationWorker, IsolationNone}, Default: `"process"`,
			Description: "How external parsers run: \"process\" isolates each in a child process with limits (\"worker\", the original's value, means the same); \"none\" does not."},
		{Key: "parsers.external_time_limit_ms", Type: "int", Default: "500",
			Description: "Milliseconds an external parser may run."},
		{Key: "parsers.external_memory_limit_mb", Type: "int", Default: "128",
			Description: "Megabytes of memory an external parser may use."},
		{Key: "parsers.adaptive_format_threshold.json", Type: "int", Default: "0",
			Description: "Adaptive output format: item-count threshold for the json form; 0 means unset."},
		{Key: "parsers.adaptive_format_threshold.compact", Type: "int", Default: "50",
			Description: "Adaptive output format: item-count threshold for the compact form; 0 means unset."},
		{Key: "parsers.adaptive_format_threshold.json_no_raw", Type: "int", Default: "200",
			Description: "Adaptive output format: item-count threshold for the json-without-raw form; 0 means unset."},
		{Key: "telemetry.enabled", Type: "bool", Default: "false",
			Description: "Add per-stage timings to every envelope and per-command statistics to describe; nothing leaves the process."},
		{Key: "results.max_result_bytes", Type: "int", Default: "2097152",
			Description: "Bytes one retained result may hold (raw text, parsed value, spans); a larger one is answered but not kept (warning result_too_large)."},
		{Key: "results.max_total_bytes", Type: "int", Default: "33554432",
			Description: "Bytes one session's retained results (and run_paged cached runs) may hold together; its least recently used are evicted past it. A result larger than this is not kept either. The process holds at most 4 times this over all sessions."},
		{Key: "results.max_results", Type: "int", Default: "16",
			Description: "Results (and run_paged cached runs) one session keeps at once; its least recently used are evicted past it. The process holds at most 8 times this over all sessions."},
		{Key: "results.ttl_ms", Type: "int", Default: "60000",
			Description: "Milliseconds a retained result stays readable by fetch_result, explain_result and compare_results (then result_expired)."},
	}
	for i := range keys {
		keys[i].Env = envFor(keys[i].Key)
	}
	return keys
}

// jsonText writes v as compact JSON without HTML escaping (the block
// patterns hold < and >).
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return strings.TrimSpace(b.String())
}
