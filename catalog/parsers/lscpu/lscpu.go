// Package lscpu reads the output of `lscpu` for the catalog: the parser lscpu.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package lscpu

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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
var lscpuFlags = catalog.Flags{"-x": catalog.Bool, "--hex": catalog.Bool, "-y": catalog.Bool, "--physical": catalog.Bool}

func lscpuParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "lscpu", Command: "lscpu", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "util-linux lscpu's \"Key: value\" summary (flat or in sections); -e/-p tables and -J are not read",
		Flags:  lscpuFlags, MaxPositionals: 0, Result: LscpuResult{},
		Examples:     [][]string{{}, {"-x"}},
		Alternatives: map[string][]string{"-e": {}, "--extended": {}, "-p": {}, "--parse": {}},
		Parse:        parseLscpu,
	}}
}

func parseLscpu(c *catalog.Context) (any, error) {
	res := &LscpuResult{Fields: map[string]string{}}
	section := ""
	read := 0
	for _, l := range lex.SplitLines(c.Raw) {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		ks, ke, vs, ve, ok := lex.KeyValue(l, ":")
		if !ok {
			c.Unread(l.At)
			continue
		}
		key := c.Raw[ks:ke]
		indented := l.Text[0] == ' '
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
			res.Architecture = kit.Text(c, vs, ve, "architecture")
		case key == "Model name" && res.ModelName == "":
			res.ModelName = kit.Text(c, vs, ve, "model_name")
		case key == "Vendor ID" && res.VendorID == "":
			res.VendorID = kit.Text(c, vs, ve, "vendor_id")
		case key == "CPU(s)" && res.CPUs == nil && lex.IsInt(v):
			res.CPUs = kit.Int(c, vs, ve, "cpus")
		case key == "On-line CPU(s) list" && res.OnlineCPUs == "":
			res.OnlineCPUs = kit.Text(c, vs, ve, "online_cpus")
		case key == "Thread(s) per core" && res.ThreadsPerCore == nil && lex.IsInt(v):
			res.ThreadsPerCore = kit.Int(c, vs, ve, "threads_per_core")
		case (key == "Core(s) per socket" || key == "Core(s) per cluster") && res.CoresPerSocket == nil && lex.IsInt(v):
			res.CoresPerSocket = kit.Int(c, vs, ve, "cores_per_socket")
		case key == "Socket(s)" && res.Sockets == nil && lex.IsInt(v):
			res.Sockets = kit.Int(c, vs, ve, "sockets")
		case key == "NUMA node(s)" && res.NUMANodes == nil && lex.IsInt(v):
			res.NUMANodes = kit.Int(c, vs, ve, "numa_nodes")
		case key == "CPU max MHz" && res.MaxMHz == nil && lex.IsFloat(v):
			res.MaxMHz = kit.Float(c, vs, ve, "max_mhz")
		case key == "Flags" && res.Flags == nil:
			res.Flags = []string{}
			for _, f := range lex.LineFields(lex.Line{Text: v, At: vs}, 0) {
				c.Span(f[0], f[1], "", "flags", len(res.Flags))
				res.Flags = append(res.Flags, c.Raw[f[0]:f[1]])
			}
		case (name == "L1d" || name == "L1i" || name == "L2" || name == "L3" || name == "L4") && lscpuCache(c, res, name, ks, ke, vs, ve):
		case strings.HasPrefix(key, "Vulnerability ") || section == "Vulnerabilities":
			k := strings.TrimPrefix(key, "Vulnerability ")
			if _, dup := res.Vulnerabilities[k]; dup {
				c.Unread(l.At)
				continue
			}
			if res.Vulnerabilities == nil {
				res.Vulnerabilities = map[string]string{}
			}
			res.Vulnerabilities[k] = kit.Text(c, vs, ve, "vulnerabilities", k)
		default:
			if _, dup := res.Fields[key]; dup {
				c.Unread(l.At)
				continue
			}
			res.Fields[key] = kit.Text(c, vs, ve, "fields", key)
		}
	}
	if read == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, kit.NoRows("lscpu \"Key: value\"")
	}
	return res, nil
}

// lscpuSizes are the units of lscpu's cache sizes: "96 KiB", the older "32K".
var lscpuSizes = lex.Sizes(map[string]float64{"": 1, "B": 1, "K": 1 << 10, "KiB": 1 << 10, "M": 1 << 20, "MiB": 1 << 20, "G": 1 << 30, "GiB": 1 << 30, "T": 1 << 40, "TiB": 1 << 40}, true)

// lscpuCache reads "96 KiB (2 instances)" or the older "32K".
func lscpuCache(c *catalog.Context, res *LscpuResult, name string, ks, ke, vs, ve int) bool {
	v := c.Raw[vs:ve]
	if slices.ContainsFunc(res.Caches, func(x LscpuCache) bool { return x.Name == name }) {
		return false
	}
	size, rest, _ := strings.Cut(v, " (")
	num := strings.TrimRight(size, "KMGTiB ")
	if _, ok := lscpuSizes.Per(strings.TrimSpace(size[len(num):])); !ok || !lex.IsInt(num) {
		return false
	}
	k := len(res.Caches)
	cache := LscpuCache{Name: name}
	c.Span(ks, ke, "trimSuffix", "caches", k, "name")
	cache.SizeBytes = kit.Size(c, vs, vs+len(size), lscpuSizes, func(string) string { return "parseBytes" }, "caches", k, "size_bytes")
	if rest != "" {
		cnt, _, _ := strings.Cut(rest, " instance")
		if lex.IsInt(cnt) {
			s := vs + len(size) + 2
			cache.Instances = kit.Int(c, s, s+len(cnt), "caches", k, "instances")
		}
	}
	res.Caches = append(res.Caches, cache)
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return lscpuParsers() }
