package catalog

import (
	"slices"
	"sync"
)

// builtinParsers is every built-in parser, in one explicit list: a family
// wires its parsers (their Check and Parse functions refer back to them) in
// a function listed here, and nothing registers itself from init. The list
// is built once; Default registers it into each new registry. Adding a
// parser is a line here (see doc.go).
var builtinParsers = sync.OnceValue(func() []*Parser {
	return withTables(slices.Concat(
		kubectlGetParsers(), dockerPsParsers(), dockerStatsParsers(), dockerImagesParsers(), ghPrParsers(),
		helmListParsers(), terraformPlanParsers(), envParsers(), pwdParsers(), whichParsers(), findParsers(),
		duParsers(), dfParsers(), statParsers(), treeParsers(), gitStatusParsers(), gitLogParsers(),
		gitDiffParsers(), gitBranchParsers(), gitRemoteParsers(), lpNpmParsers(), lsParsers(), pingParsers(),
		curlHeadParsers(), netstatParsers(), ssParsers(), lsofParsers(), digParsers(), ipAddrParsers(),
		aptListParsers(), brewListParsers(), psParsers(), freeParsers(), unameParsers(), idParsers(),
		uptimeParsers(), wParsers(), dateParsers(), mountParsers(), lsblkParsers(), systemctlListUnitsParsers(),
		journalctlParsers(), grepParsers(), wcParsers(), headParsers(), dirParsers(),
		diagParsers(), cDiagParsers(),
		jsDiagParsers(),
		pyDiagParsers(),
		pingWindowsParsers(),
		cargoRustParsers(),
		clangParsers(),
		makeParsers(),
		goLintParsers(),
		gitBlameParsers(), gitLsFilesParsers(), gitTagParsers(), gitStashParsers(), gitWorktreeParsers(), gitRevParseParsers(), gitConfigParsers(), diffParsers(), gitLogFormsParsers(),
		ipRouteParsers(), routeParsers(), arpParsers(),
		vmstatParsers(), lscpuParsers(), sysctlParsers(), dmesgParsers(), findmntParsers(), lspciParsers(),
		dpkgParsers(), pipParsers(), goInspectParsers(),
		checksumParsers(), fileParsers(),
		topParsers(), crontabParsers(),
		whoParsers(), mpstatParsers(), iostatParsers(),
	))
})
