// Package uptime reads the output of `uptime` for the catalog: the parser uptime.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package uptime

import (
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

var uptimeParser = &catalog.Parser{
	ID:      "uptime",
	Command: "uptime",
	Version: "1",
	Format:  "uptime line: time, up, users, load averages (procps, BusyBox, macOS, FreeBSD); -p's \"up 2 hours, 3 minutes\"; -s's boot time",
	// Flags checked against procps-ng 4.0.2 uptime(1) and uptime.c (this
	// machine: -p/--pretty, -s/--since), BusyBox 1.35 uptime (-s), macOS
	// 14 and FreeBSD 14 uptime(1) (no options).
	Flags:          catalog.Flags{"-p": catalog.Bool, "--pretty": catalog.Bool, "-s": catalog.Bool, "--since": catalog.Bool},
	MaxPositionals: 0,
	Result:         kit.UptimeResult{},
	Examples:       [][]string{{}},
	Parse:          parseUptime,
}

// uptimeParsers wires the uptimeParser and returns it for the builtin list.
func uptimeParsers() []*catalog.Parser {
	return []*catalog.Parser{uptimeParser}
}

func parseUptime(c *catalog.Context) (any, error) {
	it := lex.Lines{Raw: c.Raw}
	res := &kit.UptimeResult{}
	for line, start := range it.NonBlankLines() {
		if it.NonBlank > 1 || !uptimeAny(c, res, line, start) {
			c.Unread(start)
		}
	}
	if it.NonBlank > 0 && res.Up == "" && res.BootedAt == "" {
		return nil, catalog.Unrecognized("no line of the output reads as an uptime line; if it is localized, rerun under LC_ALL=C")
	}
	return res, nil
}

// uptimeAny reads the line in the form the arguments chose.
func uptimeAny(c *catalog.Context, res *kit.UptimeResult, line string, start int) bool {
	for _, a := range c.Args.Items {
		switch a.Flag {
		case "-p", "--pretty":
			return uptimePretty(c, res, line, start)
		case "-s", "--since":
			return uptimeSince(c, res, line, start)
		}
	}
	return kit.UptimeLine(c, res, line, start)
}

// uptimePretty reads procps -p: "up 1 week, 2 days, 3 hours, 4 minutes".
func uptimePretty(c *catalog.Context, res *kit.UptimeResult, line string, start int) bool {
	s, e := lex.TrimSpaceRange(line, 0, len(line))
	if !strings.HasPrefix(line[s:e], "up ") {
		return false
	}
	s += 3
	secs, ok := kit.UptimeSeconds(line[s:e])
	if !ok {
		return false
	}
	res.Up, res.UpSeconds = line[s:e], &secs
	c.Span(start+s, start+e, "", "up")
	c.Span(start+s, start+e, "duration", "up_seconds")
	return true
}

// uptimeSince reads -s: "2026-12-01 20:39:40", local time.
func uptimeSince(c *catalog.Context, res *kit.UptimeResult, line string, start int) bool {
	s, e := lex.TrimSpaceRange(line, 0, len(line))
	loc := c.Location
	if loc == nil {
		loc = time.UTC
	}
	t, err := time.ParseInLocation("2006-01-02 15:04:05", line[s:e], loc)
	if err != nil {
		return false
	}
	res.BootedAt = t.Format("2006-01-02T15:04:05-07:00")
	res.TimeZone = loc.String()
	if res.TimeZone == "Local" || res.TimeZone == "" {
		res.TimeZone, _ = t.Zone()
	}
	c.Span(start+s, start+e, "timestamp", "booted_at")
	c.Span(start+s, start+e, "assumedZone", "time_zone")
	c.Warn("uptime -s prints local time without a zone: booted_at takes the offset of " + res.TimeZone)
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return uptimeParsers() }
