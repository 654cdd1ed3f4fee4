// Package mount reads the output of `mount` for the catalog: the parser mount.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package mount

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// MountResult is the parsed output of `mount` (no arguments, or -l, -t).
type MountResult struct {
	Mounts []MountEntry `json:"mounts"`
}

// MountEntry is one mounted file system. Linux prints "DEV on DIR type
// TYPE (OPTS)"; BSD and macOS "DEV on DIR (TYPE, OPT, OPT)", whose first
// item is the type.
type MountEntry struct {
	Device     string   `json:"device"`
	MountPoint string   `json:"mount_point"`
	Type       string   `json:"type"`
	Options    []string `json:"options"`
	// Label is what mount -l adds in brackets.
	Label string `json:"label,omitempty"`
}

var mountParser = &catalog.Parser{
	ID:      "mount",
	Command: "mount",
	Version: "1",
	Format:  "mount listing: DEV on DIR type TYPE (OPTS) [LABEL] (Linux), DEV on DIR (TYPE, OPTS) (BSD)",
	// Flags checked against util-linux 2.38 mount --help (this machine),
	// FreeBSD 14 and macOS 14 mount(8): only the listing forms (no
	// operand; -l labels, -t types, -v) are read; every other flag mounts.
	Flags:          catalog.Flags{"-l": catalog.Bool, "-t": catalog.Value, "--types": catalog.Value, "-v": catalog.Bool},
	MaxPositionals: 0,
	Result:         MountResult{},
	RowsKey:        "mounts",
	KeyFields:      []string{"mount_point"},
	Examples:       [][]string{{}, {"-t", "ext4"}},
	Parse:          parseMount,
}

// mountParsers wires the mountParser and returns it for the builtin list.
func mountParsers() []*catalog.Parser {
	return []*catalog.Parser{mountParser}
}

func parseMount(c *catalog.Context) (any, error) {
	res := &MountResult{Mounts: make([]MountEntry, 0, kit.RowCap(c))}
	it := lex.Lines{Raw: c.Raw}
	read := 0
	for line, start := range it.NonBlankLines() {
		if mountLine(c, res, line, start) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a mount listing; if it is localized, rerun under LC_ALL=C")
	}
	return res, nil
}

func mountLine(c *catalog.Context, res *MountResult, line string, start int) bool {
	on := strings.Index(line, " on ")
	if on <= 0 {
		return false
	}
	end := len(line)
	var label string
	labelS := 0
	if strings.HasSuffix(line, "]") {
		if o := strings.LastIndex(line, " ["); o > on {
			label, labelS = line[o+2:len(line)-1], o+2
			end = o
		}
	}
	body := line[:end]
	open, opts, optS := -1, "", 0
	if strings.HasSuffix(body, ")") {
		open = strings.LastIndex(body, " (")
	}
	if open >= on+4 {
		opts, optS = body[open+2:len(body)-1], open+2
	} else if c.OS != catalog.Linux && strings.LastIndex(body, " type ") > on {
		// OpenBSD and NetBSD prmount print "DEV on DIR type TYPE" and add
		// " (...)" only when there is an option to show (mount.c: the
		// closing ")" is printed only "if f").
		open = len(body)
	} else {
		return false
	}
	var m MountEntry
	m.Device, m.Label = line[:on], label
	mpS := on + 4
	type sp struct {
		s, e int
	}
	var optSpans []sp
	typeS, typeE := 0, 0
	if t := strings.LastIndex(body[:open], " type "); t >= on+4 {
		// Linux: comma-separated options (no spaces). OpenBSD and NetBSD
		// print the same "type" form but join options with ", " (their
		// prmount), so the blanks after each comma are not part of it.
		m.MountPoint = body[mpS:t]
		m.Type, typeS = body[t+6:open], t+6
		typeE = open
		m.Options = []string{}
		pos := 0
		for _, raw := range strings.Split(opts, ",") {
			lead := len(raw) - len(strings.TrimLeft(raw, " "))
			if o := raw[lead:]; o != "" {
				m.Options = append(m.Options, o)
				optSpans = append(optSpans, sp{optS + pos + lead, optS + pos + len(raw)})
			}
			pos += len(raw) + 1
		}
	} else {
		// BSD: "(apfs, local, journaled soft-updates)"; the type first.
		m.MountPoint = body[mpS:open]
		m.Options = []string{}
		pos := 0
		for k, o := range strings.Split(opts, ", ") {
			if k == 0 {
				m.Type, typeS, typeE = o, optS, optS+len(o)
			} else if o != "" {
				m.Options = append(m.Options, o)
				optSpans = append(optSpans, sp{optS + pos, optS + pos + len(o)})
			}
			pos += len(o) + 2
		}
	}
	if m.MountPoint == "" || m.Type == "" {
		return false
	}
	idx := len(res.Mounts)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Mounts = append(res.Mounts, m)
	if c.Recording() {
		c.Span(start, start+on, "", "mounts", idx, "device")
		c.Span(start+mpS, start+mpS+len(m.MountPoint), "", "mounts", idx, "mount_point")
		c.Span(start+typeS, start+typeE, "", "mounts", idx, "type")
		for k, o := range optSpans {
			c.Span(start+o.s, start+o.e, "", "mounts", idx, "options", k)
		}
		if label != "" {
			c.Span(start+labelS, start+labelS+len(label), "", "mounts", idx, "label")
		}
	}
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return mountParsers() }
