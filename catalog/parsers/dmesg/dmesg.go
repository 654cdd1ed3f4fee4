// Package dmesg reads the output of `dmesg` for the catalog: the parser dmesg.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package dmesg

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// DmesgResult is the kernel ring buffer as dmesg prints it.
type DmesgResult struct {
	Messages []DmesgMessage `json:"messages"`
}

// DmesgMessage is one line of the buffer.
type DmesgMessage struct {
	// Facility is -x's facility (kern, user, daemon...).
	Facility string `json:"facility,omitempty"`
	// Level is -x's level (emerg ... debug).
	Level string `json:"level,omitempty"`
	// Seconds is the time since boot of the default "[    1.234567]" stamp.
	Seconds *float64 `json:"seconds,omitempty"`
	// Time is -T's human time, as printed ("Tue Dec  1 20:40:00 2026").
	Time string `json:"time,omitempty"`
	// Message is the text.
	Message string `json:"message"`
}

// dmesgFlags: dmesg(1) of util-linux 2.38.1 (Debian 12): -t (no stamps),
// -T (human time), -x (facility:level prefix), -k (kernel only), -l LIST
// and -f LIST (filters), -L/--color=never and -r? (no: -r prints raw
// <level> prefixes, refused), --time-format ctime|notime|raw? (only the
// forms above). -w/-W follow (unbounded), -c/-C clear the buffer, -n sets
// the console level, -D/-E toggle console output: the guard refuses
// those; -H (pager, relative times), -e (reltime), -J (JSON) are refused
// here.
var dmesgFlags = catalog.Flags{"-t": catalog.Bool, "--notime": catalog.Bool, "-T": catalog.Bool, "--ctime": catalog.Bool, "-x": catalog.Bool, "--decode": catalog.Bool,
	"-k": catalog.Bool, "--kernel": catalog.Bool, "-u": catalog.Bool, "--userspace": catalog.Bool, "-l": catalog.Value, "--level": catalog.Value, "-f": catalog.Value,
	"--facility": catalog.Value, "-L": catalog.Bool, "--color": catalog.Optional, "-P": catalog.Bool, "--nopager": catalog.Bool}

func dmesgParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "dmesg", Command: "dmesg", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "util-linux dmesg lines: [seconds] stamps, -T human times, -t none, -x facility:level prefixes",
		Flags:  dmesgFlags, MaxPositionals: 0, Result: DmesgResult{}, RowsKey: "messages",
		Examples: [][]string{{}, {"-T"}, {"-x", "-l", "err,warn"}, {"-t"}},
		Table:    &catalog.TableLines{},
		Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
			for _, a := range argv.Items {
				if a.Flag == "--color" && a.HasValue && a.Value != "never" {
					return catalog.Unsupported(nil, "dmesg --color=%s colors the output", a.Value)
				}
			}
			return nil
		},
		Parse: parseDmesg,
	}}
}

func parseDmesg(c *catalog.Context) (any, error) {
	res := &DmesgResult{Messages: make([]DmesgMessage, 0, kit.RowCap(c))}
	decode := c.Args.Has("-x", "--decode")
	human := c.Args.Has("-T", "--ctime")
	notime := c.Args.Has("-t", "--notime")
	for l := range kit.EachLine(c.Raw) {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		if c.Full(len(res.Messages)) {
			c.Omit(1)
			continue
		}
		i := len(res.Messages)
		var m DmesgMessage
		mark := c.Mark()
		p := 0 // offset in the line
		t := l.Text
		if decode {
			// "kern  :info  : " (facility padded to 6, level to 6)
			f1 := strings.IndexByte(t, ':')
			if f1 <= 0 {
				c.Unread(l.At)
				continue
			}
			f2 := strings.IndexByte(t[f1+1:], ':')
			if f2 < 0 {
				c.Unread(l.At)
				continue
			}
			f2 += f1 + 1
			fs, fe := lex.TrimSpaceRange(t, 0, f1)
			ls, le := lex.TrimSpaceRange(t, f1+1, f2)
			if fs == fe || ls == le || strings.ContainsAny(t[fs:fe], " \t") || strings.ContainsAny(t[ls:le], " \t") {
				c.Unread(l.At)
				continue
			}
			m.Facility = kit.Text(c, l.At+fs, l.At+fe, "messages", i, "facility")
			m.Level = kit.Text(c, l.At+ls, l.At+le, "messages", i, "level")
			p = f2 + 1
			if p < len(t) && t[p] == ' ' {
				p++
			}
		}
		if !notime && p < len(t) && t[p] == '[' {
			end := strings.IndexByte(t[p:], ']')
			if end < 0 {
				c.Truncate(mark)
				c.Unread(l.At)
				continue
			}
			end += p
			ss, se := lex.TrimSpaceRange(t, p+1, end)
			if ss == se {
				c.Truncate(mark)
				c.Unread(l.At)
				continue
			}
			if human {
				m.Time = kit.Text(c, l.At+ss, l.At+se, "messages", i, "time")
			} else if m.Seconds = kit.Float(c, l.At+ss, l.At+se, "messages", i, "seconds"); m.Seconds == nil {
				c.Truncate(mark)
				c.Unread(l.At)
				continue
			}
			p = end + 1
			if p < len(t) && t[p] == ' ' {
				p++
			}
		}
		m.Message = kit.Text(c, l.At+p, l.At+len(t), "messages", i, "message")
		res.Messages = append(res.Messages, m)
	}
	if len(res.Messages) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, kit.NoRows("dmesg")
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return dmesgParsers() }
