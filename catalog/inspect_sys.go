package catalog

import (
	"slices"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// System inspection: vmstat, lscpu, sysctl, dmesg, findmnt, lspci (Linux
// userland; sysctl also BSD/macOS). Agents run them to size a machine, read
// a kernel setting, and find why a device or a mount misbehaves.

// VmstatResult is vmstat's samples, the first one the averages since boot.
type VmstatResult struct {
	Samples []VmstatSample `json:"samples"`
}

// VmstatSample is one line of vmstat's report. Memory and swap traffic are
// in bytes (the -S unit, KiB by default, multiplied out); bi/bo are blocks
// (1024 bytes on Linux) per second.
type VmstatSample struct {
	// Runnable is r: processes running or waiting for a CPU.
	Runnable *int64 `json:"runnable,omitempty"`
	// Blocked is b: processes in uninterruptible sleep.
	Blocked *int64 `json:"blocked,omitempty"`
	// SwapUsedBytes is swpd.
	SwapUsedBytes *int64 `json:"swap_used_bytes,omitempty"`
	// FreeBytes is free.
	FreeBytes *int64 `json:"free_bytes,omitempty"`
	// BufferBytes is buff.
	BufferBytes *int64 `json:"buffer_bytes,omitempty"`
	// CacheBytes is cache.
	CacheBytes *int64 `json:"cache_bytes,omitempty"`
	// InactiveBytes is inact (-a).
	InactiveBytes *int64 `json:"inactive_bytes,omitempty"`
	// ActiveBytes is active (-a).
	ActiveBytes *int64 `json:"active_bytes,omitempty"`
	// SwapInBytesPerSecond is si.
	SwapInBytesPerSecond *int64 `json:"swap_in_bytes_per_second,omitempty"`
	// SwapOutBytesPerSecond is so.
	SwapOutBytesPerSecond *int64 `json:"swap_out_bytes_per_second,omitempty"`
	// BlocksInPerSecond is bi.
	BlocksInPerSecond *int64 `json:"blocks_in_per_second,omitempty"`
	// BlocksOutPerSecond is bo.
	BlocksOutPerSecond *int64 `json:"blocks_out_per_second,omitempty"`
	// InterruptsPerSecond is in.
	InterruptsPerSecond *int64 `json:"interrupts_per_second,omitempty"`
	// ContextSwitchesPerSecond is cs.
	ContextSwitchesPerSecond *int64 `json:"context_switches_per_second,omitempty"`
	// UserPercent is us.
	UserPercent *int64 `json:"user_percent,omitempty"`
	// SystemPercent is sy.
	SystemPercent *int64 `json:"system_percent,omitempty"`
	// IdlePercent is id.
	IdlePercent *int64 `json:"idle_percent,omitempty"`
	// WaitPercent is wa.
	WaitPercent *int64 `json:"wait_percent,omitempty"`
	// StolenPercent is st.
	StolenPercent *int64 `json:"stolen_percent,omitempty"`
	// GuestPercent is gu (procps-ng 4).
	GuestPercent *int64 `json:"guest_percent,omitempty"`
	// Timestamp is -t's date and time, as printed (zone in the header).
	Timestamp string `json:"timestamp,omitempty"`
}

// vmstatFlags: vmstat(8) of procps-ng 4.0.2 (Debian 12): -a (inact/active
// columns), -w (wide), -n (header once), -t (timestamp), -y (no since-boot
// line), -S k|K|m|M (unit); the other reports (-s, -d, -D, -p, -m, -f)
// print other forms (refused). macOS vm_stat and FreeBSD vmstat print
// other tables: not read (Linux only).
var vmstatFlags = Flags{"-a": Bool, "--active": Bool, "-w": Bool, "--wide": Bool, "-n": Bool, "--one-header": Bool,
	"-t": Bool, "--timestamp": Bool, "-y": Bool, "--no-first": Bool, "-S": Value, "--unit": Value}

func vmstatParsers() []*Parser {
	return []*Parser{{
		ID: "vmstat", Command: "vmstat", Version: "1", OS: []OS{Linux},
		Format: "procps vmstat's report (default, -a, -w, -t, -S unit; delay and count), columns read by their header; memory in bytes",
		Flags:  vmstatFlags, MaxPositionals: 2, Result: VmstatResult{}, RowsKey: "samples",
		Examples: [][]string{{}, {"-w"}, {"1", "3"}, {"-a", "-S", "M"}},
		Table:    &TableLines{Skip: []string{"procs", "--procs", "r "}},
		Check: func(args []string, _ OS) *ParseError {
			if u := vmstatUnitArg(args); u != "" && vmstatUnit(u) == 0 {
				return Unsupported(nil, "vmstat -S %s is not a unit vmstat knows", u)
			}
			return nil
		},
		Parse: parseVmstat,
	}}
}

func vmstatUnitArg(args []string) string {
	for i, a := range args {
		switch {
		case (a == "-S" || a == "--unit") && i+1 < len(args):
			return args[i+1]
		case strings.HasPrefix(a, "--unit="):
			return a[len("--unit="):]
		case strings.HasPrefix(a, "-S") && len(a) > 2:
			return a[2:]
		}
	}
	return ""
}

// vmstatUnit is the size in bytes of the unit of -S.
func vmstatUnit(u string) float64 {
	switch u {
	case "k":
		return 1000
	case "K", "":
		return 1024
	case "m":
		return 1000 * 1000
	case "M":
		return 1024 * 1024
	}
	return 0
}

func (s *VmstatSample) column(h string) (dst **int64, leaf string, scaled bool) {
	switch h {
	case "r":
		return &s.Runnable, "runnable", false
	case "b":
		return &s.Blocked, "blocked", false
	case "swpd":
		return &s.SwapUsedBytes, "swap_used_bytes", true
	case "free":
		return &s.FreeBytes, "free_bytes", true
	case "buff":
		return &s.BufferBytes, "buffer_bytes", true
	case "cache":
		return &s.CacheBytes, "cache_bytes", true
	case "inact":
		return &s.InactiveBytes, "inactive_bytes", true
	case "active":
		return &s.ActiveBytes, "active_bytes", true
	case "si":
		return &s.SwapInBytesPerSecond, "swap_in_bytes_per_second", true
	case "so":
		return &s.SwapOutBytesPerSecond, "swap_out_bytes_per_second", true
	case "bi":
		return &s.BlocksInPerSecond, "blocks_in_per_second", false
	case "bo":
		return &s.BlocksOutPerSecond, "blocks_out_per_second", false
	case "in":
		return &s.InterruptsPerSecond, "interrupts_per_second", false
	case "cs":
		return &s.ContextSwitchesPerSecond, "context_switches_per_second", false
	case "us":
		return &s.UserPercent, "user_percent", false
	case "sy":
		return &s.SystemPercent, "system_percent", false
	case "id":
		return &s.IdlePercent, "idle_percent", false
	case "wa":
		return &s.WaitPercent, "wait_percent", false
	case "st":
		return &s.StolenPercent, "stolen_percent", false
	case "gu":
		return &s.GuestPercent, "guest_percent", false
	}
	return nil, "", false
}

func parseVmstat(c *Context) (any, error) {
	res := &VmstatResult{Samples: []VmstatSample{}}
	unit := vmstatUnit(vmstatUnitArg(c.Args))
	if unit == 0 {
		unit = 1024
	}
	tr := "parseInt*" + strconv.FormatInt(int64(unit), 10)
	var cols []string
	stamped := false
	data := 0
	for _, l := range insLines(c.Raw) {
		t := strings.TrimSpace(l.text)
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "procs") || strings.HasPrefix(t, "--procs"):
			stamped = strings.Contains(t, "timestamp")
			continue
		case strings.HasPrefix(t, "r ") && strings.Contains(t, " b "):
			cols = cols[:0]
			for _, f := range insFields(l, 0) {
				cols = append(cols, c.Raw[f[0]:f[1]])
			}
			if stamped && len(cols) > 0 {
				cols = cols[:len(cols)-1] // the zone name over the timestamp
			}
			continue
		}
		data++
		toks := insFields(l, 0)
		want := len(cols)
		if stamped {
			want += 2
		}
		if len(cols) == 0 || len(toks) != want {
			c.Unread(l.at)
			continue
		}
		if c.Full(len(res.Samples)) {
			c.Omit(1)
			continue
		}
		i := len(res.Samples)
		var s VmstatSample
		mark := c.rec().mark()
		ok := true
		for j, h := range cols {
			dst, leaf, scaled := s.column(h)
			if dst == nil || *dst != nil {
				ok = false
				break
			}
			if scaled {
				*dst = insScaled(c, toks[j][0], toks[j][1], unit, tr, "samples", i, leaf)
			} else {
				*dst = insInt(c, toks[j][0], toks[j][1], "samples", i, leaf)
			}
			if *dst == nil {
				ok = false
				break
			}
		}
		if ok && stamped {
			s.Timestamp = insStr(c, toks[len(cols)][0], toks[len(cols)+1][1], "samples", i, "timestamp")
		}
		if !ok {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		res.Samples = append(res.Samples, s)
	}
	if data > 0 && len(res.Samples) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, insNoRows("vmstat")
	}
	return res, nil
}

// LscpuResult is lscpu's summary.
type LscpuResult struct {
	// Architecture is the machine (x86_64, aarch64).
	Architecture string `json:"architecture,omitempty"`
	// ModelName is the CPU model.
	ModelName string `json:"model_name,omitempty"`
	// VendorID is the CPU vendor (GenuineIntel, AuthenticAMD, ARM).
	VendorID string `json:"vendor_id,omitempty"`
	// CPUs is CPU(s): the logical CPUs.
	CPUs *int64 `json:"cpus,omitempty"`
	// OnlineCPUs is the on-line CPU list ("0-7").
	OnlineCPUs string `json:"online_cpus,omitempty"`
	// ThreadsPerCore is Thread(s) per core.
	ThreadsPerCore *int64 `json:"threads_per_core,omitempty"`
	// CoresPerSocket is Core(s) per socket (or per cluster).
	CoresPerSocket *int64 `json:"cores_per_socket,omitempty"`
	// Sockets is Socket(s).
	Sockets *int64 `json:"sockets,omitempty"`
	// NUMANodes is NUMA node(s).
	NUMANodes *int64 `json:"numa_nodes,omitempty"`
	// MaxMHz is CPU max MHz.
	MaxMHz *float64 `json:"max_mhz,omitempty"`
	// Caches are the L1d/L1i/L2/L3 lines: size in bytes (lscpu sums the instances), instance count when printed.
	Caches []LscpuCache `json:"caches,omitempty"`
	// Flags are the CPU feature flags.
	Flags []string `json:"flags,omitempty"`
	// Vulnerabilities maps each "Vulnerability X" to its status.
	Vulnerabilities map[string]string `json:"vulnerabilities,omitempty"`
	// Fields holds every other "Key: value" line, verbatim, by its key.
	Fields map[string]string `json:"fields"`
}

// LscpuCache is one cache line ("L2 cache: 4 MiB (2 instances)").
type LscpuCache struct {
	// Name is L1d, L1i, L2, L3.
	Name string `json:"name"`
	// SizeBytes is the size printed, in bytes.
	SizeBytes *int64 `json:"size_bytes,omitempty"`
	// Instances is the "(N instances)" count.
	Instances *int64 `json:"instances,omitempty"`
}

// lscpuFlags: lscpu(1) of util-linux 2.38.1 (Debian 12): the summary form
// takes -x/--hex (CPU lists as masks, same lines), -y/--physical and
// --output-all do not change it; -e, -p, -C, -J print tables or JSON
// (refused; -J output passes through).
var lscpuFlags = Flags{"-x": Bool, "--hex": Bool, "-y": Bool, "--physical": Bool}

func lscpuParsers() []*Parser {
	return []*Parser{{
		ID: "lscpu", Command: "lscpu", Version: "1", OS: []OS{Linux},
		Format: "util-linux lscpu's \"Key: value\" summary (flat or in sections); -e/-p tables and -J are not read",
		Flags:  lscpuFlags, MaxPositionals: 0, Result: LscpuResult{},
		Examples:     [][]string{{}, {"-x"}},
		Alternatives: map[string][]string{"-e": {}, "--extended": {}, "-p": {}, "--parse": {}},
		Parse:        parseLscpu,
	}}
}

func parseLscpu(c *Context) (any, error) {
	res := &LscpuResult{Fields: map[string]string{}}
	section := ""
	read := 0
	for _, l := range insLines(c.Raw) {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		ks, ke, vs, ve, ok := insKV(l, ":")
		if !ok {
			c.Unread(l.at)
			continue
		}
		key := c.Raw[ks:ke]
		indented := l.text[0] == ' '
		if vs == ve {
			section = key // "Caches (sum of all):", "Vulnerabilities:"
			continue
		}
		if !indented {
			section = ""
		}
		read++
		v := c.Raw[vs:ve]
		name := strings.TrimSuffix(key, " cache")
		switch {
		case key == "Architecture" && res.Architecture == "":
			res.Architecture = insStr(c, vs, ve, "architecture")
		case key == "Model name" && res.ModelName == "":
			res.ModelName = insStr(c, vs, ve, "model_name")
		case key == "Vendor ID" && res.VendorID == "":
			res.VendorID = insStr(c, vs, ve, "vendor_id")
		case key == "CPU(s)" && res.CPUs == nil && insIsInt(v):
			res.CPUs = insInt(c, vs, ve, "cpus")
		case key == "On-line CPU(s) list" && res.OnlineCPUs == "":
			res.OnlineCPUs = insStr(c, vs, ve, "online_cpus")
		case key == "Thread(s) per core" && res.ThreadsPerCore == nil && insIsInt(v):
			res.ThreadsPerCore = insInt(c, vs, ve, "threads_per_core")
		case (key == "Core(s) per socket" || key == "Core(s) per cluster") && res.CoresPerSocket == nil && insIsInt(v):
			res.CoresPerSocket = insInt(c, vs, ve, "cores_per_socket")
		case key == "Socket(s)" && res.Sockets == nil && insIsInt(v):
			res.Sockets = insInt(c, vs, ve, "sockets")
		case key == "NUMA node(s)" && res.NUMANodes == nil && insIsInt(v):
			res.NUMANodes = insInt(c, vs, ve, "numa_nodes")
		case key == "CPU max MHz" && res.MaxMHz == nil && insIsFloat(v):
			res.MaxMHz = insFloat(c, vs, ve, "max_mhz")
		case key == "Flags" && res.Flags == nil:
			res.Flags = []string{}
			for _, f := range insFields(insLine{v, vs}, 0) {
				c.spanPath(f[0], f[1], "", "flags", len(res.Flags))
				res.Flags = append(res.Flags, c.Raw[f[0]:f[1]])
			}
		case (name == "L1d" || name == "L1i" || name == "L2" || name == "L3" || name == "L4") && lscpuCache(c, res, name, ks, ke, vs, ve):
		case strings.HasPrefix(key, "Vulnerability ") || section == "Vulnerabilities":
			k := strings.TrimPrefix(key, "Vulnerability ")
			if _, dup := res.Vulnerabilities[k]; dup {
				c.Unread(l.at)
				continue
			}
			if res.Vulnerabilities == nil {
				res.Vulnerabilities = map[string]string{}
			}
			res.Vulnerabilities[k] = insStr(c, vs, ve, "vulnerabilities", k)
		default:
			if _, dup := res.Fields[key]; dup {
				c.Unread(l.at)
				continue
			}
			res.Fields[key] = insStr(c, vs, ve, "fields", key)
		}
	}
	if read == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, insNoRows("lscpu \"Key: value\"")
	}
	return res, nil
}

// lscpuCache reads "96 KiB (2 instances)" or the older "32K".
func lscpuCache(c *Context, res *LscpuResult, name string, ks, ke, vs, ve int) bool {
	v := c.Raw[vs:ve]
	if slices.ContainsFunc(res.Caches, func(x LscpuCache) bool { return x.Name == name }) {
		return false
	}
	size, rest, _ := strings.Cut(v, " (")
	num := strings.TrimRight(size, "KMGTiB ")
	mult := map[string]float64{"": 1, "B": 1, "K": 1 << 10, "KiB": 1 << 10, "M": 1 << 20, "MiB": 1 << 20, "G": 1 << 30, "GiB": 1 << 30, "T": 1 << 40, "TiB": 1 << 40}[strings.TrimSpace(size[len(num):])]
	if mult == 0 || !insIsInt(num) {
		return false
	}
	k := len(res.Caches)
	cache := LscpuCache{Name: name}
	c.spanPath(ks, ke, "trimSuffix", "caches", k, "name")
	cache.SizeBytes = insScaled(c, vs, vs+len(num), mult, "parseBytes", "caches", k, "size_bytes")
	if rest != "" {
		cnt, _, _ := strings.Cut(rest, " instance")
		if insIsInt(cnt) {
			s := vs + len(size) + 2
			cache.Instances = insInt(c, s, s+len(cnt), "caches", k, "instances")
		}
	}
	res.Caches = append(res.Caches, cache)
	return true
}

// SysctlResult is sysctl's settings, in the order printed.
type SysctlResult struct {
	Settings []SysctlSetting `json:"settings"`
}

// SysctlSetting is one "name = value" (Linux) or "name: value" (BSD) line.
type SysctlSetting struct {
	// Name is the dotted name (vm.swappiness).
	Name string `json:"name"`
	// Value is the value as printed (several numbers keep their tabs).
	Value string `json:"value"`
}

// sysctlFlags: sysctl(8) of procps-ng 4.0.2 (Debian 12): -a/-A/-X (all),
// -e (ignore unknown names), -r PATTERN (filter), --deprecated, names as
// positionals keep the "name = value" form; -n (values only), -N (names
// only), -b (binary) print other forms (refused with a hint); -w, -p and
// --system write settings (the guard refuses them). FreeBSD sysctl(8) and
// macOS sysctl(8): -a, -A, -e, -i, names; "name: value" lines.
var sysctlFlags = Flags{"-a": Bool, "--all": Bool, "-A": Bool, "-X": Bool, "-e": Bool, "--ignore": Bool,
	"-r": Value, "--pattern": Value, "--deprecated": Bool, "-i": Bool}

func sysctlParsers() []*Parser {
	return []*Parser{{
		ID: "sysctl", Command: "sysctl", Version: "1",
		Format: "sysctl's \"name = value\" (Linux procps) and \"name: value\" (FreeBSD, macOS) lines; a value over several lines stays with its name",
		Flags:  sysctlFlags, MaxPositionals: -1, Result: SysctlResult{}, RowsKey: "settings", KeyFields: []string{"name"},
		Examples:     [][]string{{"-a"}, {"vm.swappiness"}, {"kernel.hostname", "vm.swappiness"}},
		Alternatives: map[string][]string{"-n": {}, "--values": {}, "-N": {}, "--names": {}},
		Parse:        parseSysctl,
	}}
}

func parseSysctl(c *Context) (any, error) {
	res := &SysctlResult{Settings: []SysctlSetting{}}
	data := 0
	for _, l := range insLines(c.Raw) {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		data++
		sep := " = "
		if i, j := strings.Index(l.text, " = "), strings.Index(l.text, ": "); i < 0 || (j >= 0 && j < i && !strings.ContainsAny(l.text[:j], " \t")) {
			sep = ": "
		}
		ks, ke, vs, ve, ok := insKV(l, sep)
		if !ok && strings.HasSuffix(l.text, strings.TrimRight(sep, " ")) {
			// "name =" with an empty value
			ks, ke, ok = l.at, l.at+len(strings.TrimRight(l.text, " =:")), true
			vs, ve = l.at+len(l.text), l.at+len(l.text)
		}
		if !ok || strings.ContainsAny(c.Raw[ks:ke], " \t") {
			c.Unread(l.at)
			continue
		}
		if c.Full(len(res.Settings)) {
			c.Omit(1)
			continue
		}
		i := len(res.Settings)
		res.Settings = append(res.Settings, SysctlSetting{
			Name:  insStr(c, ks, ke, "settings", i, "name"),
			Value: insStr(c, vs, ve, "settings", i, "value"),
		})
	}
	if data > 0 && len(res.Settings) == 0 && c.Omitted() == 0 {
		return nil, insNoRows("sysctl")
	}
	return res, nil
}

// DmesgResult is the kernel ring buffer as dmesg prints it.
type DmesgResult struct {
	Messages []DmesgMessage `json:"messages"`
}

// DmesgMessage is one line of the buffer.
type DmesgMessage struct {
	// Facility is -x's facility (kern, user, daemon...).
	Facility string `json:"facility,omitempty"`
	// Level is -x's level (emerg ... debug).
	Level string `json:"level,omitempty"`
	// Seconds is the time since boot of the default "[    1.234567]" stamp.
	Seconds *float64 `json:"seconds,omitempty"`
	// Time is -T's human time, as printed ("Tue Dec  1 20:40:00 2026").
	Time string `json:"time,omitempty"`
	// Message is the text.
	Message string `json:"message"`
}

// dmesgFlags: dmesg(1) of util-linux 2.38.1 (Debian 12): -t (no stamps),
// -T (human time), -x (facility:level prefix), -k (kernel only), -l LIST
// and -f LIST (filters), -L/--color=never and -r? (no: -r prints raw
// <level> prefixes, refused), --time-format ctime|notime|raw? (only the
// forms above). -w/-W follow (unbounded), -c/-C clear the buffer, -n sets
// the console level, -D/-E toggle console output: the guard refuses
// those; -H (pager, relative times), -e (reltime), -J (JSON) are refused
// here.
var dmesgFlags = Flags{"-t": Bool, "--notime": Bool, "-T": Bool, "--ctime": Bool, "-x": Bool, "--decode": Bool,
	"-k": Bool, "--kernel": Bool, "-u": Bool, "--userspace": Bool, "-l": Value, "--level": Value, "-f": Value,
	"--facility": Value, "-L": Bool, "--color": Value, "-P": Bool, "--nopager": Bool}

func dmesgParsers() []*Parser {
	return []*Parser{{
		ID: "dmesg", Command: "dmesg", Version: "1", OS: []OS{Linux},
		Format: "util-linux dmesg lines: [seconds] stamps, -T human times, -t none, -x facility:level prefixes",
		Flags:  dmesgFlags, MaxPositionals: 0, Result: DmesgResult{}, RowsKey: "messages",
		Examples: [][]string{{}, {"-T"}, {"-x", "-l", "err,warn"}, {"-t"}},
		Table:    &TableLines{},
		Check: func(args []string, _ OS) *ParseError {
			for _, a := range args {
				if strings.HasPrefix(a, "--color=") && a != "--color=never" {
					return Unsupported(nil, "dmesg %s colors the output", a)
				}
			}
			return nil
		},
		Parse: parseDmesg,
	}}
}

func parseDmesg(c *Context) (any, error) {
	res := &DmesgResult{Messages: []DmesgMessage{}}
	decode := insHasAny(c.Args, "-x", "--decode")
	human := insHasAny(c.Args, "-T", "--ctime")
	notime := insHasAny(c.Args, "-t", "--notime")
	for _, l := range insLines(c.Raw) {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		if c.Full(len(res.Messages)) {
			c.Omit(1)
			continue
		}
		i := len(res.Messages)
		var m DmesgMessage
		mark := c.rec().mark()
		p := 0 // offset in the line
		t := l.text
		if decode {
			// "kern  :info  : " (facility padded to 6, level to 6)
			f1 := strings.IndexByte(t, ':')
			if f1 <= 0 {
				c.Unread(l.at)
				continue
			}
			f2 := strings.IndexByte(t[f1+1:], ':')
			if f2 < 0 {
				c.Unread(l.at)
				continue
			}
			f2 += f1 + 1
			fs, fe := lex.TrimSpaceRange(t, 0, f1)
			ls, le := lex.TrimSpaceRange(t, f1+1, f2)
			if fs == fe || ls == le || strings.ContainsAny(t[fs:fe], " \t") || strings.ContainsAny(t[ls:le], " \t") {
				c.Unread(l.at)
				continue
			}
			m.Facility = insStr(c, l.at+fs, l.at+fe, "messages", i, "facility")
			m.Level = insStr(c, l.at+ls, l.at+le, "messages", i, "level")
			p = f2 + 1
			if p < len(t) && t[p] == ' ' {
				p++
			}
		}
		if !notime && p < len(t) && t[p] == '[' {
			end := strings.IndexByte(t[p:], ']')
			if end < 0 {
				c.rec().truncate(mark)
				c.Unread(l.at)
				continue
			}
			end += p
			ss, se := lex.TrimSpaceRange(t, p+1, end)
			if ss == se {
				c.rec().truncate(mark)
				c.Unread(l.at)
				continue
			}
			if human {
				m.Time = insStr(c, l.at+ss, l.at+se, "messages", i, "time")
			} else if m.Seconds = insFloat(c, l.at+ss, l.at+se, "messages", i, "seconds"); m.Seconds == nil {
				c.rec().truncate(mark)
				c.Unread(l.at)
				continue
			}
			p = end + 1
			if p < len(t) && t[p] == ' ' {
				p++
			}
		}
		m.Message = insStr(c, l.at+p, l.at+len(t), "messages", i, "message")
		res.Messages = append(res.Messages, m)
	}
	if len(res.Messages) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, insNoRows("dmesg")
	}
	return res, nil
}

// FindmntResult is findmnt's file systems.
type FindmntResult struct {
	Filesystems []FindmntEntry `json:"filesystems"`
}

// FindmntEntry is one mounted file system.
type FindmntEntry struct {
	// Target is the mount point (findmnt escapes blanks as \x20).
	Target string `json:"target,omitempty"`
	// Source is the device, with a bind mount's [/subdir].
	Source string `json:"source,omitempty"`
	// FSType is the file system type.
	FSType string `json:"fstype,omitempty"`
	// Options are the mount options, split at commas.
	Options []string `json:"options,omitempty"`
	// Depth is the tree depth (0 for the root); the list forms print no tree.
	Depth *int64 `json:"depth,omitempty"`
	// Other holds the cells of other -o columns, by header.
	Other map[string]string `json:"other,omitempty"`
}

// findmntFlags: findmnt(8) of util-linux 2.38.1 (Debian 12): the tree
// (default), -l (list), -P (KEY="value" pairs), -n (no header), -a, -A,
// -R, -M, -t/-O/-S/-T filters, -o columns (read by header), -u, -e?, -v;
// -J passes through as JSON; -r (raw, \x escapes without alignment) and
// -D (df columns) are refused; -p/--poll follows (unbounded).
var findmntFlags = Flags{"-l": Bool, "--list": Bool, "-P": Bool, "--pairs": Bool, "-n": Bool, "--noheadings": Bool,
	"-a": Bool, "--ascii": Bool, "-A": Bool, "--all": Bool, "-R": Bool, "--submounts": Bool, "-M": Value, "--mountpoint": Value,
	"-t": Value, "--types": Value, "-O": Value, "--options": Value, "-S": Value, "--source": Value, "-T": Value,
	"--target": Value, "-o": Value, "--output": Value, "-u": Bool, "--notruncate": Bool, "-v": Bool, "--nofsroot": Bool,
	"-k": Bool, "--kernel": Bool, "-s": Bool, "--fstab": Bool, "-m": Bool, "--mtab": Bool}

func findmntParsers() []*Parser {
	return []*Parser{{
		ID: "findmnt", Command: "findmnt", Version: "1", OS: []OS{Linux},
		Format: "util-linux findmnt's tree (depth read from the tree marks), -l list and -P pairs; columns by header or key",
		Flags:  findmntFlags, MaxPositionals: 2, Result: FindmntResult{}, RowsKey: "filesystems",
		Examples: [][]string{{}, {"-l"}, {"-P"}, {"-t", "ext4"}},
		Table:    &TableLines{Skip: []string{"TARGET ", "SOURCE "}},
		Parse:    parseFindmnt,
	}}
}

// findmntTree reads the tree marks before a target ("├─", "│ ", "└─",
// "`-", "|-", "  "), two runes per level; it returns the depth and the
// byte offset where the target starts.
func findmntTree(s string) (int64, int) {
	var depth int64
	i := 0
	for i < len(s) {
		switch {
		case strings.HasPrefix(s[i:], "├─"), strings.HasPrefix(s[i:], "└─"):
			return depth + 1, i + len("├─")
		case strings.HasPrefix(s[i:], "|-"), strings.HasPrefix(s[i:], "`-"):
			return depth + 1, i + 2
		case strings.HasPrefix(s[i:], "│ "):
			i += len("│ ")
		case strings.HasPrefix(s[i:], "| "), strings.HasPrefix(s[i:], "  "):
			i += 2
		default:
			return depth, i
		}
		depth++
	}
	return depth, i
}

func parseFindmnt(c *Context) (any, error) {
	res := &FindmntResult{Filesystems: []FindmntEntry{}}
	pairs := insHasAny(c.Args, "-P", "--pairs")
	tree := !pairs && !insHasAny(c.Args, "-l", "--list")
	var cols []string
	if insHasAny(c.Args, "-n", "--noheadings") && !pairs {
		cols = []string{"TARGET", "SOURCE", "FSTYPE", "OPTIONS"}
		if insHasAny(c.Args, "-o", "--output") {
			return nil, Unsupported([]string{}, "findmnt -n -o prints columns without their names: drop -n")
		}
	}
	data := 0
	for _, l := range insLines(c.Raw) {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		if !pairs && cols == nil {
			for _, f := range insFields(l, 0) {
				cols = append(cols, c.Raw[f[0]:f[1]])
			}
			if !insValidKeys(cols) {
				return nil, Unrecognized("findmnt's header is not valid UTF-8")
			}
			continue
		}
		data++
		if c.Full(len(res.Filesystems)) {
			c.Omit(1)
			continue
		}
		i := len(res.Filesystems)
		var e FindmntEntry
		mark := c.rec().mark()
		var ok bool
		if pairs {
			ok = findmntPairs(c, l, &e, i)
		} else {
			ok = findmntRow(c, l, cols, tree, &e, i)
		}
		if !ok {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		res.Filesystems = append(res.Filesystems, e)
	}
	if data > 0 && len(res.Filesystems) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, insNoRows("findmnt")
	}
	return res, nil
}

func findmntRow(c *Context, l insLine, cols []string, tree bool, e *FindmntEntry, i int) bool {
	line := l.text
	off := 0
	if tree {
		d, at := findmntTree(line)
		if at > 0 {
			c.spanPath(l.at, l.at+at, "treeDepth", "filesystems", i, "depth")
		} else {
			c.spanPath(l.at, l.at, "treeDepth", "filesystems", i, "depth")
		}
		e.Depth = &d
		off = at
	}
	toks := insFields(insLine{line[off:], l.at + off}, 0)
	if len(toks) != len(cols) {
		return false
	}
	for j, h := range cols {
		if !findmntSet(c, e, h, toks[j][0], toks[j][1], i) {
			return false
		}
	}
	return true
}

// findmntSet sets the column named h from Raw[s:e].
func findmntSet(c *Context, e *FindmntEntry, h string, s, en, i int) bool {
	switch h {
	case "TARGET":
		if e.Target != "" {
			return false
		}
		e.Target = insStr(c, s, en, "filesystems", i, "target")
	case "SOURCE":
		if e.Source != "" {
			return false
		}
		e.Source = insStr(c, s, en, "filesystems", i, "source")
	case "FSTYPE":
		if e.FSType != "" {
			return false
		}
		e.FSType = insStr(c, s, en, "filesystems", i, "fstype")
	case "OPTIONS":
		if e.Options != nil {
			return false
		}
		e.Options = []string{}
		p := s
		for k := s; k <= en; k++ {
			if k == en || c.Raw[k] == ',' {
				if k > p {
					c.spanPath(p, k, "", "filesystems", i, "options", len(e.Options))
					e.Options = append(e.Options, c.Raw[p:k])
				}
				p = k + 1
			}
		}
	default:
		if _, dup := e.Other[h]; dup {
			return false
		}
		if e.Other == nil {
			e.Other = map[string]string{}
		}
		e.Other[h] = insStr(c, s, en, "filesystems", i, "other", h)
	}
	return true
}

// findmntPairs reads KEY="value" KEY="value"...; findmnt escapes a quote
// or a backslash in a value as \x22, \x5c, so a value ends at the next quote.
func findmntPairs(c *Context, l insLine, e *FindmntEntry, i int) bool {
	t := l.text
	p := 0
	n := 0
	for {
		p = lex.SkipBlanks(t, p)
		if p >= len(t) {
			return n > 0
		}
		eq := strings.Index(t[p:], "=\"")
		if eq <= 0 {
			return false
		}
		key := t[p : p+eq]
		if strings.ContainsAny(key, " \t\"") || !insValidKeys([]string{key}) {
			return false
		}
		vs := p + eq + 2
		q := strings.IndexByte(t[vs:], '"')
		if q < 0 {
			return false
		}
		ve := vs + q
		if vs == ve {
			// an empty value: nothing to record
		} else if !findmntSet(c, e, key, l.at+vs, l.at+ve, i) {
			return false
		}
		n++
		p = ve + 1
	}
}

// LspciResult is lspci's devices.
type LspciResult struct {
	Devices []LspciDevice `json:"devices"`
}

// LspciDevice is one PCI device.
type LspciDevice struct {
	// Slot is [domain:]bus:device.function.
	Slot string `json:"slot"`
	// Class is the device class (Ethernet controller), with its [code] under -nn.
	Class string `json:"class"`
	// Vendor is the vendor (the -mm form; the plain form joins vendor and device in Device).
	Vendor string `json:"vendor,omitempty"`
	// Device is the device (the plain form: vendor and device as printed).
	Device string `json:"device"`
	// Revision is the revision (rev 01), -rXX with -mm.
	Revision string `json:"revision,omitempty"`
	// ProgIf is -mm's -pXX programming interface.
	ProgIf string `json:"prog_if,omitempty"`
	// SubsystemVendor and SubsystemDevice are -mm's last two fields.
	SubsystemVendor string `json:"subsystem_vendor,omitempty"`
	SubsystemDevice string `json:"subsystem_device,omitempty"`
	// Details are -k's indented "Key: value" lines (Subsystem, Kernel driver in use, Kernel modules).
	Details map[string]string `json:"details,omitempty"`
}

// lspciFlags: lspci(8) of pciutils 3.9.0 (Debian 12): -mm (machine
// readable), -nn (names and codes), -n (codes only, same shape), -k
// (kernel driver lines), -D (domain), -s and -d (filters), -q/-qq; -m
// (the older quoted form of -mm) is read too; -v, -vv, -vvv, -t, -x print
// other forms (refused).
var lspciFlags = Flags{"-m": Bool, "-n": Bool, "-k": Bool, "-D": Bool, "-s": Value, "-d": Value, "-q": Bool, "-i": Value}

func lspciParsers() []*Parser {
	return []*Parser{{
		ID: "lspci", Command: "lspci", Version: "1", OS: []OS{Linux},
		Format: "pciutils lspci's \"slot class: device (rev xx)\" lines, -mm quoted fields, -k driver lines",
		Flags:  lspciFlags, MaxPositionals: 0, Result: LspciResult{}, RowsKey: "devices",
		Examples: [][]string{{}, {"-mm"}, {"-nn"}, {"-k"}},
		Table:    &TableLines{Skip: []string{"Subsystem:", "Kernel driver in use:", "Kernel modules:"}},
		Parse:    parseLspci,
	}}
}

func parseLspci(c *Context) (any, error) {
	res := &LspciResult{Devices: []LspciDevice{}}
	last := -1
	for _, l := range insLines(c.Raw) {
		t := l.text
		if strings.TrimSpace(t) == "" {
			continue
		}
		if t[0] == '\t' || t[0] == ' ' {
			ks, ke, vs, ve, ok := insKV(l, ":")
			if last < 0 || !ok {
				c.Unread(l.at)
				continue
			}
			d := &res.Devices[last]
			k := c.Raw[ks:ke]
			if _, dup := d.Details[k]; dup {
				c.Unread(l.at)
				continue
			}
			if d.Details == nil {
				d.Details = map[string]string{}
			}
			d.Details[k] = insStr(c, vs, ve, "devices", last, "details", k)
			continue
		}
		if c.Full(len(res.Devices)) {
			c.Omit(1)
			last = -1
			continue
		}
		i := len(res.Devices)
		mark := c.rec().mark()
		var d LspciDevice
		sp := strings.IndexByte(t, ' ')
		if sp <= 0 || !strings.Contains(t[:sp], ":") {
			c.Unread(l.at)
			last = -1
			continue
		}
		d.Slot = insStr(c, l.at, l.at+sp, "devices", i, "slot")
		var ok bool
		if sp+1 < len(t) && t[sp+1] == '"' {
			ok = lspciMachine(c, l, sp+1, &d, i)
		} else {
			ok = lspciPlain(c, l, sp+1, &d, i)
		}
		if !ok {
			c.rec().truncate(mark)
			c.Unread(l.at)
			last = -1
			continue
		}
		res.Devices = append(res.Devices, d)
		last = i
	}
	if len(res.Devices) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, insNoRows("lspci")
	}
	return res, nil
}

func lspciPlain(c *Context, l insLine, p int, d *LspciDevice, i int) bool {
	t := l.text
	colon := strings.Index(t[p:], ": ")
	if colon <= 0 {
		return false
	}
	d.Class = insStr(c, l.at+p, l.at+p+colon, "devices", i, "class")
	ds, de := p+colon+2, len(t)
	if strings.HasSuffix(t, ")") {
		if r := strings.LastIndex(t, " (rev "); r >= ds && r+6 < len(t)-1 { // "(rev )": no revision
			d.Revision = insStr(c, l.at+r+6, l.at+len(t)-1, "devices", i, "revision")
			de = r
		}
	}
	if ds >= de {
		return false
	}
	d.Device = insStr(c, l.at+ds, l.at+de, "devices", i, "device")
	return true
}

// lspciMachine reads `"class" "vendor" "device" [-rXX] [-pXX] "subvendor" "subdevice"`.
func lspciMachine(c *Context, l insLine, p int, d *LspciDevice, i int) bool {
	t := l.text
	var quoted [][2]int
	for p < len(t) {
		p = lex.SkipBlanks(t, p)
		if p >= len(t) {
			break
		}
		if t[p] == '"' {
			q := strings.IndexByte(t[p+1:], '"')
			if q < 0 {
				return false
			}
			quoted = append(quoted, [2]int{p + 1, p + 1 + q})
			p += q + 2
			continue
		}
		e := lex.SkipWord(t, p)
		w := t[p:e]
		switch {
		case strings.HasPrefix(w, "-r") && d.Revision == "" && len(w) > 2:
			d.Revision = insStr(c, l.at+p+2, l.at+e, "devices", i, "revision")
		case strings.HasPrefix(w, "-p") && d.ProgIf == "" && len(w) > 2:
			d.ProgIf = insStr(c, l.at+p+2, l.at+e, "devices", i, "prog_if")
		default:
			return false
		}
		p = e
	}
	if len(quoted) < 3 {
		return false
	}
	set := func(k int, leaf string) string {
		if k >= len(quoted) || quoted[k][0] == quoted[k][1] {
			return ""
		}
		return insStr(c, l.at+quoted[k][0], l.at+quoted[k][1], "devices", i, leaf)
	}
	d.Class = set(0, "class")
	d.Vendor = set(1, "vendor")
	d.Device = set(2, "device")
	d.SubsystemVendor = set(3, "subsystem_vendor")
	d.SubsystemDevice = set(4, "subsystem_device")
	if len(quoted) > 5 {
		return false
	}
	if d.Class == "" {
		c.spanPath(l.at+quoted[0][0], l.at+quoted[0][1], "", "devices", i, "class")
	}
	if d.Device == "" {
		c.spanPath(l.at+quoted[2][0], l.at+quoted[2][1], "", "devices", i, "device")
	}
	return true
}
