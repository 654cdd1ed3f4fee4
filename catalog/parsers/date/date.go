// Package date reads the output of `date` for the catalog: the parser date.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package date

import (
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// DateResult is the parsed output of `date`: the default form, -u, -R,
// -I (--iso-8601) and --rfc-3339, as one ISO 8601 timestamp.
type DateResult struct {
	// Timestamp is ISO 8601: a date alone for -Idate, otherwise a time with
	// its offset (without one, and a warning, when the zone abbreviation
	// of the default form cannot be resolved).
	Timestamp string `json:"timestamp,omitempty"`
	// TimeZone is the abbreviation the default form prints ("UTC", "CET").
	TimeZone string `json:"time_zone,omitempty"`
}

var dateParser = &catalog.Parser{
	ID:      "date",
	Command: "date",
	Version: "1",
	Format:  "date's default form, -u, -R, -I[FMT]/--iso-8601[=FMT], --rfc-3339=FMT (not +FORMAT)",
	// Flags checked against GNU coreutils 9.1 date --help (this machine),
	// BusyBox 1.35, FreeBSD 14 and macOS 14 date(1) (-u, -R, -I, -r).
	// +FORMAT, -f (a date per line), --debug and -s (sets the clock) are
	// refused.
	Flags: catalog.Flags{
		"-u": catalog.Bool, "--utc": catalog.Bool, "--universal": catalog.Bool, "-R": catalog.Bool, "--rfc-email": catalog.Bool, "--rfc-2822": catalog.Bool,
		"-I": catalog.Optional, "--iso-8601": catalog.Optional, "--rfc-3339": catalog.Value, "-d": catalog.Value, "--date": catalog.Value,
		"-r": catalog.Value, "--reference": catalog.Value,
	},
	MaxPositionals: 1,
	Result:         DateResult{},
	Examples:       [][]string{{"-Iseconds"}, {}, {"-u", "--iso-8601=ns"}},
	Parse:          parseDate,
}

// dateParsers wires the dateParser and returns it for the builtin list.
func dateParsers() []*catalog.Parser {
	dateParser.Check = dateCheck
	return []*catalog.Parser{dateParser}
}

func dateCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	for _, a := range argv.Items {
		switch {
		case a.Flag == "" && strings.HasPrefix(a.Pos, "+"):
			hint := []string{}
			for _, x := range args {
				if x == a.Pos {
					x = "-Iseconds"
				}
				hint = append(hint, x)
			}
			return catalog.Unsupported(hint, "date %s: custom formats are not read; -I prints ISO 8601", a.Pos)
		case a.Flag == "":
			return catalog.Unsupported(nil, "date %s sets the clock", a.Pos)
		case a.Flag == "-I" || a.Flag == "--iso-8601":
			switch a.Value {
			case "", "date", "hours", "minutes", "seconds", "ns":
			default:
				return catalog.Unsupported(nil, "date %s=%s is not an ISO 8601 precision", a.Flag, a.Value)
			}
		case a.Flag == "--rfc-3339":
			switch a.Value {
			case "date", "seconds", "ns":
			default:
				return catalog.Unsupported(nil, "date --rfc-3339=%s is not a known precision", a.Value)
			}
		}
	}
	return nil
}

func parseDate(c *catalog.Context) (any, error) {
	line, start, found := kit.FirstLine(c)
	if !found {
		return &DateResult{}, nil
	}
	res := &DateResult{}
	v := strings.TrimSpace(line)
	vs := start + strings.Index(line, v)
	set := func(ts, tr string) {
		res.Timestamp = ts
		if ts == v {
			tr = ""
		}
		c.Span(vs, vs+len(v), tr, "timestamp")
	}
	// ISO 8601 and RFC 3339 forms: "2026-11-29", "2026-11-29T23+00:00",
	// "2026-11-29T23:49:08,742435119+00:00", "2026-11-29 23:49:08+00:00".
	if len(v) >= 10 && v[4] == '-' && v[7] == '-' {
		if ts, ok := dateISO(v); ok {
			set(ts, "timestamp")
			return res, nil
		}
		return nil, catalog.Unrecognized("date: %q is not an ISO 8601 date", v)
	}
	// -R: "Sun, 29 Nov 2026 23:49:08 +0000".
	if t, err := time.Parse(time.RFC1123Z, v); err == nil {
		set(t.Format(lex.ISOLayout), "timestamp")
		return res, nil
	}
	ts, warn, zone, ok := lex.CTime(v, c.Location)
	if !ok {
		return nil, catalog.Unrecognized("date: %q is not date's default form; if it is localized, rerun under LC_ALL=C", v)
	}
	set(ts, "timestamp")
	res.TimeZone = v[zone.Start:zone.End]
	c.Span(vs+zone.Start, vs+zone.End, "", "time_zone")
	if warn != "" {
		c.Warn("date: " + warn)
	}
	return res, nil
}

// dateISO normalises date's ISO 8601 and RFC 3339 output: a space becomes
// "T", a decimal comma a point, and an offset without minutes gains them.
func dateISO(v string) (string, bool) {
	if len(v) == 10 {
		if _, err := time.Parse("2006-01-02", v); err != nil {
			return "", false
		}
		return v, true
	}
	s := []byte(v)
	if s[10] == ' ' {
		s[10] = 'T'
	}
	for i := range s {
		if s[i] == ',' {
			s[i] = '.'
		}
	}
	out := string(s)
	if _, ok := lex.ParseLayouts(out, nil, "2006-01-02T15Z07:00", "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05Z07:00",
		"2006-01-02T15:04:05.999999999Z07:00"); !ok {
		return "", false
	}
	return out, true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return dateParsers() }
