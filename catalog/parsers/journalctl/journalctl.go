// Package journalctl reads the output of `journalctl` for the catalog: the parser journalctl.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package journalctl

import (
	"strings"
	"unicode/utf8"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// Span field ids of the system parsers' rows.
var sfHostname = catalog.SpanID("hostname")

var sfIdentifier = catalog.SpanID("identifier")

// JournalResult is the parsed output of `journalctl -o short-iso` (or
// short-iso-precise).
type JournalResult struct {
	Entries []JournalEntry `json:"entries"`
}

// JournalEntry is one log entry. Timestamp is ISO 8601 with the offset as
// "+00:00"; Identifier is the syslog identifier journalctl prints (often,
// not always, the unit's program name); PID is absent when journalctl
// printed none. A message of several lines keeps its line breaks. BootID
// is set for entries after a "-- Boot ID --" marker.
type JournalEntry struct {
	Timestamp  string `json:"timestamp"`
	Hostname   string `json:"hostname,omitempty"`
	Identifier string `json:"identifier,omitempty"`
	PID        *int64 `json:"pid,omitempty"`
	Message    string `json:"message"`
	BootID     string `json:"boot_id,omitempty"`
}

var journalctlParser = &catalog.Parser{
	ID:      "journalctl",
	Command: "journalctl",
	Version: "1",
	OS:      []catalog.OS{catalog.Linux},
	Format:  "journalctl -o short-iso / short-iso-precise lines, continuation lines, -- Boot -- markers",
	// Flags checked against systemd 252 journalctl --help (this machine):
	// the selection options keep the line form; -o other than the
	// short-iso forms, -x (catalog text) and --show-cursor add other
	// lines and are refused.
	Flags: catalog.Flags{
		"-o": catalog.Value, "--output": catalog.Value, "-n": catalog.Value, "--lines": catalog.Value, "-u": catalog.Value, "--unit": catalog.Value,
		"--user-unit": catalog.Value, "-b": catalog.OptionalSeparate, "--boot": catalog.OptionalSeparate, "-k": catalog.Bool, "--dmesg": catalog.Bool, "-r": catalog.Bool, "--reverse": catalog.Bool,
		"-p": catalog.Value, "--priority": catalog.Value, "-S": catalog.Value, "--since": catalog.Value, "-U": catalog.Value, "--until": catalog.Value,
		"-g": catalog.Value, "--grep": catalog.Value, "-t": catalog.Value, "--identifier": catalog.Value, "-T": catalog.Value, "--exclude-identifier": catalog.Value,
		"--facility": catalog.Value, "--utc": catalog.Bool, "--no-hostname": catalog.Bool, "--no-pager": catalog.Bool, "-a": catalog.Bool, "--all": catalog.Bool,
		"-l": catalog.Bool, "--full": catalog.Bool, "--no-full": catalog.Bool, "-q": catalog.Bool, "--quiet": catalog.Bool, "-m": catalog.Bool, "--merge": catalog.Bool,
		"--system": catalog.Bool, "--user": catalog.Bool, "-D": catalog.Value, "--directory": catalog.Value, "--file": catalog.Value,
		"--case-sensitive": catalog.Value, "--cursor": catalog.Value, "--after-cursor": catalog.Value, "--namespace": catalog.Value,
	},
	// -b [[ID][±offset]|all] takes the next argument when it is a boot
	// (journalctl(1); "-b -1" is the boot before this one).
	ValueShapes:    map[string]func(string) bool{"-b": journalBootValue, "--boot": journalBootValue},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-x": {}, "--catalog": {}, "--show-cursor": {}},
	Result:         JournalResult{},
	RowsKey:        "entries",
	Examples:       [][]string{{"-o", "short-iso", "-n", "100", "--no-pager"}, {"-u", "nginx", "-o", "short-iso", "-n", "50"}},
	Parse:          ParseJournal,
}

// journalctlParsers wires the journalctlParser and returns it for the builtin list.
func journalctlParsers() []*catalog.Parser {
	journalctlParser.Check = journalCheck
	return []*catalog.Parser{journalctlParser}
}

// journalCheck requires -o short-iso (or short-iso-precise): the default
// short form leaves out the year and the zone. The hint is the same call
// with every -o (and its value) replaced by -o short-iso, or with one
// added first.
func journalCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	output, given := "", false
	outAt := map[int]bool{}   // arguments holding an -o
	valueAt := map[int]bool{} // their separate values
	for _, it := range argv.Items {
		if it.Flag == "-o" || it.Flag == "--output" {
			output, given = it.Value, true
			outAt[it.Index] = true
			if it.HasValue && !it.Attached {
				valueAt[it.Index+1] = true
			}
		}
	}
	switch output {
	case "short-iso", "short-iso-precise":
		return nil
	}
	var hint []string
	if !given {
		hint = append(hint, "-o", "short-iso")
	}
	for i, a := range argv.Rest() {
		switch {
		case valueAt[i]:
		case !outAt[i]:
			hint = append(hint, a)
		case strings.HasPrefix(a, "--") || strings.HasPrefix(a, "-o"):
			hint = append(hint, "-o", "short-iso")
		default:
			// -o last in a group of short flags ("-ko"): the flags before it kept
			hint = append(hint, a[:strings.IndexByte(a, 'o')], "-o", "short-iso")
		}
	}
	what := "the default short output leaves out the year and the zone"
	if output != "" {
		what = "-o " + output + " is not read"
	}
	return catalog.Unsupported(hint, "journalctl: %s; -o short-iso names both", what)
}

// journalBootValue reports whether a is a value of -b: an offset, a boot ID
// (with an optional offset) or "all".
func journalBootValue(a string) bool {
	if a == "all" {
		return true
	}
	if _, ok := netInt(a); ok {
		return true
	}
	id, _, _ := strings.Cut(a, "+")
	id, _, _ = strings.Cut(id, "-")
	if len(id) != 32 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if !strings.ContainsRune("0123456789abcdef", rune(id[i])) {
			return false
		}
	}
	return true
}

func ParseJournal(c *catalog.Context) (any, error) {
	res := &JournalResult{Entries: make([]JournalEntry, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rs := c.Rows(5)
	it := lex.Lines{Raw: c.Raw}
	read := 0
	boot := ""
	var cur *JournalEntry
	curIdx := -1
	var msgS, msgE, indent int
	multi := false
	dropped := false // the current entry was dropped at max_items
	flush := func() {
		if cur == nil || !c.Recording() {
			return
		}
		if multi {
			c.Span(msgS, msgE, "joinLines", "entries", curIdx, "message")
		} else {
			rs.Field(kit.NfMessage, msgS, msgE, catalog.TrVerbatim)
		}
	}
	noHost := c.Args.Has("--no-hostname")
	for line, start := range it.NonBlankLines() {
		if len(line) >= 6 && strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --") {
			flush()
			cur, dropped = nil, false
			inner := line[3 : len(line)-3]
			switch {
			case strings.HasPrefix(inner, "Boot "):
				boot = inner[5:]
			case inner == "No entries", inner == "Reboot", strings.HasPrefix(inner, "Logs begin at "),
				strings.HasPrefix(inner, "Journal begins at "), strings.HasPrefix(inner, "Journal started at "):
			default:
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		if line[0] == ' ' && (cur != nil || dropped) {
			// A continuation line, indented to the message column.
			if dropped {
				read++
				continue
			}
			n := 0
			for n < len(line) && n < indent && line[n] == ' ' {
				n++
			}
			cur.Message += "\n" + line[n:]
			msgE = start + len(line)
			multi = true
			read++
			continue
		}
		flush()
		cur, dropped = nil, false
		full := c.Full(len(res.Entries))
		var lrs *catalog.SpanRec
		if c.Recording() && !full {
			lrs = rs
		}
		e, ms, ind, ok := journalLine(line, start, noHost, len(res.Entries), lrs)
		if !ok {
			c.Unread(start)
			continue
		}
		read++
		if full {
			c.Omit(1)
			dropped = true
			continue
		}
		e.BootID = boot
		res.Entries = append(res.Entries, e)
		curIdx = len(res.Entries) - 1
		cur = &res.Entries[curIdx]
		msgS, msgE, indent, multi = start+ms, start+len(line), ind, false
		if boot != "" && c.Recording() {
			bs, be, tr := journalBootSpan(c.Raw, start, boot)
			c.Span(bs, be, tr, "entries", curIdx, "boot_id")
		}
	}
	flush()
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as journalctl -o short-iso output")
	}
	if c.Recording() {
		rs.Finish()
	}
	return res, nil
}

// journalBootSpan finds the last "-- Boot ID --" marker before an entry.
func journalBootSpan(raw string, before int, id string) (int, int, string) {
	i := strings.LastIndex(raw[:before], "-- Boot "+id+" --")
	if i < 0 {
		return before, before, "boot"
	}
	return i + 8, i + 8 + len(id), ""
}

// journalLine reads "2026-11-29T22:06:41+0000 web-01 nginx[812]: message".
// It returns the entry, where the message starts and the indentation (in
// columns) of continuation lines.
func journalLine(line string, start int, noHost bool, idx int, rs *catalog.SpanRec) (JournalEntry, int, int, bool) {
	var e JournalEntry
	sp := strings.IndexByte(line, ' ')
	if sp < 0 {
		return e, 0, 0, false
	}
	ts, ok := journalTime(line[:sp])
	if !ok {
		return e, 0, 0, false
	}
	e.Timestamp = ts
	pos := sp + 1
	hs, he := 0, 0
	if !noHost {
		h := strings.IndexByte(line[pos:], ' ')
		if h <= 0 {
			return e, 0, 0, false
		}
		e.Hostname, hs, he = line[pos:pos+h], pos, pos+h
		pos += h + 1
	}
	// "identifier[pid]: " or "identifier: "; the identifier may hold spaces.
	colon := strings.Index(line[pos:], ": ")
	msgAt := pos + colon + 2
	if colon < 0 {
		if !strings.HasSuffix(line, ":") {
			return e, 0, 0, false
		}
		colon, msgAt = len(line)-pos-1, len(line)
	}
	ident := line[pos : pos+colon]
	is, ie := pos, pos+colon
	pidS, pidE := 0, 0
	if strings.HasSuffix(ident, "]") {
		if o := strings.LastIndexByte(ident, '['); o > 0 {
			if n, ok := lex.Atoi(ident[o+1 : len(ident)-1]); ok {
				e.PID = catalog.Intp(n)
				pidS, pidE = pos+o+1, pos+len(ident)-1
				ident, ie = ident[:o], pos+o
			}
		}
	}
	if ident == "" {
		return e, 0, 0, false
	}
	e.Identifier = ident
	e.Message = line[msgAt:]
	if rs != nil {
		rs.Begin(skEntries, idx)
		tr := catalog.TrTimestamp
		if ts == line[:sp] {
			tr = catalog.TrVerbatim
		}
		rs.Field(kit.NfTimestamp, start, start+sp, tr)
		if e.Hostname != "" {
			rs.Field(sfHostname, start+hs, start+he, catalog.TrVerbatim)
		}
		rs.Field(sfIdentifier, start+is, start+ie, catalog.TrVerbatim)
		if e.PID != nil {
			rs.Field(kit.NfPID, start+pidS, start+pidE, catalog.TrParseInt)
		}
	}
	return e, msgAt, utf8.RuneCountInString(line[:msgAt]), true
}

// journalTime normalises "2026-11-29T22:06:40+0000" and
// "2026-11-29T22:06:40.123456+0000" to ISO 8601 with "+00:00".
func journalTime(s string) (string, bool) {
	if len(s) < 24 || s[10] != 'T' {
		return "", false
	}
	z := len(s) - 5
	if s[z] != '+' && s[z] != '-' {
		if s[len(s)-6] == '+' || s[len(s)-6] == '-' {
			z = len(s) - 6 // newer systemd already prints "+00:00"
		} else {
			return "", false
		}
	}
	out := s
	if len(s)-z == 5 {
		out = s[:z+3] + ":" + s[z+3:]
	}
	if _, ok := lex.ParseLayouts(out, nil, "2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05.999999999Z07:00"); !ok {
		return "", false
	}
	return out, true
}

// netInt reads an optionally signed decimal integer.
func netInt(s string) (int64, bool) {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		n, ok := lex.Atoi(s[1:])
		if s[0] == '-' {
			n = -n
		}
		return n, ok
	}
	return lex.Atoi(s)
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return journalctlParsers() }

// The span names of the fields this package records (catalog.SpanID
// interns each name once, whichever package asks first).
var (
	skEntries = catalog.SpanID("entries/*")
)
