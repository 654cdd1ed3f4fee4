// Package arp reads the output of `arp` for the catalog: the parser arp.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package arp

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// ArpResult is arp's neighbour cache.
type ArpResult struct {
	Entries []ArpEntry `json:"entries"`
}

// ArpEntry is one cached neighbour.
type ArpEntry struct {
	// Name is the host name, "?" when not resolved (the -a form only).
	Name string `json:"name,omitempty"`
	// Address is the IP address.
	Address string `json:"address"`
	// MAC is the hardware address; none while incomplete.
	MAC string `json:"mac,omitempty"`
	// HWType is the hardware type (ether, ethernet).
	HWType string `json:"hw_type,omitempty"`
	// Interface is the interface.
	Interface string `json:"interface,omitempty"`
	// Flags are net-tools' table flag letters (C complete, M permanent, P published).
	Flags string `json:"flags,omitempty"`
	// Mask is net-tools' table Mask column (proxy entries).
	Mask string `json:"mask,omitempty"`
	// Incomplete: no answer yet (<incomplete>, (incomplete)).
	Incomplete bool `json:"incomplete,omitempty"`
	// Permanent: a static entry (PERM, permanent).
	Permanent bool `json:"permanent,omitempty"`
	// Published: a proxy-ARP entry (PUB, published).
	Published bool `json:"published,omitempty"`
	// IfScope is macOS's ifscope: the entry is scoped to its interface.
	IfScope bool `json:"ifscope,omitempty"`
	// Expired is FreeBSD's "expired".
	Expired bool `json:"expired,omitempty"`
	// ExpiresSeconds is BSD's "expires in N seconds".
	ExpiresSeconds *int64 `json:"expires_seconds,omitempty"`
	// Other holds the words not read, verbatim, in order (macOS's ifscope).
	Other []string `json:"other,omitempty"`
}

// arpFlags: arp(8) of net-tools 2.10 (Debian 12) for Linux: -a (BSD
// form), -n numeric, -e (table form, the default), -v (adds an "Entries:"
// line), -i IF and -H TYPE filter, -D is a flag of -s (refused by the
// guard); FreeBSD arp(8) and macOS arp(8): -a, -n, -i IF (same "? (ip)
// at mac on if" form). -s, -d, -f set or delete entries (refused).
var arpFlags = catalog.Flags{"-a": catalog.Bool, "--all": catalog.Bool, "-n": catalog.Bool, "--numeric": catalog.Bool, "-e": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool,
	"-i": catalog.Value, "--device": catalog.Value, "-H": catalog.Value, "--hw-type": catalog.Value, "-t": catalog.Value}

func arpParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "arp", Command: "arp", Version: "1", OS: []catalog.OS{catalog.Linux, catalog.Darwin, catalog.FreeBSD},
		Format: "arp -a's \"name (ip) at mac [type] on if\" lines (net-tools, FreeBSD, macOS) and net-tools' Address/HWtype table (arp, arp -n, -e)",
		Flags:  arpFlags, MaxPositionals: 1, Result: ArpResult{}, RowsKey: "entries",
		Examples: [][]string{{"-a"}, {"-n"}, {"-an"}, {"-a", "-i", "eth0"}},
		Table:    &catalog.TableLines{Skip: []string{"Address ", "Entries:", "arp: in "}},
		Parse:    parseArp,
	}}
}

func parseArp(c *catalog.Context) (any, error) {
	res := &ArpResult{Entries: make([]ArpEntry, 0, kit.RowCap(c))}
	var cols []lex.Column
	var fb kit.FieldBuf // one buffer for every line's words
	data := 0
	for l := range kit.EachLine(c.Raw) {
		t := strings.TrimSpace(l.Text)
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "Address ") && strings.Contains(t, "HWtype"):
			cols = cols[:0]
			for _, w := range lex.Words(nil, l.Text) {
				cols = append(cols, lex.Column{Header: l.Text[w.Start:w.End], Start: w.Col})
			}
			continue
		case strings.HasPrefix(t, "Entries:"), strings.HasPrefix(t, "arp: in "), strings.HasSuffix(t, "-- no entry"):
			continue
		}
		data++
		if c.Full(len(res.Entries)) {
			c.Omit(1)
			continue
		}
		mark := c.Mark()
		var e ArpEntry
		var ok bool
		if strings.Contains(l.Text, ") at ") {
			e, ok = arpBSDLine(c, l, fb.Fields(l, 0), len(res.Entries))
		} else {
			e, ok = arpTableLine(c, l, fb.Fields(l, 0), cols, len(res.Entries))
		}
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		res.Entries = append(res.Entries, e)
	}
	if data > 0 && len(res.Entries) == 0 && c.Omitted() == 0 {
		return nil, kit.NoRows("arp")
	}
	return res, nil
}

// arpBSDLine reads "name (ip) at mac [type] on if [PERM|PUB]" and BSD's
// "... on if [ifscope] [permanent] [published] [expires in N seconds] [type]".
// toks are l's words as offsets in c.Raw.
func arpBSDLine(c *catalog.Context, l lex.Line, toks [][2]int, i int) (ArpEntry, bool) {
	var e ArpEntry
	if len(toks) < 4 || c.Raw[toks[2][0]:toks[2][1]] != "at" {
		return e, false
	}
	a := c.Raw[toks[1][0]:toks[1][1]]
	if len(a) < 3 || a[0] != '(' || a[len(a)-1] != ')' {
		return e, false
	}
	e.Name = kit.Text(c, toks[0][0], toks[0][1], "entries", i, "name")
	e.Address = kit.Text(c, toks[1][0]+1, toks[1][1]-1, "entries", i, "address")
	ms, me := toks[3][0], toks[3][1]
	if m := c.Raw[ms:me]; m == "<incomplete>" || m == "(incomplete)" {
		e.Incomplete = true
		c.Span(ms, me, "marker", "entries", i, "incomplete")
	} else {
		e.MAC = kit.Text(c, ms, me, "entries", i, "mac")
	}
	for j := 4; j < len(toks); j++ {
		s, en := toks[j][0], toks[j][1]
		w := c.Raw[s:en]
		switch {
		case w == "on" && j+1 < len(toks) && e.Interface == "":
			j++
			e.Interface = kit.Text(c, toks[j][0], toks[j][1], "entries", i, "interface")
		case len(w) > 2 && w[0] == '[' && w[len(w)-1] == ']' && e.HWType == "":
			e.HWType = kit.Text(c, s+1, en-1, "entries", i, "hw_type")
		case w == "PERM" || w == "permanent":
			e.Permanent = true
			c.Span(s, en, "marker", "entries", i, "permanent")
		case w == "ifscope":
			e.IfScope = true
			c.Span(s, en, "marker", "entries", i, "ifscope")
		case w == "expired":
			e.Expired = true
			c.Span(s, en, "marker", "entries", i, "expired")
		case w == "PUB" || w == "published":
			e.Published = true
			c.Span(s, en, "marker", "entries", i, "published")
		case w == "expires" && j+3 < len(toks) && c.Raw[toks[j+1][0]:toks[j+1][1]] == "in" && lex.IsInt(c.Raw[toks[j+2][0]:toks[j+2][1]]):
			e.ExpiresSeconds = kit.Int(c, toks[j+2][0], toks[j+2][1], "entries", i, "expires_seconds")
			j += 3
		default:
			c.Span(s, en, "", "entries", i, "other", len(e.Other))
			e.Other = append(e.Other, w)
		}
	}
	return e, true
}

// arpTableLine reads a row of net-tools' table by its header's columns.
func arpTableLine(c *catalog.Context, l lex.Line, toks [][2]int, cols []lex.Column, i int) (ArpEntry, bool) {
	var e ArpEntry
	if len(cols) == 0 || len(toks) < 2 {
		return e, false
	}
	if strings.Contains(l.Text, "(incomplete)") && len(toks) == 3 {
		e.Address = kit.Text(c, toks[0][0], toks[0][1], "entries", i, "address")
		e.Incomplete = true
		c.Span(toks[1][0], toks[1][1], "marker", "entries", i, "incomplete")
		e.Interface = kit.Text(c, toks[2][0], toks[2][1], "entries", i, "interface")
		return e, true
	}
	cells, ok := lex.Cells(l.Text, cols, nil)
	if !ok {
		return e, false
	}
	for j, col := range cols {
		s, en := l.At+cells[j][0], l.At+cells[j][1]
		if s == en {
			continue
		}
		switch col.Header {
		case "Address":
			e.Address = kit.Text(c, s, en, "entries", i, "address")
		case "HWtype":
			e.HWType = kit.Text(c, s, en, "entries", i, "hw_type")
		case "HWaddress":
			e.MAC = kit.Text(c, s, en, "entries", i, "mac")
		case "Flags":
			e.Flags = kit.Text(c, s, en, "entries", i, "flags")
		case "Mask":
			e.Mask = kit.Text(c, s, en, "entries", i, "mask")
		case "Iface":
			e.Interface = kit.Text(c, s, en, "entries", i, "interface")
		default:
			return e, false
		}
	}
	return e, e.Address != ""
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return arpParsers() }
