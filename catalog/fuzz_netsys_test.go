package catalog

import "testing"

// Fuzz targets of the network and system parsers: no panic, bounded time,
// the input left alone and the span contract kept (see fuzzParse).

var (
	pingFuzzArgs      = [][]string{{"-c", "3", "127.0.0.1"}, {"-q", "-c", "2", "h"}, {"-D", "-c", "1", "h"}, {"-p", "ff", "-I", "lo", "-c", "1", "h"}}
	pingWinFuzzArgs   = [][]string{{"-n", "3", "h"}, {"-6", "::1"}}
	curlFuzzArgs      = [][]string{{"-sI", "http://x"}, {"-sIL", "http://x"}}
	netstatFuzzArgs   = [][]string{{"-tunap"}, {"-an"}, {"-tlnpe"}, {"-xap"}, {"-anA"}, {"-anT"}}
	netstatWinArgs    = [][]string{{"-an"}, {"-ano"}, {"-aonb"}}
	ssFuzzArgs        = [][]string{{"-tunap"}, {"-tln"}, {"-xap"}, {"-t", "state", "established"}, {"-tiem"}}
	lsofFuzzArgs      = [][]string{{"-i", "-n", "-P"}, {"-i"}, {"-p", "1"}}
	digFuzzArgs       = [][]string{{"example.com"}, {"+short", "example.com"}, {"+noall", "+answer", "x"}, {"+qr", "a", "b"}}
	ipFuzzArgs        = [][]string{{"addr"}, {"link"}, {"-4", "addr", "show", "dev", "eth0"}, {"-br", "addr"}, {"-o", "addr"}}
	freeFuzzArgs      = [][]string{{}, {"-b"}, {"-h"}, {"-m", "-w"}, {"-bt", "-l"}, {"--si", "-h"}}
	unameFuzzArgs     = [][]string{{"-a"}, {}, {"-r"}}
	idFuzzArgs        = [][]string{{}, {"root"}}
	uptimeFuzzArgs    = [][]string{{}, {"-p"}, {"-s"}}
	wFuzzArgs         = [][]string{{}, {"-s"}}
	dateFuzzArgs      = [][]string{{}, {"-u"}, {"-Iseconds"}, {"-R"}}
	mountFuzzArgs     = [][]string{{}, {"-l"}}
	lsblkFuzzArgs     = [][]string{{}, {"-b"}, {"-f"}, {"-l", "-p"}}
	systemctlFuzzArgs = [][]string{{"list-units"}, {"list-units", "--no-legend", "--plain"}, {"--all"}}
	journalFuzzArgs   = [][]string{{"-o", "short-iso"}, {"-o", "short-iso", "--no-hostname"}}
	aptFuzzArgs       = [][]string{{"list", "--installed"}, {"search", "curl"}}
	brewFuzzArgs      = [][]string{{"list", "--versions"}, {"list"}, {"list", "--cask", "--versions"}}
)

func netsysFuzz(f *testing.F, dirs []string, parse func(*Context) (any, error), args [][]string) {
	for _, d := range dirs {
		seedGolden(f, d, args)
	}
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parse, raw, args, sel, spans)
	})
}

func FuzzPing(f *testing.F) { netsysFuzz(f, []string{"ping", "ping6"}, parsePing, pingFuzzArgs) }
func FuzzPingWindows(f *testing.F) {
	netsysFuzz(f, []string{"ping-windows"}, parsePingWindows, pingWinFuzzArgs)
}
func FuzzCurlHead(f *testing.F) {
	netsysFuzz(f, []string{"curl-head"}, parseCurlHead, curlFuzzArgs)
}
func FuzzNetstat(f *testing.F) {
	netsysFuzz(f, []string{"netstat", "netstat-bsd"}, parseNetstat, netstatFuzzArgs)
}
func FuzzNetstatWindows(f *testing.F) {
	netsysFuzz(f, []string{"netstat-windows"}, parseNetstatWindows, netstatWinArgs)
}
func FuzzSs(f *testing.F)     { netsysFuzz(f, []string{"ss"}, parseSs, ssFuzzArgs) }
func FuzzLsof(f *testing.F)   { netsysFuzz(f, []string{"lsof"}, parseLsof, lsofFuzzArgs) }
func FuzzDig(f *testing.F)    { netsysFuzz(f, []string{"dig"}, parseDig, digFuzzArgs) }
func FuzzIPAddr(f *testing.F) { netsysFuzz(f, []string{"ip-addr"}, parseIPAddr, ipFuzzArgs) }
func FuzzFree(f *testing.F)   { netsysFuzz(f, []string{"free"}, parseFree, freeFuzzArgs) }
func FuzzUname(f *testing.F)  { netsysFuzz(f, []string{"uname"}, parseUname, unameFuzzArgs) }
func FuzzID(f *testing.F)     { netsysFuzz(f, []string{"id"}, parseID, idFuzzArgs) }
func FuzzUptime(f *testing.F) { netsysFuzz(f, []string{"uptime"}, parseUptime, uptimeFuzzArgs) }
func FuzzW(f *testing.F)      { netsysFuzz(f, []string{"w"}, parseW, wFuzzArgs) }
func FuzzDate(f *testing.F)   { netsysFuzz(f, []string{"date"}, parseDate, dateFuzzArgs) }
func FuzzMount(f *testing.F)  { netsysFuzz(f, []string{"mount"}, parseMount, mountFuzzArgs) }
func FuzzLsblk(f *testing.F)  { netsysFuzz(f, []string{"lsblk"}, parseLsblk, lsblkFuzzArgs) }
func FuzzSystemctl(f *testing.F) {
	netsysFuzz(f, []string{"systemctl", "systemctl-list-units"}, parseSystemctlUnits, systemctlFuzzArgs)
}
func FuzzJournalctl(f *testing.F) {
	netsysFuzz(f, []string{"journalctl"}, parseJournal, journalFuzzArgs)
}
func FuzzApt(f *testing.F) {
	netsysFuzz(f, []string{"apt-list", "apt-search"}, parseApt, aptFuzzArgs)
}
func FuzzBrewList(f *testing.F) {
	netsysFuzz(f, []string{"brew-list"}, parseBrewList, brewFuzzArgs)
}
