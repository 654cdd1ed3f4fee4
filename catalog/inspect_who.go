package catalog

import "strings"

// who (GNU coreutils) and mpstat (sysstat): who is logged in, and how busy
// each CPU is. Agents run them before they restart a shared service and
// when a build is slow.

// WhoResult is who's sessions (and -b/-r's boot and run-level lines).
type WhoResult struct {
	Sessions []WhoSession `json:"sessions"`
}

// WhoSession is one line of who.
type WhoSession struct {
	// User is the login name (none on -b/-r lines).
	User string `json:"user,omitempty"`
	// Line is the terminal (pts/0, tty1), or "system boot", "run-level 5".
	Line string `json:"line"`
	// Time is the login time as printed ("2026-12-01 20:00"; "Dec  1 20:00" in other locales).
	Time string `json:"time,omitempty"`
	// Idle is -u's idle time: "." (active in the last minute), "old" (over a day), or HH:MM.
	Idle string `json:"idle,omitempty"`
	// PID is -u's session leader.
	PID *int64 `json:"pid,omitempty"`
	// Comment is the parenthesized remote host or X display, without its parentheses.
	Comment string `json:"comment,omitempty"`
}

// whoFlags: who(1) of GNU coreutils 9.1 (Debian 12; who.c's print_line
// lays out "%-8s %-12s %-16s[ idle][ pid] comment"): -H (header), -u
// (idle, pid), -b (boot time), -r (run level), -m (this terminal),
// --lookup, --ips; -a, -d, -l, -p, -q, -s?, -T (other columns or forms)
// are refused.
var whoFlags = Flags{"-H": Bool, "--heading": Bool, "-u": Bool, "--users": Bool, "-b": Bool, "--boot": Bool,
	"-r": Bool, "--runlevel": Bool, "-m": Bool, "--lookup": Bool, "--ips": Bool, "-s": Bool, "--short": Bool}

func whoParsers() []*Parser {
	return []*Parser{{
		ID: "who", Command: "who", Version: "1", OS: []OS{Linux},
		Format: "GNU who's session lines (-H header, -u idle and pid, -b boot, -r run level); time as printed",
		Flags:  whoFlags, MaxPositionals: 0, Result: WhoResult{}, RowsKey: "sessions",
		Examples: [][]string{{}, {"-H"}, {"-u"}, {"-b"}},
		Table:    &TableLines{Skip: []string{"NAME "}},
		Parse:    parseWho,
	}}
}

// whoTime finds the time words at toks[k:]: "2026-12-01 20:00" or "Dec  1 20:00"; it returns the index after them.
func whoTime(c *Context, toks [][2]int, k int) int {
	w := func(j int) string { return c.Raw[toks[j][0]:toks[j][1]] }
	switch {
	case k+1 < len(toks) && len(w(k)) == 10 && w(k)[4] == '-' && strings.Count(w(k+1), ":") == 1:
		return k + 2
	case k+2 < len(toks) && len(w(k)) == 3 && insIsInt(w(k+1)) && strings.Count(w(k+2), ":") == 1:
		return k + 3
	}
	return -1
}

func parseWho(c *Context) (any, error) {
	res := &WhoResult{Sessions: []WhoSession{}}
	pids := insHasAny(c.Args, "-u", "--users")
	for _, l := range insLines(c.Raw) {
		t := l.text
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "NAME ") {
			continue
		}
		if c.Full(len(res.Sessions)) {
			c.Omit(1)
			continue
		}
		i := len(res.Sessions)
		mark := c.rec().mark()
		toks := insFields(l, 0)
		var s WhoSession
		k := 0
		if t[0] == ' ' && len(toks) >= 2 {
			// "         system boot  2026-12-01 20:39", "         run-level 5  ..."
			s.Line = insStr(c, toks[0][0], toks[1][1], "sessions", i, "line")
			k = 2
		} else if len(toks) >= 2 {
			s.User = insStr(c, toks[0][0], toks[0][1], "sessions", i, "user")
			s.Line = insStr(c, toks[1][0], toks[1][1], "sessions", i, "line")
			k = 2
		}
		te := -1
		if k > 0 {
			te = whoTime(c, toks, k)
		}
		if te < 0 {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		s.Time = insStr(c, toks[k][0], toks[te-1][1], "sessions", i, "time")
		k = te
		if pids && k+1 < len(toks) && insIsInt(c.Raw[toks[k+1][0]:toks[k+1][1]]) {
			s.Idle = insStr(c, toks[k][0], toks[k][1], "sessions", i, "idle")
			s.PID = insInt(c, toks[k+1][0], toks[k+1][1], "sessions", i, "pid")
			k += 2
		} else if pids && k < len(toks) && insIsInt(c.Raw[toks[k][0]:toks[k][1]]) {
			s.PID = insInt(c, toks[k][0], toks[k][1], "sessions", i, "pid") // a boot line's pid, no idle
			k++
		}
		if k < len(toks) {
			cs, ce := toks[k][0], toks[len(toks)-1][1]
			if c.Raw[cs] != '(' || c.Raw[ce-1] != ')' || ce-cs < 3 {
				c.rec().truncate(mark)
				c.Unread(l.at)
				continue
			}
			s.Comment = insStr(c, cs+1, ce-1, "sessions", i, "comment")
		}
		res.Sessions = append(res.Sessions, s)
	}
	if len(res.Sessions) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, insNoRows("who")
	}
	return res, nil
}

// MpstatResult is mpstat's CPU report.
type MpstatResult struct {
	// System is the first line as printed (kernel, host, date, arch, CPU count).
	System string `json:"system,omitempty"`
	// Rows are the report lines, the "Average:" lines last.
	Rows []MpstatRow `json:"rows"`
}

// MpstatRow is one CPU's line of one interval.
type MpstatRow struct {
	// Time is the interval's time as printed (none on an Average line).
	Time string `json:"time,omitempty"`
	// Average marks the "Average:" lines.
	Average bool `json:"average,omitempty"`
	// CPU is "all" or the CPU number.
	CPU string `json:"cpu"`
	// Percent maps each column (usr, nice, sys, iowait, irq, soft, steal, guest, gnice, idle) to its percent.
	Percent map[string]float64 `json:"percent"`
}

// mpstatFlags: mpstat(1) of sysstat 12.6.1 (Debian 12): -u (the CPU
// report, the default), -P LIST|ALL, -T? (topology: refused), interval and
// count positionals; -A, -I, -N, -n print other reports, -o JSON passes
// through.
var mpstatFlags = Flags{"-u": Bool, "-P": Value}

func mpstatParsers() []*Parser {
	return []*Parser{{
		ID: "mpstat", Command: "mpstat", Version: "1", OS: []OS{Linux},
		Format: "sysstat mpstat's CPU report (-u, -P ALL; interval and count, Average lines), columns by their header",
		Flags:  mpstatFlags, MaxPositionals: 2, Result: MpstatResult{}, RowsKey: "rows",
		Examples: [][]string{{}, {"-P", "ALL"}, {"1", "2"}},
		Parse:    parseMpstat,
	}}
}

func parseMpstat(c *Context) (any, error) {
	res := &MpstatResult{Rows: []MpstatRow{}}
	var cols []string // the header's percent columns, without "%"
	first := true
	for _, l := range insLines(c.Raw) {
		t := l.text
		if strings.TrimSpace(t) == "" {
			continue
		}
		if first && strings.Contains(t, "CPU)") {
			res.System = insStr(c, l.at, l.at+len(strings.TrimRight(t, " \t")), "system")
			first = false
			continue
		}
		first = false
		toks := insFields(l, 0)
		// The time is one word ("23:07:00") or two ("11:07:00 PM"); CPU follows.
		k := 1
		if len(toks) > 2 {
			if w := c.Raw[toks[1][0]:toks[1][1]]; w == "AM" || w == "PM" {
				k = 2
			}
		}
		if k >= len(toks) {
			c.Unread(l.at)
			continue
		}
		if c.Raw[toks[k][0]:toks[k][1]] == "CPU" {
			cols = cols[:0]
			for _, f := range toks[k+1:] {
				cols = append(cols, strings.TrimPrefix(c.Raw[f[0]:f[1]], "%"))
			}
			if !insValidKeys(cols) {
				return nil, Unrecognized("mpstat's header is not valid UTF-8")
			}
			continue
		}
		avg := c.Raw[toks[0][0]:toks[0][1]] == "Average:"
		if avg {
			k = 1
		}
		if len(cols) == 0 || len(toks) != k+1+len(cols) {
			c.Unread(l.at)
			continue
		}
		if c.Full(len(res.Rows)) {
			c.Omit(1)
			continue
		}
		i := len(res.Rows)
		mark := c.rec().mark()
		r := MpstatRow{Average: avg, Percent: map[string]float64{}}
		if avg {
			c.spanPath(toks[0][0], toks[0][1], "marker", "rows", i, "average")
		} else {
			r.Time = insStr(c, toks[0][0], toks[k-1][1], "rows", i, "time")
		}
		r.CPU = insStr(c, toks[k][0], toks[k][1], "rows", i, "cpu")
		ok := true
		for j, h := range cols {
			f := toks[k+1+j]
			if _, dup := r.Percent[h]; dup {
				ok = false
				break
			}
			v := insFloat(c, f[0], f[1], "rows", i, "percent", h)
			if v == nil {
				ok = false
				break
			}
			r.Percent[h] = *v
		}
		if !ok {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		res.Rows = append(res.Rows, r)
	}
	if len(res.Rows) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, insNoRows("mpstat")
	}
	return res, nil
}
