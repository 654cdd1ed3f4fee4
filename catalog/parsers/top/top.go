// Package top reads the output of `top` for the catalog: the parser top.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package top

import (
	"slices"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// TopResult is one batch-mode screen of top.
type TopResult struct {
	// Time is the clock time of the first line ("23:07:00").
	Time string `json:"time,omitempty"`
	// Uptime is the uptime as printed ("2:27", "3 days,  2:27", "5 min").
	Uptime string `json:"uptime,omitempty"`
	// Users is the count of sessions.
	Users *int64 `json:"users,omitempty"`
	// Load1, Load5, Load15 are the load averages.
	Load1  *float64 `json:"load1,omitempty"`
	Load5  *float64 `json:"load5,omitempty"`
	Load15 *float64 `json:"load15,omitempty"`
	// Tasks maps the Tasks (or, with -H, Threads) line's labels to counts: total, running, sleeping, stopped, zombie.
	Tasks map[string]int64 `json:"tasks,omitempty"`
	// CPUs are the %Cpu lines (one, or one per CPU with -1): label to percent (us, sy, ni, id, wa, hi, si, st).
	CPUs []TopCPU `json:"cpus,omitempty"`
	// Memory and Swap map their line's labels to bytes (total, free, used, buff/cache, avail Mem), the unit of the line multiplied out.
	Memory map[string]int64 `json:"memory,omitempty"`
	Swap   map[string]int64 `json:"swap,omitempty"`
	// Processes are the task table's rows.
	Processes []TopProcess `json:"processes"`
}

// TopCPU is one %Cpu line.
type TopCPU struct {
	// Name is the line's name: "Cpu(s)", "Cpu0".
	Name string `json:"name"`
	// Percent maps us, sy, ni, id, wa, hi, si, st to their percent.
	Percent map[string]float64 `json:"percent"`
}

// TopProcess is one row of the task table. Memory columns are KiB with
// top's m/g/t/p suffixes scaled, in bytes.
type TopProcess struct {
	PID  *int64 `json:"pid,omitempty"`
	User string `json:"user,omitempty"`
	// Priority is PR (a number, or "rt").
	Priority string `json:"priority,omitempty"`
	Nice     *int64 `json:"nice,omitempty"`
	// VirtBytes, ResBytes, ShrBytes are VIRT, RES and SHR.
	VirtBytes *int64 `json:"virt_bytes,omitempty"`
	ResBytes  *int64 `json:"res_bytes,omitempty"`
	ShrBytes  *int64 `json:"shr_bytes,omitempty"`
	// State is S (R, S, D, I, T, t, Z).
	State      string   `json:"state,omitempty"`
	CPUPercent *float64 `json:"cpu_percent,omitempty"`
	MemPercent *float64 `json:"mem_percent,omitempty"`
	// Time is TIME+ (minutes:seconds.hundredths) as printed.
	Time string `json:"time,omitempty"`
	// Command is COMMAND as printed (cut with "+" at the column width).
	Command string `json:"command,omitempty"`
	// Other holds the cells of other columns (a toprc's fields), by header.
	Other map[string]string `json:"other,omitempty"`
}

// topFlags: top(1) of procps-ng 4.0.2 (Debian 12): -b and -n 1 (required:
// one screen), -c (command lines), -H (threads), -i (idle hidden), -S,
// -s, -1 (a %Cpu line per CPU), -E k|m|g... (summary unit, read from each
// line's label), -o FIELD (sort), -O, -p PIDS, -u/-U USER, -w COLS, -d
// SECS (unused with -n 1); -e (task memory unit) changes the unit of the
// table's plain numbers (refused).
var topFlags = catalog.Flags{"-b": catalog.Bool, "-n": catalog.Value, "-c": catalog.Bool, "-H": catalog.Bool, "-i": catalog.Bool, "-S": catalog.Bool, "-s": catalog.Bool,
	"-1": catalog.Bool, "-E": catalog.Value, "-o": catalog.Value, "-p": catalog.Value, "-u": catalog.Value, "-U": catalog.Value, "-w": catalog.Value, "-d": catalog.Value}

func topParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "top", Command: "top", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "procps top -b -n 1: the summary lines (uptime, tasks, %Cpu, Mem, Swap in bytes) and the task table by its header; BusyBox top -b -n 1 (Mem, CPU, Load average lines, VSZ and %CPU columns)",
		Flags:  topFlags, MaxPositionals: 0, Result: TopResult{}, RowsKey: "processes", KeyFields: []string{"pid"},
		Examples: [][]string{{"-b", "-n", "1"}, {"-b", "-n", "1", "-c", "-w", "512"}, {"-bn1", "-o", "%MEM"}},
		Table:    &catalog.TableLines{Skip: []string{"top - ", "Tasks:", "Threads:", "%Cpu", "KiB ", "MiB ", "GiB ", "TiB ", "PiB ", "EiB ", "PID ", "Mem: ", "CPU:", "Load average: "}},
		Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
			b := argv.Has("-b")
			n, _ := argv.Value("-n")
			if !b || n != "1" {
				return catalog.Unsupported([]string{"-b", "-n", "1"}, "top is read in batch mode for one screen: -b -n 1")
			}
			return nil
		},
		Parse: parseTop,
	}}
}

// topMemSizes are the sizes of top's VIRT, RES and SHR: KiB, or with a
// letter (top -e) MiB to PiB ("1.2g").
var topMemSizes = lex.Sizes(map[string]float64{"": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40, "p": 1 << 50}, false)

func topMemTransform(unit string) string {
	if unit == "" {
		return "parseFloat*1024"
	}
	return "parseBytes"
}

// topUnitAt reports whether t starts with the IEC unit of a summary line
// ("MiB Mem :"; top -E picks it).
func topUnitAt(t string) bool {
	_, ok := lex.UnitSize(t[:3])
	return ok && t[1:3] == "iB"
}

// topPairs reads "N label, N label. N label" after a line's colon.
type topPair struct {
	label      string
	vs, ve     int // the number
	labS, labE int
}

func topPairs(c *catalog.Context, l lex.Line, from int) []topPair {
	var out []topPair
	t := l.Text
	seg := from
	for k := from; k <= len(t); k++ {
		// Pairs end at a comma, or at ". " (Swap's "used.  21626.7 avail Mem").
		end := k == len(t) || t[k] == ',' || (t[k] == '.' && k+1 < len(t) && t[k+1] == ' ' && k > 0 && t[k-1] >= 'a' && t[k-1] <= 'z')
		if !end {
			continue
		}
		s, e := lex.TrimSpaceRange(t, seg, k)
		seg = k + 1
		if s == e {
			continue
		}
		ns, ne := lex.NextField(t[:e], s)
		ls, le := lex.TrimSpaceRange(t, ne, e)
		if !lex.IsFloat(t[ns:ne]) || ls == le || !kit.ValidKeys([]string{t[ls:le]}) {
			return nil
		}
		out = append(out, topPair{label: t[ls:le], vs: l.At + ns, ve: l.At + ne, labS: l.At + ls, labE: l.At + le})
	}
	return out
}

func parseTop(c *catalog.Context) (any, error) {
	res := &TopResult{Processes: make([]TopProcess, 0, kit.RowCap(c))}
	var fb kit.FieldBuf
	var cols []string
	summary := false
	for l := range kit.EachLine(c.Raw) {
		t := l.Text
		if strings.TrimSpace(t) == "" {
			continue
		}
		switch {
		case cols == nil && strings.HasPrefix(t, "top - "):
			if summary {
				return nil, catalog.Unrecognized("top printed more than one screen")
			}
			summary = true
			if !topFirstLine(c, res, l) {
				c.Unread(l.At)
			}
			continue
		case cols == nil && (strings.HasPrefix(t, "Tasks:") || strings.HasPrefix(t, "Threads:")):
			k := strings.IndexByte(t, ':')
			ps := topPairs(c, l, k+1)
			if ps == nil || res.Tasks != nil {
				c.Unread(l.At)
				continue
			}
			res.Tasks = map[string]int64{}
			for _, p := range ps {
				if !lex.IsInt(c.Raw[p.vs:p.ve]) {
					continue
				}
				if _, dup := res.Tasks[p.label]; dup {
					continue
				}
				res.Tasks[p.label] = *kit.Int(c, p.vs, p.ve, "tasks", p.label)
			}
			continue
		case cols == nil && strings.HasPrefix(t, "%Cpu"):
			k := strings.IndexByte(t, ':')
			ps := []topPair(nil)
			if k > 0 {
				ps = topPairs(c, l, k+1)
			}
			if ps == nil {
				c.Unread(l.At)
				continue
			}
			i := len(res.CPUs)
			ne := k
			for ne > 1 && t[ne-1] == ' ' {
				ne--
			}
			cpu := TopCPU{Name: kit.Text(c, l.At+1, l.At+ne, "cpus", i, "name"), Percent: map[string]float64{}}
			for _, p := range ps {
				if _, dup := cpu.Percent[p.label]; dup {
					continue
				}
				if v := kit.Float(c, p.vs, p.ve, "cpus", i, "percent", p.label); v != nil {
					cpu.Percent[p.label] = *v
				}
			}
			res.CPUs = append(res.CPUs, cpu)
			continue
		case cols == nil && len(t) > 4 && t[3] == ' ' && topUnitAt(t):
			unit, _ := lex.UnitSize(t[:3]) // "KiB Mem :"
			k := strings.IndexByte(t, ':')
			kind := strings.TrimSpace(t[4:max(k, 4)])
			ps := []topPair(nil)
			if k > 0 {
				ps = topPairs(c, l, k+1)
			}
			if ps == nil || (kind != "Mem" && kind != "Swap") {
				c.Unread(l.At)
				continue
			}
			m := map[string]int64{}
			key := "memory"
			if kind == "Swap" {
				key = "swap"
			}
			tr := "parseFloat*" + strconv.FormatInt(int64(unit), 10)
			for _, p := range ps {
				if _, dup := m[p.label]; dup {
					continue
				}
				if v := kit.Scaled(c, p.vs, p.ve, unit, tr, key, p.label); v != nil {
					m[p.label] = *v
				}
			}
			if kind == "Swap" && res.Swap == nil {
				res.Swap = m
			} else if kind == "Mem" && res.Memory == nil {
				res.Memory = m
			} else {
				c.Unread(l.At)
			}
			continue
		case cols == nil && (strings.HasPrefix(t, "Mem: ") || strings.HasPrefix(t, "CPU: ") || strings.HasPrefix(t, "CPU:  ")) && busyboxSummary(c, res, l):
			continue
		case cols == nil && strings.HasPrefix(t, "Load average: ") && res.Load1 == nil && busyboxLoad(c, res, l):
			continue
		case cols == nil && strings.Contains(t, "PID") && strings.Contains(t, "COMMAND"):
			for _, f := range lex.LineFields(l, 0) {
				cols = append(cols, c.Raw[f[0]:f[1]])
			}
			if !kit.ValidKeys(cols) {
				return nil, catalog.Unrecognized("top's header is not valid UTF-8")
			}
			// The BSDs' and macOS's top print other tables: FreeBSD's
			// "PID USERNAME THR PRI NICE SIZE RES STATE C TIME WCPU
			// COMMAND" (sizes with K/M/G, C a CPU number), macOS's
			// "PID COMMAND %CPU TIME #TH ..." with COMMAND (spaces and
			// all) in the middle. Read as procps's, their cells would
			// land in the wrong fields or rows would drop one by one.
			if slices.Contains(cols, "USERNAME") || cols[len(cols)-1] != "COMMAND" {
				return nil, catalog.Unrecognized("top's table is not procps's or BusyBox's (COMMAND last, USER): BSD and macOS top are not read")
			}
			for j, h := range cols {
				if slices.Contains(cols[:j], h) {
					return nil, catalog.Unrecognized("top's header names %s twice", h)
				}
			}
			continue
		case cols == nil:
			c.Unread(l.At)
			continue
		}
		if c.Full(len(res.Processes)) {
			c.Omit(1)
			continue
		}
		mark := c.Mark()
		p, ok := topRow(c, &fb, l, cols, len(res.Processes))
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		res.Processes = append(res.Processes, p)
	}
	if !summary && cols == nil {
		return nil, catalog.Unrecognized("no top screen was recognized")
	}
	return res, nil
}

// topFirstLine reads "top - 23:07:00 up  2:27,  0 user,  load average: 2.57, 1.73, 2.25".
func topFirstLine(c *catalog.Context, res *TopResult, l lex.Line) bool {
	t := l.Text
	up := strings.Index(t, " up ")
	la := strings.Index(t, "load average: ")
	if up < 6 || la < up {
		return false
	}
	if ts, te := lex.TrimSpaceRange(t, 6, up); ts < te {
		res.Time = kit.Text(c, l.At+ts, l.At+te, "time")
	}
	mid := t[up+4 : la]
	// "2:27,  0 user,  " / "3 days,  2:27,  1 user,  "
	mid = strings.TrimRight(mid, " ,")
	us := strings.LastIndex(mid, ",")
	if us > 0 {
		cnt := strings.Fields(mid[us+1:])
		if len(cnt) == 2 && strings.HasPrefix(cnt[1], "user") && lex.IsInt(cnt[0]) {
			s := l.At + up + 4 + us + 1 + strings.Index(mid[us+1:], cnt[0])
			res.Users = kit.Int(c, s, s+len(cnt[0]), "users")
			mid = mid[:us]
		}
	}
	us0 := l.At + up + 4 + len(mid) - len(strings.TrimLeft(mid, " "))
	if u := strings.TrimSpace(mid); u != "" {
		res.Uptime = kit.Text(c, us0, us0+len(u), "uptime")
	}
	loads := t[la+len("load average: "):]
	base := l.At + la + len("load average: ")
	parts := strings.Split(loads, ",")
	if len(parts) == 3 {
		dst := []**float64{&res.Load1, &res.Load5, &res.Load15}
		names := []string{"load1", "load5", "load15"}
		off := 0
		for k, p := range parts {
			s := base + off + len(p) - len(strings.TrimLeft(p, " "))
			v := strings.TrimSpace(p)
			*dst[k] = kit.Float(c, s, s+len(v), names[k])
			off += len(p) + 1
		}
	}
	return true
}

// pctEnd is the end of a cell without its "%" (BusyBox "12%").
func pctEnd(v string, s, e int) int {
	if len(v) > 1 && v[len(v)-1] == '%' {
		return e - 1
	}
	return e
}

// busyboxSummary reads BusyBox top's first two lines (top.c, 1.35):
//
//	Mem: 1873392K used, 6123456K free, 1234K shrd, 45678K buff, 987654K cached
//	CPU:   2% usr   1% sys   0% nic  96% idle   0% io   0% irq   0% sirq
//
// Memory is in KiB with a "K" on each number, labelled after it; the CPU
// line is "N% label" pairs ("2.0% usr" with FEATURE_TOP_DECIMALS). A line
// that does not hold only such pairs is not read (false).
func busyboxSummary(c *catalog.Context, res *TopResult, l lex.Line) bool {
	t := l.Text
	mem := strings.HasPrefix(t, "Mem:")
	fs := lex.LineFields(l, 0)
	if len(fs) < 3 || (len(fs)-1)%2 != 0 {
		return false
	}
	type pair struct {
		label  string
		vs, ve int
	}
	var ps []pair
	for k := 1; k+1 < len(fs); k += 2 {
		vs, ve := fs[k][0], fs[k][1]
		suffix := byte('%')
		if mem {
			suffix = 'K'
		}
		if ve-vs < 2 || c.Raw[ve-1] != suffix || !lex.IsFloat(c.Raw[vs:ve-1]) {
			return false
		}
		label := strings.TrimSuffix(c.Raw[fs[k+1][0]:fs[k+1][1]], ",")
		if !kit.ValidKeys([]string{label}) {
			return false
		}
		ps = append(ps, pair{label, vs, ve - 1})
	}
	if mem {
		if res.Memory != nil {
			return false
		}
		m := map[string]int64{}
		for _, p := range ps {
			if _, dup := m[p.label]; dup {
				continue
			}
			if v := kit.Scaled(c, p.vs, p.ve, 1024, "parseFloat*1024", "memory", p.label); v != nil {
				m[p.label] = *v
			}
		}
		res.Memory = m
		return true
	}
	if len(res.CPUs) > 0 {
		return false
	}
	i := len(res.CPUs)
	cpu := TopCPU{Name: kit.Text(c, l.At+strings.Index(t, "CPU"), l.At+strings.Index(t, "CPU")+3, "cpus", i, "name"), Percent: map[string]float64{}}
	for _, p := range ps {
		if _, dup := cpu.Percent[p.label]; dup {
			continue
		}
		if v := kit.Float(c, p.vs, p.ve, "cpus", i, "percent", p.label); v != nil {
			cpu.Percent[p.label] = *v
		}
	}
	res.CPUs = append(res.CPUs, cpu)
	return true
}

// busyboxLoad reads BusyBox top's "Load average: 0.00 0.01 0.05 1/123
// 4567": the three loads (then running/total tasks and the last pid, not
// kept: no field holds them).
func busyboxLoad(c *catalog.Context, res *TopResult, l lex.Line) bool {
	fs := lex.LineFields(l, 0)
	if len(fs) < 5 {
		return false
	}
	for _, f := range fs[2:5] {
		if !lex.IsFloat(c.Raw[f[0]:f[1]]) {
			return false
		}
	}
	res.Load1 = kit.Float(c, fs[2][0], fs[2][1], "load1")
	res.Load5 = kit.Float(c, fs[3][0], fs[3][1], "load5")
	res.Load15 = kit.Float(c, fs[4][0], fs[4][1], "load15")
	return true
}

// topNums holds one row's numbers, pointed to by its fields: one
// allocation a row rather than one a number (with the unit looked up in a
// map literal per size, that was half of top's time on a 1 MB input,
// 82-97 MB/cpu-s).
type topNums struct {
	pid, nice, virt, res, shr int64
	cpu, mem                  float64
}

func topRow(c *catalog.Context, fb *kit.FieldBuf, l lex.Line, cols []string, i int) (TopProcess, bool) {
	var p TopProcess
	toks := fb.Fields(l, len(cols))
	if len(toks) != len(cols) {
		return p, false
	}
	nums := new(topNums)
	for j, h := range cols {
		s, e := toks[j][0], toks[j][1]
		v := c.Raw[s:e]
		mem := func(dst **int64, val *int64, leaf string) bool {
			x, ok := kit.SizeVal(c, s, e, topMemSizes, topMemTransform, "processes", i, leaf)
			if ok {
				*val, *dst = x, val
			}
			return ok
		}
		ok := true
		switch h {
		case "PID":
			if nums.pid, ok = kit.IntVal(c, s, e, "processes", i, "pid"); ok {
				p.PID = &nums.pid
			}
		case "USER":
			p.User = kit.Text(c, s, e, "processes", i, "user")
		case "PR":
			p.Priority = kit.Text(c, s, e, "processes", i, "priority")
		case "NI":
			if x, read := kit.IntVal(c, s, e, "processes", i, "nice"); read {
				nums.nice, p.Nice = x, &nums.nice
			}
			ok = p.Nice != nil || v == "-"
		case "VIRT":
			ok = mem(&p.VirtBytes, &nums.virt, "virt_bytes")
		case "RES":
			ok = mem(&p.ResBytes, &nums.res, "res_bytes")
		case "SHR":
			ok = mem(&p.ShrBytes, &nums.shr, "shr_bytes")
		case "S", "STAT":
			// procps S is one letter; BusyBox STAT adds W, N, < ("SW<"),
			// kept in state as printed. (The field docs, which feed the
			// shared schema_docs.go, are left as they were.)
			p.State = kit.Text(c, s, e, "processes", i, "state")
		case "VSZ":
			// BusyBox top: the virtual size in KiB, smart_ulltoa5-scaled
			// ("1640", "12.3m"), what procps calls VIRT.
			ok = mem(&p.VirtBytes, &nums.virt, "virt_bytes")
		case "%CPU":
			// BusyBox prints the percent sign ("  0%"; "0.0" with
			// FEATURE_TOP_DECIMALS): the number is before it.
			if nums.cpu, ok = kit.FloatVal(c, s, pctEnd(v, s, e), "processes", i, "cpu_percent"); ok {
				p.CPUPercent = &nums.cpu
			}
		case "%MEM":
			if nums.mem, ok = kit.FloatVal(c, s, pctEnd(v, s, e), "processes", i, "mem_percent"); ok {
				p.MemPercent = &nums.mem
			}
		case "TIME+", "TIME":
			p.Time = kit.Text(c, s, e, "processes", i, "time")
		case "COMMAND":
			p.Command = kit.Text(c, s, e, "processes", i, "command")
		default:
			if _, dup := p.Other[h]; dup {
				return p, false
			}
			if p.Other == nil {
				p.Other = map[string]string{}
			}
			p.Other[h] = kit.Text(c, s, e, "processes", i, "other", h)
		}
		if !ok {
			return p, false
		}
	}
	return p, true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return topParsers() }
