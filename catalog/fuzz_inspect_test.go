package catalog

import "testing"

// Fuzz targets of the inspection parsers (inspect_*.go): no panic, bounded
// time, the input left alone and the span contract kept (see fuzzParse),
// seeded from their goldens.

func inspectFuzz(f *testing.F, dirs []string, parse func(*Context) (any, error), args [][]string) {
	for _, d := range dirs {
		seedGolden(f, d, args)
	}
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parse, raw, args, sel, spans)
	})
}

func FuzzIPRoute(f *testing.F) {
	inspectFuzz(f, []string{"ip-route"}, parseIPRoute, [][]string{{"route"}, {"-6", "route", "show"}})
}
func FuzzIPNeigh(f *testing.F) {
	inspectFuzz(f, []string{"ip-neigh"}, parseIPNeigh, [][]string{{"neigh"}})
}
func FuzzRoute(f *testing.F) {
	inspectFuzz(f, []string{"route"}, parseRoute, [][]string{{"-n"}, {"-ee"}})
}
func FuzzArp(f *testing.F) {
	inspectFuzz(f, []string{"arp"}, parseArp, [][]string{{"-a"}, {"-n"}})
}
func FuzzVmstat(f *testing.F) {
	inspectFuzz(f, []string{"vmstat"}, parseVmstat, [][]string{{}, {"-t", "1", "2"}, {"-a", "-S", "M"}})
}
func FuzzLscpu(f *testing.F) { inspectFuzz(f, []string{"lscpu"}, parseLscpu, [][]string{{}}) }
func FuzzSysctl(f *testing.F) {
	inspectFuzz(f, []string{"sysctl"}, parseSysctl, [][]string{{"-a"}})
}
func FuzzDmesg(f *testing.F) {
	inspectFuzz(f, []string{"dmesg"}, parseDmesg, [][]string{{}, {"-T"}, {"-x"}, {"-t"}, {"-x", "-T"}})
}
func FuzzFindmnt(f *testing.F) {
	inspectFuzz(f, []string{"findmnt"}, parseFindmnt, [][]string{{}, {"-l"}, {"-P"}, {"-n"}})
}
func FuzzLspci(f *testing.F) {
	inspectFuzz(f, []string{"lspci"}, parseLspci, [][]string{{}, {"-mm"}, {"-k"}})
}
func FuzzDpkgList(f *testing.F) {
	inspectFuzz(f, []string{"dpkg-list", "dpkg-query-list"}, parseDpkgList, [][]string{{"-l"}})
}
func FuzzPipList(f *testing.F) {
	inspectFuzz(f, []string{"pip-list", "pip3-list"}, parsePipList, [][]string{{"list"}, {"list", "--format=freeze"}})
}
func FuzzPipFreeze(f *testing.F) {
	inspectFuzz(f, []string{"pip-freeze", "pip3-freeze"}, parsePipFreeze, [][]string{{"freeze"}})
}
func FuzzPipShow(f *testing.F) {
	inspectFuzz(f, []string{"pip-show", "pip3-show"}, parsePipShow, [][]string{{"show", "x"}})
}
func FuzzGoVersion(f *testing.F) {
	inspectFuzz(f, []string{"go-version"}, parseGoVersion, [][]string{{"version"}})
}
func FuzzGoEnv(f *testing.F) { inspectFuzz(f, []string{"go-env"}, parseGoEnv, [][]string{{"env"}}) }
func FuzzGoList(f *testing.F) {
	inspectFuzz(f, []string{"go-list"}, parseGoList, [][]string{{"list", "-m"}, {"list"}, {"list", "-m", "-versions"}})
}
func FuzzChecksum(f *testing.F) {
	inspectFuzz(f, []string{"sha256sum", "md5sum", "sha1sum", "sha512sum", "md5", "sha256"}, parseChecksum,
		[][]string{{"a"}, {"-c", "SUMS"}, {"-r", "a"}})
}
func FuzzFile(f *testing.F) {
	inspectFuzz(f, []string{"file"}, parseFile, [][]string{{"a", "b"}, {"-b", "a"}, {"-i", "a"}, {"--mime-encoding", "a"}})
}
func FuzzTop(f *testing.F) { inspectFuzz(f, []string{"top"}, parseTop, [][]string{{"-b", "-n", "1"}}) }
func FuzzCrontab(f *testing.F) {
	inspectFuzz(f, []string{"crontab"}, parseCrontab, [][]string{{"-l"}})
}
func FuzzWho(f *testing.F) { inspectFuzz(f, []string{"who"}, parseWho, [][]string{{}, {"-u"}}) }
func FuzzMpstat(f *testing.F) {
	inspectFuzz(f, []string{"mpstat"}, parseMpstat, [][]string{{}, {"-P", "ALL"}})
}
func FuzzIostat(f *testing.F) {
	inspectFuzz(f, []string{"iostat"}, parseIostat, [][]string{{}, {"-x"}, {"-t", "1", "2"}})
}
