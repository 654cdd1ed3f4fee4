// Package who reads the output of `who` for the catalog: the parser who.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package who

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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
var whoFlags = catalog.Flags{"-H": catalog.Bool, "--heading": catalog.Bool, "-u": catalog.Bool, "--users": catalog.Bool, "-b": catalog.Bool, "--boot": catalog.Bool,
	"-r": catalog.Bool, "--runlevel": catalog.Bool, "-m": catalog.Bool, "--lookup": catalog.Bool, "--ips": catalog.Bool, "-s": catalog.Bool, "--short": catalog.Bool}

func whoParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "who", Command: "who", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "GNU who's session lines (-H header, -u idle and pid, -b boot, -r run level); time as printed",
		Flags:  whoFlags, MaxPositionals: 0, Result: WhoResult{}, RowsKey: "sessions",
		Examples: [][]string{{}, {"-H"}, {"-u"}, {"-b"}},
		Table:    &catalog.TableLines{Skip: []string{"NAME "}},
		Parse:    parseWho,
	}}
}

// whoTime finds the time words at toks[k:]: "2026-12-01 20:00" or "Dec  1 20:00"; it returns the index after them.
func whoTime(c *catalog.Context, toks [][2]int, k int) int {
	w := func(j int) string { return c.Raw[toks[j][0]:toks[j][1]] }
	switch {
	case k+1 < len(toks) && len(w(k)) == 10 && w(k)[4] == '-' && strings.Count(w(k+1), ":") == 1:
		return k + 2
	case k+2 < len(toks) && len(w(k)) == 3 && lex.IsInt(w(k+1)) && strings.Count(w(k+2), ":") == 1:
		return k + 3
	}
	return -1
}

func parseWho(c *catalog.Context) (any, error) {
	res := &WhoResult{Sessions: make([]WhoSession, 0, kit.RowCap(c))}
	pids := c.Args.Has("-u", "--users")
	var fb kit.FieldBuf
	for l := range kit.EachLine(c.Raw) {
		t := l.Text
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, "NAME ") {
			continue
		}
		if c.Full(len(res.Sessions)) {
			c.Omit(1)
			continue
		}
		i := len(res.Sessions)
		mark := c.Mark()
		toks := fb.Fields(l, 0)
		var s WhoSession
		k := 0
		if t[0] == ' ' && len(toks) >= 2 {
			// "         system boot  2026-12-01 20:39", "         run-level 5  ..."
			s.Line = kit.Text(c, toks[0][0], toks[1][1], "sessions", i, "line")
			k = 2
		} else if len(toks) >= 2 {
			s.User = kit.Text(c, toks[0][0], toks[0][1], "sessions", i, "user")
			s.Line = kit.Text(c, toks[1][0], toks[1][1], "sessions", i, "line")
			k = 2
		}
		te := -1
		if k > 0 {
			te = whoTime(c, toks, k)
		}
		if te < 0 {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		s.Time = kit.Text(c, toks[k][0], toks[te-1][1], "sessions", i, "time")
		k = te
		if pids && k+1 < len(toks) && lex.IsInt(c.Raw[toks[k+1][0]:toks[k+1][1]]) {
			s.Idle = kit.Text(c, toks[k][0], toks[k][1], "sessions", i, "idle")
			s.PID = kit.Int(c, toks[k+1][0], toks[k+1][1], "sessions", i, "pid")
			k += 2
		} else if pids && k < len(toks) && lex.IsInt(c.Raw[toks[k][0]:toks[k][1]]) {
			s.PID = kit.Int(c, toks[k][0], toks[k][1], "sessions", i, "pid") // a boot line's pid, no idle
			k++
		}
		if k < len(toks) {
			cs, ce := toks[k][0], toks[len(toks)-1][1]
			if c.Raw[cs] != '(' || c.Raw[ce-1] != ')' || ce-cs < 3 {
				c.Truncate(mark)
				c.Unread(l.At)
				continue
			}
			s.Comment = kit.Text(c, cs+1, ce-1, "sessions", i, "comment")
		}
		res.Sessions = append(res.Sessions, s)
	}
	if len(res.Sessions) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, kit.NoRows("who")
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return whoParsers() }
