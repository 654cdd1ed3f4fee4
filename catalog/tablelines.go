package catalog

import (
	"strings"
)

// TableLines describes the lines of a table parser's output that are not
// rows, so that every other non-blank line (a data line) can be accounted
// for: rows, unread lines and rows omitted at MaxItems together must be at
// least the data lines, or the parser lost rows silently (the engine then
// answers unrecognized_output). The description may count too few data
// lines (a table without its header), never too many.
type TableLines struct {
	// Headers is the number of leading non-blank lines that are headers.
	Headers int
	// Skip lists prefixes (after leading blanks) of lines that are not
	// rows wherever they appear: repeated headers, section titles,
	// summaries ("total 12" in ls -l).
	Skip []string
	// Contains lists texts whose lines are not rows wherever they are in
	// the line (w's uptime line, which begins with the time).
	Contains []string
	// RepeatedHeader skips later lines equal to the first header line
	// (BSD ps -h prints one per page).
	RepeatedHeader bool
	// Headings skips lines ending in ":" (ls's "dir:" before each listing).
	Headings bool
	// Wrapped: a data line of a single field is the start of a row that
	// goes on on the next line (df and docker images put a long name alone
	// on its line), so it is not counted.
	Wrapped bool
	// Continued: a line that begins with a tab goes on with the row above
	// (ss -i and -m print their details so), so it is not counted.
	Continued bool
}

// DataLines counts raw's data lines under p.Table; ok is false when the
// parser declares no table.
func (p *Parser) DataLines(raw string) (n int, ok bool) {
	t := p.Table
	if t == nil {
		return 0, false
	}
	headers := t.Headers
	first := ""
	for line := range strings.Lines(raw) {
		line = strings.TrimRight(line, "\r\n")
		s := strings.TrimLeft(line, " \t")
		switch {
		case strings.TrimSpace(s) == "":
		case t.Continued && strings.HasPrefix(line, "\t"):
		case headers > 0:
			if headers == t.Headers {
				first = strings.TrimRight(line, " ")
			}
			headers--
		case t.RepeatedHeader && strings.TrimRight(line, " ") == first:
		case t.Headings && strings.HasSuffix(s, ":"):
		case hasAnyPrefix(s, t.Skip) || hasAny(s, t.Contains):
		case t.Wrapped && !strings.ContainsAny(strings.TrimSpace(s), " \t"):
		default:
			n++
		}
	}
	return n, true
}

func hasAny(s string, texts []string) bool {
	for _, t := range texts {
		if strings.Contains(s, t) {
			return true
		}
	}
	return false
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// builtinTables declares, per built-in table parser, which lines are not
// rows. Each was written from the command's documented output form.
var builtinTables = map[string]*TableLines{
	// procps and BSD ps: one header line, one line per process.
	"ps": {Headers: 1, RepeatedHeader: true},
	// GNU, BSD and BusyBox df: one header line, one line per file system
	// (a long name alone on its line, the rest on the next), --total's
	// summary line.
	"df": {Headers: 1, Skip: []string{"total "}, Wrapped: true},
	// net-tools netstat: "Active ..." titles and "Proto ..." headers per
	// table, one line per socket; UNIX sockets ("unix  2 [ ACC ] ...")
	// are rows of unix_sockets, not of connections.
	"netstat": {Skip: []string{"Active ", "Proto ", "unix "}},
	// BSD and Windows netstat declare their own (package netstat: the
	// routing tables' lines with the sockets').
	// lsof: one header line, one line per open file.
	"lsof": {Headers: 1},
	// ss: one header line (none with -H), one line per socket, -i's and
	// -m's details on a tab-indented line under it.
	"ss": {Headers: 1, Continued: true},
	// docker ps: a header line (none with -q or --format).
	"docker-ps": {Headers: 1},
	// docker images: the REPOSITORY (or, since 28, IMAGE) header, the new
	// table's legend line, and long names alone on their line.
	"docker-images": {Skip: []string{"REPOSITORY ", "IMAGE ", "i Info"}, Wrapped: true},
	// kubectl get: a NAME (NAMESPACE with -A, LAST SEEN for events)
	// header per resource type.
	"kubectl-get": {Skip: []string{"NAME ", "NAMESPACE ", "LAST SEEN "}},
	// ls: "total N" before each long listing, "dir:" before each
	// directory's listing when there are several.
	"ls": {Skip: []string{"total "}, Headings: true},
	// procps, BusyBox and BSD w: the uptime line (none with -h), the
	// USER header (none with -h), one line per session.
	"w": {Skip: []string{"USER "}, Contains: []string{"load average"}},
}

// WithTables adds the table declarations to the built-in parsers.
func WithTables(ps []*Parser) []*Parser {
	for _, p := range ps {
		if t, ok := builtinTables[p.ID]; ok && p.Table == nil {
			p.Table = t
		}
	}
	return ps
}
