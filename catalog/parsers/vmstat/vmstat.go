// Package vmstat reads the output of `vmstat` for the catalog: the parser vmstat.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package vmstat

import (
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
)

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
var vmstatFlags = catalog.Flags{"-a": catalog.Bool, "--active": catalog.Bool, "-w": catalog.Bool, "--wide": catalog.Bool, "-n": catalog.Bool, "--one-header": catalog.Bool,
	"-t": catalog.Bool, "--timestamp": catalog.Bool, "-y": catalog.Bool, "--no-first": catalog.Bool, "-S": catalog.Value, "--unit": catalog.Value}

func vmstatParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "vmstat", Command: "vmstat", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "procps vmstat's report (default, -a, -w, -t, -S unit; delay and count), columns read by their header; memory in bytes",
		Flags:  vmstatFlags, MaxPositionals: 2, Result: VmstatResult{}, RowsKey: "samples",
		Examples: [][]string{{}, {"-w"}, {"1", "3"}, {"-a", "-S", "M"}},
		Table:    &catalog.TableLines{Skip: []string{"procs", "--procs", "r "}},
		Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
			if u, _ := argv.Value("-S", "--unit"); u != "" && vmstatUnit(u) == 0 {
				return catalog.Unsupported(nil, "vmstat -S %s is not a unit vmstat knows", u)
			}
			return nil
		},
		Parse: parseVmstat,
	}}
}

// vmstatUnitValue is the unit -S/--unit names ("" for the default).
func vmstatUnitValue(a catalog.Args) string {
	u, _ := a.Value("-S", "--unit")
	return u
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

func parseVmstat(c *catalog.Context) (any, error) {
	res := &VmstatResult{Samples: make([]VmstatSample, 0, kit.RowCap(c))}
	var fb kit.FieldBuf
	unit := vmstatUnit(vmstatUnitValue(c.Args))
	if unit == 0 {
		unit = 1024
	}
	tr := "parseInt*" + strconv.FormatInt(int64(unit), 10)
	var cols []string
	stamped := false
	data := 0
	for l := range kit.EachLine(c.Raw) {
		t := strings.TrimSpace(l.Text)
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "procs") || strings.HasPrefix(t, "--procs"):
			stamped = strings.Contains(t, "timestamp")
			continue
		case strings.HasPrefix(t, "r ") && strings.Contains(t, " b "):
			cols = cols[:0]
			for _, f := range fb.Fields(l, 0) {
				cols = append(cols, c.Raw[f[0]:f[1]])
			}
			if stamped && len(cols) > 0 {
				cols = cols[:len(cols)-1] // the zone name over the timestamp
			}
			// Every column must be procps's: the BSDs' vmstat prints a
			// table under the same "procs memory" banner with other
			// columns and units (FreeBSD's w, avm, fre, flt and one per
			// disk, a second "sy"), read by no field here. Say so rather
			// than answer each of its rows as an unread line.
			var probe VmstatSample
			for _, h := range cols {
				dst, _, _ := probe.column(h)
				if dst == nil {
					return nil, catalog.Unrecognized("vmstat's header names %q, not a column of procps vmstat (BSD and macOS forms are not read)", h)
				}
				if *dst != nil {
					return nil, catalog.Unrecognized("vmstat's header names %q twice, unlike procps vmstat (BSD and macOS forms are not read)", h)
				}
				*dst = new(int64)
			}
			continue
		}
		data++
		toks := fb.Fields(l, 0)
		want := len(cols)
		if stamped {
			want += 2
		}
		if len(cols) == 0 || len(toks) != want {
			c.Unread(l.At)
			continue
		}
		if c.Full(len(res.Samples)) {
			c.Omit(1)
			continue
		}
		i := len(res.Samples)
		var s VmstatSample
		mark := c.Mark()
		ok := true
		vals := make([]int64, len(cols)) // the row's numbers, one allocation
		for j, h := range cols {
			dst, leaf, scaled := s.column(h)
			if dst == nil || *dst != nil {
				ok = false
				break
			}
			if scaled {
				vals[j], ok = kit.ScaledVal(c, toks[j][0], toks[j][1], unit, tr, "samples", i, leaf)
			} else {
				vals[j], ok = kit.IntVal(c, toks[j][0], toks[j][1], "samples", i, leaf)
			}
			if !ok {
				break
			}
			*dst = &vals[j]
		}
		if ok && stamped {
			s.Timestamp = kit.Text(c, toks[len(cols)][0], toks[len(cols)+1][1], "samples", i, "timestamp")
		}
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		res.Samples = append(res.Samples, s)
	}
	if data > 0 && len(res.Samples) == 0 && c.Omitted() == 0 && len(c.UnreadOffsets()) == 0 {
		return nil, kit.NoRows("vmstat")
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return vmstatParsers() }
