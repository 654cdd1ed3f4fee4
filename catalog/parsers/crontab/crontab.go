// Package crontab reads the output of `crontab` for the catalog: the parser crontab.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package crontab

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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
var crontabFlags = catalog.Flags{"-l": catalog.Bool, "-u": catalog.Value}

func crontabParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "crontab", Command: "crontab", Version: "1", OS: []catalog.OS{catalog.Linux, catalog.Darwin, catalog.FreeBSD},
		Format: "crontab -l's lines: NAME=value variables and schedules (five fields or @keyword, then the command); comments skipped",
		Flags:  crontabFlags, MaxPositionals: 0, Result: CrontabResult{}, RowsKey: "entries",
		Examples: [][]string{{"-l"}, {"-l", "-u", "www-data"}},
		// Variable lines are not rows; lines holding "=" are not counted (too few is allowed).
		Table: &catalog.TableLines{Skip: []string{"#"}, Contains: []string{"="}},
		Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
			if !argv.Has("-l") {
				return catalog.Unsupported([]string{"-l"}, "crontab is read as crontab -l")
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

func parseCrontab(c *catalog.Context) (any, error) {
	res := &CrontabResult{Variables: []CrontabVar{}, Entries: make([]CrontabEntry, 0, kit.RowCap(c))}
	var fb kit.FieldBuf
	for l := range kit.EachLine(c.Raw) {
		t := strings.TrimLeft(l.Text, " \t")
		if t == "" || t[0] == '#' {
			continue
		}
		off := l.At + len(l.Text) - len(t)
		toks := fb.Fields(lex.Line{Text: t, At: off}, 6)
		first := c.Raw[toks[0][0]:toks[0][1]]
		// crontab(5) (Vixie cron, hence Debian, FreeBSD, macOS): "name = value",
		// the spaces around the equal sign optional.
		if eq := strings.IndexByte(t, '='); eq > 0 && !strings.ContainsAny(strings.TrimRight(t[:eq], " \t"), " \t") && first[0] != '@' && !strings.ContainsAny(first[:1], "0123456789*") {
			i := len(res.Variables)
			_, ne := lex.TrimSpaceRange(t, 0, eq)
			name := kit.Text(c, off, off+ne, "variables", i, "name")
			vs, ve := lex.TrimSpaceRange(t, eq+1, len(t))
			res.Variables = append(res.Variables, CrontabVar{Name: name, Value: kit.Text(c, off+vs, off+ve, "variables", i, "value")})
			continue
		}
		if c.Full(len(res.Entries)) {
			c.Omit(1)
			continue
		}
		i := len(res.Entries)
		var e CrontabEntry
		if first[0] == '@' {
			tk := lex.LineFields(lex.Line{Text: t, At: off}, 2)
			if len(tk) != 2 || !strings.HasPrefix(strings.ToLower(first), "@") || !containsFold(cronSpecials, first) && !cronSeconds(first) {
				c.Unread(l.At)
				continue
			}
			e.Special = kit.Text(c, tk[0][0], tk[0][1], "entries", i, "special")
			e.Command = kit.Text(c, tk[1][0], tk[1][1], "entries", i, "command")
			res.Entries = append(res.Entries, e)
			continue
		}
		if len(toks) != 6 {
			c.Unread(l.At)
			continue
		}
		for k, leaf := range []string{"minute", "hour", "day_of_month", "month", "day_of_week"} {
			v := kit.Text(c, toks[k][0], toks[k][1], "entries", i, leaf)
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
		e.Command = kit.Text(c, toks[5][0], toks[5][1], "entries", i, "command")
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

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return crontabParsers() }
