// Package iostat reads the output of `iostat` for the catalog: the parser iostat.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package iostat

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
)

// IostatResult is iostat's reports: one per interval, the first the
// averages since boot.
type IostatResult struct {
	// System is the first line as printed (kernel, host, date, arch, CPU count).
	System  string         `json:"system,omitempty"`
	Reports []IostatReport `json:"reports"`
}

// IostatReport is one interval: its -t timestamp, the avg-cpu line and
// the device table.
type IostatReport struct {
	// Timestamp is -t's date and time as printed.
	Timestamp string `json:"timestamp,omitempty"`
	// CPU maps avg-cpu's columns (user, nice, system, iowait, steal, idle) to percent.
	CPU map[string]float64 `json:"cpu,omitempty"`
	// Devices are the device table's rows.
	Devices []IostatDevice `json:"devices"`
}

// IostatDevice is one device row. Values are keyed by the column header
// with kB or MB spelled "bytes" and the value multiplied out (kB_read/s is
// bytes_read/s, rkB/s is rbytes/s); counts, percents and times keep their
// header.
type IostatDevice struct {
	Device string             `json:"device"`
	Values map[string]float64 `json:"values"`
}

// iostatFlags: iostat(1) of sysstat 12.6.1 (Debian 12): -c (CPU only), -d
// (devices only), -x (extended columns), -k/-m (kB/MB units, read from the
// header), -t (timestamps), -y (no since-boot report), -z (idle devices
// left out), -p [DEV|ALL] (partitions), -N (device-mapper names), device
// names, interval and count; -h (human sizes with units in the cells), -j,
// -s, -o JSON (passes through) print other forms.
var iostatFlags = catalog.Flags{"-c": catalog.Bool, "-d": catalog.Bool, "-x": catalog.Bool, "-k": catalog.Bool, "-m": catalog.Bool, "-t": catalog.Bool, "-y": catalog.Bool,
	"-z": catalog.Bool, "-p": catalog.Value, "-N": catalog.Bool}

func iostatParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "iostat", Command: "iostat", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "sysstat iostat's reports: avg-cpu line and device table by header (-x, -k, -m, -t), sizes in bytes",
		Flags:  iostatFlags, MaxPositionals: -1, Result: IostatResult{}, RowsKey: "reports",
		Examples: [][]string{{}, {"-x"}, {"-d", "-k", "1", "2"}, {"-c"}},
		Parse:    parseIostat,
	}}
}

// iostatColumn renames a size column and gives its unit in bytes.
func iostatColumn(h string) (string, float64) {
	switch {
	case strings.Contains(h, "kB"):
		return strings.Replace(h, "kB", "bytes", 1), 1024
	case strings.Contains(h, "MB"):
		return strings.Replace(h, "MB", "bytes", 1), 1024 * 1024
	}
	return h, 1
}

func parseIostat(c *catalog.Context) (any, error) {
	res := &IostatResult{Reports: []IostatReport{}}
	cur := -1
	newReport := func() {
		res.Reports = append(res.Reports, IostatReport{Devices: []IostatDevice{}})
		cur = len(res.Reports) - 1
	}
	var cpuCols, devCols []string
	// A device column's value name, factor and span transform, read once
	// per header rather than per value (a map literal and a Replace per
	// value were a third of iostat's time).
	type devCol struct {
		name string
		unit float64
		tr   string
	}
	var dcols []devCol
	// Each report repeats the headers: they are read again only when they
	// change (reading the same ones again was a third of the time on a
	// 1 MB input, 80-89 MB/cpu-s).
	cpuHead, devHead := "", ""
	cpuValid := false
	var fb kit.FieldBuf
	inCPU, inDev := false, false
	n := -1 // the line's index
	for l := range kit.EachLine(c.Raw) {
		n++
		t := strings.TrimSpace(l.Text)
		if t == "" {
			inDev = false
			continue
		}
		switch {
		case n == 0 && strings.Contains(t, "CPU)"):
			res.System = kit.Text(c, l.At, l.At+len(strings.TrimRight(l.Text, " \t")), "system")
			continue
		case strings.HasPrefix(t, "avg-cpu:"):
			if cur < 0 || len(res.Reports[cur].CPU) > 0 || len(res.Reports[cur].Devices) > 0 {
				newReport()
			}
			if t != cpuHead {
				cpuHead = t
				cpuCols = cpuCols[:0]
				for _, w := range strings.Fields(t)[1:] {
					cpuCols = append(cpuCols, strings.TrimPrefix(w, "%"))
				}
				cpuValid = kit.ValidKeys(cpuCols)
			}
			inCPU = true
			continue
		case inCPU:
			inCPU = false
			toks := fb.Fields(l, 0)
			if len(toks) != len(cpuCols) || !cpuValid {
				c.Unread(l.At)
				continue
			}
			r := &res.Reports[cur]
			r.CPU = make(map[string]float64, len(cpuCols))
			for j, h := range cpuCols {
				if _, dup := r.CPU[h]; dup {
					continue
				}
				if v, ok := kit.FloatVal(c, toks[j][0], toks[j][1], "reports", cur, "cpu", h); ok {
					r.CPU[h] = v
				}
			}
			continue
		case strings.HasPrefix(t, "Device"):
			if cur < 0 || len(res.Reports[cur].Devices) > 0 {
				newReport()
			}
			inDev = true
			if t == devHead {
				continue
			}
			devHead = t
			devCols = strings.Fields(t)[1:]
			if !kit.ValidKeys(devCols) {
				return nil, catalog.Unrecognized("iostat's header is not valid UTF-8")
			}
			dcols = dcols[:0]
			for _, h := range devCols {
				name, unit := iostatColumn(h)
				tr := "parseFloat"
				if unit != 1 {
					tr = "parseFloat*" + map[float64]string{1024: "1024", 1024 * 1024: "1048576"}[unit]
				}
				dcols = append(dcols, devCol{name, unit, tr})
			}
			continue
		case !inDev && strings.Count(t, "/") == 2 && strings.Count(t, ":") >= 2:
			// -t's "12/02/26 00:20:00" (or a locale's form) opens a report.
			newReport()
			res.Reports[cur].Timestamp = kit.Text(c, l.At+len(l.Text)-len(strings.TrimLeft(l.Text, " ")), l.At+len(strings.TrimRight(l.Text, " ")), "reports", cur, "timestamp")
			continue
		case !inDev:
			c.Unread(l.At)
			continue
		}
		toks := fb.Fields(l, 0)
		if len(toks) != len(devCols)+1 {
			c.Unread(l.At)
			continue
		}
		r := &res.Reports[cur]
		i := len(r.Devices)
		mark := c.Mark()
		d := IostatDevice{Device: kit.Text(c, toks[0][0], toks[0][1], "reports", cur, "devices", i, "device"), Values: make(map[string]float64, len(dcols))}
		ok := true
		for j, dc := range dcols {
			name, unit := dc.name, dc.unit
			if _, dup := d.Values[name]; dup {
				ok = false
				break
			}
			s, e := toks[j+1][0], toks[j+1][1]
			f, isFloat := kit.FloatText(c.Raw[s:e])
			if !isFloat {
				ok = false
				break
			}
			f *= unit
			c.Span(s, e, dc.tr, "reports", cur, "devices", i, "values", name)
			d.Values[name] = f
		}
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		r.Devices = append(r.Devices, d)
	}
	if len(res.Reports) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, kit.NoRows("iostat")
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return iostatParsers() }
