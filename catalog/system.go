package catalog

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// System commands: free, uname, id, uptime, w, date, mount, lsblk,
// systemctl list-units and journalctl.

// sysISO is the ISO 8601 layout the system parsers emit (ls's form).
const sysISO = "2006-01-02T15:04:05-07:00"

// sysCTime reads ctime with a zone, "Sun Nov 29 23:49:08 UTC 2026" (date's
// default, dig's WHEN). A zone abbreviation is resolved when it is UTC or
// GMT, a numeric offset, or the abbreviation loc uses at that moment;
// otherwise the time is returned without an offset and warn says why.
func sysCTime(s string, loc *time.Location) (iso, warn string, ok bool) {
	iso, warn, _, ok = sysCTimeZone(s, loc)
	return iso, warn, ok
}

// sysCTimeZone is sysCTime that also says where the zone stands in s.
// Words are separated by spaces only (ctime pads the day with one).
func sysCTimeZone(s string, loc *time.Location) (iso, warn string, zone lex.Field, ok bool) {
	var ws []lex.Field
	ws = lex.Fields(ws, s, 0)
	if len(ws) != 6 {
		return "", "", zone, false
	}
	var f [6]string
	for i, w := range ws {
		f[i] = s[w.Start:w.End]
		if strings.ContainsAny(f[i], "\r\n\v\f") {
			return "", "", zone, false
		}
	}
	zone = ws[4]
	if !sysWeekday(f[0]) || sysMonth(f[1]) == 0 {
		return "", "", zone, false
	}
	day, err1 := strconv.Atoi(f[2])
	year, err2 := strconv.Atoi(f[5])
	clock, err3 := time.Parse("15:04:05", f[3])
	if err1 != nil || err2 != nil || err3 != nil || day < 1 || day > 31 || len(f[5]) != 4 || year < 1 {
		return "", "", zone, false
	}
	t, ok, local := sysZoned(year, time.Month(sysMonth(f[1])), day, clock.Hour(), clock.Minute(), clock.Second(), f[4], loc)
	if !ok {
		return "", "", zone, false
	}
	if local {
		return t.Format("2006-01-02T15:04:05"), "zone " + f[4] + " is not UTC, a numeric offset or the zone of the location; the time is given without an offset", zone, true
	}
	return t.Format(sysISO), "", zone, true
}

// sysMonth returns 1-12 for an English month abbreviation, 0 otherwise.
func sysMonth(s string) int {
	for i, m := range [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"} {
		if s == m {
			return i + 1
		}
	}
	return 0
}

func sysWeekday(s string) bool {
	switch s {
	case "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat":
		return true
	}
	return false
}

// sysZoned builds a wall-clock time in the zone named by abbr. local is
// true when the abbreviation could not be resolved (t is then in UTC, to
// be printed without an offset).
func sysZoned(y int, mo time.Month, d, h, mi, s int, abbr string, loc *time.Location) (t time.Time, ok, local bool) {
	if d > time.Date(y, mo+1, 0, 0, 0, 0, 0, time.UTC).Day() {
		return t, false, false
	}
	switch {
	case abbr == "UTC" || abbr == "GMT" || abbr == "Z":
		return time.Date(y, mo, d, h, mi, s, 0, time.UTC), true, false
	case len(abbr) == 5 && (abbr[0] == '+' || abbr[0] == '-'):
		hh, e1 := strconv.Atoi(abbr[1:3])
		mm, e2 := strconv.Atoi(abbr[3:5])
		if e1 != nil || e2 != nil {
			return t, false, false
		}
		off := hh*3600 + mm*60
		if abbr[0] == '-' {
			off = -off
		}
		return time.Date(y, mo, d, h, mi, s, 0, time.FixedZone("", off)), true, false
	}
	if loc != nil {
		t = time.Date(y, mo, d, h, mi, s, 0, loc)
		if name, _ := t.Zone(); name == abbr {
			return t, true, false
		}
	}
	return time.Date(y, mo, d, h, mi, s, 0, time.UTC), true, true
}

// Span field ids of the system parsers' rows.
var (
	sfHostname   = spanID("hostname")
	sfIdentifier = spanID("identifier")
)

// ---------------------------------------------------------------- free

// FreeResult is the parsed output of `free`. Each row maps a column
// (total, used, free, shared, buff_cache, or buffers and cache with -w,
// available) to its value in bytes, "<column>_bytes", whatever unit free
// printed: KiB (its default) and -k, -m, -g, --tebi, --pebi multiplied by
// powers of 1024, --kilo ... --peta and --si by powers of 1000, which is
// exact; -h sizes are converted from the rounded digits printed
// (procps "22Gi", BusyBox "23.5G"; powers of 1000 with --si), and
// "<column>_human" keeps them. Total comes with -t, Low and High with -l.
type FreeResult struct {
	Mem  map[string]any `json:"mem,omitempty"`
	Swap map[string]any `json:"swap,omitempty"`
	// BuffersCache is procps 3.3.9 and older's "-/+ buffers/cache:" line:
	// used without and free with the buffers and the cache.
	BuffersCache map[string]any `json:"buffers_cache,omitempty"`
	Total        map[string]any `json:"total,omitempty"`
	Low          map[string]any `json:"low,omitempty"`
	High         map[string]any `json:"high,omitempty"`
}

// ExtendSchema: each row maps "<column>_<unit>" to a whole number, or to
// the text free printed for -h ("_human").
func (FreeResult) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	for name, p := range s.Properties {
		s.Properties[name] = &jsonschema.Schema{
			Type:        "object",
			Description: p.Description,
			PropertyNames: &jsonschema.Schema{
				Pattern: `^(total|used|free|shared|buff_cache|buffers|cache|available)_(bytes|kib|mib|gib|tib|pib|kb|mb|gb|tb|pb|human)$`,
			},
			PatternProperties: map[string]*jsonschema.Schema{
				`_human$`:              {Type: "string"},
				`_(bytes|[kmgtp]i?b)$`: {Type: "integer", Minimum: jsonschema.Ptr(0.0)},
			},
			AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		}
	}
	return s
}

var freeParser = &Parser{
	ID:      "free",
	Command: "free",
	Version: "1",
	OS:      []OS{Linux},
	Format:  "procps/BusyBox free table (Mem:, Swap:, -t Total:, -l Low:/High:) in any unit, answered in bytes",
	// Flags checked against procps-ng 4.0.2 free --help and free.c (this
	// machine) and BusyBox 1.35 free (-b -k -m -g -h). -c/-s repeat the
	// report and -v (--committed) adds a line: refused.
	Flags: Flags{
		"-b": Bool, "--bytes": Bool, "-k": Bool, "--kibi": Bool, "-m": Bool, "--mebi": Bool, "-g": Bool, "--gibi": Bool,
		"--tebi": Bool, "--pebi": Bool, "--kilo": Bool, "--mega": Bool, "--giga": Bool, "--tera": Bool, "--peta": Bool,
		"-h": Bool, "--human": Bool, "--si": Bool, "-w": Bool, "--wide": Bool, "-t": Bool, "--total": Bool,
		"-l": Bool, "--lohi": Bool, "-c": Value, "--count": Value, "-s": Value, "--seconds": Value,
	},
	MaxPositionals: 0,
	Alternatives:   map[string][]string{"-L": {}, "--line": {}, "-v": {}, "--committed": {}},
	Result:         FreeResult{},
	Examples:       [][]string{{"-b"}, {}, {"-h"}, {"-bt"}},
	Parse:          parseFree,
}

// freeParsers wires the freeParser and returns it for the builtin list.
func freeParsers() []*Parser {
	freeParser.Check = freeCheck
	return []*Parser{freeParser}
}

// freeCheck refuses repeated reports (-c, -s); the hint drops them.
func freeCheck(args []string, _ OS) *ParseError {
	var hint []string
	refused := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, attached := strings.Cut(a, "=")
		switch {
		case name == "-c" || name == "--count" || name == "-s" || name == "--seconds":
			refused = name
			if !attached && i+1 < len(args) {
				i++
			}
			continue
		case len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a, "cs"):
			k := strings.IndexAny(a, "cs")
			refused = "-" + a[k:k+1]
			if k+1 == len(a) && i+1 < len(args) {
				i++
			}
			if k > 1 {
				hint = append(hint, a[:k])
			}
			continue
		}
		hint = append(hint, a)
	}
	if refused != "" {
		return Unsupported(hint, "free %s prints several reports", refused)
	}
	return nil
}

// freeUnit reads the unit flags (the last one wins, as in procps 4.0.2
// free.c) into the bytes one printed number stands for, or the base of
// -h's rounded sizes (human).
func freeUnit(args []string) (mult int64, human bool) {
	exp, si := 'k', false
	for _, a := range args {
		if a == "--" {
			break
		}
		switch a {
		case "--bytes":
			exp = 'b'
		case "--kibi":
			exp = 'k'
		case "--mebi":
			exp = 'm'
		case "--gibi":
			exp = 'g'
		case "--tebi":
			exp = 't'
		case "--pebi":
			exp = 'p'
		case "--kilo":
			exp, si = 'k', true
		case "--mega":
			exp, si = 'm', true
		case "--giga":
			exp, si = 'g', true
		case "--tera":
			exp, si = 't', true
		case "--peta":
			exp, si = 'p', true
		case "--si":
			si = true
		case "--human":
			human = true
		default:
			if len(a) > 1 && a[0] == '-' && a[1] != '-' {
				for _, l := range a[1:] {
					switch l {
					case 'b', 'k', 'm', 'g':
						exp = l
					case 'h':
						human = true
					}
				}
			}
		}
	}
	base := int64(1024)
	if si {
		base = 1000
	}
	if human {
		return base, true
	}
	mult = 1
	for range strings.IndexByte("bkmgtp", byte(exp)) {
		mult *= base
	}
	return mult, false
}

// freeColumns are the headers free prints, as JSON keys without the unit.
var freeColumns = map[string]string{
	"total": "total", "used": "used", "free": "free", "shared": "shared", "buff/cache": "buff_cache",
	"buffers": "buffers", "cache": "cache", "cached": "cache", "available": "available",
}

func parseFree(c *Context) (any, error) {
	res := &FreeResult{}
	mult, human := freeUnit(c.Args)
	it := lex.Lines{Raw: c.Raw}
	var cols []string
	dataLines, read := 0, 0
	var ws []lex.Word
	tr := "parseInt"
	switch {
	case human:
		tr = "humanSize" + strconv.FormatInt(mult, 10)
	case mult > 1:
		tr = "parseInt*" + strconv.FormatInt(mult, 10)
	}
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		ws = lex.Words(ws[:0], line)
		first := line[ws[0].Start:ws[0].End]
		if cols == nil && first == "total" {
			for _, w := range ws {
				k, ok := freeColumns[line[w.Start:w.End]]
				if !ok {
					cols = nil
					break
				}
				cols = append(cols, k)
			}
			if cols == nil {
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		var row *map[string]any
		var key string
		rowCols, vals := cols, ws[1:]
		if first == "-/+" && len(ws) == 4 && line[ws[1].Start:ws[1].End] == "buffers/cache:" {
			first, rowCols, vals = "-/+", []string{"used", "free"}, ws[2:]
		}
		switch first {
		case "Mem:":
			row, key = &res.Mem, "mem"
		case "Swap:":
			row, key = &res.Swap, "swap"
		case "Total:":
			row, key = &res.Total, "total"
		case "Low:":
			row, key = &res.Low, "low"
		case "High:":
			row, key = &res.High, "high"
		case "-/+":
			row, key = &res.BuffersCache, "buffers_cache"
		}
		if row == nil || *row != nil || cols == nil || len(vals) > len(rowCols) || len(vals) < 1 {
			c.Unread(start)
			continue
		}
		m := make(map[string]any, 2*len(vals))
		good := true
		for k, w := range vals {
			v := line[w.Start:w.End]
			var n int64
			if human {
				n, ok = fsHumanBytes(v, mult)
				m[rowCols[k]+"_human"] = v
			} else {
				n, ok = lex.Atoi(v)
				ok = ok && n <= (1<<62)/mult
				n *= mult
			}
			if !ok {
				good = false
				break
			}
			m[rowCols[k]+"_bytes"] = n
		}
		if !good {
			c.Unread(start)
			continue
		}
		for k, w := range vals {
			c.spanPath(start+w.Start, start+w.End, tr, key, rowCols[k]+"_bytes")
			if human {
				c.spanPath(start+w.Start, start+w.End, "", key, rowCols[k]+"_human")
			}
		}
		*row = m
		read++
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as free output; if it is localized, rerun under LC_ALL=C")
	}
	if human && read > 1 {
		c.Warn("free -h printed rounded sizes: the *_bytes values are converted from the printed digits, *_human keeps them")
	}
	return res, nil
}

// ---------------------------------------------------------------- uname

// UnameResult is the parsed output of `uname -a`. GNU prints kernel name,
// host name, release, version (which holds spaces), machine, processor and
// hardware platform (each left out when "unknown") and the operating
// system; BSD and macOS print the first five only.
type UnameResult struct {
	KernelName       string `json:"kernel_name,omitempty"`
	Hostname         string `json:"hostname,omitempty"`
	KernelRelease    string `json:"kernel_release,omitempty"`
	KernelVersion    string `json:"kernel_version,omitempty"`
	Machine          string `json:"machine,omitempty"`
	Processor        string `json:"processor,omitempty"`
	HardwarePlatform string `json:"hardware_platform,omitempty"`
	OS               string `json:"os,omitempty"`
}

var unameParser = &Parser{
	ID:      "uname",
	Command: "uname",
	Version: "1",
	Format:  "uname -a: every field on one line (GNU, BusyBox, macOS, FreeBSD); uname alone or with one field flag: that field",
	// Flags checked against GNU coreutils 9.1 uname(1) (this machine),
	// BusyBox 1.35, FreeBSD 14 and macOS 14 uname(1). One field flag (or
	// none: -s) prints that field alone, which is read whole; several
	// print their fields in a fixed order, the version holding spaces, so
	// they are refused for -a.
	Flags: Flags{
		"-a": Bool, "--all": Bool, "-s": Bool, "-n": Bool, "-r": Bool, "-v": Bool, "-m": Bool, "-p": Bool, "-i": Bool,
		"-o": Bool, "--kernel-name": Bool, "--nodename": Bool, "--kernel-release": Bool, "--kernel-version": Bool,
		"--machine": Bool, "--processor": Bool, "--hardware-platform": Bool, "--operating-system": Bool,
	},
	MaxPositionals: 0,
	Result:         UnameResult{},
	Examples:       [][]string{{"-a"}},
	Check: func(args []string, _ OS) *ParseError {
		if _, ok := unameSingle(args); ok {
			return nil
		}
		for _, a := range args {
			if a != "-a" && a != "--all" {
				return Unsupported([]string{"-a"}, "uname %s prints fields without names; -a prints them all, in a known order", a)
			}
		}
		if len(args) == 0 {
			return Unsupported([]string{"-a"}, "uname alone prints one field; -a prints them all, named")
		}
		return nil
	},
	Parse: parseUname,
}

// unameSingle names the one field the arguments print ("uname" alone: the
// kernel name); ok is false for -a and for several fields.
func unameSingle(args []string) (key string, ok bool) {
	if len(args) == 0 {
		return "kernel_name", true
	}
	if len(args) != 1 {
		return "", false
	}
	switch args[0] {
	case "-s", "--kernel-name":
		return "kernel_name", true
	case "-n", "--nodename":
		return "hostname", true
	case "-r", "--kernel-release":
		return "kernel_release", true
	case "-v", "--kernel-version":
		return "kernel_version", true
	case "-m", "--machine":
		return "machine", true
	case "-p", "--processor":
		return "processor", true
	case "-i", "--hardware-platform":
		return "hardware_platform", true
	case "-o", "--operating-system":
		return "os", true
	}
	return "", false
}

// unameParsers wires the unameParser and returns it for the builtin list.
func unameParsers() []*Parser {
	return []*Parser{unameParser}
}

// unameArch are machine, processor and platform words.
var unameArch = map[string]bool{
	"x86_64": true, "amd64": true, "i386": true, "i486": true, "i586": true, "i686": true, "athlon": true,
	"aarch64": true, "aarch64_be": true, "arm64": true, "arm": true, "armv5tel": true, "armv6l": true,
	"armv7l": true, "armv8l": true, "ppc": true, "ppc64": true, "ppc64le": true, "powerpc": true,
	"powerpc64": true, "powerpc64le": true, "s390": true, "s390x": true, "mips": true, "mipsel": true,
	"mips64": true, "mips64el": true, "riscv32": true, "riscv64": true, "sparc": true, "sparc64": true,
	"loongarch64": true, "alpha": true, "ia64": true, "parisc": true, "parisc64": true, "m68k": true,
	"sh4": true, "unknown": true, "i86pc": true,
}

func parseUname(c *Context) (any, error) {
	it := lex.Lines{Raw: c.Raw}
	var line string
	var start int
	n := 0
	for {
		l, s, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(l) {
			continue
		}
		n++
		if n == 1 {
			line, start = l, s
		} else {
			c.Unread(s)
		}
	}
	if n == 0 {
		return &UnameResult{}, nil
	}
	if key, ok := unameSingle(c.Args); ok {
		res := &UnameResult{}
		s, e := lex.TrimSpaceRange(line, 0, len(line))
		*map[string]*string{"kernel_name": &res.KernelName, "hostname": &res.Hostname, "kernel_release": &res.KernelRelease,
			"kernel_version": &res.KernelVersion, "machine": &res.Machine, "processor": &res.Processor,
			"hardware_platform": &res.HardwarePlatform, "os": &res.OS}[key] = line[s:e]
		c.spanPath(start+s, start+e, "", key)
		return res, nil
	}
	var f []lex.Field
	f = lex.Fields(f, line, 0)
	if len(f) < 5 {
		return nil, Unrecognized("uname -a prints at least five fields")
	}
	res := &UnameResult{}
	get := func(k int) string { return line[f[k].Start:f[k].End] }
	set := func(p *string, k int, key string) {
		*p = get(k)
		c.spanPath(start+f[k].Start, start+f[k].End, "", key)
	}
	set(&res.KernelName, 0, "kernel_name")
	set(&res.Hostname, 1, "hostname")
	set(&res.KernelRelease, 2, "kernel_release")
	last := len(f) - 1
	versionEnd := 0
	if unameArch[get(last)] {
		// BSD, macOS: the machine ends the line.
		set(&res.Machine, last, "machine")
		versionEnd = last
	} else {
		set(&res.OS, last, "os")
		k := 0
		for k < 3 && last-1-k > 3 && unameArch[get(last-1-k)] {
			k++
		}
		if k == 0 {
			k = 1 // an unknown machine word
		}
		m := last - k
		set(&res.Machine, m, "machine")
		if k >= 2 {
			set(&res.Processor, m+1, "processor")
		}
		if k == 3 {
			set(&res.HardwarePlatform, m+2, "hardware_platform")
		}
		versionEnd = m
	}
	if versionEnd <= 3 {
		return nil, Unrecognized("uname -a: no kernel version between the release and the machine")
	}
	vs, ve := lex.TrimSpaceRange(line, f[3].Start, f[versionEnd].Start)
	res.KernelVersion = line[vs:ve]
	c.spanPath(start+vs, start+ve, "", "kernel_version")
	return res, nil
}

// ---------------------------------------------------------------- id

// IDResult is the parsed output of `id` (GNU, BusyBox, macOS, FreeBSD).
// Names are absent when id printed only a number; everything is absent
// for empty output.
type IDResult struct {
	UID            *int64    `json:"uid,omitempty"`
	User           string    `json:"user,omitempty"`
	GID            *int64    `json:"gid,omitempty"`
	Group          string    `json:"group,omitempty"`
	EUID           *int64    `json:"euid,omitempty"`
	EffectiveUser  string    `json:"effective_user,omitempty"`
	EGID           *int64    `json:"egid,omitempty"`
	EffectiveGroup string    `json:"effective_group,omitempty"`
	Groups         []IDGroup `json:"groups"`
	// Context is the SELinux security context.
	Context string `json:"context,omitempty"`
}

// IDGroup is one supplementary group.
type IDGroup struct {
	ID   int64  `json:"id"`
	Name string `json:"name,omitempty"`
}

var idParser = &Parser{
	ID:      "id",
	Command: "id",
	Version: "1",
	Format:  "id default line: uid=N(name) gid=N(name) groups=N(name),... [context=...]",
	// Flags checked against GNU coreutils 9.1 id --help (this machine),
	// FreeBSD 14 and macOS 14 id(1): every option but -a prints bare
	// values without names, refused for the default line.
	Flags: Flags{
		"-a": Bool, "-u": Bool, "-g": Bool, "-G": Bool, "-n": Bool, "-r": Bool, "-z": Bool, "-Z": Bool,
		"--user": Bool, "--group": Bool, "--groups": Bool, "--name": Bool, "--real": Bool, "--zero": Bool, "--context": Bool,
	},
	MaxPositionals: 1,
	Result:         IDResult{},
	Examples:       [][]string{{}, {"root"}},
	Check: func(args []string, _ OS) *ParseError {
		var hint []string
		refused := ""
		for _, a := range args {
			if len(a) > 1 && a[0] == '-' && a != "-a" {
				if a == "--" {
					continue
				}
				refused = a
				continue
			}
			if a != "-a" {
				hint = append(hint, a)
			}
		}
		if refused != "" {
			if hint == nil {
				hint = []string{}
			}
			return Unsupported(hint, "id %s prints bare values; id without options names every field", refused)
		}
		return nil
	},
	Parse: parseID,
}

// idParsers wires the idParser and returns it for the builtin list.
func idParsers() []*Parser {
	return []*Parser{idParser}
}

func parseID(c *Context) (any, error) {
	it := lex.Lines{Raw: c.Raw}
	var line string
	var start int
	n := 0
	for {
		l, s, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(l) {
			continue
		}
		n++
		if n == 1 {
			line, start = l, s
		} else {
			c.Unread(s)
		}
	}
	res := &IDResult{Groups: []IDGroup{}}
	if n == 0 {
		return res, nil
	}
	seen := false
	pos := 0
	for pos < len(line) {
		for pos < len(line) && line[pos] == ' ' {
			pos++
		}
		eq := strings.IndexByte(line[pos:], '=')
		if eq <= 0 {
			c.Unread(start)
			return res, nil
		}
		key := line[pos : pos+eq]
		pos += eq + 1
		if key == "context" {
			e := strings.IndexByte(line[pos:], ' ')
			if e < 0 {
				e = len(line) - pos
			}
			if e == 0 || res.Context != "" {
				return nil, Unrecognized("id: an empty or second context")
			}
			res.Context = line[pos : pos+e]
			c.spanPath(start+pos, start+pos+e, "", "context")
			pos += e
			continue
		}
		var ok bool
		switch key {
		case "uid", "gid", "euid", "egid":
			var num int64
			var name string
			var ns, ne, vs, ve int
			num, name, vs, ve, ns, ne, pos, ok = idItem(line, pos)
			if !ok || pos < len(line) && line[pos] != ' ' {
				return nil, Unrecognized("id: cannot read %s", key)
			}
			nameKey := map[string]string{"uid": "user", "gid": "group", "euid": "effective_user", "egid": "effective_group"}[key]
			if (key == "uid" && res.UID != nil) || (key == "gid" && res.GID != nil) || (key == "euid" && res.EUID != nil) || (key == "egid" && res.EGID != nil) {
				return nil, Unrecognized("id: %s twice", key)
			}
			switch key {
			case "uid":
				res.UID, res.User = &num, name
			case "gid":
				res.GID, res.Group = &num, name
			case "euid":
				res.EUID, res.EffectiveUser = &num, name
			case "egid":
				res.EGID, res.EffectiveGroup = &num, name
			}
			c.spanPath(start+vs, start+ve, "parseInt", key)
			if name != "" {
				c.spanPath(start+ns, start+ne, "", nameKey)
			}
			seen = true
		case "groups":
			for pos < len(line) && line[pos] != ' ' {
				var g IDGroup
				var ns, ne, vs, ve int
				g.ID, g.Name, vs, ve, ns, ne, pos, ok = idItem(line, pos)
				if !ok {
					return nil, Unrecognized("id: cannot read the groups")
				}
				idx := len(res.Groups)
				res.Groups = append(res.Groups, g)
				c.spanPath(start+vs, start+ve, "parseInt", "groups", idx, "id")
				if g.Name != "" {
					c.spanPath(start+ns, start+ne, "", "groups", idx, "name")
				}
				if pos < len(line) && line[pos] == ',' {
					pos++
				}
			}
		default:
			return nil, Unrecognized("id: unknown item %q", key)
		}
	}
	if !seen {
		return nil, Unrecognized("id: no uid= item")
	}
	return res, nil
}

// idItem reads "N" or "N(name)" at pos; a name ends at the ")" followed by
// ",", " " or the end, so names holding spaces ("domain users") are kept.
func idItem(line string, pos int) (num int64, name string, vs, ve, ns, ne, next int, ok bool) {
	vs = pos
	for pos < len(line) && line[pos] >= '0' && line[pos] <= '9' {
		pos++
	}
	ve = pos
	num, ok = lex.Atoi(line[vs:ve])
	if !ok {
		return
	}
	if pos < len(line) && line[pos] == '(' {
		ns = pos + 1
		for k := ns; k < len(line); k++ {
			if line[k] == ')' && (k+1 == len(line) || line[k+1] == ',' || line[k+1] == ' ') {
				ne = k
				break
			}
		}
		if ne == 0 {
			return 0, "", 0, 0, 0, 0, 0, false
		}
		name = line[ns:ne]
		pos = ne + 1
	}
	return num, name, vs, ve, ns, ne, pos, true
}

// ---------------------------------------------------------------- uptime

// UptimeResult is the parsed output of `uptime` (and the first line of
// `w`): procps, BusyBox, macOS and FreeBSD forms.
type UptimeResult struct {
	// Time is the current time of day as printed ("23:49:08", "9:41AM").
	Time string `json:"time,omitempty"`
	// Up is the uptime as printed ("1:13", "5 days,  3:02", "10 min");
	// UpSeconds the same in seconds.
	Up            string   `json:"up,omitempty"`
	UpSeconds     *int64   `json:"up_seconds,omitempty"`
	Users         *int64   `json:"users,omitempty"`
	LoadAverage1  *float64 `json:"load_average_1,omitempty"`
	LoadAverage5  *float64 `json:"load_average_5,omitempty"`
	LoadAverage15 *float64 `json:"load_average_15,omitempty"`
	// BootedAt is -s's boot time (ISO 8601, the offset of TimeZone, which
	// is assumed: uptime prints local time without a zone).
	BootedAt string `json:"booted_at,omitempty"`
	TimeZone string `json:"time_zone,omitempty"`
}

var uptimeParser = &Parser{
	ID:      "uptime",
	Command: "uptime",
	Version: "1",
	Format:  "uptime line: time, up, users, load averages (procps, BusyBox, macOS, FreeBSD); -p's \"up 2 hours, 3 minutes\"; -s's boot time",
	// Flags checked against procps-ng 4.0.2 uptime(1) and uptime.c (this
	// machine: -p/--pretty, -s/--since), BusyBox 1.35 uptime (-s), macOS
	// 14 and FreeBSD 14 uptime(1) (no options).
	Flags:          Flags{"-p": Bool, "--pretty": Bool, "-s": Bool, "--since": Bool},
	MaxPositionals: 0,
	Result:         UptimeResult{},
	Examples:       [][]string{{}},
	Parse:          parseUptime,
}

// uptimeParsers wires the uptimeParser and returns it for the builtin list.
func uptimeParsers() []*Parser {
	return []*Parser{uptimeParser}
}

func parseUptime(c *Context) (any, error) {
	it := lex.Lines{Raw: c.Raw}
	res := &UptimeResult{}
	n := 0
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		n++
		if n > 1 || !uptimeAny(c, res, line, start) {
			c.Unread(start)
		}
	}
	if n > 0 && res.Up == "" && res.BootedAt == "" {
		return nil, Unrecognized("no line of the output reads as an uptime line; if it is localized, rerun under LC_ALL=C")
	}
	return res, nil
}

// uptimeAny reads the line in the form the arguments chose.
func uptimeAny(c *Context, res *UptimeResult, line string, start int) bool {
	for _, a := range c.Args {
		switch a {
		case "-p", "--pretty":
			return uptimePretty(c, res, line, start)
		case "-s", "--since":
			return uptimeSince(c, res, line, start)
		}
	}
	return uptimeLine(c, res, line, start)
}

// uptimePretty reads procps -p: "up 1 week, 2 days, 3 hours, 4 minutes".
func uptimePretty(c *Context, res *UptimeResult, line string, start int) bool {
	s, e := lex.TrimSpaceRange(line, 0, len(line))
	if !strings.HasPrefix(line[s:e], "up ") {
		return false
	}
	s += 3
	secs, ok := uptimeSeconds(line[s:e])
	if !ok {
		return false
	}
	res.Up, res.UpSeconds = line[s:e], &secs
	c.spanPath(start+s, start+e, "", "up")
	c.spanPath(start+s, start+e, "duration", "up_seconds")
	return true
}

// uptimeSince reads -s: "2026-12-01 20:39:40", local time.
func uptimeSince(c *Context, res *UptimeResult, line string, start int) bool {
	s, e := lex.TrimSpaceRange(line, 0, len(line))
	loc := c.Location
	if loc == nil {
		loc = time.UTC
	}
	t, err := time.ParseInLocation("2006-01-02 15:04:05", line[s:e], loc)
	if err != nil {
		return false
	}
	res.BootedAt = t.Format("2006-01-02T15:04:05-07:00")
	res.TimeZone = loc.String()
	if res.TimeZone == "Local" || res.TimeZone == "" {
		res.TimeZone, _ = t.Zone()
	}
	c.spanPath(start+s, start+e, "timestamp", "booted_at")
	c.spanPath(start+s, start+e, "assumedZone", "time_zone")
	c.Warn("uptime -s prints local time without a zone: booted_at takes the offset of " + res.TimeZone)
	return true
}

// uptimeLine reads " 23:49:08 up 5 days,  3:02,  2 users,  load average: 0.00, 0.01, 0.05".
// Its spans are recorded only when the whole line reads.
func uptimeLine(c *Context, res *UptimeResult, line string, start int) bool {
	up := strings.Index(line, " up ")
	la := strings.Index(line, "load average")
	if up < 0 || la < up+4 {
		return false
	}
	var u UptimeResult
	spans := c.hold() // kept when the line reads
	if ts, te := lex.TrimSpaceRange(line, 0, up); te > ts {
		u.Time = line[ts:te]
		spans.add(start+ts, start+te, "", "time")
	}
	// Between "up " and "load average": the uptime and the user count.
	mid := line[up+4 : la]
	ms := up + 4
	mid = strings.TrimRight(mid, ", ")
	upEnd := len(mid)
	if k := strings.LastIndex(mid, " user"); k >= 0 {
		comma := strings.LastIndex(mid[:k], ",")
		num := strings.TrimSpace(mid[comma+1 : k])
		if n, ok := lex.Atoi(num); ok {
			u.Users = &n
			ns := ms + comma + 1 + strings.Index(mid[comma+1:k], num)
			spans.add(start+ns, start+ns+len(num), "parseInt", "users")
			upEnd = max(comma, 0)
		}
	}
	us, ue := lex.TrimSpaceRange(mid, 0, upEnd)
	for ue > us && mid[ue-1] == ',' {
		ue--
	}
	u.Up = mid[us:ue]
	if u.Up == "" {
		return false
	}
	spans.add(start+ms+us, start+ms+ue, "", "up")
	if secs, ok := uptimeSeconds(u.Up); ok {
		u.UpSeconds = &secs
		spans.add(start+ms+us, start+ms+ue, "duration", "up_seconds")
	}
	// "load average: 0.00, 0.01, 0.05" or macOS "load averages: 2.08 1.87 1.80";
	// a locale with decimal commas (de_DE) prints "1,71, 4,80, 3,20": a
	// comma followed by a digit is then inside the number, not between two.
	colon := strings.IndexByte(line[la:], ':')
	if colon < 0 {
		return false
	}
	rest := line[la+colon+1:]
	rs := la + colon + 1
	k := 0
	for pos := 0; pos < len(rest) && k < 3; {
		for pos < len(rest) && (rest[pos] == ' ' || rest[pos] == ',') {
			pos++
		}
		e := pos
		for e < len(rest) && rest[e] != ' ' && (rest[e] != ',' || e+1 < len(rest) && rest[e+1] >= '0' && rest[e+1] <= '9') {
			e++
		}
		if e == pos {
			break
		}
		v, ok := netFloat(strings.Replace(rest[pos:e], ",", ".", 1))
		if !ok {
			return false
		}
		key := [...]string{"load_average_1", "load_average_5", "load_average_15"}[k]
		*[...]**float64{&u.LoadAverage1, &u.LoadAverage5, &u.LoadAverage15}[k] = &v
		spans.add(start+rs+pos, start+rs+e, "parseFloat", key)
		k++
		pos = e
	}
	if k != 3 {
		return false
	}
	*res = u
	spans.commit()
	return true
}

// uptimeSeconds reads "5 days,  3:02", "1:13", "10 min", "2 days, 1 hr", "42 secs".
func uptimeSeconds(s string) (int64, bool) {
	var total int64
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if h, m, ok := strings.Cut(part, ":"); ok {
			hh, ok1 := lex.Atoi(h)
			mm, ok2 := lex.Atoi(m)
			if !ok1 || !ok2 || mm > 59 {
				return 0, false
			}
			total += hh*3600 + mm*60
			continue
		}
		num, unit, ok := strings.Cut(part, " ")
		n, ok2 := lex.Atoi(num)
		if !ok || !ok2 {
			return 0, false
		}
		switch strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(unit), "(s)"), "s") {
		case "decade": // procps 3.3 -p
			total += n * 10 * 365 * 86400
		case "year": // procps -p: 365 days
			total += n * 365 * 86400
		case "week":
			total += n * 7 * 86400
		case "day":
			total += n * 86400
		case "hr", "hour":
			total += n * 3600
		case "min", "minute":
			total += n * 60
		case "sec", "second":
			total += n
		default:
			return 0, false
		}
	}
	return total, true
}

// ---------------------------------------------------------------- w

// WResult is the parsed output of `w`: the uptime line and one session per
// logged-in terminal.
type WResult struct {
	Time          string     `json:"time,omitempty"`
	Up            string     `json:"up,omitempty"`
	UpSeconds     *int64     `json:"up_seconds,omitempty"`
	Users         *int64     `json:"users,omitempty"`
	LoadAverage1  *float64   `json:"load_average_1,omitempty"`
	LoadAverage5  *float64   `json:"load_average_5,omitempty"`
	LoadAverage15 *float64   `json:"load_average_15,omitempty"`
	Sessions      []WSession `json:"sessions"`
}

// WSession is one row. Times are as printed: LoginTime ("22:36", "Mon10",
// "28Nov26"), Idle ("1:13m", "3.00s", "2days"), JCPU and PCPU. Command is
// WHAT, kept whole.
type WSession struct {
	User      string `json:"user"`
	TTY       string `json:"tty,omitempty"`
	From      string `json:"from,omitempty"`
	LoginTime string `json:"login_time,omitempty"`
	Idle      string `json:"idle,omitempty"`
	JCPU      string `json:"jcpu,omitempty"`
	PCPU      string `json:"pcpu,omitempty"`
	Command   string `json:"command,omitempty"`
}

var wParser = &Parser{
	ID:      "w",
	Command: "w",
	Version: "1",
	Format:  "w: uptime line, then USER TTY FROM LOGIN@ IDLE JCPU PCPU WHAT (procps, macOS, FreeBSD)",
	// Flags checked against procps-ng 4.0.2 w --help (this machine),
	// FreeBSD 14 and macOS 14 w(1) (-d -h -i -n). -o (old style) changes
	// the columns: refused; -h drops the header the columns are read from.
	Flags: Flags{"-h": Bool, "--no-header": Bool, "-s": Bool, "--short": Bool, "-f": Bool, "--from": Bool, "-i": Bool,
		"--ip-addr": Bool, "-n": Bool, "-u": Bool, "--no-current": Bool},
	Alternatives:   map[string][]string{"-o": {}, "--old-style": {}},
	MaxPositionals: 1,
	Result:         WResult{},
	RowsKey:        "sessions",
	KeyFields:      []string{"tty"},
	Examples:       [][]string{{}, {"-s"}},
	Parse:          parseW,
}

// wParsers wires the wParser and returns it for the builtin list.
func wParsers() []*Parser {
	wParser.Check = func(args []string, _ OS) *ParseError {
		for _, a := range args {
			if a == "-h" || a == "--no-header" || (len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a, 'h') > 0) {
				return Unsupported(wDropH(args), "w -h leaves out the column header the parser reads")
			}
		}
		return nil
	}
	return []*Parser{wParser}
}

func wDropH(args []string) []string {
	out := []string{}
	for _, a := range args {
		if a == "-h" || a == "--no-header" {
			continue
		}
		if len(a) > 1 && a[0] == '-' && a[1] != '-' {
			a = strings.ReplaceAll(a, "h", "")
			if a == "-" {
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// wCol is a header word of w's table.
type wCol struct {
	name   string
	cs, ce int
}

func parseW(c *Context) (any, error) {
	res := &WResult{Sessions: []WSession{}}
	it := lex.Lines{Raw: c.Raw}
	var cols []wCol
	dataLines, read := 0, 0
	var ws []lex.Word
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		if res.Up == "" && cols == nil && strings.Contains(line, " up ") && strings.Contains(line, "load average") {
			var u UptimeResult
			if uptimeLine(c, &u, line, start) {
				res.Time, res.Up, res.UpSeconds, res.Users = u.Time, u.Up, u.UpSeconds, u.Users
				res.LoadAverage1, res.LoadAverage5, res.LoadAverage15 = u.LoadAverage1, u.LoadAverage5, u.LoadAverage15
				read++
				continue
			}
		}
		ws = lex.Words(ws[:0], line)
		if cols == nil {
			if len(ws) < 3 || line[ws[0].Start:ws[0].End] != "USER" || line[ws[1].Start:ws[1].End] != "TTY" {
				c.Unread(start)
				continue
			}
			for _, w := range ws {
				cols = append(cols, wCol{line[w.Start:w.End], w.Col, w.EndCol})
			}
			read++
			continue
		}
		if wRow(c, res, line, start, ws, cols) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as w output; if it is localized, rerun under LC_ALL=C")
	}
	return res, nil
}

// wRow reads a session. USER and TTY are words; FROM is blank for local
// logins, so it is read between its header and the next one; the time
// columns are words; WHAT runs to the end of the line.
func wRow(c *Context, res *WResult, line string, start int, ws []lex.Word, cols []wCol) bool {
	var s WSession
	idx := len(res.Sessions)
	spans := c.hold() // kept when the row is
	k := 0            // next word
	for ci, col := range cols {
		last := ci == len(cols)-1
		if col.name == "FROM" && ci+1 < len(cols) {
			// The words that start before the next header's column.
			next := cols[ci+1].cs
			fs, fe := -1, -1
			for k < len(ws) && ws[k].Col < next && ws[k].EndCol <= next {
				if fs < 0 {
					fs = ws[k].Start
				}
				fe = ws[k].End
				k++
			}
			if fs >= 0 {
				s.From = line[fs:fe]
				spans.add(start+fs, start+fe, "", "sessions", idx, "from")
			}
			continue
		}
		if k >= len(ws) {
			if last && col.name == "WHAT" {
				break
			}
			return false
		}
		w := ws[k]
		ve := w.End
		if last {
			_, ve = lex.TrimSpaceRange(line, w.Start, len(line))
			k = len(ws)
		} else {
			k++
		}
		v := line[w.Start:ve]
		var key string
		switch col.name {
		case "USER":
			s.User, key = v, "user"
		case "TTY":
			s.TTY, key = v, "tty"
		case "LOGIN@":
			s.LoginTime, key = v, "login_time"
		case "IDLE":
			s.Idle, key = v, "idle"
		case "JCPU":
			s.JCPU, key = v, "jcpu"
		case "PCPU":
			s.PCPU, key = v, "pcpu"
		case "WHAT":
			s.Command, key = v, "command"
		default:
			return false
		}
		spans.add(start+w.Start, start+ve, "", "sessions", idx, key)
	}
	if k < len(ws) || s.User == "" {
		return false
	}
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Sessions = append(res.Sessions, s)
	spans.commit()
	return true
}

// ---------------------------------------------------------------- date

// DateResult is the parsed output of `date`: the default form, -u, -R,
// -I (--iso-8601) and --rfc-3339, as one ISO 8601 timestamp.
type DateResult struct {
	// Timestamp is ISO 8601: a date alone for -Idate, otherwise a time with
	// its offset (without one, and a warning, when the zone abbreviation
	// of the default form cannot be resolved).
	Timestamp string `json:"timestamp,omitempty"`
	// TimeZone is the abbreviation the default form prints ("UTC", "CET").
	TimeZone string `json:"time_zone,omitempty"`
}

var dateParser = &Parser{
	ID:      "date",
	Command: "date",
	Version: "1",
	Format:  "date's default form, -u, -R, -I[FMT]/--iso-8601[=FMT], --rfc-3339=FMT (not +FORMAT)",
	// Flags checked against GNU coreutils 9.1 date --help (this machine),
	// BusyBox 1.35, FreeBSD 14 and macOS 14 date(1) (-u, -R, -I, -r).
	// +FORMAT, -f (a date per line), --debug and -s (sets the clock) are
	// refused.
	Flags: Flags{
		"-u": Bool, "--utc": Bool, "--universal": Bool, "-R": Bool, "--rfc-email": Bool, "--rfc-2822": Bool,
		"-I": Value, "--iso-8601": Value, "--rfc-3339": Value, "-d": Value, "--date": Value,
		"-r": Value, "--reference": Value,
	},
	MaxPositionals: 1,
	Result:         DateResult{},
	Examples:       [][]string{{"-Iseconds"}, {}, {"-u", "--iso-8601=ns"}},
	Parse:          parseDate,
}

// dateParsers wires the dateParser and returns it for the builtin list.
func dateParsers() []*Parser {
	dateParser.Check = dateCheck
	return []*Parser{dateParser}
}

var dateScan = argScan{
	shortKind: func(b byte) int {
		switch b {
		case 'I':
			return 2
		case 'd', 'r':
			return 1
		}
		return 0
	},
	longKind: func(name string) int {
		switch name {
		case "--iso-8601":
			return 2
		case "--rfc-3339", "--date", "--reference":
			return 1
		}
		return 0
	},
}

func dateCheck(args []string, _ OS) *ParseError {
	scanned := dateScan.scan(args)
	if perr := checkDeclared(scanned, dateParser); perr != nil {
		return perr
	}
	for _, a := range scanned {
		switch {
		case a.flag == "" && strings.HasPrefix(a.pos, "+"):
			hint := []string{}
			for _, x := range args {
				if x == a.pos {
					x = "-Iseconds"
				}
				hint = append(hint, x)
			}
			return Unsupported(hint, "date %s: custom formats are not read; -I prints ISO 8601", a.pos)
		case a.flag == "":
			return Unsupported(nil, "date %s sets the clock", a.pos)
		case a.flag == "-I" || a.flag == "--iso-8601":
			switch a.value {
			case "", "date", "hours", "minutes", "seconds", "ns":
			default:
				return Unsupported(nil, "date %s=%s is not an ISO 8601 precision", a.flag, a.value)
			}
		case a.flag == "--rfc-3339":
			switch a.value {
			case "date", "seconds", "ns":
			default:
				return Unsupported(nil, "date --rfc-3339=%s is not a known precision", a.value)
			}
		}
	}
	return nil
}

func parseDate(c *Context) (any, error) {
	it := lex.Lines{Raw: c.Raw}
	var line string
	var start int
	n := 0
	for {
		l, s, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(l) {
			continue
		}
		n++
		if n == 1 {
			line, start = l, s
		} else {
			c.Unread(s)
		}
	}
	if n == 0 {
		return &DateResult{}, nil
	}
	res := &DateResult{}
	v := strings.TrimSpace(line)
	vs := start + strings.Index(line, v)
	set := func(ts, tr string) {
		res.Timestamp = ts
		if ts == v {
			tr = ""
		}
		c.spanPath(vs, vs+len(v), tr, "timestamp")
	}
	// ISO 8601 and RFC 3339 forms: "2026-11-29", "2026-11-29T23+00:00",
	// "2026-11-29T23:49:08,742435119+00:00", "2026-11-29 23:49:08+00:00".
	if len(v) >= 10 && v[4] == '-' && v[7] == '-' {
		if ts, ok := dateISO(v); ok {
			set(ts, "timestamp")
			return res, nil
		}
		return nil, Unrecognized("date: %q is not an ISO 8601 date", v)
	}
	// -R: "Sun, 29 Nov 2026 23:49:08 +0000".
	if t, err := time.Parse(time.RFC1123Z, v); err == nil {
		set(t.Format(sysISO), "timestamp")
		return res, nil
	}
	ts, warn, zone, ok := sysCTimeZone(v, c.Location)
	if !ok {
		return nil, Unrecognized("date: %q is not date's default form; if it is localized, rerun under LC_ALL=C", v)
	}
	set(ts, "timestamp")
	res.TimeZone = v[zone.Start:zone.End]
	c.spanPath(vs+zone.Start, vs+zone.End, "", "time_zone")
	if warn != "" {
		c.Warn("date: " + warn)
	}
	return res, nil
}

// dateISO normalises date's ISO 8601 and RFC 3339 output: a space becomes
// "T", a decimal comma a point, and an offset without minutes gains them.
func dateISO(v string) (string, bool) {
	if len(v) == 10 {
		if _, err := time.Parse("2006-01-02", v); err != nil {
			return "", false
		}
		return v, true
	}
	s := []byte(v)
	if s[10] == ' ' {
		s[10] = 'T'
	}
	for i := range s {
		if s[i] == ',' {
			s[i] = '.'
		}
	}
	out := string(s)
	for _, layout := range []string{"2006-01-02T15Z07:00", "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05Z07:00",
		"2006-01-02T15:04:05.999999999Z07:00"} {
		if _, err := time.Parse(layout, out); err == nil {
			return out, true
		}
	}
	return "", false
}

// ---------------------------------------------------------------- mount

// MountResult is the parsed output of `mount` (no arguments, or -l, -t).
type MountResult struct {
	Mounts []MountEntry `json:"mounts"`
}

// MountEntry is one mounted file system. Linux prints "DEV on DIR type
// TYPE (OPTS)"; BSD and macOS "DEV on DIR (TYPE, OPT, OPT)", whose first
// item is the type.
type MountEntry struct {
	Device     string   `json:"device"`
	MountPoint string   `json:"mount_point"`
	Type       string   `json:"type"`
	Options    []string `json:"options"`
	// Label is what mount -l adds in brackets.
	Label string `json:"label,omitempty"`
}

var mountParser = &Parser{
	ID:      "mount",
	Command: "mount",
	Version: "1",
	Format:  "mount listing: DEV on DIR type TYPE (OPTS) [LABEL] (Linux), DEV on DIR (TYPE, OPTS) (BSD)",
	// Flags checked against util-linux 2.38 mount --help (this machine),
	// FreeBSD 14 and macOS 14 mount(8): only the listing forms (no
	// operand; -l labels, -t types, -v) are read; every other flag mounts.
	Flags:          Flags{"-l": Bool, "-t": Value, "--types": Value, "-v": Bool},
	MaxPositionals: 0,
	Result:         MountResult{},
	RowsKey:        "mounts",
	KeyFields:      []string{"mount_point"},
	Examples:       [][]string{{}, {"-t", "ext4"}},
	Parse:          parseMount,
}

// mountParsers wires the mountParser and returns it for the builtin list.
func mountParsers() []*Parser {
	return []*Parser{mountParser}
}

func parseMount(c *Context) (any, error) {
	res := &MountResult{Mounts: []MountEntry{}}
	it := lex.Lines{Raw: c.Raw}
	dataLines, read := 0, 0
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		if mountLine(c, res, line, start) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as a mount listing; if it is localized, rerun under LC_ALL=C")
	}
	return res, nil
}

func mountLine(c *Context, res *MountResult, line string, start int) bool {
	on := strings.Index(line, " on ")
	if on <= 0 {
		return false
	}
	end := len(line)
	var label string
	labelS := 0
	if strings.HasSuffix(line, "]") {
		if o := strings.LastIndex(line, " ["); o > on {
			label, labelS = line[o+2:len(line)-1], o+2
			end = o
		}
	}
	body := line[:end]
	if !strings.HasSuffix(body, ")") {
		return false
	}
	open := strings.LastIndex(body, " (")
	if open < on+4 {
		return false
	}
	opts := body[open+2 : len(body)-1]
	optS := open + 2
	var m MountEntry
	m.Device, m.Label = line[:on], label
	mpS := on + 4
	type sp struct {
		s, e int
	}
	var optSpans []sp
	typeS, typeE := 0, 0
	if t := strings.LastIndex(body[:open], " type "); t >= on+4 {
		// Linux: comma-separated options (no spaces).
		m.MountPoint = body[mpS:t]
		m.Type, typeS = body[t+6:open], t+6
		typeE = open
		m.Options = []string{}
		pos := 0
		for _, o := range strings.Split(opts, ",") {
			if o != "" {
				m.Options = append(m.Options, o)
				optSpans = append(optSpans, sp{optS + pos, optS + pos + len(o)})
			}
			pos += len(o) + 1
		}
	} else {
		// BSD: "(apfs, local, journaled soft-updates)"; the type first.
		m.MountPoint = body[mpS:open]
		m.Options = []string{}
		pos := 0
		for k, o := range strings.Split(opts, ", ") {
			if k == 0 {
				m.Type, typeS, typeE = o, optS, optS+len(o)
			} else if o != "" {
				m.Options = append(m.Options, o)
				optSpans = append(optSpans, sp{optS + pos, optS + pos + len(o)})
			}
			pos += len(o) + 2
		}
	}
	if m.MountPoint == "" || m.Type == "" {
		return false
	}
	idx := len(res.Mounts)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Mounts = append(res.Mounts, m)
	if c.Recording() {
		c.spanPath(start, start+on, "", "mounts", idx, "device")
		c.spanPath(start+mpS, start+mpS+len(m.MountPoint), "", "mounts", idx, "mount_point")
		c.spanPath(start+typeS, start+typeE, "", "mounts", idx, "type")
		for k, o := range optSpans {
			c.spanPath(start+o.s, start+o.e, "", "mounts", idx, "options", k)
		}
		if label != "" {
			c.spanPath(start+labelS, start+labelS+len(label), "", "mounts", idx, "label")
		}
	}
	return true
}

// ---------------------------------------------------------------- lsblk

// LsblkResult is the parsed output of `lsblk`: devices with their
// partitions and holders as children (the tree lsblk draws).
type LsblkResult struct {
	Devices []LsblkDevice `json:"devices"`
}

// LsblkDevice is one row. Sizes are bytes with -b, otherwise as printed
// ("_human"); FSUSE% is a number. Mountpoints lists MOUNTPOINTS (several
// for a file system mounted more than once) or MOUNTPOINT; lsblk's \x20
// escapes are decoded.
type LsblkDevice struct {
	Name         string        `json:"name,omitempty"`
	KName        string        `json:"kname,omitempty"`
	Path         string        `json:"path,omitempty"`
	Major        *int64        `json:"major,omitempty"`
	Minor        *int64        `json:"minor,omitempty"`
	Removable    *bool         `json:"removable,omitempty"`
	SizeBytes    *int64        `json:"size_bytes,omitempty"`
	SizeHuman    string        `json:"size_human,omitempty"`
	ReadOnly     *bool         `json:"read_only,omitempty"`
	Type         string        `json:"type,omitempty"`
	FSType       string        `json:"fstype,omitempty"`
	FSVersion    string        `json:"fsver,omitempty"`
	Label        string        `json:"label,omitempty"`
	UUID         string        `json:"uuid,omitempty"`
	FSAvailBytes *int64        `json:"fsavail_bytes,omitempty"`
	FSAvailHuman string        `json:"fsavail_human,omitempty"`
	FSSizeBytes  *int64        `json:"fssize_bytes,omitempty"`
	FSSizeHuman  string        `json:"fssize_human,omitempty"`
	FSUsedBytes  *int64        `json:"fsused_bytes,omitempty"`
	FSUsedHuman  string        `json:"fsused_human,omitempty"`
	FSUsePercent *float64      `json:"fsuse_percent,omitempty"`
	Model        string        `json:"model,omitempty"`
	Serial       string        `json:"serial,omitempty"`
	MountPoints  []string      `json:"mountpoints,omitempty"`
	Children     []LsblkDevice `json:"children,omitempty"`
}

// lsblkPending is a row read but not yet placed in the tree, with the
// sources of its values (offsets in the raw output).
type lsblkPending struct {
	dev   LsblkDevice
	depth int
	recs  []lsblkSpanRec
	start int
}

// lsblkColumns are the columns the parser reads (-o may name only these).
var lsblkColumns = map[string]bool{
	"NAME": true, "KNAME": true, "PATH": true, "MAJ:MIN": true, "RM": true, "SIZE": true, "RO": true, "TYPE": true,
	"MOUNTPOINT": true, "MOUNTPOINTS": true, "FSTYPE": true, "FSVER": true, "LABEL": true, "UUID": true,
	"FSAVAIL": true, "FSSIZE": true, "FSUSED": true, "FSUSE%": true, "MODEL": true, "SERIAL": true,
}

var lsblkParser = &Parser{
	ID:      "lsblk",
	Command: "lsblk",
	Version: "1",
	OS:      []OS{Linux},
	Format:  "lsblk table with its header and tree (default columns, -f, -b, -l, -p, -o of known columns)",
	// Flags checked against util-linux 2.38 lsblk --help (this machine):
	// -A/--noempty and -T/--tree keep the form; -n, -P, -r drop or change
	// the header and -D, -m, -S, -t, -z add columns the parser does not
	// name (refused; -J prints JSON, which passes through).
	Flags: Flags{
		"-a": Bool, "--all": Bool, "-b": Bool, "--bytes": Bool, "-f": Bool, "--fs": Bool, "-l": Bool, "--list": Bool,
		"-p": Bool, "--paths": Bool, "-d": Bool, "--nodeps": Bool, "-i": Bool, "--ascii": Bool,
		"-o": Value, "--output": Value, "-e": Value, "--exclude": Value, "-I": Value, "--include": Value,
		"-x": Value, "--sort": Value, "-M": Bool, "--merge": Bool, "-A": Bool, "--noempty": Bool,
		"-T": Bool, "--tree": Bool,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-n": {}, "--noheadings": {}, "-P": {}, "--pairs": {}, "-r": {}, "--raw": {}, "-O": {"-f"}},
	Result:         LsblkResult{},
	RowsKey:        "devices",
	KeyFields:      []string{"name"},
	Examples:       [][]string{{}, {"-b"}, {"-f"}},
	Parse:          parseLsblk,
}

// lsblkParsers wires the lsblkParser and returns it for the builtin list.
func lsblkParsers() []*Parser {
	lsblkParser.Check = lsblkCheck
	return []*Parser{lsblkParser}
}

// lsblkCheck refuses -o columns the parser does not know; the hint keeps the others.
func lsblkCheck(args []string, _ OS) *ParseError {
	for i, a := range args {
		var v string
		switch {
		case (a == "-o" || a == "--output") && i+1 < len(args):
			v = args[i+1]
		case strings.HasPrefix(a, "--output="):
			v = a[len("--output="):]
		case strings.HasPrefix(a, "-o") && len(a) > 2:
			v = a[2:]
		default:
			continue
		}
		var keep []string
		bad := ""
		for _, col := range strings.Split(strings.TrimPrefix(v, "+"), ",") {
			if lsblkColumns[strings.ToUpper(col)] {
				keep = append(keep, col)
			} else if bad == "" {
				bad = col
			}
		}
		if bad != "" {
			var hint []string
			if len(keep) > 0 {
				hint = []string{"-o", strings.Join(keep, ",")}
			}
			return Unsupported(hint, "lsblk column %s is not read", bad)
		}
	}
	return nil
}

// lsblkCol is a header column; right-aligned columns align their values
// on the header's end, the others on its start.
type lsblkCol struct {
	name   string
	cs, ce int
}

func parseLsblk(c *Context) (any, error) {
	res := &LsblkResult{Devices: []LsblkDevice{}}
	it := lex.Lines{Raw: c.Raw}
	var cols []lsblkCol
	dataLines, read := 0, 0
	var ws []lex.Word
	// The devices in output order with their depth, nested at the end.
	var flat []*lsblkPending
	bytes := false
	for _, a := range c.Args {
		if a == "-b" || a == "--bytes" || (len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a, 'b') > 0 && !strings.HasPrefix(a, "-o")) {
			bytes = true
		}
	}
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		ws = lex.Words(ws[:0], line)
		if cols == nil {
			for _, w := range ws {
				name := line[w.Start:w.End]
				if !lsblkColumns[name] {
					cols = nil
					break
				}
				cols = append(cols, lsblkCol{name, w.Col, w.EndCol})
			}
			if cols == nil {
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		last := cols[len(cols)-1]
		lead := 0 // words of tree drawing only: "│" continuing a branch
		for lead < len(ws)-1 && lsblkTreeOnly(line[ws[lead].Start:ws[lead].End]) {
			lead++
		}
		if (last.name == "MOUNTPOINTS" || last.name == "MOUNTPOINT") && ws[lead].Col >= last.cs && len(flat) > 0 {
			// Another mount point of the device above.
			s, e := lex.TrimSpaceRange(line, ws[lead].Start, len(line))
			flat[len(flat)-1].addMountpoint(line[s:e], start+s, start+e)
			read++
			continue
		}
		d, ok := lsblkRow(line, start, ws, cols, bytes)
		if !ok {
			c.Unread(start)
			continue
		}
		flat = append(flat, d)
		read++
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as an lsblk table; if it is localized, rerun under LC_ALL=C")
	}
	// Nest by depth; a row deeper than its predecessor by more than one
	// level cannot be placed and is reported.
	type frame struct {
		list *[]LsblkDevice
		ptr  []any
	}
	stack := []frame{{&res.Devices, []any{"devices"}}}
	for _, d := range flat {
		if d.depth > len(stack)-1 {
			c.Unread(d.start)
			continue
		}
		stack = stack[:d.depth+1]
		fr := stack[d.depth]
		if d.depth == 0 && c.Full(len(res.Devices)) {
			c.Omit(1)
			stack = stack[:1]
			continue
		}
		idx := len(*fr.list)
		*fr.list = append(*fr.list, d.dev)
		ptr := append(append([]any{}, fr.ptr...), idx)
		if c.Recording() {
			lsblkSpans(c, d, ptr)
		}
		stack = append(stack, frame{&(*fr.list)[idx].Children, append(ptr, "children")})
	}
	return res, nil
}

func (p *lsblkPending) addMountpoint(v string, s, e int) {
	decoded, changed := lsblkUnescape(v)
	tr := ""
	if changed {
		tr = "unescape"
	}
	p.recs = append(p.recs, lsblkSpanRec{"mountpoints", len(p.dev.MountPoints), s, e, tr})
	p.dev.MountPoints = append(p.dev.MountPoints, decoded)
}

// lsblkSpans records a placed device's spans under its pointer.
func lsblkSpans(c *Context, p *lsblkPending, ptr []any) {
	for _, r := range p.recs {
		tokens := append(append([]any{}, ptr...), r.key)
		if r.idx >= 0 {
			tokens = append(tokens, r.idx)
		}
		c.spanPath(r.s, r.e, r.tr, tokens...)
	}
}

// lsblkUnescape decodes lsblk's \xHH escapes (a space is \x20).
func lsblkUnescape(v string) (string, bool) {
	if !strings.Contains(v, `\x`) {
		return v, false
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+3 < len(v) && v[i+1] == 'x' {
			if n, err := strconv.ParseUint(v[i+2:i+4], 16, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String(), true
}

// lsblkSpanRec is a value's source and transform, kept until the device's
// pointer is known (after nesting).
type lsblkSpanRec struct {
	key  string
	idx  int // item of a list (mountpoints), or -1
	s, e int
	tr   string
}

// lsblkTreeOnly reports whether w is made of tree-drawing characters.
func lsblkTreeOnly(w string) bool {
	for _, r := range w {
		switch r {
		case '│', '├', '└', '─', '|', '`', '-':
		default:
			return false
		}
	}
	return w != ""
}

// lsblkTreeUnits are the two-column pieces of lsblk's tree, UTF-8 and ASCII.
var lsblkTreeUnits = []string{"├─", "└─", "│ ", "|-", "`-", "| ", "  "}

// lsblkText are the columns whose values are text, which may hold a space.
var lsblkText = map[string]bool{"FSTYPE": true, "FSVER": true, "LABEL": true, "UUID": true, "MODEL": true, "SERIAL": true}

// lsblkRow reads a device line: each word belongs to the column whose
// header it overlaps (in display columns: the tree is drawn with
// box-drawing characters); a word under no header continues the text
// value before it ("System Reserved"); the last column runs to the end of
// the line.
func lsblkRow(line string, base int, ws []lex.Word, cols []lsblkCol, bytes bool) (*lsblkPending, bool) {
	p := &lsblkPending{start: base}
	d := &p.dev
	var recs []lsblkSpanRec
	type cell struct {
		s, e int
		set  bool
	}
	cells := make([]cell, len(cols))
	ci, prev := 0, -1
	k0 := 0
	if cols[0].name == "NAME" && len(ws) > 0 && ws[0].Col < cols[0].ce+2 {
		// The name, after the tree drawn before it ("│ └─"): its display
		// column says how deep the device is, two columns a level.
		for k0 < len(ws)-1 && lsblkTreeOnly(line[ws[k0].Start:ws[k0].End]) {
			k0++
		}
		w := ws[k0]
		s, col := w.Start, w.Col
		for {
			found := false
			for _, u := range lsblkTreeUnits {
				if strings.HasPrefix(line[s:w.End], u) && len(u) < w.End-s {
					s += len(u)
					col += 2
					found = true
					break
				}
			}
			if !found {
				break
			}
		}
		p.depth = col / 2
		cells[0] = cell{s, w.End, true}
		ci, prev = 1, 0
		k0++
	}
	for k := k0; k < len(ws); k++ {
		w := ws[k]
		j := ci
		for j < len(cols) && !(w.Col < cols[j].ce && w.EndCol > cols[j].cs) && !(j == 0 && w.Col == 0) {
			j++
		}
		if j >= len(cols) {
			if prev >= 0 && lsblkText[cols[prev].name] && w.Start == cells[prev].e+1 {
				cells[prev].e = w.End
				continue
			}
			return nil, false
		}
		if j == len(cols)-1 {
			s, e := lex.TrimSpaceRange(line, w.Start, len(line))
			cells[j] = cell{s, e, true}
			break
		}
		cells[j] = cell{w.Start, w.End, true}
		ci, prev = j+1, j
	}
	for ci, col := range cols {
		if !cells[ci].set {
			continue
		}
		vs, ve := cells[ci].s, cells[ci].e
		v := line[vs:ve]
		switch col.name {
		case "NAME":
			d.Name = v
			recs = append(recs, lsblkSpanRec{"name", -1, base + vs, base + ve, ""})
		case "KNAME":
			d.KName = v
			recs = append(recs, lsblkSpanRec{"kname", -1, base + vs, base + ve, ""})
		case "PATH":
			d.Path = v
			recs = append(recs, lsblkSpanRec{"path", -1, base + vs, base + ve, ""})
		case "MAJ:MIN":
			maj, min, ok := strings.Cut(v, ":")
			a, ok1 := lex.Atoi(maj)
			b, ok2 := lex.Atoi(min)
			if !ok || !ok1 || !ok2 {
				return nil, false
			}
			d.Major, d.Minor = &a, &b
			recs = append(recs, lsblkSpanRec{"major", -1, base + vs, base + vs + len(maj), "parseInt"}, lsblkSpanRec{"minor", -1, base + vs + len(maj) + 1, base + ve, "parseInt"})
		case "RM", "RO":
			if v != "0" && v != "1" {
				return nil, false
			}
			b := v == "1"
			key := "removable"
			if col.name == "RM" {
				d.Removable = &b
			} else {
				d.ReadOnly, key = &b, "read_only"
			}
			recs = append(recs, lsblkSpanRec{key, -1, base + vs, base + ve, "parseBool"})
		case "SIZE", "FSAVAIL", "FSSIZE", "FSUSED":
			stem := map[string]string{"SIZE": "size", "FSAVAIL": "fsavail", "FSSIZE": "fssize", "FSUSED": "fsused"}[col.name]
			if bytes {
				n, ok := lex.Atoi(v)
				if !ok {
					return nil, false
				}
				p := map[string]**int64{"SIZE": &d.SizeBytes, "FSAVAIL": &d.FSAvailBytes, "FSSIZE": &d.FSSizeBytes, "FSUSED": &d.FSUsedBytes}[col.name]
				*p = &n
				recs = append(recs, lsblkSpanRec{stem + "_bytes", -1, base + vs, base + ve, "parseInt"})
			} else {
				p := map[string]*string{"SIZE": &d.SizeHuman, "FSAVAIL": &d.FSAvailHuman, "FSSIZE": &d.FSSizeHuman, "FSUSED": &d.FSUsedHuman}[col.name]
				*p = v
				recs = append(recs, lsblkSpanRec{stem + "_human", -1, base + vs, base + ve, ""})
			}
		case "FSUSE%":
			f, ok := netFloat(strings.TrimSuffix(v, "%"))
			if !ok {
				return nil, false
			}
			d.FSUsePercent = &f
			recs = append(recs, lsblkSpanRec{"fsuse_percent", -1, base + vs, base + ve - 1, "parseFloat"})
		case "TYPE":
			d.Type = v
			recs = append(recs, lsblkSpanRec{"type", -1, base + vs, base + ve, ""})
		case "FSTYPE", "FSVER", "LABEL", "UUID", "MODEL", "SERIAL":
			dec, changed := lsblkUnescape(v)
			key := strings.ToLower(col.name)
			*map[string]*string{"FSTYPE": &d.FSType, "FSVER": &d.FSVersion, "LABEL": &d.Label, "UUID": &d.UUID,
				"MODEL": &d.Model, "SERIAL": &d.Serial}[col.name] = dec
			tr := ""
			if changed {
				tr = "unescape"
			}
			recs = append(recs, lsblkSpanRec{key, -1, base + vs, base + ve, tr})
		case "MOUNTPOINT", "MOUNTPOINTS":
			p.recs = recs
			p.addMountpoint(v, base+vs, base+ve)
			recs = p.recs
		}
	}
	if d.Name == "" && cols[0].name == "NAME" {
		return nil, false
	}
	p.recs = recs
	return p, true
}

// ---------------------------------------------------------------- systemctl

// SystemctlUnits is the parsed output of `systemctl list-units` (and of
// `systemctl` alone, which lists units the same way).
type SystemctlUnits struct {
	Units []SystemctlUnit `json:"units"`
	// UnitsListed is the footer's count ("86 loaded units listed.").
	UnitsListed *int64 `json:"units_listed,omitempty"`
}

// SystemctlUnit is one row. Job is set only when a job is pending (the
// JOB column is shown); the "●" systemd puts before failed or not-found
// units is implied by Load and Active.
type SystemctlUnit struct {
	Unit        string `json:"unit"`
	Load        string `json:"load"`
	Active      string `json:"active"`
	Sub         string `json:"sub"`
	Job         string `json:"job,omitempty"`
	Description string `json:"description,omitempty"`
}

// systemctlFlags were checked against systemd 252 systemctl(1) OPTIONS:
// each keeps list-units' table (--plain drops the "●" marker column of
// failed units, --legend=no and --no-legend the header and count, -r adds
// containers' units as "container:unit", --state/--type/--failed/-a only
// select rows); --output, --value and -o change nothing of list-units but
// are not read here.
var systemctlFlags = Flags{
	"-a": Bool, "--all": Bool, "-l": Bool, "--full": Bool, "--no-pager": Bool, "--no-legend": Bool,
	"--plain": Bool, "--failed": Bool, "--user": Bool, "--system": Bool, "-q": Bool, "--quiet": Bool,
	"-t": Value, "--type": Value, "--state": Value, "--legend": Value, "-r": Bool, "--recursive": Bool,
}

var systemctlListUnitsParser = &Parser{
	ID:             "systemctl-list-units",
	Command:        "systemctl",
	Subcommand:     "list-units",
	Version:        "1",
	OS:             []OS{Linux},
	Format:         "systemctl list-units table: UNIT LOAD ACTIVE SUB [JOB] DESCRIPTION, legend and count",
	Flags:          systemctlFlags,
	MaxPositionals: -1,
	Result:         SystemctlUnits{},
	RowsKey:        "units",
	KeyFields:      []string{"unit"},
	Examples:       [][]string{{"list-units", "--no-pager"}, {"list-units", "--type=service", "--all"}, {"list-units", "--failed"}},
	Parse:          parseSystemctlUnits,
}

// systemctlParser reads `systemctl` without a subcommand, which is
// list-units; a subcommand without a parser is refused here.
var systemctlParser = &Parser{
	ID:             "systemctl",
	Command:        "systemctl",
	Version:        "1",
	OS:             []OS{Linux},
	Format:         "systemctl without a subcommand: the list-units table",
	Flags:          systemctlFlags,
	MaxPositionals: -1,
	Result:         SystemctlUnits{},
	RowsKey:        "units",
	KeyFields:      []string{"unit"},
	Examples:       [][]string{{"--no-pager"}, {"--type=service"}},
	Check: func(args []string, _ OS) *ParseError {
		if sub, _ := subcommand("systemctl", args); sub != "" {
			return Unsupported(nil, "systemctl %s has no parser; systemctl list-units has", sub)
		}
		return nil
	},
	Parse: parseSystemctlUnits,
}

// systemctlListUnitsParsers wires the systemctlListUnitsParser, systemctlParser and returns them for the builtin list.
func systemctlListUnitsParsers() []*Parser {
	return []*Parser{systemctlListUnitsParser, systemctlParser}
}

func parseSystemctlUnits(c *Context) (any, error) {
	res := &SystemctlUnits{Units: []SystemctlUnit{}}
	it := lex.Lines{Raw: c.Raw}
	hasJob, inLegend := false, false
	jobCol, descCol := -1, -1 // display columns of JOB and DESCRIPTION in the header
	dataLines, read := 0, 0
	var ws []lex.Word
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		ws = lex.Words(ws[:0], line)
		first := line[ws[0].Start:ws[0].End]
		switch {
		case first == "UNIT" && len(ws) >= 5 && line[ws[1].Start:ws[1].End] == "LOAD":
			hasJob = len(ws) >= 6 && line[ws[4].Start:ws[4].End] == "JOB"
			jobCol, descCol = -1, -1
			if hasJob {
				jobCol, descCol = ws[4].Col, ws[5].Col
			}
			read++
			continue
		case len(ws) >= 2 && line[ws[1].Start:ws[1].End] == "=" && (first == "LOAD" || first == "ACTIVE" || first == "SUB" || first == "JOB"):
			inLegend = true
			read++
			continue
		case inLegend && ws[0].Start > 0:
			read++ // a wrapped legend line
			continue
		case strings.HasSuffix(line, " loaded units listed.") || strings.Contains(line, " loaded units listed. ") ||
			strings.HasSuffix(line, " units listed.") || strings.Contains(line, " units listed. "):
			if n, ok := lex.Atoi(first); ok && res.UnitsListed == nil {
				res.UnitsListed = &n
				c.spanPath(start+ws[0].Start, start+ws[0].End, "parseInt", "units_listed")
			}
			read++
			continue
		case strings.HasPrefix(line, "To show all installed unit files") || strings.HasPrefix(line, "Pass --all to see"):
			read++
			continue
		}
		inLegend = false
		if systemctlRow(c, res, line, start, ws, jobCol, descCol) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as systemctl list-units output")
	}
	return res, nil
}

// systemctlRow reads "● foo.service loaded failed failed Foo daemon"; the
// mark is "●" in UTF-8 locales and "*" otherwise. With a JOB column (the
// header's columns given), the job is the word under JOB, blank for units
// without one.
func systemctlRow(c *Context, res *SystemctlUnits, line string, start int, ws []lex.Word, jobCol, descCol int) bool {
	w0 := line[ws[0].Start:ws[0].End]
	if w0 == "●" || w0 == "*" {
		ws = ws[1:]
	}
	if len(ws) < 4 {
		return false
	}
	get := func(k int) string { return line[ws[k].Start:ws[k].End] }
	u := SystemctlUnit{Unit: get(0), Load: get(1), Active: get(2), Sub: get(3)}
	if !systemctlLoadState(u.Load) || !systemctlActiveState(u.Active) {
		return false
	}
	jobAt, descAt := -1, 4
	if jobCol >= 0 && len(ws) > 4 && ws[4].Col >= jobCol && ws[4].Col < descCol {
		u.Job, jobAt, descAt = get(4), 4, 5
		if len(ws) > 5 && ws[5].Col < descCol {
			return false
		}
	}
	ds, de := 0, 0
	if descAt < len(ws) {
		ds, de = lex.TrimSpaceRange(line, ws[descAt].Start, len(line))
		u.Description = line[ds:de]
	}
	idx := len(res.Units)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Units = append(res.Units, u)
	if c.Recording() {
		for k, key := range []string{"unit", "load", "active", "sub"} {
			c.spanPath(start+ws[k].Start, start+ws[k].End, "", "units", idx, key)
		}
		if jobAt >= 0 {
			c.spanPath(start+ws[jobAt].Start, start+ws[jobAt].End, "", "units", idx, "job")
		}
		if u.Description != "" {
			c.spanPath(start+ds, start+de, "", "units", idx, "description")
		}
	}
	return true
}

// systemctlLoadState and systemctlActiveState know systemd's unit states,
// so that a line of another kind is not read as a unit.
func systemctlLoadState(s string) bool {
	switch s {
	case "loaded", "not-found", "bad-setting", "error", "masked", "stub", "merged":
		return true
	}
	return false
}

func systemctlActiveState(s string) bool {
	switch s {
	case "active", "reloading", "inactive", "failed", "activating", "deactivating", "maintenance", "refreshing":
		return true
	}
	return false
}

// ---------------------------------------------------------------- journalctl

// JournalResult is the parsed output of `journalctl -o short-iso` (or
// short-iso-precise).
type JournalResult struct {
	Entries []JournalEntry `json:"entries"`
}

// JournalEntry is one log entry. Timestamp is ISO 8601 with the offset as
// "+00:00"; Identifier is the syslog identifier journalctl prints (often,
// not always, the unit's program name); PID is absent when journalctl
// printed none. A message of several lines keeps its line breaks. BootID
// is set for entries after a "-- Boot ID --" marker.
type JournalEntry struct {
	Timestamp  string `json:"timestamp"`
	Hostname   string `json:"hostname,omitempty"`
	Identifier string `json:"identifier,omitempty"`
	PID        *int64 `json:"pid,omitempty"`
	Message    string `json:"message"`
	BootID     string `json:"boot_id,omitempty"`
}

var journalctlParser = &Parser{
	ID:      "journalctl",
	Command: "journalctl",
	Version: "1",
	OS:      []OS{Linux},
	Format:  "journalctl -o short-iso / short-iso-precise lines, continuation lines, -- Boot -- markers",
	// Flags checked against systemd 252 journalctl --help (this machine):
	// the selection options keep the line form; -o other than the
	// short-iso forms, -x (catalog text) and --show-cursor add other
	// lines and are refused.
	Flags: Flags{
		"-o": Value, "--output": Value, "-n": Value, "--lines": Value, "-u": Value, "--unit": Value,
		"--user-unit": Value, "-b": Value, "--boot": Value, "-k": Bool, "--dmesg": Bool, "-r": Bool, "--reverse": Bool,
		"-p": Value, "--priority": Value, "-S": Value, "--since": Value, "-U": Value, "--until": Value,
		"-g": Value, "--grep": Value, "-t": Value, "--identifier": Value, "-T": Value, "--exclude-identifier": Value,
		"--facility": Value, "--utc": Bool, "--no-hostname": Bool, "--no-pager": Bool, "-a": Bool, "--all": Bool,
		"-l": Bool, "--full": Bool, "--no-full": Bool, "-q": Bool, "--quiet": Bool, "-m": Bool, "--merge": Bool,
		"--system": Bool, "--user": Bool, "-D": Value, "--directory": Value, "--file": Value,
		"--case-sensitive": Value, "--cursor": Value, "--after-cursor": Value, "--namespace": Value,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-x": {}, "--catalog": {}, "--show-cursor": {}},
	Result:         JournalResult{},
	RowsKey:        "entries",
	Examples:       [][]string{{"-o", "short-iso", "-n", "100", "--no-pager"}, {"-u", "nginx", "-o", "short-iso", "-n", "50"}},
	Parse:          parseJournal,
}

// journalctlParsers wires the journalctlParser and returns it for the builtin list.
func journalctlParsers() []*Parser {
	journalctlParser.Check = journalCheck
	return []*Parser{journalctlParser}
}

// journalCheck requires -o short-iso (or short-iso-precise): the default
// short form leaves out the year and the zone. It reads -b the way
// journalctl does: its value is optional and may be a separate argument
// such as "-1".
func journalCheck(args []string, _ OS) *ParseError {
	output := ""
	var hint []string
	outAt := -1
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			hint = append(hint, args[i:]...)
			break
		}
		name, v, attached := strings.Cut(a, "=")
		switch {
		case name == "-o" || name == "--output":
			if !attached && i+1 < len(args) {
				i++
				v = args[i]
			}
			output, outAt = v, len(hint)
			hint = append(hint, "-o", "short-iso")
			continue
		case strings.HasPrefix(a, "-o") && len(a) > 2 && a[1] != '-':
			output, outAt = a[2:], len(hint)
			hint = append(hint, "-o", "short-iso")
			continue
		case a == "-b" || a == "--boot":
			hint = append(hint, a)
			if i+1 < len(args) && journalBootValue(args[i+1]) {
				i++
				hint = append(hint, args[i])
			}
			continue
		case len(a) > 1 && a[0] == '-':
			k, declared := journalctlParser.Flags[name]
			if !declared && name[1] != '-' && len(name) > 2 {
				// A group of short flags: only bools here, the core checked them.
				k, declared = Bool, true
			}
			if !declared {
				return journalctlParser.unsupportedFlag(name)
			}
			hint = append(hint, a)
			if k == Value && !attached && name[1] == '-' && i+1 < len(args) {
				i++
				hint = append(hint, args[i])
			}
			if k == Value && !attached && name[1] != '-' && len(name) == 2 && i+1 < len(args) {
				i++
				hint = append(hint, args[i])
			}
			continue
		}
		hint = append(hint, a)
	}
	switch output {
	case "short-iso", "short-iso-precise":
		return nil
	}
	if outAt < 0 {
		hint = append([]string{"-o", "short-iso"}, hint...)
	}
	what := "the default short output leaves out the year and the zone"
	if output != "" {
		what = "-o " + output + " is not read"
	}
	return Unsupported(hint, "journalctl: %s; -o short-iso names both", what)
}

// journalBootValue reports whether a is a value of -b: an offset, a boot ID
// (with an optional offset) or "all".
func journalBootValue(a string) bool {
	if a == "all" {
		return true
	}
	if _, ok := netInt(a); ok {
		return true
	}
	id, _, _ := strings.Cut(a, "+")
	id, _, _ = strings.Cut(id, "-")
	if len(id) != 32 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if !strings.ContainsRune("0123456789abcdef", rune(id[i])) {
			return false
		}
	}
	return true
}

func parseJournal(c *Context) (any, error) {
	res := &JournalResult{Entries: make([]JournalEntry, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rs := newSpanRec(c, 5)
	it := lex.Lines{Raw: c.Raw}
	dataLines, read := 0, 0
	boot := ""
	var cur *JournalEntry
	curIdx := -1
	var msgS, msgE, indent int
	multi := false
	dropped := false // the current entry was dropped at max_items
	flush := func() {
		if cur == nil || !c.Recording() {
			return
		}
		if multi {
			c.spanPath(msgS, msgE, "joinLines", "entries", curIdx, "message")
		} else {
			rs.field(nfMessage, msgS, msgE, trVerbatim)
		}
	}
	noHost := false
	for _, a := range c.Args {
		if a == "--no-hostname" {
			noHost = true
		}
	}
	for {
		line, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		dataLines++
		if len(line) >= 6 && strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --") {
			flush()
			cur, dropped = nil, false
			inner := line[3 : len(line)-3]
			switch {
			case strings.HasPrefix(inner, "Boot "):
				boot = inner[5:]
			case inner == "No entries", inner == "Reboot", strings.HasPrefix(inner, "Logs begin at "),
				strings.HasPrefix(inner, "Journal begins at "), strings.HasPrefix(inner, "Journal started at "):
			default:
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		if line[0] == ' ' && (cur != nil || dropped) {
			// A continuation line, indented to the message column.
			if dropped {
				read++
				continue
			}
			n := 0
			for n < len(line) && n < indent && line[n] == ' ' {
				n++
			}
			cur.Message += "\n" + line[n:]
			msgE = start + len(line)
			multi = true
			read++
			continue
		}
		flush()
		cur, dropped = nil, false
		full := c.Full(len(res.Entries))
		var lrs *spanRec
		if c.Recording() && !full {
			lrs = rs
		}
		e, ms, ind, ok := journalLine(line, start, noHost, len(res.Entries), lrs)
		if !ok {
			c.Unread(start)
			continue
		}
		read++
		if full {
			c.Omit(1)
			dropped = true
			continue
		}
		e.BootID = boot
		res.Entries = append(res.Entries, e)
		curIdx = len(res.Entries) - 1
		cur = &res.Entries[curIdx]
		msgS, msgE, indent, multi = start+ms, start+len(line), ind, false
		if boot != "" && c.Recording() {
			bs, be, tr := journalBootSpan(c.Raw, start, boot)
			c.spanPath(bs, be, tr, "entries", curIdx, "boot_id")
		}
	}
	flush()
	if dataLines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as journalctl -o short-iso output")
	}
	if c.Recording() {
		rs.finish()
	}
	return res, nil
}

// journalBootSpan finds the last "-- Boot ID --" marker before an entry.
func journalBootSpan(raw string, before int, id string) (int, int, string) {
	i := strings.LastIndex(raw[:before], "-- Boot "+id+" --")
	if i < 0 {
		return before, before, "boot"
	}
	return i + 8, i + 8 + len(id), ""
}

// journalLine reads "2026-11-29T22:06:41+0000 web-01 nginx[812]: message".
// It returns the entry, where the message starts and the indentation (in
// columns) of continuation lines.
func journalLine(line string, start int, noHost bool, idx int, rs *spanRec) (JournalEntry, int, int, bool) {
	var e JournalEntry
	sp := strings.IndexByte(line, ' ')
	if sp < 0 {
		return e, 0, 0, false
	}
	ts, ok := journalTime(line[:sp])
	if !ok {
		return e, 0, 0, false
	}
	e.Timestamp = ts
	pos := sp + 1
	hs, he := 0, 0
	if !noHost {
		h := strings.IndexByte(line[pos:], ' ')
		if h <= 0 {
			return e, 0, 0, false
		}
		e.Hostname, hs, he = line[pos:pos+h], pos, pos+h
		pos += h + 1
	}
	// "identifier[pid]: " or "identifier: "; the identifier may hold spaces.
	colon := strings.Index(line[pos:], ": ")
	msgAt := pos + colon + 2
	if colon < 0 {
		if !strings.HasSuffix(line, ":") {
			return e, 0, 0, false
		}
		colon, msgAt = len(line)-pos-1, len(line)
	}
	ident := line[pos : pos+colon]
	is, ie := pos, pos+colon
	pidS, pidE := 0, 0
	if strings.HasSuffix(ident, "]") {
		if o := strings.LastIndexByte(ident, '['); o > 0 {
			if n, ok := lex.Atoi(ident[o+1 : len(ident)-1]); ok {
				e.PID = intp(n)
				pidS, pidE = pos+o+1, pos+len(ident)-1
				ident, ie = ident[:o], pos+o
			}
		}
	}
	if ident == "" {
		return e, 0, 0, false
	}
	e.Identifier = ident
	e.Message = line[msgAt:]
	if rs != nil {
		rs.begin(skEntries, idx)
		tr := trTimestamp
		if ts == line[:sp] {
			tr = trVerbatim
		}
		rs.field(nfTimestamp, start, start+sp, tr)
		if e.Hostname != "" {
			rs.field(sfHostname, start+hs, start+he, trVerbatim)
		}
		rs.field(sfIdentifier, start+is, start+ie, trVerbatim)
		if e.PID != nil {
			rs.field(nfPID, start+pidS, start+pidE, trParseInt)
		}
	}
	return e, msgAt, utf8.RuneCountInString(line[:msgAt]), true
}

// journalTime normalises "2026-11-29T22:06:40+0000" and
// "2026-11-29T22:06:40.123456+0000" to ISO 8601 with "+00:00".
func journalTime(s string) (string, bool) {
	if len(s) < 24 || s[10] != 'T' {
		return "", false
	}
	z := len(s) - 5
	if s[z] != '+' && s[z] != '-' {
		if s[len(s)-6] == '+' || s[len(s)-6] == '-' {
			z = len(s) - 6 // newer systemd already prints "+00:00"
		} else {
			return "", false
		}
	}
	out := s
	if len(s)-z == 5 {
		out = s[:z+3] + ":" + s[z+3:]
	}
	for _, layout := range []string{"2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05.999999999Z07:00"} {
		if _, err := time.Parse(layout, out); err == nil {
			return out, true
		}
	}
	return "", false
}
