package diag

import (
	"github.com/parism-go/parism/catalog"
)

// clangFlags were checked against `clang --help` of Debian clang 14.0.6
// (the same names as gcc's for everything cFlags holds), plus the clang
// options that change what the diagnostics say.
var clangFlags = func() catalog.Flags {
	f := catalog.Flags{"-fdiagnostics-parseable-fixits": catalog.Bool, "-fno-diagnostics-fixit-info": catalog.Bool, "-ferror-limit": catalog.Value,
		"-Weverything": catalog.Bool, "-stdlib": catalog.Value}
	for k, v := range cFlags {
		f[k] = v
	}
	return f
}()

func clangParser(cmd string) *catalog.Parser {
	return &catalog.Parser{
		ID: cmd, Command: cmd, Version: "1", GoFlags: true,
		Format: cmd + "'s file:line:col: severity: message [-Wflag] lines, notes attached to the diagnostic before them, " +
			"-fdiagnostics-parseable-fixits fix-its as fixes, source excerpts left out, the \"N errors generated.\" count checked " +
			"(stderr: pipe 2>&1 to parism parse; -Iinclude attached is not read, -I include is)",
		Flags: clangFlags, MaxPositionals: -1, Result: DiagResult{}, RowsKey: "diagnostics",
		Examples: [][]string{{"-Wall", "-c", "a.c"}, {"-fsyntax-only", "-fdiagnostics-parseable-fixits", "a.c"}},
		Parse:    func(c *catalog.Context) (any, error) { return parseCDiag(c, cmd) },
	}
}

// clangParsers wires clang and clang++ for the builtin list.
func clangParsers() []*catalog.Parser {
	return []*catalog.Parser{clangParser("clang"), clangParser("clang++")}
}
