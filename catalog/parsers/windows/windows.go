// Package windows reads the output of Windows commands (dir, tasklist, ipconfig, systeminfo) for the catalog: the parsers dir, tasklist, ipconfig, systeminfo.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package windows

import (
	"io"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// DirResult is the parsed output of `dir`.
type DirResult struct {
	// Drive, VolumeLabel and VolumeSerial come from the volume header;
	// VolumeLabel is absent when the volume "has no label".
	Drive        string `json:"drive,omitempty"`
	VolumeLabel  string `json:"volume_label,omitempty"`
	VolumeSerial string `json:"volume_serial,omitempty"`
	// Directory is the first "Directory of" path.
	Directory string     `json:"directory,omitempty"`
	Entries   []DirEntry `json:"entries"`
	// Directories lists each "Directory of" section with its own totals
	// when there are several (/s); entries then name theirs.
	Directories []DirDirectory `json:"directories,omitempty"`
	// FileCount and TotalBytes are the last "File(s)" line (the grand
	// total with /s); DirCount and FreeBytes the "Dir(s)" line.
	FileCount  *int64 `json:"file_count,omitempty"`
	TotalBytes *int64 `json:"total_bytes,omitempty"`
	DirCount   *int64 `json:"dir_count,omitempty"`
	FreeBytes  *int64 `json:"free_bytes,omitempty"`
	// DateFormat is the date order read: "MM/DD/YYYY" (en-US), or
	// "DD/MM/YYYY" when some day is above 12 in the first place,
	// "YYYY-MM-DD", "DD.MM.YYYY".
	DateFormat string `json:"date_format,omitempty"`
	// TimeZone names the zone assumed for the times (dir prints local time).
	TimeZone string `json:"time_zone,omitempty"`
}

// DirDirectory is one "Directory of" section.
type DirDirectory struct {
	Path       string `json:"path"`
	FileCount  *int64 `json:"file_count,omitempty"`
	TotalBytes *int64 `json:"total_bytes,omitempty"`
}

// DirEntry is one listed file. With /b only Name (or Path, /b /s) is set.
type DirEntry struct {
	Name string `json:"name,omitempty"`
	// Path is the full path dir /b /s prints.
	Path string `json:"path,omitempty"`
	// Type: file, directory, junction or symlink (<SYMLINK> and <SYMLINKD>).
	Type      string `json:"type,omitempty"`
	SizeBytes *int64 `json:"size_bytes,omitempty"`
	// ModifiedAt is the time shown by default (/t:w); /t:c shows
	// CreatedAt and /t:a AccessedAt instead. ISO 8601 with the offset of
	// the assumed zone.
	ModifiedAt string `json:"modified_at,omitempty"`
	CreatedAt  string `json:"created_at,omitempty"`
	AccessedAt string `json:"accessed_at,omitempty"`
	// SymlinkTarget is the [target] of a junction or symbolic link.
	SymlinkTarget string `json:"symlink_target,omitempty"`
	// Directory is the section the entry was listed under (with several).
	Directory string `json:"directory,omitempty"`
}

// TasklistResult is the parsed output of `tasklist` (table, /fo csv, /fo list).
type TasklistResult struct {
	Processes []TaskProcess `json:"processes"`
}

// TaskProcess is one process. Values tasklist prints as "N/A" are absent.
type TaskProcess struct {
	// Name is the image name; the table form cuts it to 25 characters.
	Name          string `json:"name"`
	PID           *int64 `json:"pid,omitempty"`
	SessionName   string `json:"session_name,omitempty"`
	SessionNumber *int64 `json:"session_number,omitempty"`
	MemUsageKiB   *int64 `json:"mem_usage_kib,omitempty"`
	// Status, User, CPUTime ("0:01:23") and WindowTitle come with /v.
	Status      string `json:"status,omitempty"`
	User        string `json:"user,omitempty"`
	CPUTime     string `json:"cpu_time,omitempty"`
	WindowTitle string `json:"window_title,omitempty"`
	// Services (/svc) and Modules (/m) are the listed names.
	Services []string `json:"services,omitempty"`
	Modules  []string `json:"modules,omitempty"`
}

// IpconfigResult is the parsed output of `ipconfig` and `ipconfig /all`.
type IpconfigResult struct {
	// The host fields come with /all.
	Hostname            string            `json:"hostname,omitempty"`
	PrimaryDNSSuffix    string            `json:"primary_dns_suffix,omitempty"`
	NodeType            string            `json:"node_type,omitempty"`
	IPRoutingEnabled    *bool             `json:"ip_routing_enabled,omitempty"`
	WINSProxyEnabled    *bool             `json:"wins_proxy_enabled,omitempty"`
	DNSSuffixSearchList []string          `json:"dns_suffix_search_list,omitempty"`
	Adapters            []IpconfigAdapter `json:"adapters"`
	// TimeZone names the zone assumed for the lease times.
	TimeZone string `json:"time_zone,omitempty"`
}

// IpconfigAdapter is one "<type> adapter <name>:" section.
type IpconfigAdapter struct {
	Name string `json:"name"`
	// Type: "Ethernet", "Wireless LAN", "Tunnel", "PPP", "Unknown" ...
	Type string `json:"type"`
	// MediaState is "Media disconnected" when printed.
	MediaState               string `json:"media_state,omitempty"`
	DNSSuffix                string `json:"dns_suffix,omitempty"`
	Description              string `json:"description,omitempty"`
	PhysicalAddress          string `json:"physical_address,omitempty"`
	DHCPEnabled              *bool  `json:"dhcp_enabled,omitempty"`
	AutoconfigurationEnabled *bool  `json:"autoconfiguration_enabled,omitempty"`
	// IPv4Address and SubnetMask are the first pair ("(Preferred)"
	// removed); IPv4Addresses lists every pair when there are several.
	IPv4Address   string         `json:"ipv4_address,omitempty"`
	SubnetMask    string         `json:"subnet_mask,omitempty"`
	IPv4Addresses []IpconfigIPv4 `json:"ipv4_addresses,omitempty"`
	// AutoconfigurationIPv4Address is an APIPA address (169.254.x.x).
	AutoconfigurationIPv4Address string `json:"autoconfiguration_ipv4_address,omitempty"`
	// IPv6Addresses holds the global, temporary and link-local addresses
	// in the order printed (zone index kept: "fe80::1%12").
	IPv6Addresses []string `json:"ipv6_addresses,omitempty"`
	// DefaultGateway is the IPv4 gateway when one is listed, else the
	// first; DefaultGateways lists them all when there are several.
	DefaultGateway   string   `json:"default_gateway,omitempty"`
	DefaultGateways  []string `json:"default_gateways,omitempty"`
	DHCPServer       string   `json:"dhcp_server,omitempty"`
	LeaseObtainedAt  string   `json:"lease_obtained_at,omitempty"`
	LeaseExpiresAt   string   `json:"lease_expires_at,omitempty"`
	DHCPv6IAID       string   `json:"dhcpv6_iaid,omitempty"`
	DHCPv6ClientDUID string   `json:"dhcpv6_client_duid,omitempty"`
	DNSServers       []string `json:"dns_servers,omitempty"`
	WINSServers      []string `json:"wins_servers,omitempty"`
	NetBIOSOverTcpip *bool    `json:"netbios_over_tcpip,omitempty"`
	DNSSuffixSearch  []string `json:"dns_suffix_search_list,omitempty"`
}

// IpconfigIPv4 is one IPv4 address with its mask.
type IpconfigIPv4 struct {
	Address    string `json:"address"`
	SubnetMask string `json:"subnet_mask,omitempty"`
}

// SysteminfoResult is the parsed output of `systeminfo` (list or /fo csv).
type SysteminfoResult struct {
	Hostname                  string   `json:"hostname,omitempty"`
	OSName                    string   `json:"os_name,omitempty"`
	OSVersion                 string   `json:"os_version,omitempty"`
	OSManufacturer            string   `json:"os_manufacturer,omitempty"`
	OSConfiguration           string   `json:"os_configuration,omitempty"`
	OSBuildType               string   `json:"os_build_type,omitempty"`
	RegisteredOwner           string   `json:"registered_owner,omitempty"`
	RegisteredOrganization    string   `json:"registered_organization,omitempty"`
	ProductID                 string   `json:"product_id,omitempty"`
	InstalledAt               string   `json:"installed_at,omitempty"`
	BootedAt                  string   `json:"booted_at,omitempty"`
	SystemManufacturer        string   `json:"system_manufacturer,omitempty"`
	SystemModel               string   `json:"system_model,omitempty"`
	SystemType                string   `json:"system_type,omitempty"`
	Processors                []string `json:"processors,omitempty"`
	BIOSVersion               string   `json:"bios_version,omitempty"`
	WindowsDirectory          string   `json:"windows_directory,omitempty"`
	SystemDirectory           string   `json:"system_directory,omitempty"`
	BootDevice                string   `json:"boot_device,omitempty"`
	SystemLocale              string   `json:"system_locale,omitempty"`
	InputLocale               string   `json:"input_locale,omitempty"`
	SystemTimeZone            string   `json:"system_time_zone,omitempty"`
	TotalPhysicalMemoryMB     *int64   `json:"total_physical_memory_mb,omitempty"`
	AvailablePhysicalMemoryMB *int64   `json:"available_physical_memory_mb,omitempty"`
	VirtualMemoryMaxSizeMB    *int64   `json:"virtual_memory_max_size_mb,omitempty"`
	VirtualMemoryAvailableMB  *int64   `json:"virtual_memory_available_mb,omitempty"`
	VirtualMemoryInUseMB      *int64   `json:"virtual_memory_in_use_mb,omitempty"`
	PageFileLocations         []string `json:"page_file_locations,omitempty"`
	Domain                    string   `json:"domain,omitempty"`
	LogonServer               string   `json:"logon_server,omitempty"`
	// Hotfixes and NetworkCards are always present (empty when none).
	Hotfixes     []SysHotfix      `json:"hotfixes"`
	NetworkCards []SysNetworkCard `json:"network_cards"`
	// HyperVRequirements: HypervisorDetected when Windows runs under a
	// hypervisor (the requirements are then not listed), else each one.
	HyperVRequirements *SysHyperV `json:"hyperv_requirements,omitempty"`
	// DateFormat and TimeZone: the date order and the zone assumed for
	// installed_at and booted_at.
	DateFormat string `json:"date_format,omitempty"`
	TimeZone   string `json:"time_zone,omitempty"`
}

// SysHotfix is one installed update ("[01]: KB5012170").
type SysHotfix struct {
	ID string `json:"id"`
}

// SysNetworkCard is one "[NN]: <name>" entry of Network Card(s).
type SysNetworkCard struct {
	Name           string   `json:"name"`
	ConnectionName string   `json:"connection_name,omitempty"`
	Status         string   `json:"status,omitempty"`
	DHCPEnabled    *bool    `json:"dhcp_enabled,omitempty"`
	DHCPServer     string   `json:"dhcp_server,omitempty"`
	IPAddresses    []string `json:"ip_addresses,omitempty"`
}

// SysHyperV is the Hyper-V Requirements block.
type SysHyperV struct {
	HypervisorDetected               bool  `json:"hypervisor_detected,omitempty"`
	VMMonitorModeExtensions          *bool `json:"vm_monitor_mode_extensions,omitempty"`
	VirtualizationEnabledInFirmware  *bool `json:"virtualization_enabled_in_firmware,omitempty"`
	SecondLevelAddressTranslation    *bool `json:"second_level_address_translation,omitempty"`
	DataExecutionPreventionAvailable *bool `json:"data_execution_prevention_available,omitempty"`
}

// The switches of these parsers ("/x", read by their Check functions, not
// Flags) were checked against Microsoft's Windows Commands reference (dir,
// tasklist, ipconfig, systeminfo; Windows Server 2025 / Windows 11 pages)
// and `dir /?`'s text:
//   - dir: /a[:attr], /o[:order], /s, /b, /c, /-c, /l, /n, /4 and
//     /t[:c|a|w] keep the form; /w, /d, /p (the same names, wide or
//     paged) and /-n (the old short form) are refused with the hint
//     without them; /q (an owner column whose width the documentation does
//     not give), /x (short names) and /r (streams) are refused with the
//     hint without them.
//   - tasklist: /fo table|csv|list, /nh (csv only: table columns need their
//     header), one of /v, /svc, /m [module], /fi, /s, /u, /p; /apps is
//     refused with the hint without it.
//   - ipconfig: the listing and /all; every other switch (/release,
//     /renew, /displaydns, /flushdns...) acts or prints another form.
//   - systeminfo: /fo list|csv, /s, /u, /p; /fo table (one very wide row)
//     with the hint /fo list, /nh (values without labels) without it.
var dirParserDef = &catalog.Parser{
	ID:      "dir",
	Command: "dir",
	Version: "1",
	OS:      []catalog.OS{catalog.Windows},
	Format:  "cmd.exe dir listing (volume header, entries, File(s)/Dir(s) totals; /s sections), or /b bare names",
	// Switches are "/x" arguments (Slash), judged by the Check function.
	Slash:            true,
	ChecksUndeclared: true,
	MaxPositionals:   -1,
	Result:           DirResult{},
	RowsKey:          "entries",
	KeyFields:        []string{"directory", "name"},
	Examples:         [][]string{{}, {"/a"}, {"/s"}, {"/b"}, {"/o:-d", "C:\\Users"}, {"/t:c"}},
	Parse:            parseDir,
}

var tasklistParserDef = &catalog.Parser{
	ID:      "tasklist",
	Command: "tasklist",
	Version: "1",
	OS:      []catalog.OS{catalog.Windows},
	Format:  "tasklist table (default, /v, /svc, /m), /fo csv (with or without /nh) and /fo list",
	Slash:   true, ChecksUndeclared: true,
	MaxPositionals: -1,
	Result:         TasklistResult{},
	RowsKey:        "processes",
	KeyFields:      []string{"pid"},
	Examples:       [][]string{{}, {"/v"}, {"/fo", "csv"}, {"/svc"}, {"/fi", "IMAGENAME eq chrome.exe", "/fo", "csv", "/nh"}},
	Parse:          parseTasklist,
}

var ipconfigParserDef = &catalog.Parser{
	ID:      "ipconfig",
	Command: "ipconfig",
	Version: "1",
	OS:      []catalog.OS{catalog.Windows},
	Format:  "ipconfig and ipconfig /all: \"Windows IP Configuration\", one section per adapter",
	Slash:   true, ChecksUndeclared: true,
	MaxPositionals: -1,
	Result:         IpconfigResult{},
	RowsKey:        "adapters",
	KeyFields:      []string{"name"},
	Examples:       [][]string{{}, {"/all"}},
	Parse:          parseIpconfig,
}

var systeminfoParserDef = &catalog.Parser{
	ID:      "systeminfo",
	Command: "systeminfo",
	Version: "1",
	OS:      []catalog.OS{catalog.Windows},
	Format:  "systeminfo list form (default, /fo list) and /fo csv",
	Slash:   true, ChecksUndeclared: true,
	MaxPositionals: -1,
	Result:         SysteminfoResult{},
	Examples:       [][]string{{}, {"/fo", "csv"}, {"/s", "srv01", "/fo", "list"}},
	Parse:          parseSysteminfo,
}

// dirParsers wires the dirParserDef, tasklistParserDef, ipconfigParserDef, systeminfoParserDef and returns them for the builtin list.
func dirParsers() []*catalog.Parser {
	dirParserDef.Flags, tasklistParserDef.Flags = dirSwitches, tasklistSwitches
	ipconfigParserDef.Flags, systeminfoParserDef.Flags = catalog.Flags{"/all": catalog.Bool}, systeminfoSwitches
	dirParserDef.Check = dirCheck
	tasklistParserDef.Check = tasklistCheck
	ipconfigParserDef.Check = ipconfigCheck
	systeminfoParserDef.Check = systeminfoCheck
	return []*catalog.Parser{dirParserDef, tasklistParserDef, ipconfigParserDef, systeminfoParserDef}
}

// winSwitch is one "/x" switch as the reader read it (c.Args.Items): arg
// is the argument it stands in, part its place among the switches written
// together there ("/b/s"), name the switch as given, lower-cased, without
// the slash ("o:-d", "-c").
type winSwitch struct {
	arg, part int
	name      string
	it        catalog.CmdArg
}

// winSwitches lists the switches of a in order.
func winSwitches(a catalog.Args) []winSwitch {
	var out []winSwitch
	rest := a.Rest()
	for _, it := range a.Items {
		if !strings.HasPrefix(it.Flag, "/") {
			continue
		}
		part := 0
		if n := len(out); n > 0 && out[n-1].arg == it.Index {
			part = out[n-1].part + 1
		}
		out = append(out, winSwitch{arg: it.Index, part: part, name: strings.ToLower(winParts(rest[it.Index])[part]), it: it})
	}
	return out
}

// winParts are the switches written in one argument ("/b/s": b, s).
func winParts(arg string) []string {
	var out []string
	for _, p := range strings.Split(arg[1:], "/") {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// winWithout returns args without the switch sw: the argument is dropped
// when it held only that switch, and with dropValue the argument after it.
func winWithout(args []string, sw winSwitch, dropValue bool) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if dropValue && i == sw.arg+1 {
			continue
		}
		if i != sw.arg {
			out = append(out, a)
			continue
		}
		var keep []string
		for k, p := range winParts(a) {
			if k != sw.part {
				keep = append(keep, p)
			}
		}
		if len(keep) > 0 {
			out = append(out, "/"+strings.Join(keep, "/"))
		}
	}
	return out
}

// winDashFlag refuses the first -flag given (the Windows parsers declare
// none), as CheckArgs refuses an undeclared flag: the parsers check their
// switches themselves (ChecksUndeclared) after it.
func winDashFlag(p *catalog.Parser, a catalog.Args) *catalog.ParseError {
	for _, it := range a.Items {
		if strings.HasPrefix(it.Flag, "-") {
			return p.UnsupportedFlag(it.Flag)
		}
	}
	return nil
}

// winWhole reports whether the switch it is the whole argument it was
// read from ("/fo", not "/fo/nh" or "/fo:csv"): tasklist, ipconfig and
// systeminfo take one switch per argument.
func winWhole(a catalog.Args, it catalog.CmdArg) bool {
	return strings.EqualFold(a.Rest()[it.Index], it.Flag)
}

type dirOpts struct {
	bare, recursive bool
	timeField       string // modified_at, created_at, accessed_at
}

func dirOptions(a catalog.Args) (o dirOpts) {
	o.timeField = "modified_at"
	for _, sw := range winSwitches(a) {
		switch n := sw.name; {
		case n == "b":
			o.bare = true
		case n == "-b":
			o.bare = false
		case n == "s":
			o.recursive = true
		case n == "-s":
			o.recursive = false
		case n[0] == 't':
			switch strings.TrimPrefix(n[1:], ":") {
			case "c":
				o.timeField = "created_at"
			case "a":
				o.timeField = "accessed_at"
			default:
				o.timeField = "modified_at"
			}
		}
	}
	return o
}

// dirSwitches are dir's switches as the reader reads them: those that
// take no value, and /a, /o and /t with theirs attached ("/a:d", "/o-d",
// "/tc"). dirCheck says which keep the listing the parser reads.
var dirSwitches = func() catalog.Flags {
	f := catalog.Flags{"/n": catalog.Bool, "/4": catalog.Bool, "/a": catalog.Optional, "/o": catalog.Optional, "/t": catalog.Optional}
	for _, s := range []string{"b", "s", "c", "l", "n", "w", "d", "p", "q", "x", "r"} {
		f["/"+s], f["/-"+s] = catalog.Bool, catalog.Bool
	}
	return f
}()

func dirCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	if perr := winDashFlag(dirParserDef, argv); perr != nil {
		return perr
	}
	args := argv.Rest()
	for _, sw := range winSwitches(argv) {
		n := sw.name
		base := strings.TrimPrefix(n, "-")
		if _, ok := dirSwitches[sw.it.Flag]; !ok {
			return catalog.Unsupported(nil, "dir /%s is not a switch the parser was verified for", sw.name)
		}
		switch {
		case n == "-n":
			// the old short format: names first, then size and date
			return catalog.Unsupported(winWithout(args, sw, false), "dir /-n prints the old short format; the default one holds the same values")
		case base == "b", base == "s", base == "c", base == "l", n == "n", n == "4":
		case n[0] == 'a', n[0] == 'o':
			// attribute filters and sort orders change which entries, not how
		case n[0] == 't':
			switch strings.TrimPrefix(n[1:], ":") {
			case "c", "a", "w", "":
			default:
				return catalog.Unsupported(winWithout(args, sw, false), "dir /%s is not a known time field", sw.name)
			}
		case base == "w", base == "d", base == "p":
			// wide listings hold the same names; /p pauses between pages
			return catalog.Unsupported(winWithout(args, sw, false), "dir /%s is not read; the default listing holds the same names", sw.name)
		case base == "q", base == "x", base == "r":
			return catalog.Unsupported(winWithout(args, sw, false), "dir /%s adds a column (owner, short name or streams) the parser does not read; without it the listing holds the rest", sw.name)
		default:
			return catalog.Unsupported(nil, "dir /%s is not a switch the parser was verified for", sw.name)
		}
	}
	return nil
}

// tasklistArgs is what the switches say about the output.
type tasklistArgs struct {
	format    string // table, csv, list
	noHeader  bool
	verbose   bool
	svc, mods bool
}

// tasklistSwitches: /fo, /fi, /s and /u take the next argument, /m and /p
// the next one when it is not a switch (tasklist /?).
var tasklistSwitches = catalog.Flags{
	"/fo": catalog.Value, "/fi": catalog.Value, "/s": catalog.Value, "/u": catalog.Value,
	"/m": catalog.OptionalSeparate, "/p": catalog.OptionalSeparate,
	"/nh": catalog.Bool, "/v": catalog.Bool, "/svc": catalog.Bool, "/apps": catalog.Bool,
}

func readTasklistArgs(a catalog.Args) (ta tasklistArgs, perr *catalog.ParseError) {
	ta.format = "table"
	args := a.Rest()
	for _, it := range a.Items {
		if it.Flag == "" && !strings.HasPrefix(it.Pos, "/") {
			return ta, catalog.Unsupported(nil, "tasklist takes no operand %q", it.Pos)
		}
		if _, ok := tasklistSwitches[it.Flag]; !ok || !winWhole(a, it) {
			return ta, catalog.Unsupported(nil, "tasklist /%s is not a switch the parser was verified for", strings.ToLower(args[it.Index][1:]))
		}
		n := it.Flag[1:]
		switch n {
		case "fo":
			if !it.HasValue {
				return ta, catalog.Unsupported(nil, "tasklist /fo needs a format")
			}
			f := strings.ToLower(it.Value)
			switch f {
			case "table", "csv", "list":
				ta.format = f
			default:
				return ta, catalog.Unsupported(kit.LpReplaceArg(args, it.Index+1, false, "csv"), "tasklist /fo %s is not a format", it.Value)
			}
		case "nh":
			ta.noHeader = true
		case "v":
			ta.verbose = true
		case "svc":
			ta.svc = true
		case "m":
			ta.mods = true // with or without a module name pattern
		case "fi", "s", "u":
			if !it.HasValue {
				return ta, catalog.Unsupported(nil, "tasklist /%s needs a value", n)
			}
		case "apps":
			return ta, catalog.Unsupported(lpArgsWithout(args, it.Index), "tasklist /apps prints Store app columns the parser does not read")
		}
	}
	return ta, nil
}

func tasklistCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	if perr := winDashFlag(tasklistParserDef, argv); perr != nil {
		return perr
	}
	args := argv.Rest()
	ta, perr := readTasklistArgs(argv)
	if perr != nil {
		return perr
	}
	if ta.noHeader && ta.format != "csv" {
		for _, it := range argv.Items {
			if it.Flag == "/nh" {
				return catalog.Unsupported(lpArgsWithout(args, it.Index), "tasklist /nh is read only with /fo csv (table columns need their header)")
			}
		}
	}
	if n := winBtoi(ta.verbose) + winBtoi(ta.svc) + winBtoi(ta.mods); n > 1 {
		return catalog.Unsupported(nil, "tasklist accepts one of /v, /svc and /m")
	}
	return nil
}

func winBtoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func ipconfigCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	if perr := winDashFlag(ipconfigParserDef, argv); perr != nil {
		return perr
	}
	args := argv.Rest()
	for _, it := range argv.Items {
		if a := args[it.Index]; !strings.EqualFold(a, "/all") {
			return catalog.Unsupported([]string{"/all"}, "the ipconfig parser reads ipconfig and ipconfig /all, not %s", a)
		}
	}
	return nil
}

// systeminfoSwitches: /fo, /s and /u take the next argument, /p the next
// one when it is not a switch (systeminfo /?).
var systeminfoSwitches = catalog.Flags{
	"/fo": catalog.Value, "/s": catalog.Value, "/u": catalog.Value, "/p": catalog.OptionalSeparate, "/nh": catalog.Bool,
}

func systeminfoCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	if perr := winDashFlag(systeminfoParserDef, argv); perr != nil {
		return perr
	}
	args := argv.Rest()
	for _, it := range argv.Items {
		if _, ok := systeminfoSwitches[it.Flag]; !ok || !winWhole(argv, it) {
			return catalog.Unsupported(nil, "systeminfo %s is not a switch the parser was verified for", args[it.Index])
		}
		switch it.Flag {
		case "/fo":
			if !it.HasValue {
				return catalog.Unsupported(nil, "systeminfo /fo needs a format")
			}
			switch strings.ToLower(it.Value) {
			case "list", "csv":
			case "table":
				return catalog.Unsupported(kit.LpReplaceArg(args, it.Index+1, false, "list"), "systeminfo /fo table prints one very wide row; the list form holds the same values")
			default:
				return catalog.Unsupported(nil, "systeminfo /fo %s is not a format", it.Value)
			}
		case "/nh":
			return catalog.Unsupported(lpArgsWithout(args, it.Index), "systeminfo /nh leaves the values without their labels")
		case "/s", "/u":
			if !it.HasValue {
				return catalog.Unsupported(nil, "systeminfo %s needs a value", args[it.Index])
			}
		}
	}
	return nil
}

// winNumber reads a count with thousands separators ("120,345,678,848",
// "18.432", "1 234"): groups after the first must have three digits.
func winNumber(s string) (int64, bool) {
	if s == "" || len(s) > 40 {
		return 0, false
	}
	var n int64
	digits, group := 0, -1
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if n > (1<<62)/10 {
				return 0, false
			}
			n = n*10 + int64(c-'0')
			digits++
			if group >= 0 {
				group++
			}
			i++
		case c == ',' || c == '.' || c == ' ' || c == '\'':
			if digits == 0 || group >= 0 && group != 3 {
				return 0, false
			}
			group = 0
			i++
		case c == 0xc2 && i+1 < len(s) && s[i+1] == 0xa0, // no-break space
			c == 0xe2 && i+2 < len(s) && s[i+1] == 0x80 && s[i+2] == 0xaf: // narrow no-break space
			if digits == 0 || group >= 0 && group != 3 {
				return 0, false
			}
			group = 0
			if c == 0xc2 {
				i += 2
			} else {
				i += 3
			}
		default:
			return 0, false
		}
	}
	if digits == 0 || group >= 0 && group != 3 {
		return 0, false
	}
	return n, true
}

// winDate is a date as printed: a, b and the year, in the order of kind.
type winDate struct {
	a, b, y int
	kind    byte // '/', '-' (Y-M-D), '.' (D.M.Y)
}

func winParseDate(s string) (winDate, bool) {
	var sep byte
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			sep = s[i]
			break
		}
	}
	if sep != '/' && sep != '-' && sep != '.' {
		return winDate{}, false
	}
	parts, np := split3(s, sep)
	if np != 3 {
		return winDate{}, false
	}
	var v [3]int
	for i, p := range parts {
		if p == "" || len(p) > 4 {
			return winDate{}, false
		}
		n, ok := lex.Atoi(p)
		if !ok {
			return winDate{}, false
		}
		v[i] = int(n)
	}
	switch sep {
	case '-':
		if len(parts[0]) != 4 {
			return winDate{}, false
		}
		return winDate{a: v[1], b: v[2], y: v[0], kind: '-'}, true
	default:
		if len(parts[2]) != 4 {
			return winDate{}, false
		}
		return winDate{a: v[0], b: v[1], y: v[2], kind: sep}, true
	}
}

// split3 is strings.Split(s, sep) for the dates and clocks of a listing,
// without a slice per call (a dir line reads both: 25 MB of 1 MB): the
// parts when there are at most three, and how many there are.
func split3(s string, sep byte) (parts [3]string, n int) {
	n = strings.Count(s, string(sep)) + 1
	if n > 3 {
		return parts, n
	}
	for i := range n - 1 {
		k := strings.IndexByte(s, sep)
		parts[i], s = s[:k], s[k+1:]
	}
	parts[n-1] = s
	return parts, n
}

// winDateOrder decides how slash dates read: month first unless a first
// number is above 12 (and no second one is).
type winDateOrder struct {
	kind            byte
	firstOver12     bool
	secondOver12    bool
	mixed, assigned bool
}

func (o *winDateOrder) see(d winDate) {
	if !o.assigned {
		o.kind, o.assigned = d.kind, true
	} else if o.kind != d.kind {
		o.mixed = true
	}
	if d.a > 12 {
		o.firstOver12 = true
	}
	if d.b > 12 {
		o.secondOver12 = true
	}
}

// dayFirst reports whether slash dates are day-first; ok is false when the
// dates contradict each other.
func (o *winDateOrder) dayFirst() (dayFirst, ok bool) {
	if o.mixed || o.firstOver12 && o.secondOver12 {
		return false, false
	}
	switch o.kind {
	case '.':
		return true, true
	case '-':
		return false, true
	}
	return o.firstOver12, true
}

func (o *winDateOrder) format() string {
	d, _ := o.dayFirst()
	switch {
	case o.kind == '-':
		return "YYYY-MM-DD"
	case o.kind == '.':
		return "DD.MM.YYYY"
	case d:
		return "DD/MM/YYYY"
	}
	return "MM/DD/YYYY"
}

// winClock reads "09:41", "9:41:02" and, when ampm is not empty, "AM"/"PM".
func winClock(t, ampm string) (h, m, s int, ok bool) {
	all, np := split3(t, ':')
	if np < 2 || np > 3 {
		return 0, 0, 0, false
	}
	parts := all[:np]
	var v [3]int
	for i, p := range parts {
		if p == "" || len(p) > 2 || i > 0 && len(p) != 2 {
			return 0, 0, 0, false
		}
		n, ok := lex.Atoi(p)
		if !ok {
			return 0, 0, 0, false
		}
		v[i] = int(n)
	}
	h, m, s = v[0], v[1], v[2]
	if m > 59 || s > 59 {
		return 0, 0, 0, false
	}
	switch strings.ToUpper(ampm) {
	case "":
		if h > 23 {
			return 0, 0, 0, false
		}
	case "AM", "PM":
		if h < 1 || h > 12 {
			return 0, 0, 0, false
		}
		if h == 12 {
			h = 0
		}
		if strings.EqualFold(ampm, "PM") {
			h += 12
		}
	default:
		return 0, 0, 0, false
	}
	return h, m, s, true
}

// winTimestamp writes a wall-clock time of loc as ISO 8601 with its offset.
func winTimestamp(y, mo, d, h, mi, s int, loc *time.Location) (string, bool) {
	if mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1000 || y > 9999 {
		return "", false
	}
	t := time.Date(y, time.Month(mo), d, h, mi, s, 0, loc)
	if t.Day() != d || int(t.Month()) != mo {
		return "", false // Feb 30
	}
	// t.Format("2006-01-02T15:04:05-07:00") written out: Format was a
	// fifth of dir's time on a 1 MB listing (its layout read per call).
	hh, mm, ss := t.Clock()
	_, off := t.Zone()
	zone := off / 60 // minutes, truncated as Format does
	sign := byte('+')
	if zone < 0 {
		sign, zone = '-', -zone
	}
	b := make([]byte, 0, 25)
	b = appendDigits(b, y, 4)
	b = append(b, '-')
	b = appendDigits(b, mo, 2)
	b = append(b, '-')
	b = appendDigits(b, d, 2)
	b = append(b, 'T')
	b = appendDigits(b, hh, 2)
	b = append(b, ':')
	b = appendDigits(b, mm, 2)
	b = append(b, ':')
	b = appendDigits(b, ss, 2)
	b = append(b, sign)
	b = appendDigits(b, zone/60, 2)
	b = append(b, ':')
	b = appendDigits(b, zone%60, 2)
	return string(b), true
}

// appendDigits appends n >= 0 in w digits, zeros first (n has at most w).
func appendDigits(b []byte, n, w int) []byte {
	for k := w - 1; k >= 0; k-- {
		p := 1
		for range k {
			p *= 10
		}
		b = append(b, byte('0'+n/p%10))
	}
	return b
}

// winZoneName names the zone assumed for local times.
func winZoneName(c *catalog.Context) string {
	name := c.Location.String()
	if name == "Local" || name == "" {
		name, _ = c.Now.In(c.Location).Zone()
	}
	return name
}

// winBool reads Yes/No and Enabled/Disabled.
func winBool(s string) (bool, bool) {
	switch s {
	case "Yes", "Enabled":
		return true, true
	case "No", "Disabled":
		return false, true
	}
	return false, false
}

var (
	winfType          = catalog.SpanID("type")
	winfName          = catalog.SpanID("name")
	winfPath          = catalog.SpanID("path")
	winfSize          = catalog.SpanID("size_bytes")
	winfTarget        = catalog.SpanID("symlink_target")
	winfDirectory     = catalog.SpanID("directory")
	winfTime          = map[string]uint16{"modified_at": catalog.SpanID("modified_at"), "created_at": catalog.SpanID("created_at"), "accessed_at": catalog.SpanID("accessed_at")}
	winfPID           = catalog.SpanID("pid")
	winfSessionName   = catalog.SpanID("session_name")
	winfSessionNumber = catalog.SpanID("session_number")
	winfMem           = catalog.SpanID("mem_usage_kib")
	winfStatus        = catalog.SpanID("status")
	winfUser          = catalog.SpanID("user")
	winfCPUTime       = catalog.SpanID("cpu_time")
	winfWindowTitle   = catalog.SpanID("window_title")
	winfServices      = winListIDs("services")
	winfModules       = winListIDs("modules")
	skWinProcesses    = catalog.SpanID("processes/*")
	skWinEntries      = catalog.SpanID("entries/*")
)

func winListIDs(key string) (ids [64]uint16) {
	for i := range ids {
		ids[i] = catalog.SpanID(key + "/" + strconv.Itoa(i))
	}
	return
}

// dirPending is an entry whose time waits for the date order.
type dirPending struct {
	date             winDate
	h, m             int
	start, end       int // of the date and time text
	row              int
	timeSpanRecorded bool
}

// dirState is what the steps of parseDir share: the result, the section being read, the
// entries whose times wait for the date order, and the spans kept for the end.
type dirState struct {
	c           *catalog.Context
	rec         bool
	rs          *catalog.SpanRec
	res         *DirResult
	timeID      uint16
	order       winDateOrder
	pending     []dirPending
	dirStarts   [][2]int // spans of each section's path
	dirTotals   [][4]int // spans of each section's file count and bytes
	cur         *DirDirectory
	curIdx      int
	totalListed bool
	lastFiles   [3]int64 // value, start, end
	lastBytes   [3]int64
	haveFiles   bool
}

func parseDir(c *catalog.Context) (any, error) {
	opts := dirOptions(c.Args)
	res := &DirResult{Entries: make([]DirEntry, 0, min(lex.CountLines(c.Raw), 1<<20))}
	rs := c.Rows(5)
	if opts.bare {
		return dirBare(c, opts, res, rs), nil
	}
	st := &dirState{c: c, rec: c.Recording(), rs: rs, res: res, timeID: winfTime[opts.timeField], curIdx: -1,
		pending: make([]dirPending, 0, cap(res.Entries))}
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	for line, start := range it.All() {
		line = lex.TrimCR(line)
		if lex.IsBlank(line) {
			continue
		}
		nlines++
		var ok bool
		switch {
		case line[0] == ' ':
			ok = st.indented(line, start)
		case line == "File Not Found":
			ok = true
		default:
			ok = st.entry(line, start)
		}
		if ok {
			read++
		} else {
			c.Unread(start)
		}
	}
	if nlines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a dir listing")
	}
	st.finishTotals()
	if err := st.resolveDates(opts.timeField); err != nil {
		return nil, err
	}
	if st.rec {
		rs.Finish()
	}
	return res, nil
}

// dirBare reads "dir /b": one name (or, with /s, one path) a line.
func dirBare(c *catalog.Context, opts dirOpts, res *DirResult, rs *catalog.SpanRec) *DirResult {
	rec := c.Recording()
	it := lex.Lines{Raw: c.Raw}
	for line, start := range it.All() {
		line = lex.TrimCR(line)
		if line == "" {
			continue
		}
		idx := len(res.Entries)
		if c.Full(idx) {
			c.Omit(1)
			continue
		}
		var e DirEntry
		f := winfName
		if opts.recursive {
			e.Path, f = line, winfPath
		} else {
			e.Name = line
		}
		if rec {
			rs.Begin(skWinEntries, idx)
			rs.Field(f, start, start+len(line), catalog.TrVerbatim)
		}
		res.Entries = append(res.Entries, e)
	}
	if rec {
		rs.Finish()
	}
	return res
}

// indented reads a line that begins with a space: the volume lines, "Directory of",
// "Total Files Listed:" and the count lines; it reports whether the line was read.
func (st *dirState) indented(line string, start int) bool {
	res := st.res
	t := strings.TrimLeft(line, " ")
	ts := start + len(line) - len(t)
	switch {
	case strings.HasPrefix(t, "Volume in drive "):
		return st.volume(t, ts)
	case strings.HasPrefix(t, "Volume Serial Number is ") && len(t) > 24:
		if res.VolumeSerial != "" {
			return true
		}
		res.VolumeSerial = t[24:]
		if st.rec {
			st.c.Span(ts+24, ts+len(t), "", "volume_serial")
		}
	case strings.HasPrefix(t, "Directory of ") && len(t) > 13:
		p := t[13:]
		if res.Directory == "" {
			res.Directory = p
			if st.rec {
				st.c.Span(ts+13, ts+len(t), "", "directory")
			}
		}
		res.Directories = append(res.Directories, DirDirectory{Path: p})
		st.dirStarts = append(st.dirStarts, [2]int{ts + 13, ts + len(t)})
		st.dirTotals = append(st.dirTotals, [4]int{-1})
		st.curIdx = len(res.Directories) - 1
		st.cur = &res.Directories[st.curIdx]
	case t == "Total Files Listed:":
		st.totalListed = true
		st.cur = nil
	default:
		return st.count(t, ts)
	}
	return true
}

// volume reads " Volume in drive C is Windows" (t starts at ts).
func (st *dirState) volume(t string, ts int) bool {
	res := st.res
	rest := t[16:]
	sp := strings.IndexByte(rest, ' ')
	if sp <= 0 {
		return false
	}
	drive := rest[:sp]
	after := rest[sp+1:]
	if res.Drive != "" {
		// another operand's volume: the first one is kept
		return true
	}
	if after == "has no label." {
	} else if l, ok := strings.CutPrefix(after, "is "); ok && l != "" {
		res.VolumeLabel = l
		if st.rec {
			st.c.Span(ts+16+sp+4, ts+len(t), "", "volume_label")
		}
	} else {
		return false
	}
	res.Drive = drive
	if st.rec {
		st.c.Span(ts+16, ts+16+sp, "", "drive")
	}
	return true
}

// count reads "  2 File(s)  18,432 bytes" and "  5 Dir(s)  120,345 bytes free".
func (st *dirState) count(t string, ts int) bool {
	n, ns, ne, rest, ok := dirCount(t)
	if !ok {
		return false
	}
	switch {
	case strings.HasPrefix(rest, "File(s) "):
		b, bs, be, tail, ok := dirBytes(rest[8:])
		if !ok || tail != "bytes" {
			return false
		}
		off := ts + len(t) - len(rest) + 8
		st.lastFiles = [3]int64{n, int64(ts + ns), int64(ts + ne)}
		st.lastBytes = [3]int64{b, int64(off + bs), int64(off + be)}
		st.haveFiles = true
		if st.cur != nil && !st.totalListed {
			nn, bb := n, b
			st.cur.FileCount, st.cur.TotalBytes = &nn, &bb
			st.dirTotals[st.curIdx] = [4]int{ts + ns, ts + ne, off + bs, off + be}
		}
	case strings.HasPrefix(rest, "Dir(s) "):
		b, bs, be, tail, ok := dirBytes(rest[7:])
		if !ok || tail != "bytes free" {
			return false
		}
		off := ts + len(t) - len(rest) + 7
		nn, bb := n, b
		st.res.DirCount, st.res.FreeBytes = &nn, &bb
		if st.rec {
			st.c.Span(ts+ns, ts+ne, "parseInt", "dir_count")
			st.c.Span(off+bs, off+be, "parseInt", "free_bytes")
		}
	default:
		return false
	}
	return true
}

// entry reads one file or directory line; its time waits in pending for the date order.
func (st *dirState) entry(line string, start int) bool {
	c, rs, res := st.c, st.rs, st.res
	idx := len(res.Entries)
	if st.rec {
		rs.Begin(skWinEntries, idx)
	}
	e, p, ok := dirEntryLine(line, start, st.rec, rs, st.timeID)
	if !ok {
		if st.rec {
			rs.Discard()
		}
		return false
	}
	st.order.see(p.date)
	if c.Full(idx) {
		c.Omit(1)
		if st.rec {
			rs.Discard()
		}
		return true
	}
	if st.cur != nil && len(res.Directories) > 0 {
		e.Directory = st.cur.Path
		if st.rec {
			s := st.dirStarts[st.curIdx]
			rs.Field(winfDirectory, s[0], s[1], catalog.TrVerbatim)
		}
	}
	p.row = idx
	st.pending = append(st.pending, p)
	res.Entries = append(res.Entries, e)
	return true
}

// finishTotals sets the last count line's totals and, for a listing of several
// directories, the sections; a single section is folded into the top level.
func (st *dirState) finishTotals() {
	c, res := st.c, st.res
	if st.haveFiles {
		fc, tb := st.lastFiles[0], st.lastBytes[0]
		res.FileCount, res.TotalBytes = &fc, &tb
		if st.rec {
			c.Span(int(st.lastFiles[1]), int(st.lastFiles[2]), "parseInt", "file_count")
			c.Span(int(st.lastBytes[1]), int(st.lastBytes[2]), "parseInt", "total_bytes")
		}
	}
	if len(res.Directories) >= 2 && st.rec {
		for i, sp := range st.dirStarts {
			c.Span(sp[0], sp[1], "", "directories", i, "path")
			if t := st.dirTotals[i]; t[0] >= 0 {
				c.Span(t[0], t[1], "parseInt", "directories", i, "file_count")
				c.Span(t[2], t[3], "parseInt", "directories", i, "total_bytes")
			}
		}
	}
	if len(res.Directories) < 2 {
		res.Directories = nil
		for i := range res.Entries {
			res.Entries[i].Directory = ""
		}
		if st.rec {
			// drop the directory spans recorded per entry
			st.rs.DropLeaf(winfDirectory)
		}
	}
}

// resolveDates reads the pending dates in the one order all of them allow and sets the
// entries' times.
func (st *dirState) resolveDates(timeField string) error {
	c, res, pending := st.c, st.res, st.pending
	if len(pending) == 0 {
		return nil
	}
	dayFirst, ok := st.order.dayFirst()
	if !ok {
		return catalog.Unrecognized("the dates of the listing do not share one order")
	}
	dropped := map[int]bool{}
	for _, p := range pending {
		mo, d := p.date.a, p.date.b
		if dayFirst {
			mo, d = d, mo
		}
		ts, ok := winTimestamp(p.date.y, mo, d, p.h, p.m, 0, c.Location)
		if !ok {
			dropped[p.row] = true
			continue
		}
		e := &res.Entries[p.row]
		switch timeField {
		case "created_at":
			e.CreatedAt = ts
		case "accessed_at":
			e.AccessedAt = ts
		default:
			e.ModifiedAt = ts
		}
	}
	if len(dropped) > 0 {
		return catalog.Unrecognized("a dir date is not a calendar date in the order %s", st.order.format())
	}
	res.DateFormat = st.order.format()
	res.TimeZone = winZoneName(c)
	if st.rec {
		c.Span(pending[0].start, pending[0].start+dirDateLen(c.Raw[pending[0].start:]), "dateFormat", "date_format")
		c.Span(pending[0].start, pending[0].end, "assumedZone", "time_zone")
	}
	return nil
}

func dirDateLen(s string) int {
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return len(s)
	}
	return i
}

// dirCount reads the leading number of a totals line.
func dirCount(t string) (n int64, s, e int, rest string, ok bool) {
	sp := strings.IndexByte(t, ' ')
	if sp <= 0 {
		return 0, 0, 0, "", false
	}
	n, ok = winNumber(t[:sp])
	if !ok {
		return 0, 0, 0, "", false
	}
	return n, 0, sp, strings.TrimLeft(t[sp:], " "), true
}

// dirBytes reads "   18,432 bytes" into the number and the words after it.
func dirBytes(s string) (n int64, bs, be int, tail string, ok bool) {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	j := strings.Index(s[i:], " bytes")
	if j <= 0 {
		return 0, 0, 0, "", false
	}
	j += i
	n, ok = winNumber(s[i:j])
	if !ok {
		return 0, 0, 0, "", false
	}
	return n, i, j, s[j+1:], true
}

// dirMarkers maps the bracketed type column.
var dirMarkers = map[string]string{
	"<DIR>": "directory", "<JUNCTION>": "junction", "<SYMLINK>": "symlink", "<SYMLINKD>": "symlink",
}

// dirEntryLine reads "11/28/2026  09:41 AM    <DIR>          name" or
// "2026-11-28  21:41            18,432 name".
func dirEntryLine(line string, start int, rec bool, rs *catalog.SpanRec, timeID uint16) (DirEntry, dirPending, bool) {
	var e DirEntry
	var p dirPending
	ds, de := lex.NextField(line, 0)
	if ds != 0 || de == 0 {
		return e, p, false
	}
	d, ok := winParseDate(line[ds:de])
	if !ok {
		return e, p, false
	}
	ts, te := lex.NextField(line, de)
	if ts >= len(line) {
		return e, p, false
	}
	clock := line[ts:te]
	ampm := ""
	end := te
	if as, ae := lex.NextField(line, te); ae-as == 2 && (strings.EqualFold(line[as:ae], "AM") || strings.EqualFold(line[as:ae], "PM")) {
		ampm, end = line[as:ae], ae
	}
	h, m, _, ok := winClock(clock, ampm)
	if !ok {
		return e, p, false
	}
	p = dirPending{date: d, h: h, m: m, start: start + ds, end: start + end}
	fs, fe := lex.NextField(line, end)
	if fs >= len(line) {
		return e, p, false
	}
	field := line[fs:fe]
	nameS := 0
	if typ, ok := dirMarkers[field]; ok {
		e.Type = typ
		nameS, _ = lex.NextField(line, fe)
		if nameS >= len(line) {
			return e, p, false
		}
		if rec {
			rs.Field(winfType, start+fs, start+fe, catalog.TrFileType)
		}
		if typ == "junction" || typ == "symlink" {
			// "name [target]"; a name may hold " [" itself: the last one.
			body := line[nameS:]
			if strings.HasSuffix(body, "]") {
				if i := strings.LastIndex(body, " ["); i > 0 && i+2 < len(body)-1 {
					e.SymlinkTarget = body[i+2 : len(body)-1]
					if rec {
						rs.Field(winfTarget, start+nameS+i+2, start+len(line)-1, catalog.TrVerbatim)
					}
					e.Name = body[:i]
					if rec {
						rs.Field(winfName, start+nameS, start+nameS+i, catalog.TrVerbatim)
						rs.Field(timeID, p.start, p.end, catalog.TrTimestamp)
					}
					return e, p, true
				}
			}
		}
	} else {
		n, ok := winNumber(field)
		if !ok || fe >= len(line) || line[fe] != ' ' || fe+1 >= len(line) {
			return e, p, false
		}
		e.Type = "file"
		e.SizeBytes = &n
		nameS = fe + 1
		if rec {
			rs.Field(winfType, start+fs, start+fe, catalog.TrFileType)
			rs.Field(winfSize, start+fs, start+fe, catalog.TrParseInt)
		}
	}
	e.Name = line[nameS:]
	if rec {
		rs.Field(winfName, start+nameS, start+len(line), catalog.TrVerbatim)
		rs.Field(timeID, p.start, p.end, catalog.TrTimestamp)
	}
	return e, p, true
}

type taskField uint8

const (
	taskFNone taskField = iota
	taskFName
	taskFPID
	taskFSessionName
	taskFSessionNumber
	taskFMem
	taskFStatus
	taskFUser
	taskFCPUTime
	taskFWindowTitle
	taskFServices
	taskFModules
)

var taskHeaders = map[string]taskField{
	"Image Name": taskFName, "PID": taskFPID, "Session Name": taskFSessionName, "Session#": taskFSessionNumber,
	"Mem Usage": taskFMem, "Status": taskFStatus, "User Name": taskFUser, "CPU Time": taskFCPUTime,
	"Window Title": taskFWindowTitle, "Services": taskFServices, "Modules": taskFModules,
}

// taskDefault is the column order of each form, for headers in another
// language and for /nh.
func taskDefault(ta tasklistArgs) []taskField {
	switch {
	case ta.svc:
		return []taskField{taskFName, taskFPID, taskFServices}
	case ta.mods:
		return []taskField{taskFName, taskFPID, taskFModules}
	case ta.verbose:
		return []taskField{taskFName, taskFPID, taskFSessionName, taskFSessionNumber, taskFMem, taskFStatus, taskFUser, taskFCPUTime, taskFWindowTitle}
	}
	return []taskField{taskFName, taskFPID, taskFSessionName, taskFSessionNumber, taskFMem}
}

// taskColumns maps headers to fields: by name when they are English,
// else by position when their count is the form's.
func taskColumns(headers []string, ta tasklistArgs) ([]taskField, bool) {
	cols := make([]taskField, len(headers))
	known := 0
	for i, h := range headers {
		if f, ok := taskHeaders[h]; ok {
			cols[i] = f
			known++
		}
	}
	if known == len(headers) {
		return cols, true
	}
	def := taskDefault(ta)
	if len(def) == len(headers) && known == 0 {
		return def, true
	}
	return nil, false
}

type taskParser struct {
	c      *catalog.Context
	res    *TasklistResult
	rec    bool
	rs     *catalog.SpanRec
	warned bool
}

func parseTasklist(c *catalog.Context) (any, error) {
	ta, _ := readTasklistArgs(c.Args)
	p := &taskParser{c: c, rec: c.Recording()}
	p.res = &TasklistResult{Processes: make([]TaskProcess, 0, min(lex.CountLines(c.Raw), 1<<20))}
	p.rs = c.Rows(5)
	var err error
	switch {
	case ta.format == "csv" || ta.format == "table" && taskLooksCSV(c.Raw):
		err = p.csv(ta)
	case ta.format == "list":
		err = p.list()
	default:
		err = p.table(ta)
	}
	if err != nil {
		return nil, err
	}
	if p.rec {
		p.rs.Finish()
	}
	return p.res, nil
}

// taskLooksCSV: the first line is a quoted CSV header or row.
func taskLooksCSV(raw string) bool {
	t := strings.TrimLeft(raw, "\r\n")
	return strings.HasPrefix(t, "\"")
}

// set stores one value; s and e locate it in Raw.
func (p *taskParser) set(t *TaskProcess, f taskField, v string, s, e int) bool {
	if v == "" || v == "N/A" && f != taskFName {
		return true
	}
	rec := p.rec
	str := func(dst *string, id uint16) bool {
		if *dst != "" {
			return false // a field given twice
		}
		*dst = v
		if rec {
			p.rs.Field(id, s, e, catalog.TrVerbatim)
		}
		return true
	}
	num := func(dst **int64, id uint16, txt string) bool {
		if *dst != nil {
			return false
		}
		n, ok := winNumber(txt)
		if !ok {
			return false
		}
		*dst = catalog.Intp(n)
		if rec {
			p.rs.Field(id, s, e, catalog.TrParseInt)
		}
		return true
	}
	switch f {
	case taskFName:
		return str(&t.Name, winfName)
	case taskFPID:
		return num(&t.PID, winfPID, v)
	case taskFSessionName:
		return str(&t.SessionName, winfSessionName)
	case taskFSessionNumber:
		return num(&t.SessionNumber, winfSessionNumber, v)
	case taskFMem:
		k, ok := strings.CutSuffix(v, " K")
		if !ok {
			return false
		}
		return num(&t.MemUsageKiB, winfMem, k)
	case taskFStatus:
		return str(&t.Status, winfStatus)
	case taskFUser:
		return str(&t.User, winfUser)
	case taskFCPUTime:
		return str(&t.CPUTime, winfCPUTime)
	case taskFWindowTitle:
		return str(&t.WindowTitle, winfWindowTitle)
	case taskFServices:
		return p.list2(&t.Services, &winfServices, "services", v, s)
	case taskFModules:
		return p.list2(&t.Modules, &winfModules, "modules", v, s)
	}
	return true
}

// list2 appends the comma-separated names of v (at offset s) to dst.
func (p *taskParser) list2(dst *[]string, ids *[64]uint16, key, v string, s int) bool {
	i := 0
	for i <= len(v) {
		j := strings.IndexByte(v[i:], ',')
		if j < 0 {
			j = len(v)
		} else {
			j += i
		}
		a, b := lex.TrimSpaceRange(v, i, j)
		if a < b {
			k := len(*dst)
			*dst = append(*dst, v[a:b])
			if p.rec {
				id := uint16(0)
				if k < len(ids) {
					id = ids[k]
				} else {
					id = p.rs.LocalName(key + "/" + strconv.Itoa(k))
				}
				p.rs.Field(id, s+a, s+b, catalog.TrVerbatim)
			}
		}
		i = j + 1
	}
	return true
}

func (p *taskParser) keep(t TaskProcess) {
	idx := len(p.res.Processes)
	if p.c.Full(idx) {
		p.c.Omit(1)
		if p.rec {
			p.rs.Discard()
		}
		return
	}
	p.res.Processes = append(p.res.Processes, t)
}

// taskTable is the layout of tasklist's table, read from its header and ===== line.
type taskTable struct {
	cols    []taskField
	bounds  [][2]int // column ranges in characters
	listCol int      // the services or modules column, -1
}

func (p *taskParser) table(ta tasklistArgs) error {
	c := p.c
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	var header string
	var tt *taskTable
	last := -1 // index of the last process, for continuation lines
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		line = lex.TrimCR(line)
		if lex.IsBlank(line) {
			continue
		}
		nlines++
		if strings.HasPrefix(line, "INFO: ") {
			read++
			continue
		}
		if tt == nil {
			if header == "" {
				header = line
				continue
			}
			var err error
			if tt, err = taskTableHead(header, line, ta); err != nil {
				return err
			}
			read += 2
			continue
		}
		if p.tableContinuation(tt, line, start, last) {
			read++
			continue
		}
		idx := len(p.res.Processes)
		if !p.tableRow(tt, line, start) {
			c.Unread(start)
			continue
		}
		read++
		if idx < len(p.res.Processes) {
			last = idx
		} else {
			last = -1
		}
	}
	if nlines > 0 && read == 0 {
		return catalog.Unrecognized("no line of the output reads as tasklist output")
	}
	if header != "" && tt == nil {
		return catalog.Unrecognized("the tasklist header is not followed by its ===== line")
	}
	if p.warned {
		c.Warn("image names of 25 characters may be cut by the table form; /fo csv prints them whole")
	}
	return nil
}

// taskTableHead reads the columns from the header and the ===== line under it.
func taskTableHead(header, rule string, ta tasklistArgs) (*taskTable, error) {
	if !strings.HasPrefix(rule, "=") {
		return nil, catalog.Unrecognized("the tasklist header is not followed by its ===== line")
	}
	tt := &taskTable{bounds: lex.RuleColumns(rule, '='), listCol: -1}
	var heads []string
	hASCII := lex.IsASCII(header)
	for i, b := range tt.bounds {
		s := lex.ColumnByte(header, hASCII, b[0])
		e := len(header)
		if i+1 < len(tt.bounds) {
			e = lex.ColumnByte(header, hASCII, tt.bounds[i+1][0])
		}
		heads = append(heads, strings.TrimSpace(header[s:e]))
	}
	var ok bool
	if tt.cols, ok = taskColumns(heads, ta); !ok {
		return nil, catalog.Unrecognized("the tasklist header %q is not one the parser knows", header)
	}
	for i, f := range tt.cols {
		if f == taskFServices || f == taskFModules {
			tt.listCol = i
		}
	}
	return tt, nil
}

// cell is the trimmed byte range of column i in line (ascii: the line is ASCII).
func (tt *taskTable) cell(line string, ascii bool, i int) (int, int) {
	s := lex.ColumnByte(line, ascii, tt.bounds[i][0])
	e := len(line)
	if i+1 < len(tt.bounds) {
		e = lex.ColumnByte(line, ascii, tt.bounds[i][1])
	}
	return lex.TrimSpaceRange(line, s, e)
}

// tableContinuation reads a continuation of the services or modules column of the
// process last; it reports whether line was one.
func (p *taskParser) tableContinuation(tt *taskTable, line string, start, last int) bool {
	if tt.listCol < 0 || last < 0 {
		return false
	}
	ascii := lex.IsASCII(line)
	if !lex.IsBlank(line[:lex.ColumnByte(line, ascii, tt.bounds[tt.listCol][0])]) {
		return false
	}
	t := &p.res.Processes[last]
	s, e := tt.cell(line, ascii, tt.listCol)
	if p.rec {
		p.rs.Begin(skWinProcesses, last)
	}
	if tt.cols[tt.listCol] == taskFServices {
		p.list2(&t.Services, &winfServices, "services", line[s:e], start+s)
	} else {
		p.list2(&t.Modules, &winfModules, "modules", line[s:e], start+s)
	}
	return true
}

// tableRow reads a process row; false when it is not one.
func (p *taskParser) tableRow(tt *taskTable, line string, start int) bool {
	ascii := lex.IsASCII(line)
	idx := len(p.res.Processes)
	if p.rec {
		p.rs.Begin(skWinProcesses, idx)
	}
	var t TaskProcess
	ok := true
	for i, f := range tt.cols {
		s, e := tt.cell(line, ascii, i)
		if s > e {
			s = e
		}
		if !p.set(&t, f, line[s:e], start+s, start+e) {
			ok = false
			break
		}
	}
	if !ok || t.Name == "" || t.PID == nil {
		if p.rec {
			p.rs.Discard()
		}
		return false
	}
	if !p.warned && utf8.RuneCountInString(t.Name) == tt.bounds[0][1]-tt.bounds[0][0] {
		p.warned = true
	}
	p.keep(t)
	return true
}

func (p *taskParser) csv(ta tasklistArgs) error {
	c := p.c
	raw := c.Raw
	r := lex.NewCSV(raw)
	var cols []taskField
	if ta.noHeader {
		cols = taskDefault(ta)
	}
	nrec, read := 0, 0
	for {
		recd, lstart, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			nrec++
			c.Unread(lstart)
			continue
		}
		nrec++
		if len(recd) == 1 && strings.HasPrefix(recd[0], "INFO: ") {
			read++
			continue
		}
		if cols == nil {
			heads := append([]string(nil), recd...)
			var ok bool
			if cols, ok = taskColumns(heads, ta); !ok {
				return catalog.Unrecognized("the tasklist CSV header is not one the parser knows")
			}
			read++
			continue
		}
		if len(recd) != len(cols) {
			c.Unread(lstart)
			continue
		}
		idx := len(p.res.Processes)
		if p.rec {
			p.rs.Begin(skWinProcesses, idx)
		}
		var t TaskProcess
		ok := true
		for i, f := range cols {
			v := recd[i]
			s, e := p.csvSpan(r, i, v)
			if v != "" && (f == taskFName || f == taskFSessionName || f == taskFStatus || f == taskFUser || f == taskFCPUTime || f == taskFWindowTitle) &&
				(s < 0 || raw[s:e] != v) {
				// Doubled quotes inside: the value is unquoted.
				if !p.set(&t, f, v, 0, 0) {
					ok = false
					break
				}
				if p.rec {
					p.rs.RedoLast(max(s, 0), max(e, 0), catalog.TrUnquote)
				}
				continue
			}
			if !p.set(&t, f, v, s, e) {
				ok = false
				break
			}
		}
		if !ok || t.Name == "" || t.PID == nil {
			if p.rec {
				p.rs.Discard()
			}
			c.Unread(lstart)
			continue
		}
		read++
		p.keep(t)
	}
	if nrec > 0 && read == 0 {
		return catalog.Unrecognized("no record of the output reads as tasklist CSV")
	}
	return nil
}

// csvSpan locates field i of the record just read: the bytes inside its
// quotes (or the bare field).
func (p *taskParser) csvSpan(r *lex.CSV, i int, v string) (int, int) {
	s := r.FieldStart(i)
	if s < 0 {
		return -1, -1
	}
	e := s + len(v)
	if e > len(p.c.Raw) {
		return s, s
	}
	return s, e
}

// list reads /fo list: "Key:   value" lines, a blank line between
// processes, continuation lines for services and modules.
func (p *taskParser) list() error {
	c := p.c
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	var t TaskProcess
	open := false
	var listField taskField
	flush := func() {
		if open && t.Name != "" && t.PID != nil {
			p.keep(t)
		} else if open && p.rec {
			p.rs.Discard()
		}
		t, open, listField = TaskProcess{}, false, taskFNone
	}
	for line, start := range it.All() {
		line = lex.TrimCR(line)
		if lex.IsBlank(line) {
			flush()
			continue
		}
		nlines++
		if strings.HasPrefix(line, "INFO: ") {
			read++
			continue
		}
		if line[0] == ' ' && listField != taskFNone {
			s, e := lex.TrimSpaceRange(line, 0, len(line))
			p.set(&t, listField, line[s:e], start+s, start+e)
			read++
			continue
		}
		colon := strings.IndexByte(line, ':')
		if colon <= 0 {
			c.Unread(start)
			continue
		}
		f, ok := taskHeaders[line[:colon]]
		if !ok {
			c.Unread(start)
			continue
		}
		if f == taskFName {
			flush()
		}
		if !open {
			open = true
			if p.rec {
				p.rs.Begin(skWinProcesses, len(p.res.Processes))
			}
		}
		s, e := lex.TrimSpaceRange(line, colon+1, len(line))
		if !p.set(&t, f, line[s:e], start+s, start+e) {
			c.Unread(start)
			continue
		}
		listField = taskFNone
		if f == taskFServices || f == taskFModules {
			listField = f
		}
		read++
	}
	flush()
	if nlines > 0 && read == 0 {
		return catalog.Unrecognized("no line of the output reads as tasklist /fo list")
	}
	return nil
}

// ipcValue is a value with its span, kept until an adapter is complete.
type ipcValue struct {
	v    string
	s, e int
}

// ipcAdapter is what is gathered for one adapter before it is written.
type ipcAdapter struct {
	pairs    []ipcPair
	gateways []ipcValue
	autoMask bool // the next Subnet Mask belongs to the autoconfiguration address
}

type ipcPair struct {
	addr, mask ipcValue
	hasMask    bool
}

// ipcStatus strips the "(Preferred)" kind of suffix from an address.
func ipcStatus(v string) string {
	for _, sfx := range []string{"(Preferred)", "(Deprecated)", "(Duplicate)", "(Tentative)", "(Invalid)"} {
		if t, ok := strings.CutSuffix(v, sfx); ok {
			return strings.TrimRight(t, " ")
		}
	}
	return v
}

// ipcMulti are the labels whose values go on below them.
var ipcMulti = map[string]bool{
	"DNS Servers": true, "Default Gateway": true, "DNS Suffix Search List": true,
	"Connection-specific DNS Suffix Search List": true, "Primary WINS Server": true, "Secondary WINS Server": true,
}

// ipcState is what the steps of parseIpconfig share: the result, the adapter being read and
// its pending addresses, and the label a continuation line belongs to.
type ipcState struct {
	c         *catalog.Context
	rec       bool
	res       *IpconfigResult
	aux       []ipcAdapter
	ad        *IpconfigAdapter
	adIdx     int
	lastLabel string
}

func parseIpconfig(c *catalog.Context) (any, error) {
	st := &ipcState{c: c, rec: c.Recording(), res: &IpconfigResult{Adapters: []IpconfigAdapter{}}, adIdx: -1}
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	for line, start := range it.All() {
		line = lex.TrimCR(line)
		if lex.IsBlank(line) {
			continue
		}
		nlines++
		if st.line(line, start) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if nlines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as ipconfig output")
	}
	for i := range st.res.Adapters {
		st.finishAdapter(i)
	}
	return st.res, nil
}

func (st *ipcState) span(ptr string, s, e int, tr string) {
	if st.rec {
		st.c.Span(s, e, tr, catalog.Pointer(ptr))
	}
}

func (st *ipcState) adPtr(f string, more ...any) string {
	return catalog.Ptr(append([]any{"adapters", st.adIdx, f}, more...)...)
}

func (st *ipcState) appendStr(dst *[]string, key string, v string, s, e int) {
	if st.ad == nil {
		st.span(catalog.Ptr(key, len(*dst)), s, e, "")
	} else {
		st.span(st.adPtr(key, len(*dst)), s, e, "")
	}
	*dst = append(*dst, v)
}

// line reads one non-blank line: the title, an adapter heading, a "   Label . . . : value"
// line or a continuation of a multi-valued label; it reports whether the line was read.
func (st *ipcState) line(line string, start int) bool {
	switch {
	case line == "Windows IP Configuration":
		return true
	case line[0] != ' ' && strings.HasSuffix(line, ":"):
		return st.adapterHeading(line, start)
	}
	indent := 0
	for indent < len(line) && line[indent] == ' ' {
		indent++
	}
	if indent == 3 {
		return st.labelLine(line, start)
	}
	if indent > 3 && ipcMulti[st.lastLabel] {
		vs, ve := lex.TrimSpaceRange(line, indent, len(line))
		return st.set(st.lastLabel, line[vs:ve], start+vs, start+ve)
	}
	return false
}

// adapterHeading starts an adapter at "Ethernet adapter Ethernet 2:".
func (st *ipcState) adapterHeading(line string, start int) bool {
	i := strings.Index(line, " adapter ")
	if i <= 0 || i+9 >= len(line)-1 {
		return false
	}
	st.res.Adapters = append(st.res.Adapters, IpconfigAdapter{Type: line[:i], Name: line[i+9 : len(line)-1]})
	st.aux = append(st.aux, ipcAdapter{})
	st.adIdx = len(st.res.Adapters) - 1
	st.ad = &st.res.Adapters[st.adIdx]
	st.span(st.adPtr("type"), start, start+i, "")
	st.span(st.adPtr("name"), start+i+9, start+len(line)-1, "")
	st.lastLabel = ""
	return true
}

// labelLine reads "   Label . . . . : value".
func (st *ipcState) labelLine(line string, start int) bool {
	colon := strings.IndexByte(line, ':')
	if colon < 0 {
		return false
	}
	label := strings.TrimRight(line[3:colon], " .")
	vs := colon + 1
	if vs < len(line) && line[vs] == ' ' {
		vs++
	}
	vs, ve := lex.TrimSpaceRange(line, vs, len(line))
	st.lastLabel = label
	if vs == ve {
		// an empty value ("Connection-specific DNS Suffix  . :")
		return !(st.ad == nil && label == "Host Name" || !ipcKnown(label))
	}
	return st.set(label, line[vs:ve], start+vs, start+ve)
}

// set applies one label's value; it reports whether the label is known.
func (st *ipcState) set(label, v string, s, e int) bool {
	if st.ad == nil {
		return st.setHost(label, v, s, e)
	}
	return st.setAdapter(label, v, s, e)
}

// setHost applies a label of the host block, before the first adapter.
func (st *ipcState) setHost(label, v string, s, e int) bool {
	res := st.res
	if ipcHostSet(res, label) {
		return false // given twice
	}
	switch label {
	case "Host Name":
		res.Hostname = v
		st.span("/hostname", s, e, "")
	case "Primary Dns Suffix":
		res.PrimaryDNSSuffix = v
		st.span("/primary_dns_suffix", s, e, "")
	case "Node Type":
		res.NodeType = v
		st.span("/node_type", s, e, "")
	case "IP Routing Enabled", "WINS Proxy Enabled":
		b, ok := winBool(v)
		if !ok {
			return false
		}
		if label[0] == 'I' {
			res.IPRoutingEnabled = &b
			st.span("/ip_routing_enabled", s, e, "yesNo")
		} else {
			res.WINSProxyEnabled = &b
			st.span("/wins_proxy_enabled", s, e, "yesNo")
		}
	case "DNS Suffix Search List":
		st.appendStr(&res.DNSSuffixSearchList, "dns_suffix_search_list", v, s, e)
	default:
		return false
	}
	return true
}

// setAdapter applies a label of the current adapter.
func (st *ipcState) setAdapter(label, v string, s, e int) bool {
	ad := st.ad
	str := func(dst *string, key string) {
		*dst = v
		st.span(st.adPtr(key), s, e, "")
	}
	if ipcAdapterSet(ad, label) {
		return false // given twice
	}
	switch label {
	case "Media State":
		str(&ad.MediaState, "media_state")
	case "Connection-specific DNS Suffix":
		str(&ad.DNSSuffix, "dns_suffix")
	case "Description":
		str(&ad.Description, "description")
	case "Physical Address":
		str(&ad.PhysicalAddress, "physical_address")
	case "DHCP Enabled", "Autoconfiguration Enabled", "NetBIOS over Tcpip":
		return st.setAdapterBool(label, v, s, e)
	case "IPv6 Address", "Temporary IPv6 Address", "Link-local IPv6 Address",
		"IPv4 Address", "IP Address", "Autoconfiguration IPv4 Address", "Autoconfiguration IP Address",
		"Subnet Mask", "Default Gateway":
		return st.setAddress(label, v, s, e)
	case "DHCP Server":
		str(&ad.DHCPServer, "dhcp_server")
	case "DHCPv6 IAID":
		str(&ad.DHCPv6IAID, "dhcpv6_iaid")
	case "DHCPv6 Client DUID":
		str(&ad.DHCPv6ClientDUID, "dhcpv6_client_duid")
	case "DNS Servers":
		st.appendStr(&ad.DNSServers, "dns_servers", v, s, e)
	case "Primary WINS Server", "Secondary WINS Server":
		st.appendStr(&ad.WINSServers, "wins_servers", v, s, e)
	case "Connection-specific DNS Suffix Search List":
		st.appendStr(&ad.DNSSuffixSearch, "dns_suffix_search_list", v, s, e)
	case "Lease Obtained", "Lease Expires":
		return st.setLease(label, v, s, e)
	default:
		return false
	}
	return true
}

// setAdapterBool applies a Yes/No label of the current adapter.
func (st *ipcState) setAdapterBool(label, v string, s, e int) bool {
	b, ok := winBool(v)
	if !ok {
		return false
	}
	switch label[0] {
	case 'D':
		st.ad.DHCPEnabled = &b
		st.span(st.adPtr("dhcp_enabled"), s, e, "yesNo")
	case 'A':
		st.ad.AutoconfigurationEnabled = &b
		st.span(st.adPtr("autoconfiguration_enabled"), s, e, "yesNo")
	default:
		st.ad.NetBIOSOverTcpip = &b
		st.span(st.adPtr("netbios_over_tcpip"), s, e, "yesNo")
	}
	return true
}

// setAddress applies an address, mask or gateway label of the current adapter; IPv4
// addresses, their masks and the gateways wait in aux for finishAdapter.
func (st *ipcState) setAddress(label, v string, s, e int) bool {
	ad, x := st.ad, &st.aux[st.adIdx]
	switch label {
	case "Subnet Mask":
		if n := len(x.pairs); n > 0 && !x.pairs[n-1].hasMask && !x.autoMask {
			x.pairs[n-1].mask, x.pairs[n-1].hasMask = ipcValue{v, s, e}, true
		} else if ad.SubnetMask == "" && len(x.pairs) == 0 {
			ad.SubnetMask = v
			st.span(st.adPtr("subnet_mask"), s, e, "")
		} else {
			return false
		}
		return true
	case "Default Gateway":
		x.gateways = append(x.gateways, ipcValue{v, s, e})
		return true
	}
	a := ipcStatus(v)
	if a == "" {
		return false
	}
	switch label {
	case "IPv6 Address", "Temporary IPv6 Address", "Link-local IPv6 Address":
		st.appendStr(&ad.IPv6Addresses, "ipv6_addresses", a, s, s+len(a))
	case "IPv4 Address", "IP Address":
		x.pairs = append(x.pairs, ipcPair{addr: ipcValue{a, s, s + len(a)}})
		x.autoMask = false
	default: // "Autoconfiguration IPv4 Address", "Autoconfiguration IP Address"
		ad.AutoconfigurationIPv4Address = a
		st.span(st.adPtr("autoconfiguration_ipv4_address"), s, s+len(a), "")
		x.autoMask = true
	}
	return true
}

// setLease applies "Lease Obtained" or "Lease Expires", read in the zone of the context.
func (st *ipcState) setLease(label, v string, s, e int) bool {
	t, err := time.ParseInLocation("Monday, January 2, 2006 3:04:05 PM", v, st.c.Location)
	if err != nil {
		return false
	}
	ts := t.Format("2006-01-02T15:04:05-07:00")
	if label == "Lease Obtained" {
		st.ad.LeaseObtainedAt = ts
		st.span(st.adPtr("lease_obtained_at"), s, e, "timestamp")
	} else {
		st.ad.LeaseExpiresAt = ts
		st.span(st.adPtr("lease_expires_at"), s, e, "timestamp")
	}
	if st.res.TimeZone == "" {
		st.res.TimeZone = winZoneName(st.c)
		st.span("/time_zone", s, e, "assumedZone")
	}
	return true
}

// finishAdapter fills adapter i's IPv4 addresses, masks and gateways from what was read:
// the first pair and the best (IPv4) gateway as the single fields, all of them as lists
// when there are several.
func (st *ipcState) finishAdapter(i int) {
	ad, x := &st.res.Adapters[i], &st.aux[i]
	st.adIdx = i
	if len(x.pairs) > 0 {
		p := x.pairs[0]
		ad.IPv4Address = p.addr.v
		st.span(st.adPtr("ipv4_address"), p.addr.s, p.addr.e, "")
		if p.hasMask {
			ad.SubnetMask = p.mask.v
			st.span(st.adPtr("subnet_mask"), p.mask.s, p.mask.e, "")
		}
	}
	if len(x.pairs) > 1 {
		for k, p := range x.pairs {
			ad.IPv4Addresses = append(ad.IPv4Addresses, IpconfigIPv4{Address: p.addr.v})
			st.span(st.adPtr("ipv4_addresses", k, "address"), p.addr.s, p.addr.e, "")
			if p.hasMask {
				ad.IPv4Addresses[k].SubnetMask = p.mask.v
				st.span(st.adPtr("ipv4_addresses", k, "subnet_mask"), p.mask.s, p.mask.e, "")
			}
		}
	}
	if len(x.gateways) == 0 {
		return
	}
	best := x.gateways[0]
	for _, g := range x.gateways {
		if a, err := netip.ParseAddr(g.v); err == nil && a.Is4() {
			best = g
			break
		}
	}
	ad.DefaultGateway = best.v
	st.span(st.adPtr("default_gateway"), best.s, best.e, "")
	if len(x.gateways) > 1 {
		for k, g := range x.gateways {
			ad.DefaultGateways = append(ad.DefaultGateways, g.v)
			st.span(st.adPtr("default_gateways", k), g.s, g.e, "")
		}
	}
}

// ipcHostSet reports whether the host field of label already has a value.
func ipcHostSet(r *IpconfigResult, label string) bool {
	switch label {
	case "Host Name":
		return r.Hostname != ""
	case "Primary Dns Suffix":
		return r.PrimaryDNSSuffix != ""
	case "Node Type":
		return r.NodeType != ""
	case "IP Routing Enabled":
		return r.IPRoutingEnabled != nil
	case "WINS Proxy Enabled":
		return r.WINSProxyEnabled != nil
	}
	return false
}

// ipcAdapterSet reports whether the single-valued adapter field of label
// already has a value.
func ipcAdapterSet(a *IpconfigAdapter, label string) bool {
	switch label {
	case "Media State":
		return a.MediaState != ""
	case "Connection-specific DNS Suffix":
		return a.DNSSuffix != ""
	case "Description":
		return a.Description != ""
	case "Physical Address":
		return a.PhysicalAddress != ""
	case "DHCP Enabled":
		return a.DHCPEnabled != nil
	case "Autoconfiguration Enabled":
		return a.AutoconfigurationEnabled != nil
	case "NetBIOS over Tcpip":
		return a.NetBIOSOverTcpip != nil
	case "Autoconfiguration IPv4 Address", "Autoconfiguration IP Address":
		return a.AutoconfigurationIPv4Address != ""
	case "DHCP Server":
		return a.DHCPServer != ""
	case "DHCPv6 IAID":
		return a.DHCPv6IAID != ""
	case "DHCPv6 Client DUID":
		return a.DHCPv6ClientDUID != ""
	case "Lease Obtained":
		return a.LeaseObtainedAt != ""
	case "Lease Expires":
		return a.LeaseExpiresAt != ""
	}
	return false
}

// ipcKnown reports whether a label is one the parser reads.
func ipcKnown(label string) bool {
	switch label {
	case "Host Name", "Primary Dns Suffix", "Node Type", "IP Routing Enabled", "WINS Proxy Enabled",
		"DNS Suffix Search List", "Media State", "Connection-specific DNS Suffix", "Description",
		"Physical Address", "DHCP Enabled", "Autoconfiguration Enabled", "NetBIOS over Tcpip",
		"IPv6 Address", "Temporary IPv6 Address", "Link-local IPv6 Address", "IPv4 Address", "IP Address",
		"Autoconfiguration IPv4 Address", "Autoconfiguration IP Address", "Subnet Mask", "Default Gateway",
		"DHCP Server", "DHCPv6 IAID", "DHCPv6 Client DUID", "DNS Servers", "Primary WINS Server",
		"Secondary WINS Server", "Connection-specific DNS Suffix Search List", "Lease Obtained", "Lease Expires":
		return true
	}
	return false
}

type sysKind uint8

const (
	sysKStr sysKind = iota
	sysKDate
	sysKMB
	sysKList // a count line, then items below
	sysKPageFile
	sysKHyperV
)

type sysLabel struct {
	label string // without the colon
	key   string
	kind  sysKind
}

var sysLabels = []sysLabel{
	{"Host Name", "hostname", sysKStr}, {"OS Name", "os_name", sysKStr}, {"OS Version", "os_version", sysKStr},
	{"OS Manufacturer", "os_manufacturer", sysKStr}, {"OS Configuration", "os_configuration", sysKStr},
	{"OS Build Type", "os_build_type", sysKStr}, {"Registered Owner", "registered_owner", sysKStr},
	{"Registered Organization", "registered_organization", sysKStr}, {"Product ID", "product_id", sysKStr},
	{"Original Install Date", "installed_at", sysKDate}, {"System Boot Time", "booted_at", sysKDate},
	{"System Manufacturer", "system_manufacturer", sysKStr}, {"System Model", "system_model", sysKStr},
	{"System Type", "system_type", sysKStr}, {"Processor(s)", "processors", sysKList},
	{"BIOS Version", "bios_version", sysKStr}, {"Windows Directory", "windows_directory", sysKStr},
	{"System Directory", "system_directory", sysKStr}, {"Boot Device", "boot_device", sysKStr},
	{"System Locale", "system_locale", sysKStr}, {"Input Locale", "input_locale", sysKStr},
	{"Time Zone", "system_time_zone", sysKStr},
	{"Total Physical Memory", "total_physical_memory_mb", sysKMB},
	{"Available Physical Memory", "available_physical_memory_mb", sysKMB},
	{"Virtual Memory: Max Size", "virtual_memory_max_size_mb", sysKMB},
	{"Virtual Memory: Available", "virtual_memory_available_mb", sysKMB},
	{"Virtual Memory: In Use", "virtual_memory_in_use_mb", sysKMB},
	{"Page File Location(s)", "page_file_locations", sysKPageFile},
	{"Domain", "domain", sysKStr}, {"Logon Server", "logon_server", sysKStr},
	{"Hotfix(s)", "hotfixes", sysKList}, {"Network Card(s)", "network_cards", sysKList},
	{"Hyper-V Requirements", "hyperv_requirements", sysKHyperV},
}

func sysFind(label string) *sysLabel {
	for i := range sysLabels {
		if sysLabels[i].label == label {
			return &sysLabels[i]
		}
	}
	return nil
}

type sysParser struct {
	c     *catalog.Context
	res   *SysteminfoResult
	rec   bool
	cur   *sysLabel // the label continuation lines belong to
	card  *SysNetworkCard
	inIPs bool
	order winDateOrder
	dates []sysDate
	// unq, within a CSV field holding doubled quotes, makes every span
	// of the field cover it whole, as "unquote".
	unq    bool
	fs, fe int
}

type sysDate struct {
	key       string
	d         winDate
	h, mi, se int
	s, e      int
}

func (p *sysParser) span(ptr string, s, e int, tr string) {
	if !p.rec {
		return
	}
	if p.unq {
		s, e = p.fs, p.fe
		if tr == "" {
			tr = "unquote"
		}
	}
	p.c.Span(s, e, tr, catalog.Pointer(ptr))
}

func parseSysteminfo(c *catalog.Context) (any, error) {
	p := &sysParser{c: c, rec: c.Recording()}
	p.res = &SysteminfoResult{Hotfixes: []SysHotfix{}, NetworkCards: []SysNetworkCard{}}
	csvForm := false
	for _, it := range c.Args.Items {
		if it.Flag == "/fo" && strings.EqualFold(it.Value, "csv") {
			csvForm = true
		}
	}
	if t := strings.TrimLeft(c.Raw, "\r\n"); strings.HasPrefix(t, "\"") {
		csvForm = true
	}
	var err error
	if csvForm {
		err = p.csv()
	} else {
		err = p.list()
	}
	if err != nil {
		return nil, err
	}
	if err := p.finishDates(); err != nil {
		return nil, err
	}
	return p.res, nil
}

func (p *sysParser) list() error {
	c := p.c
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	for line, start := range it.All() {
		line = lex.TrimCR(line)
		if lex.IsBlank(line) {
			continue
		}
		nlines++
		if line[0] == ' ' {
			s, e := lex.TrimSpaceRange(line, 0, len(line))
			if p.cur == nil || !p.item(line[s:e], start+s, start+e) {
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		var l *sysLabel
		for i := range sysLabels {
			sl := &sysLabels[i]
			if len(line) > len(sl.label) && strings.HasPrefix(line, sl.label) && line[len(sl.label)] == ':' &&
				(len(line) == len(sl.label)+1 || line[len(sl.label)+1] == ' ') {
				l = sl
				break
			}
		}
		if l == nil {
			p.cur = nil
			c.Unread(start)
			continue
		}
		vs, ve := lex.TrimSpaceRange(line, len(l.label)+1, len(line))
		if !p.value(l, line[vs:ve], start+vs, start+ve) {
			p.cur = nil
			c.Unread(start)
			continue
		}
		read++
	}
	if nlines > 0 && read == 0 {
		return catalog.Unrecognized("no line of the output reads as systeminfo output")
	}
	return nil
}

// value applies a top-level label's value.
func (p *sysParser) value(l *sysLabel, v string, s, e int) bool {
	r := p.res
	p.cur, p.card, p.inIPs = nil, nil, false
	if v == "N/A" || v == "" {
		if l.kind == sysKList || l.kind == sysKPageFile || l.kind == sysKHyperV {
			p.cur = l
		}
		return true
	}
	switch l.kind {
	case sysKStr:
		var dst *string
		switch l.key {
		case "hostname":
			dst = &r.Hostname
		case "os_name":
			dst = &r.OSName
		case "os_version":
			dst = &r.OSVersion
		case "os_manufacturer":
			dst = &r.OSManufacturer
		case "os_configuration":
			dst = &r.OSConfiguration
		case "os_build_type":
			dst = &r.OSBuildType
		case "registered_owner":
			dst = &r.RegisteredOwner
		case "registered_organization":
			dst = &r.RegisteredOrganization
		case "product_id":
			dst = &r.ProductID
		case "system_manufacturer":
			dst = &r.SystemManufacturer
		case "system_model":
			dst = &r.SystemModel
		case "system_type":
			dst = &r.SystemType
		case "bios_version":
			dst = &r.BIOSVersion
		case "windows_directory":
			dst = &r.WindowsDirectory
		case "system_directory":
			dst = &r.SystemDirectory
		case "boot_device":
			dst = &r.BootDevice
		case "system_locale":
			dst = &r.SystemLocale
		case "input_locale":
			dst = &r.InputLocale
		case "system_time_zone":
			dst = &r.SystemTimeZone
		case "domain":
			dst = &r.Domain
		case "logon_server":
			dst = &r.LogonServer
		default:
			return false
		}
		if *dst != "" {
			return false // given twice
		}
		*dst = v
		p.span("/"+l.key, s, e, "")
	case sysKMB:
		n, ok := strings.CutSuffix(v, " MB")
		if !ok {
			return false
		}
		mb, ok := winNumber(n)
		if !ok {
			return false
		}
		var dst **int64
		switch l.key {
		case "total_physical_memory_mb":
			dst = &r.TotalPhysicalMemoryMB
		case "available_physical_memory_mb":
			dst = &r.AvailablePhysicalMemoryMB
		case "virtual_memory_max_size_mb":
			dst = &r.VirtualMemoryMaxSizeMB
		case "virtual_memory_available_mb":
			dst = &r.VirtualMemoryAvailableMB
		default:
			dst = &r.VirtualMemoryInUseMB
		}
		if *dst != nil {
			return false
		}
		*dst = &mb
		p.span("/"+l.key, s, s+len(n), "parseInt")
	case sysKDate:
		// "3/14/2025, 10:22:31 AM"
		ds, rest, ok := strings.Cut(v, ", ")
		if !ok {
			return false
		}
		d, ok := winParseDate(ds)
		if !ok {
			return false
		}
		clock, ampm, _ := strings.Cut(rest, " ")
		h, mi, se, ok := winClock(clock, ampm)
		if !ok {
			return false
		}
		for _, x := range p.dates {
			if x.key == l.key {
				return false
			}
		}
		p.order.see(d)
		p.dates = append(p.dates, sysDate{key: l.key, d: d, h: h, mi: mi, se: se, s: s, e: e})
	case sysKList:
		// "4 Hotfix(s) Installed.": the count is the items' length.
		p.cur = l
	case sysKPageFile:
		p.cur = l
		return p.item(v, s, e)
	case sysKHyperV:
		p.cur = l
		return p.item(v, s, e)
	}
	return true
}

// item reads a continuation line (or CSV item) of the current label.
func (p *sysParser) item(v string, s, e int) bool {
	r := p.res
	l := p.cur
	switch l.key {
	case "page_file_locations":
		p.span(catalog.Ptr("page_file_locations", len(r.PageFileLocations)), s, e, "")
		r.PageFileLocations = append(r.PageFileLocations, v)
		return true
	case "hyperv_requirements":
		if r.HyperVRequirements == nil {
			r.HyperVRequirements = &SysHyperV{}
		}
		h := r.HyperVRequirements
		if strings.HasPrefix(v, "A hypervisor has been detected.") {
			if h.HypervisorDetected {
				return false
			}
			h.HypervisorDetected = true
			p.span("/hyperv_requirements/hypervisor_detected", s, e, "marker")
			return true
		}
		k, _, ok := strings.Cut(v, ":")
		if !ok {
			return false
		}
		bs, be := lex.TrimSpaceRange(v, len(k)+1, len(v))
		val, ok := winBool(v[bs:be])
		if !ok {
			return false
		}
		var dst **bool
		var key string
		switch k {
		case "VM Monitor Mode Extensions":
			dst, key = &h.VMMonitorModeExtensions, "vm_monitor_mode_extensions"
		case "Virtualization Enabled In Firmware":
			dst, key = &h.VirtualizationEnabledInFirmware, "virtualization_enabled_in_firmware"
		case "Second Level Address Translation":
			dst, key = &h.SecondLevelAddressTranslation, "second_level_address_translation"
		case "Data Execution Prevention Available":
			dst, key = &h.DataExecutionPreventionAvailable, "data_execution_prevention_available"
		default:
			return false
		}
		if *dst != nil {
			return false
		}
		*dst = &val
		p.span("/hyperv_requirements/"+key, s+bs, s+be, "yesNo")
		return true
	}
	// "[01]: text"
	if strings.HasPrefix(v, "[") {
		i := strings.Index(v, "]: ")
		if i < 2 || !lex.IsDigits(v[1:i]) {
			return false
		}
		text := v[i+3:]
		ts := s + i + 3
		if text == "" {
			return false
		}
		switch l.key {
		case "processors":
			p.span(catalog.Ptr("processors", len(r.Processors)), ts, e, "")
			r.Processors = append(r.Processors, text)
		case "hotfixes":
			p.span(catalog.Ptr("hotfixes", len(r.Hotfixes), "id"), ts, e, "")
			r.Hotfixes = append(r.Hotfixes, SysHotfix{ID: text})
		case "network_cards":
			if p.inIPs && p.card != nil {
				if _, err := netip.ParseAddr(text); err == nil {
					ci := len(r.NetworkCards) - 1
					p.span(catalog.Ptr("network_cards", ci, "ip_addresses", len(p.card.IPAddresses)), ts, e, "")
					p.card.IPAddresses = append(p.card.IPAddresses, text)
					return true
				}
			}
			r.NetworkCards = append(r.NetworkCards, SysNetworkCard{Name: text})
			p.card, p.inIPs = &r.NetworkCards[len(r.NetworkCards)-1], false
			p.span(catalog.Ptr("network_cards", len(r.NetworkCards)-1, "name"), ts, e, "")
		default:
			return false
		}
		return true
	}
	if l.key != "network_cards" || p.card == nil {
		return false
	}
	if v == "IP address(es)" {
		p.inIPs = true
		return true
	}
	k, _, ok := strings.Cut(v, ":")
	if !ok {
		return false
	}
	vs, ve := lex.TrimSpaceRange(v, len(k)+1, len(v))
	val := v[vs:ve]
	if val == "" {
		return true // a detail printed without a value
	}
	ci := len(r.NetworkCards) - 1
	switch k {
	case "Connection Name":
		if p.card.ConnectionName != "" {
			return false
		}
		p.card.ConnectionName = val
		p.span(catalog.Ptr("network_cards", ci, "connection_name"), s+vs, s+ve, "")
	case "Status":
		if p.card.Status != "" {
			return false
		}
		p.card.Status = val
		p.span(catalog.Ptr("network_cards", ci, "status"), s+vs, s+ve, "")
	case "DHCP Enabled":
		b, ok := winBool(val)
		if !ok || p.card.DHCPEnabled != nil {
			return false
		}
		p.card.DHCPEnabled = &b
		p.span(catalog.Ptr("network_cards", ci, "dhcp_enabled"), s+vs, s+ve, "yesNo")
	case "DHCP Server":
		if p.card.DHCPServer != "" {
			return false
		}
		p.card.DHCPServer = val
		p.span(catalog.Ptr("network_cards", ci, "dhcp_server"), s+vs, s+ve, "")
	default:
		return false
	}
	return true
}

func (p *sysParser) finishDates() error {
	if len(p.dates) == 0 {
		return nil
	}
	dayFirst, ok := p.order.dayFirst()
	if !ok {
		return catalog.Unrecognized("the systeminfo dates do not share one order")
	}
	for _, d := range p.dates {
		mo, dd := d.d.a, d.d.b
		if dayFirst {
			mo, dd = dd, mo
		}
		ts, ok := winTimestamp(d.d.y, mo, dd, d.h, d.mi, d.se, p.c.Location)
		if !ok {
			return catalog.Unrecognized("a systeminfo date is not a calendar date in the order %s", p.order.format())
		}
		if d.key == "installed_at" {
			p.res.InstalledAt = ts
		} else {
			p.res.BootedAt = ts
		}
		p.span("/"+d.key, d.s, d.e, "timestamp")
	}
	p.res.DateFormat = p.order.format()
	p.res.TimeZone = winZoneName(p.c)
	p.span("/date_format", p.dates[0].s, p.dates[0].s+strings.IndexByte(p.c.Raw[p.dates[0].s:p.dates[0].e], ','), "dateFormat")
	p.span("/time_zone", p.dates[0].s, p.dates[0].e, "assumedZone")
	return nil
}

// csv reads /fo csv: a header of labels and one row of values (several
// rows with /s on several machines are not read: the first is).
func (p *sysParser) csv() error {
	c := p.c
	raw := c.Raw
	r := lex.NewCSV(raw)
	var header []string
	rows := 0
	for {
		recd, lstart, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			c.Unread(lstart)
			continue
		}
		if header == nil {
			header = slices.Clone(recd)
			continue
		}
		rows++
		if rows > 1 || len(recd) != len(header) {
			c.Unread(lstart)
			continue
		}
		read := 0
		for i, h := range header {
			l := sysFind(h)
			if l == nil {
				continue
			}
			v := recd[i]
			fs := r.FieldStart(i)
			if fs < 0 {
				continue
			}
			fe := fs + len(v)
			p.unq = fe > len(raw) || raw[fs:fe] != v
			if p.unq {
				// the field's text runs to its closing quote
				p.fs = fs
				p.fe = fs
				if q := strings.Index(raw[fs:], "\","); q >= 0 {
					p.fe = fs + q
				}
			}
			if l.kind != sysKList && l.kind != sysKPageFile && l.kind != sysKHyperV {
				vs, ve := lex.TrimSpaceRange(v, 0, len(v))
				if p.value(l, v[vs:ve], fs+vs, fs+ve) {
					read++
				}
				continue
			}
			// items separated by ","; the first is the count of a list.
			p.cur, p.card, p.inIPs = l, nil, false
			k := 0
			for pos := 0; pos <= len(v); k++ {
				j := strings.IndexByte(v[pos:], ',')
				if j < 0 {
					j = len(v)
				} else {
					j += pos
				}
				is, ie := lex.TrimSpaceRange(v, pos, j)
				pos = j + 1
				if is == ie || k == 0 && l.kind == sysKList || v[is:ie] == "N/A" {
					continue
				}
				if p.cur != nil && p.item(v[is:ie], fs+is, fs+ie) {
					read++
				}
			}
		}
		p.unq = false
		if read == 0 {
			return catalog.Unrecognized("no column of the systeminfo CSV was read")
		}
	}
	if strings.TrimSpace(raw) != "" && rows == 0 {
		return catalog.Unrecognized("no systeminfo CSV header and row")
	}
	return nil
}

// lpArgsWithout returns args without args[i], for hints.
func lpArgsWithout(args []string, i int) []string {
	out := make([]string, 0, len(args))
	out = append(out, args[:i]...)
	return append(out, args[i+1:]...)
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return dirParsers() }
