// Package w reads the output of `w` for the catalog: the parser w.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package w

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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

var wParser = &catalog.Parser{
	ID:      "w",
	Command: "w",
	Version: "1",
	Format:  "w: uptime line, then USER TTY FROM LOGIN@ IDLE JCPU PCPU WHAT (procps, macOS, FreeBSD)",
	// Flags checked against procps-ng 4.0.2 w --help (this machine),
	// FreeBSD 14 and macOS 14 w(1) (-d -h -i -n). -o (old style) changes
	// the columns: refused; -h drops the header the columns are read from.
	Flags: catalog.Flags{"-h": catalog.Bool, "--no-header": catalog.Bool, "-s": catalog.Bool, "--short": catalog.Bool, "-f": catalog.Bool, "--from": catalog.Bool, "-i": catalog.Bool,
		"--ip-addr": catalog.Bool, "-n": catalog.Bool, "-u": catalog.Bool, "--no-current": catalog.Bool},
	Alternatives:   map[string][]string{"-o": {}, "--old-style": {}},
	MaxPositionals: 1,
	Result:         WResult{},
	RowsKey:        "sessions",
	KeyFields:      []string{"tty"},
	Examples:       [][]string{{}, {"-s"}},
	Parse:          parseW,
}

// wParsers wires the wParser and returns it for the builtin list.
func wParsers() []*catalog.Parser {
	wParser.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		args := argv.Rest()
		if argv.Has("-h", "--no-header") {
			return catalog.Unsupported(wDropH(args), "w -h leaves out the column header the parser reads")
		}
		return nil
	}
	return []*catalog.Parser{wParser}
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

func parseW(c *catalog.Context) (any, error) {
	res := &WResult{Sessions: make([]WSession, 0, kit.RowCap(c))}
	it := lex.Lines{Raw: c.Raw}
	var cols []wCol
	read := 0
	var ws []lex.Word
	for line, start := range it.NonBlankLines() {
		if res.Up == "" && cols == nil && strings.Contains(line, " up ") && strings.Contains(line, "load average") {
			var u kit.UptimeResult
			if kit.UptimeLine(c, &u, line, start) {
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
		if mark := c.Mark(); wRow(c, res, line, start, ws, cols) {
			read++
		} else {
			c.Truncate(mark) // a row given up drops the spans read from it
			c.Unread(start)
		}
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as w output; if it is localized, rerun under LC_ALL=C")
	}
	return res, nil
}

// wRow reads a session. USER and TTY are words; FROM is blank for local
// logins, so it is read between its header and the next one; the time
// columns are words; WHAT runs to the end of the line.
func wRow(c *catalog.Context, res *WResult, line string, start int, ws []lex.Word, cols []wCol) bool {
	var s WSession
	idx := len(res.Sessions)
	mark := c.Mark()
	k := 0 // next word
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
				c.Span(start+fs, start+fe, "", "sessions", idx, "from")
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
		c.Span(start+w.Start, start+ve, "", "sessions", idx, key)
	}
	if k < len(ws) || s.User == "" {
		return false
	}
	if c.Full(idx) {
		c.Truncate(mark)
		c.Omit(1)
		return true
	}
	res.Sessions = append(res.Sessions, s)
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return wParsers() }
