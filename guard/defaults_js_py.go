package guard

// jsPyPolicies are the TypeScript, JavaScript and Python checkers and test
// runners the catalog reads as diagnostics: tsc, eslint, jest, vitest,
// pytest, mypy, ruff and flake8. None of them is readonly, each for a
// reason found by reading its documentation as an attacker:
//
//   - tsc (even --noEmit) follows tsconfig.json: "extends", "files",
//     "include", "typeRoots" and "paths" name any file on the machine, read
//     without the guard seeing them; without --noEmit it writes outputs. (Its
//     "plugins" are language-service plugins tsc itself does not load.)
//   - eslint loads eslint.config.js (or .mjs/.cjs/.ts): project code, run.
//   - jest, vitest and pytest run the project's tests and configs
//     (jest.config.js, vitest.config.ts, conftest.py).
//   - mypy loads the plugins its config names (mypy.ini, setup.cfg,
//     pyproject.toml "plugins"): Python code of the project's choosing; it
//     writes .mypy_cache.
//   - ruff runs no code, but "extend" in pyproject.toml/ruff.toml reads a
//     config from any path, and it writes .ruff_cache by default.
//   - flake8 runs every plugin installed as an entry point, and
//     [flake8:local-plugins] paths in the project's config import project
//     code.
//
// So all are build-profile forms, their arguments open (the project's own)
// but for the options that write outside the project's files, install
// packages, or wait for ever (watch modes, debuggers). None is in
// DefaultAllowedCommands: an operator adds them.
func jsPyPolicies() map[string]CommandPolicy {
	writes := valued(drop(detailWritesFiles))
	build := func(r ...map[string]Refusal) CommandPolicy {
		return CommandPolicy{Profile: ProfileBuild, Open: true, Refuse: refusals(r...)}
	}
	watch := refuseAll(drop(detailRunsProgram), "-w,--watch,--watchAll,--watch-all")
	return map[string]CommandPolicy{
		"tsc": build(refuseAll(drop(detailRunsProgram), "-w,--watch"),
			// --build builds the referenced projects, writing their outputs
			// and .tsbuildinfo files wherever their configs say.
			refuseAll(drop(detailWritesFiles), "-b,--build,--generateTrace,--generateCpuProfile")),
		"eslint": build(
			refuseAll(drop(detailWritesFiles), "--fix,--cache,--init"),
			refuseAll(writes, "-o,--output-file,--cache-location"),
			// --inspect-config starts a web server; -f with a path loads a
			// formatter module (the parser reads stylish and json only).
			refuseAll(drop(detailRunsProgram), "--inspect-config,--mcp"),
			refuseAll(valued(drop(detailRunsProgram)), "--resolve-plugins-relative-to,--plugin")),
		"jest": build(watch, refuseAll(valued(drop(detailWritesFiles)), "--outputFile,--coverageDirectory"),
			refuseAll(drop(detailWritesFiles), "--init,-u,--updateSnapshot")),
		"vitest": {
			Profile: ProfileBuild,
			// Without run, vitest watches in a terminal; run exits when done.
			Subcommands: subs(map[string]CommandPolicy{"run,related": {Open: true}}),
			Refuse: refusals(refuseAll(denied(detailRunsProgram), "watch,dev,bench,init"),
				refuseAll(drop(detailRunsProgram), "-w,--watch,--ui,--open,--inspect,--inspect-brk"),
				refuseAll(valued(drop(detailWritesFiles)), "--outputFile"),
				refuseAll(drop(detailWritesFiles), "-u,--update")),
			Persistent: true,
		},
		"pytest": build(refuseAll(drop(detailRunsProgram), "--pdb,--trace"),
			refuseAll(valued(drop(detailWritesFiles)), "--junitxml,--junit-xml,--resultlog,--result-log,--basetemp,--debug")),
		"mypy": build(refuseAll(drop(detailNetworkSend), "--install-types,--non-interactive"),
			refuseAll(valued(drop(detailWritesFiles)), "--html-report,--xml-report,--txt-report,--linecount-report,--linecoverage-report,--memory-xml-report,--cobertura-xml-report,--lineprecision-report,--any-exprs-report,--junit-xml")),
		"ruff": {
			Profile:     ProfileBuild,
			Subcommands: subs(map[string]CommandPolicy{"check": {Open: true}}),
			Refuse: refusals(refuseAll(denied(detailWritesFiles), "format,clean"),
				refuseAll(drop(detailWritesFiles), "--fix,--add-noqa,--fix-only"),
				refuseAll(drop(detailRunsProgram), "-w,--watch,server"),
				refuseAll(valued(drop(detailWritesFiles)), "-o,--output-file")),
			Persistent: true,
		},
		"flake8": build(refuseAll(valued(drop(detailWritesFiles)), "--output-file,--tee")),
	}
}
