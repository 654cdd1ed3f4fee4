package catalog

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// Processes, sessions and schedules: top -b -n 1 (procps), who (GNU
// coreutils) and crontab -l (Debian cron, cronie). Agents run them to find
// what eats the CPU, who is logged in and what runs on a timer.

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
var topFlags = Flags{"-b": Bool, "-n": Value, "-c": Bool, "-H": Bool, "-i": Bool, "-S": Bool, "-s": Bool,
	"-1": Bool, "-E": Value, "-o": Value, "-p": Value, "-u": Value, "-U": Value, "-w": Value, "-d": Value}

func topParsers() []*Parser {
	return []*Parser{{
		ID: "top", Command: "top", Version: "1", OS: []OS{Linux},
		Format: "procps top -b -n 1: the summary lines (uptime, tasks, %Cpu, Mem, Swap in bytes) and the task table by its header",
		Flags:  topFlags, MaxPositionals: 0, Result: TopResult{}, RowsKey: "processes", KeyFields: []string{"pid"},
		Examples: [][]string{{"-b", "-n", "1"}, {"-b", "-n", "1", "-c", "-w", "512"}, {"-bn1", "-o", "%MEM"}},
		Table:    &TableLines{Skip: []string{"top - ", "Tasks:", "Threads:", "%Cpu", "KiB ", "MiB ", "GiB ", "TiB ", "PiB ", "EiB ", "PID "}},
		Check: func(args []string, _ OS) *ParseError {
			b, n := false, ""
			for _, a := range scanArgs(args, func(f string) int {
				if topFlags[f] == Value {
					return 1
				}
				return 0
			}, false) {
				switch a.flag {
				case "-b":
					b = true
				case "-n":
					n = a.value
				}
			}
			if !b || n != "1" {
				return Unsupported([]string{"-b", "-n", "1"}, "top is read in batch mode for one screen: -b -n 1")
			}
			return nil
		},
		Parse: parseTop,
	}}
}

// topUnit is the bytes of a summary line's unit label.
var topUnit = map[string]float64{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40, "PiB": 1 << 50, "EiB": 1 << 60}

// topPairs reads "N label, N label. N label" after a line's colon.
type topPair struct {
	label      string
	vs, ve     int // the number
	labS, labE int
}

func topPairs(c *Context, l insLine, from int) []topPair {
	var out []topPair
	t := l.text
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
		if !insIsFloat(t[ns:ne]) || ls == le || !insValidKeys([]string{t[ls:le]}) {
			return nil
		}
		out = append(out, topPair{label: t[ls:le], vs: l.at + ns, ve: l.at + ne, labS: l.at + ls, labE: l.at + le})
	}
	return out
}

func isTopFloat(s string) bool {
	i := strings.IndexByte(s, '.')
	return i > 0 && insIsInt(s[:i]) && (i == len(s)-1 || insIsInt(s[i+1:]))
}

func parseTop(c *Context) (any, error) {
	res := &TopResult{Processes: []TopProcess{}}
	var cols []string
	summary := false
	for _, l := range insLines(c.Raw) {
		t := l.text
		if strings.TrimSpace(t) == "" {
			continue
		}
		switch {
		case cols == nil && strings.HasPrefix(t, "top - "):
			if summary {
				return nil, Unrecognized("top printed more than one screen")
			}
			summary = true
			if !topFirstLine(c, res, l) {
				c.Unread(l.at)
			}
			continue
		case cols == nil && (strings.HasPrefix(t, "Tasks:") || strings.HasPrefix(t, "Threads:")):
			k := strings.IndexByte(t, ':')
			ps := topPairs(c, l, k+1)
			if ps == nil || res.Tasks != nil {
				c.Unread(l.at)
				continue
			}
			res.Tasks = map[string]int64{}
			for _, p := range ps {
				if !insIsInt(c.Raw[p.vs:p.ve]) {
					continue
				}
				if _, dup := res.Tasks[p.label]; dup {
					continue
				}
				res.Tasks[p.label] = *insInt(c, p.vs, p.ve, "tasks", p.label)
			}
			continue
		case cols == nil && strings.HasPrefix(t, "%Cpu"):
			k := strings.IndexByte(t, ':')
			ps := []topPair(nil)
			if k > 0 {
				ps = topPairs(c, l, k+1)
			}
			if ps == nil {
				c.Unread(l.at)
				continue
			}
			i := len(res.CPUs)
			ne := k
			for ne > 1 && t[ne-1] == ' ' {
				ne--
			}
			cpu := TopCPU{Name: insStr(c, l.at+1, l.at+ne, "cpus", i, "name"), Percent: map[string]float64{}}
			for _, p := range ps {
				if _, dup := cpu.Percent[p.label]; dup {
					continue
				}
				if v := insFloat(c, p.vs, p.ve, "cpus", i, "percent", p.label); v != nil {
					cpu.Percent[p.label] = *v
				}
			}
			res.CPUs = append(res.CPUs, cpu)
			continue
		case cols == nil && len(t) > 4 && topUnit[t[:3]] != 0 && t[3] == ' ':
			unit := topUnit[t[:3]]
			k := strings.IndexByte(t, ':')
			kind := strings.TrimSpace(t[4:max(k, 4)])
			ps := []topPair(nil)
			if k > 0 {
				ps = topPairs(c, l, k+1)
			}
			if ps == nil || (kind != "Mem" && kind != "Swap") {
				c.Unread(l.at)
				continue
			}
			m := map[string]int64{}
			key := "memory"
			if kind == "Swap" {
				key = "swap"
			}
			tr := "parseFloat*" + map[string]string{"KiB": "1024", "MiB": "1048576", "GiB": "1073741824", "TiB": "1099511627776", "PiB": "1125899906842624", "EiB": "1152921504606846976"}[t[:3]]
			for _, p := range ps {
				if _, dup := m[p.label]; dup {
					continue
				}
				if v := insScaled(c, p.vs, p.ve, unit, tr, key, p.label); v != nil {
					m[p.label] = *v
				}
			}
			if kind == "Swap" && res.Swap == nil {
				res.Swap = m
			} else if kind == "Mem" && res.Memory == nil {
				res.Memory = m
			} else {
				c.Unread(l.at)
			}
			continue
		case cols == nil && strings.Contains(t, "PID") && strings.Contains(t, "COMMAND"):
			for _, f := range insFields(l, 0) {
				cols = append(cols, c.Raw[f[0]:f[1]])
			}
			if !insValidKeys(cols) {
				return nil, Unrecognized("top's header is not valid UTF-8")
			}
			for j, h := range cols {
				if slices.Contains(cols[:j], h) {
					return nil, Unrecognized("top's header names %s twice", h)
				}
			}
			continue
		case cols == nil:
			c.Unread(l.at)
			continue
		}
		if c.Full(len(res.Processes)) {
			c.Omit(1)
			continue
		}
		mark := c.rec().mark()
		p, ok := topRow(c, l, cols, len(res.Processes))
		if !ok {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		res.Processes = append(res.Processes, p)
	}
	if !summary && cols == nil {
		return nil, Unrecognized("no top screen was recognized")
	}
	return res, nil
}

// topFirstLine reads "top - 23:07:00 up  2:27,  0 user,  load average: 2.57, 1.73, 2.25".
func topFirstLine(c *Context, res *TopResult, l insLine) bool {
	t := l.text
	up := strings.Index(t, " up ")
	la := strings.Index(t, "load average: ")
	if up < 6 || la < up {
		return false
	}
	if ts, te := lex.TrimSpaceRange(t, 6, up); ts < te {
		res.Time = insStr(c, l.at+ts, l.at+te, "time")
	}
	mid := t[up+4 : la]
	// "2:27,  0 user,  " / "3 days,  2:27,  1 user,  "
	mid = strings.TrimRight(mid, " ,")
	us := strings.LastIndex(mid, ",")
	if us > 0 {
		cnt := strings.Fields(mid[us+1:])
		if len(cnt) == 2 && strings.HasPrefix(cnt[1], "user") && insIsInt(cnt[0]) {
			s := l.at + up + 4 + us + 1 + strings.Index(mid[us+1:], cnt[0])
			res.Users = insInt(c, s, s+len(cnt[0]), "users")
			mid = mid[:us]
		}
	}
	us0 := l.at + up + 4 + len(mid) - len(strings.TrimLeft(mid, " "))
	if u := strings.TrimSpace(mid); u != "" {
		res.Uptime = insStr(c, us0, us0+len(u), "uptime")
	}
	loads := t[la+len("load average: "):]
	base := l.at + la + len("load average: ")
	parts := strings.Split(loads, ",")
	if len(parts) == 3 {
		dst := []**float64{&res.Load1, &res.Load5, &res.Load15}
		names := []string{"load1", "load5", "load15"}
		off := 0
		for k, p := range parts {
			s := base + off + len(p) - len(strings.TrimLeft(p, " "))
			v := strings.TrimSpace(p)
			*dst[k] = insFloat(c, s, s+len(v), names[k])
			off += len(p) + 1
		}
	}
	return true
}

func topRow(c *Context, l insLine, cols []string, i int) (TopProcess, bool) {
	var p TopProcess
	toks := insFields(l, len(cols))
	if len(toks) != len(cols) {
		return p, false
	}
	for j, h := range cols {
		s, e := toks[j][0], toks[j][1]
		v := c.Raw[s:e]
		mem := func(dst **int64, leaf string) bool {
			unit := float64(1 << 10)
			tr := "parseFloat*1024"
			n := len(v)
			if n > 1 {
				if u, ok := map[byte]float64{'m': 1 << 20, 'g': 1 << 30, 't': 1 << 40, 'p': 1 << 50}[v[n-1]]; ok {
					unit, e = u, e-1
					tr = "parseBytes"
				}
			}
			*dst = insScaled(c, s, e, unit, tr, "processes", i, leaf)
			return *dst != nil
		}
		ok := true
		switch h {
		case "PID":
			p.PID = insInt(c, s, e, "processes", i, "pid")
			ok = p.PID != nil
		case "USER":
			p.User = insStr(c, s, e, "processes", i, "user")
		case "PR":
			p.Priority = insStr(c, s, e, "processes", i, "priority")
		case "NI":
			p.Nice = insInt(c, s, e, "processes", i, "nice")
			ok = p.Nice != nil || v == "-"
		case "VIRT":
			ok = mem(&p.VirtBytes, "virt_bytes")
		case "RES":
			ok = mem(&p.ResBytes, "res_bytes")
		case "SHR":
			ok = mem(&p.ShrBytes, "shr_bytes")
		case "S":
			p.State = insStr(c, s, e, "processes", i, "state")
		case "%CPU":
			p.CPUPercent = insFloat(c, s, e, "processes", i, "cpu_percent")
			ok = p.CPUPercent != nil
		case "%MEM":
			p.MemPercent = insFloat(c, s, e, "processes", i, "mem_percent")
			ok = p.MemPercent != nil
		case "TIME+", "TIME":
			p.Time = insStr(c, s, e, "processes", i, "time")
		case "COMMAND":
			p.Command = insStr(c, s, e, "processes", i, "command")
		default:
			if _, dup := p.Other[h]; dup {
				return p, false
			}
			if p.Other == nil {
				p.Other = map[string]string{}
			}
			p.Other[h] = insStr(c, s, e, "processes", i, "other", h)
		}
		if !ok {
			return p, false
		}
	}
	return p, true
}

// CrontabResult is a crontab's entries and variables.
type CrontabResult struct {
	// Variables are the NAME=value lines (MAILTO, PATH, SHELL...).
	Variables []CrontabVar `json:"variables"`
	// Entries are the scheduled commands.
	Entries []CrontabEntry `json:"entries"`
}

// CrontabVar is one environment line.
type CrontabVar struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// CrontabEntry is one schedule line: five time fields or an @keyword, and
// the command (the rest of the line, with cron's % newlines kept).
type CrontabEntry struct {
	// Special is an @reboot, @daily... keyword standing for the time fields.
	Special    string `json:"special,omitempty"`
	Minute     string `json:"minute,omitempty"`
	Hour       string `json:"hour,omitempty"`
	DayOfMonth string `json:"day_of_month,omitempty"`
	Month      string `json:"month,omitempty"`
	DayOfWeek  string `json:"day_of_week,omitempty"`
	Command    string `json:"command"`
}

// crontabFlags: crontab(1) of Debian cron 3.0pl1-162 and cronie 1.7: -l
// lists (required), -u USER names the user; -e, -r, -i edit or remove
// (refused here and by the guard).
var crontabFlags = Flags{"-l": Bool, "-u": Value}

func crontabParsers() []*Parser {
	return []*Parser{{
		ID: "crontab", Command: "crontab", Version: "1", OS: []OS{Linux, Darwin, FreeBSD},
		Format: "crontab -l's lines: NAME=value variables and schedules (five fields or @keyword, then the command); comments skipped",
		Flags:  crontabFlags, MaxPositionals: 0, Result: CrontabResult{}, RowsKey: "entries",
		Examples: [][]string{{"-l"}, {"-l", "-u", "www-data"}},
		// Variable lines are not rows; lines holding "=" are not counted (too few is allowed).
		Table: &TableLines{Skip: []string{"#"}, Contains: []string{"="}},
		Check: func(args []string, _ OS) *ParseError {
			if !hasFlag(args, "-l") {
				return Unsupported([]string{"-l"}, "crontab is read as crontab -l")
			}
			return nil
		},
		Parse: parseCrontab,
	}}
}

// cronSpecials: crontab(5) of Debian cron 3.0pl1 and of FreeBSD 14 (which
// adds @every_minute and @every_second).
var cronSpecials = []string{"@reboot", "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly",
	"@every_minute", "@every_second"}

// cronSeconds reports FreeBSD's "@N": run N seconds after the previous run
// completed (crontab(5) of FreeBSD 14).
func cronSeconds(s string) bool {
	if len(s) < 2 {
		return false
	}
	for _, r := range s[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func parseCrontab(c *Context) (any, error) {
	res := &CrontabResult{Variables: []CrontabVar{}, Entries: []CrontabEntry{}}
	for _, l := range insLines(c.Raw) {
		t := strings.TrimLeft(l.text, " \t")
		if t == "" || t[0] == '#' {
			continue
		}
		off := l.at + len(l.text) - len(t)
		toks := insFields(insLine{t, off}, 6)
		first := c.Raw[toks[0][0]:toks[0][1]]
		// crontab(5) (Vixie cron, hence Debian, FreeBSD, macOS): "name = value",
		// the spaces around the equal sign optional.
		if eq := strings.IndexByte(t, '='); eq > 0 && !strings.ContainsAny(strings.TrimRight(t[:eq], " \t"), " \t") && first[0] != '@' && !strings.ContainsAny(first[:1], "0123456789*") {
			i := len(res.Variables)
			_, ne := lex.TrimSpaceRange(t, 0, eq)
			name := insStr(c, off, off+ne, "variables", i, "name")
			vs, ve := lex.TrimSpaceRange(t, eq+1, len(t))
			res.Variables = append(res.Variables, CrontabVar{Name: name, Value: insStr(c, off+vs, off+ve, "variables", i, "value")})
			continue
		}
		if c.Full(len(res.Entries)) {
			c.Omit(1)
			continue
		}
		i := len(res.Entries)
		var e CrontabEntry
		if first[0] == '@' {
			tk := insFields(insLine{t, off}, 2)
			if len(tk) != 2 || !strings.HasPrefix(strings.ToLower(first), "@") || !containsFold(cronSpecials, first) && !cronSeconds(first) {
				c.Unread(l.at)
				continue
			}
			e.Special = insStr(c, tk[0][0], tk[0][1], "entries", i, "special")
			e.Command = insStr(c, tk[1][0], tk[1][1], "entries", i, "command")
			res.Entries = append(res.Entries, e)
			continue
		}
		if len(toks) != 6 {
			c.Unread(l.at)
			continue
		}
		for k, leaf := range []string{"minute", "hour", "day_of_month", "month", "day_of_week"} {
			v := insStr(c, toks[k][0], toks[k][1], "entries", i, leaf)
			switch k {
			case 0:
				e.Minute = v
			case 1:
				e.Hour = v
			case 2:
				e.DayOfMonth = v
			case 3:
				e.Month = v
			case 4:
				e.DayOfWeek = v
			}
		}
		e.Command = insStr(c, toks[5][0], toks[5][1], "entries", i, "command")
		res.Entries = append(res.Entries, e)
	}
	return res, nil
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
