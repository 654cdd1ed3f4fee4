package catalog

// clang and clang++: the same file:line:col: severity: message [-Wflag]
// lines as gcc (read by parseCDiag), with the source excerpt in clang's
// form (the source line, the caret line, a fix-it's text: left out), the
// machine-readable fix-its of -fdiagnostics-parseable-fixits attached to
// their diagnostic, and "N warnings and M errors generated." checked
// against what was read.

// clangFlags were checked against `clang --help` of Debian clang 14.0.6
// (the same names as gcc's for everything cFlags holds), plus the clang
// options that change what the diagnostics say.
var clangFlags = func() Flags {
	f := Flags{"-fdiagnostics-parseable-fixits": Bool, "-fno-diagnostics-fixit-info": Bool, "-ferror-limit": Value,
		"-Weverything": Bool, "-stdlib": Value}
	for k, v := range cFlags {
		f[k] = v
	}
	return f
}()

func clangParser(cmd string) *Parser {
	return &Parser{
		ID: cmd, Command: cmd, Version: "1", GoFlags: true,
		Format: cmd + "'s file:line:col: severity: message [-Wflag] lines, notes attached to the diagnostic before them, " +
			"-fdiagnostics-parseable-fixits fix-its as fixes, source excerpts left out, the \"N errors generated.\" count checked " +
			"(stderr: pipe 2>&1 to parism parse; -Iinclude attached is not read, -I include is)",
		Flags: clangFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics",
		Examples: [][]string{{"-Wall", "-c", "a.c"}, {"-fsyntax-only", "-fdiagnostics-parseable-fixits", "a.c"}},
		Parse:    func(c *Context) (any, error) { return parseCDiag(c, cmd) },
	}
}

// clangParsers wires clang and clang++ for the builtin list.
func clangParsers() []*Parser { return []*Parser{clangParser("clang"), clangParser("clang++")} }
