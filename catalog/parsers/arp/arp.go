// Package arp reads the output of `arp` for the catalog: the parser arp.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package arp

import (
	"net/netip"
	"strconv"
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
	// Expire is OpenBSD's Expire column as printed: a time left such as
	// "19m58s" (also read into ExpiresSeconds), "permanent", "static"
	// (both set Permanent) or "expired" (sets Expired).
	Expire string `json:"expire,omitempty"`
	// Type is Windows' Type column as printed: "dynamic" or "static"
	// (static also sets Permanent).
	Type string `json:"type,omitempty"`
	// InterfaceAddress and InterfaceIndex are Windows' "Interface:
	// 192.168.1.10 --- 0x4" line above the entry (the index printed in
	// hexadecimal, given here as a number).
	InterfaceAddress string `json:"interface_address,omitempty"`
	InterfaceIndex   *int64 `json:"interface_index,omitempty"`
	// Other holds the words not read, verbatim, in order (macOS's ifscope).
	Other []string `json:"other,omitempty"`
}

// arpFlags: arp(8) of net-tools 2.10 (Debian 12) for Linux: -a (BSD
// form), -n numeric, -e (table form, the default), -v (adds an "Entries:"
// line), -i IF and -H TYPE filter, -D is a flag of -s (refused by the
// guard); FreeBSD arp(8) and macOS arp(8): -a, -n, -i IF (same "? (ip)
// at mac on if" form); OpenBSD arp(8) -a, -n (its tabular form, read
// with -n: without it the Host column may hold names). -s, -d, -f set or
// delete entries (refused).
var arpFlags = catalog.Flags{"-a": catalog.Bool, "--all": catalog.Bool, "-n": catalog.Bool, "--numeric": catalog.Bool, "-e": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool,
	"-i": catalog.Value, "--device": catalog.Value, "-H": catalog.Value, "--hw-type": catalog.Value, "-t": catalog.Value}

func arpParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "arp", Command: "arp", Version: "1", OS: []catalog.OS{catalog.Linux, catalog.Darwin, catalog.FreeBSD},
		Format: "arp -a's \"name (ip) at mac [type] on if\" lines (net-tools, BusyBox, FreeBSD, macOS), net-tools' Address/HWtype table (arp, arp -n, -e) and OpenBSD's Host/Ethernet Address/Netif/Expire/Flags table (arp -an)",
		Flags:  arpFlags, MaxPositionals: 1, Result: ArpResult{}, RowsKey: "entries",
		Examples: [][]string{{"-a"}, {"-n"}, {"-an"}, {"-a", "-i", "eth0"}},
		Table:    &catalog.TableLines{Skip: []string{"Address ", "Entries:", "arp: in ", "Host "}},
		Parse:    parseArp,
	}, {
		// Windows arp.exe (the arp command reference): -a and -g list the
		// cache by interface, -v adds invalid and loopback entries (same
		// form), -N if_addr lists one interface; an address operand filters.
		// -s and -d change the cache (not listed here: refused).
		ID: "arp-windows", Command: "arp", Version: "1", OS: []catalog.OS{catalog.Windows},
		Format:         "Windows arp -a: \"Interface: ADDR --- 0xN\" blocks of Internet Address/Physical Address/Type rows",
		Flags:          catalog.Flags{"-a": catalog.Bool, "-g": catalog.Bool, "-v": catalog.Bool, "-N": catalog.Value},
		MaxPositionals: 1, Result: ArpResult{}, RowsKey: "entries",
		Examples: [][]string{{"-a"}, {"-a", "-N", "192.168.1.10"}},
		Table:    &catalog.TableLines{Skip: []string{"Interface: ", "Internet Address ", "No ARP Entries Found"}},
		Parse:    parseArp,
	}}
}

func parseArp(c *catalog.Context) (any, error) {
	res := &ArpResult{Entries: make([]ArpEntry, 0, kit.RowCap(c))}
	var cols []lex.Column
	var fb kit.FieldBuf // one buffer for every line's words
	data := 0
	// form is the table the lines under the last header belong to.
	form := arpFormBSD
	var win arpWinIface // Windows: the interface of the current block
	for l := range kit.EachLine(c.Raw) {
		t := strings.TrimSpace(l.Text)
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "Address ") && strings.Contains(t, "HWtype"):
			form = arpFormNetTools
			cols = cols[:0]
			for _, w := range lex.Words(nil, l.Text) {
				cols = append(cols, lex.Column{Header: l.Text[w.Start:w.End], Start: w.Col})
			}
			continue
		case strings.HasPrefix(t, "Host ") && strings.Contains(t, "Ethernet Address") && strings.Contains(t, "Netif"):
			form = arpFormOpenBSD
			continue
		case strings.HasPrefix(t, "Interface: "):
			// A new block: its entries belong to this interface, and an
			// unreadable line leaves them none rather than the last one's.
			form = arpFormWindows
			win = arpWindowsIface(c, l)
			if !win.ok {
				c.Unread(l.At)
			}
			continue
		case form == arpFormWindows && strings.HasPrefix(t, "Internet Address") && strings.Contains(t, "Physical Address"):
			continue
		case t == "No ARP Entries Found.":
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
		switch {
		case strings.Contains(l.Text, ") at "):
			e, ok = arpBSDLine(c, l, fb.Fields(l, 0), len(res.Entries))
		case form == arpFormOpenBSD:
			e, ok = arpOpenBSDLine(c, fb.Fields(l, 0), len(res.Entries))
		case form == arpFormWindows:
			e, ok = arpWindowsLine(c, fb.Fields(l, 0), win, len(res.Entries))
		default:
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

// arpForm is the table the data lines belong to, as the last header said.
type arpForm uint8

const (
	arpFormBSD      arpForm = iota // "? (ip) at mac on if" lines, no header
	arpFormNetTools                // net-tools' Address HWtype HWaddress ... table
	arpFormOpenBSD                 // OpenBSD's Host / Ethernet Address / Netif / Expire / Flags
	arpFormWindows                 // Windows' Internet Address / Physical Address / Type
)

// arpOpenBSDLine reads a row of OpenBSD's arp -a table (usr.sbin/arp/arp.c
// print_entry: "%-36.36s %-17.17s %7.7s %-10.10s %s": host, link-layer
// address or "(incomplete)", interface, expiry, flags "l" local and "p"
// published). Without -n the host column may hold a name instead of the
// address: such a row is not read (there is no address to give).
func arpOpenBSDLine(c *catalog.Context, toks [][2]int, i int) (ArpEntry, bool) {
	var e ArpEntry
	if len(toks) != 4 && len(toks) != 5 {
		return e, false
	}
	word := func(k int) string { return c.Raw[toks[k][0]:toks[k][1]] }
	if _, err := netip.ParseAddr(word(0)); err != nil {
		return e, false
	}
	e.Address = kit.Text(c, toks[0][0], toks[0][1], "entries", i, "address")
	if word(1) == "(incomplete)" {
		e.Incomplete = true
		c.Span(toks[1][0], toks[1][1], "marker", "entries", i, "incomplete")
	} else {
		e.MAC = kit.Text(c, toks[1][0], toks[1][1], "entries", i, "mac")
	}
	e.Interface = kit.Text(c, toks[2][0], toks[2][1], "entries", i, "interface")
	e.Expire = kit.Text(c, toks[3][0], toks[3][1], "entries", i, "expire")
	es, ee := toks[3][0], toks[3][1]
	switch exp := word(3); exp {
	case "permanent", "static":
		e.Permanent = true
		c.Span(es, ee, "marker", "entries", i, "permanent")
	case "expired":
		e.Expired = true
		c.Span(es, ee, "marker", "entries", i, "expired")
	default:
		n, ok := arpSec2Str(exp)
		if !ok {
			return e, false
		}
		e.ExpiresSeconds = &n
		c.Span(es, ee, "parseDuration", "entries", i, "expires_seconds")
	}
	if len(toks) == 5 {
		fl := word(4)
		if strings.Trim(fl, "lp") != "" {
			return e, false
		}
		e.Flags = kit.Text(c, toks[4][0], toks[4][1], "entries", i, "flags")
		if strings.Contains(fl, "p") {
			e.Published = true
			c.Span(toks[4][0], toks[4][1], "marker", "entries", i, "published")
		}
	}
	return e, true
}

// arpSec2Str reads OpenBSD arp.c's sec2str: [Nd][Nh][Nm]Ns, such as
// "19m58s" or "1h0m3s". The column is cut at 10 characters, so a long
// time loses its end ("1d23h59m59"): no final "s", not read.
func arpSec2Str(s string) (int64, bool) {
	if !strings.HasSuffix(s, "s") {
		return 0, false
	}
	var total, n int64
	digits := false
	for k := 0; k < len(s); k++ {
		ch := s[k]
		if ch >= '0' && ch <= '9' {
			n = n*10 + int64(ch-'0')
			digits = true
			if n > 1<<40 {
				return 0, false
			}
			continue
		}
		mult := map[byte]int64{'d': 86400, 'h': 3600, 'm': 60, 's': 1}[ch]
		if mult == 0 || !digits {
			return 0, false
		}
		total += n * mult
		n, digits = 0, false
	}
	return total, true
}

// arpWinIface is Windows arp's "Interface: 192.168.1.10 --- 0x4" line.
type arpWinIface struct {
	addr  string
	as    int // the address's offset in c.Raw
	index int64
	is    int // the index's offset in c.Raw ("0x" excluded)
	ie    int
	ok    bool
}

func arpWindowsIface(c *catalog.Context, l lex.Line) arpWinIface {
	var w arpWinIface
	f := lex.Fields(nil, l.Text, 0)
	if len(f) != 4 || l.Text[f[2].Start:f[2].End] != "---" {
		return w
	}
	w.addr, w.as = l.Text[f[1].Start:f[1].End], l.At+f[1].Start
	if _, err := netip.ParseAddr(w.addr); err != nil {
		return w
	}
	hex, ok := strings.CutPrefix(l.Text[f[3].Start:f[3].End], "0x")
	if !ok || !lex.IsHex(hex) || len(hex) > 8 {
		return w
	}
	v, err := strconv.ParseInt(hex, 16, 64)
	if err != nil {
		return w
	}
	w.index, w.is, w.ie, w.ok = v, l.At+f[3].Start+2, l.At+f[3].End, true
	return w
}

// arpWindowsLine reads "  192.168.1.1           a0-b1-c2-d3-e4-f5     dynamic"
// under the interface line it belongs to.
func arpWindowsLine(c *catalog.Context, toks [][2]int, w arpWinIface, i int) (ArpEntry, bool) {
	var e ArpEntry
	if !w.ok || len(toks) != 3 {
		return e, false
	}
	if _, err := netip.ParseAddr(c.Raw[toks[0][0]:toks[0][1]]); err != nil {
		return e, false
	}
	typ := c.Raw[toks[2][0]:toks[2][1]]
	if typ != "dynamic" && typ != "static" && typ != "invalid" {
		return e, false
	}
	e.Address = kit.Text(c, toks[0][0], toks[0][1], "entries", i, "address")
	e.MAC = kit.Text(c, toks[1][0], toks[1][1], "entries", i, "mac")
	e.Type = kit.Text(c, toks[2][0], toks[2][1], "entries", i, "type")
	if typ == "static" {
		e.Permanent = true
		c.Span(toks[2][0], toks[2][1], "marker", "entries", i, "permanent")
	}
	e.InterfaceAddress = kit.Text(c, w.as, w.as+len(w.addr), "entries", i, "interface_address")
	e.InterfaceIndex = catalog.Intp(w.index)
	c.Span(w.is, w.ie, "parseHex", "entries", i, "interface_index")
	return e, true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return arpParsers() }
