// Package uname reads the output of `uname` for the catalog: the parser uname.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package uname

import (
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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

var unameParser = &catalog.Parser{
	ID:      "uname",
	Command: "uname",
	Version: "1",
	Format:  "uname -a: every field on one line (GNU, BusyBox, macOS, FreeBSD); uname alone or with one field flag: that field",
	// Flags checked against GNU coreutils 9.1 uname(1) (this machine),
	// BusyBox 1.35, FreeBSD 14 and macOS 14 uname(1). One field flag (or
	// none: -s) prints that field alone, which is read whole; several
	// print their fields in a fixed order, the version holding spaces, so
	// they are refused for -a.
	Flags: catalog.Flags{
		"-a": catalog.Bool, "--all": catalog.Bool, "-s": catalog.Bool, "-n": catalog.Bool, "-r": catalog.Bool, "-v": catalog.Bool, "-m": catalog.Bool, "-p": catalog.Bool, "-i": catalog.Bool,
		"-o": catalog.Bool, "--kernel-name": catalog.Bool, "--nodename": catalog.Bool, "--kernel-release": catalog.Bool, "--kernel-version": catalog.Bool,
		"--machine": catalog.Bool, "--processor": catalog.Bool, "--hardware-platform": catalog.Bool, "--operating-system": catalog.Bool,
	},
	MaxPositionals: 0,
	Result:         UnameResult{},
	Examples:       [][]string{{"-a"}},
	Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		args := argv.Rest()
		if _, ok := unameSingle(argv); ok {
			return nil
		}
		for _, a := range argv.Items {
			if a.Flag != "-a" && a.Flag != "--all" {
				return catalog.Unsupported([]string{"-a"}, "uname %s prints fields without names; -a prints them all, in a known order", args[a.Index])
			}
		}
		if len(args) == 0 {
			return catalog.Unsupported([]string{"-a"}, "uname alone prints one field; -a prints them all, named")
		}
		return nil
	},
	Parse: parseUname,
}

// unameSingle names the one field the arguments print ("uname" alone: the
// kernel name); ok is false for -a and for several fields.
func unameSingle(argv catalog.Args) (key string, ok bool) {
	if len(argv.Items) == 0 {
		return "kernel_name", true
	}
	if len(argv.Items) != 1 {
		return "", false
	}
	switch argv.Items[0].Flag {
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
func unameParsers() []*catalog.Parser {
	return []*catalog.Parser{unameParser}
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

// unameBSD are the kernel names whose uname -a ends with the machine
// (FreeBSD, OpenBSD, NetBSD, DragonFly and macOS uname.c print sysname,
// nodename, release, version, machine and nothing after).
var unameBSD = map[string]bool{"Darwin": true, "FreeBSD": true, "OpenBSD": true, "NetBSD": true, "DragonFly": true}

func parseUname(c *catalog.Context) (any, error) {
	line, start, found := kit.FirstLine(c)
	if !found {
		return &UnameResult{}, nil
	}
	if key, ok := unameSingle(c.Args); ok {
		res := &UnameResult{}
		s, e := lex.TrimSpaceRange(line, 0, len(line))
		*map[string]*string{"kernel_name": &res.KernelName, "hostname": &res.Hostname, "kernel_release": &res.KernelRelease,
			"kernel_version": &res.KernelVersion, "machine": &res.Machine, "processor": &res.Processor,
			"hardware_platform": &res.HardwarePlatform, "os": &res.OS}[key] = line[s:e]
		c.Span(start+s, start+e, "", key)
		return res, nil
	}
	var f []lex.Field
	f = lex.Fields(f, line, 0)
	if len(f) < 5 {
		return nil, catalog.Unrecognized("uname -a prints at least five fields")
	}
	res := &UnameResult{}
	get := func(k int) string { return line[f[k].Start:f[k].End] }
	set := func(p *string, k int, key string) {
		*p = get(k)
		c.Span(start+f[k].Start, start+f[k].End, "", key)
	}
	set(&res.KernelName, 0, "kernel_name")
	set(&res.Hostname, 1, "hostname")
	set(&res.KernelRelease, 2, "kernel_release")
	last := len(f) - 1
	versionEnd := 0
	// The BSDs and macOS print no operating system field: their last word
	// is the machine whatever it is (NetBSD "evbarm", OpenBSD "octeon" are
	// in no list), so the kernel name decides, not the word.
	if unameBSD[res.KernelName] || unameArch[get(last)] {
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
		return nil, catalog.Unrecognized("uname -a: no kernel version between the release and the machine")
	}
	vs, ve := lex.TrimSpaceRange(line, f[3].Start, f[versionEnd].Start)
	res.KernelVersion = line[vs:ve]
	c.Span(start+vs, start+ve, "", "kernel_version")
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return unameParsers() }
