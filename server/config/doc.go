// Package config loads the Parism configuration: what the guard lets run,
// the output limits, the parser settings and telemetry.
//
// The keys are those of the original Parism 2.1 (see Keys for the full list
// with types and defaults). They are read from up to three layers, each
// overriding only the keys it sets:
//
//  1. the global file <home>/.parism/prism.config.json or .toml;
//  2. the project file <cwd>/prism.config.json or .toml;
//  3. the PARISM_* environment variables.
//
// The environment variables are PARISM_ALLOWED_COMMANDS and
// PARISM_ALLOWED_PATHS (comma-separated lists), PARISM_PROFILE (readonly or
// build, an extension of the original), PARISM_TIMEOUT_MS,
// PARISM_MAX_OUTPUT_BYTES, PARISM_MAX_ITEMS, PARISM_DEFAULT_PAGE_SIZE,
// PARISM_ADAPTIVE_FORMAT_JSON, PARISM_ADAPTIVE_FORMAT_COMPACT and
// PARISM_ADAPTIVE_FORMAT_JSON_NO_RAW, PARISM_RESULTS_MAX_RESULT_BYTES,
// PARISM_RESULTS_MAX_TOTAL_BYTES, PARISM_RESULTS_MAX_RESULTS and
// PARISM_RESULTS_TTL_MS (integers), PARISM_STRICT_SCHEMAS and
// PARISM_TELEMETRY_ENABLED ("true"/"1" or "false"/"0"). A variable set to
// the empty string counts as unset, as in the original.
//
// Having both a .json and a .toml file in one directory is an error. With
// LoadOptions.ConfigPath set, only that file is read (over the defaults),
// followed by the environment.
//
// The project file is written by whoever wrote the repository, not by the
// operator, so it may narrow the guard but not widen it: adding an allowed
// command, adding an allowed path outside the current ones (or clearing the
// path restriction), switching the profile from readonly to build, removing a
// block pattern or removing a blocked flag is ignored and reported in
// Config.Warnings, unless the global file sets trust_project_config: true.
// The environment and an explicit ConfigPath belong to the operator and are
// trusted.
//
// Mistakes are errors, never silent defaults: an unknown key (key names are
// matched exactly, case included), a value of the wrong type, an invalid enum
// value, a limit that is not positive, an invalid regular expression or a
// malformed file is reported as a *Error naming the file (or the environment
// variable), the dotted key and, when known, the line.
package config
