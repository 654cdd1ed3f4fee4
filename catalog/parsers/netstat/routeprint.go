package netstat

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// RoutePrintResult is Windows `route print` and `netstat -r`, which print
// the same tables: the "Interface List", then the "IPv4 Route Table" and
// the "IPv6 Route Table", each with its "Active Routes:" and "Persistent
// Routes:".
type RoutePrintResult struct {
	// Interfaces are the Interface List's lines by interface index (the
	// IPv6 table's If column).
	Interfaces map[string]RoutePrintInterface `json:"interfaces,omitempty"`
	Routes     []RoutePrintRoute              `json:"routes"`
}

// RoutePrintInterface is one Interface List line: "12...00 15 5d 01 02 03
// ......Microsoft Hyper-V Network Adapter".
type RoutePrintInterface struct {
	// MAC is the hardware address as printed ("00 15 5d 01 02 03"), absent
	// for an interface without one (the loopback).
	MAC         string `json:"mac,omitempty"`
	Description string `json:"description"`
}

// RoutePrintRoute is one route. IPv4 rows give Destination, Netmask,
// Gateway, Interface (the local address) and Metric; IPv6 rows
// InterfaceIndex, Metric, Destination (a prefix, "::1/128") and Gateway.
// Gateway is "On-link" as printed for a route without one.
type RoutePrintRoute struct {
	// Family is "inet" (IPv4 Route Table) or "inet6" (IPv6 Route Table).
	Family string `json:"family"`
	// Persistent: the row is under "Persistent Routes:" (route -p).
	Persistent     bool   `json:"persistent,omitempty"`
	InterfaceIndex *int64 `json:"interface_index,omitempty"`
	Destination    string `json:"destination"`
	Netmask        string `json:"netmask,omitempty"`
	Gateway        string `json:"gateway"`
	Interface      string `json:"interface,omitempty"`
	Metric         *int64 `json:"metric,omitempty"`
	// MetricDefault is a persistent IPv4 route's "Default" metric (added
	// without one: the interface metric applies).
	MetricDefault bool `json:"metric_default,omitempty"`
}

// routePrintTable is which rows the lines under a heading are.
type routePrintTable uint8

const (
	rpNone       routePrintTable = iota
	rpInterfaces                 // Interface List
	rpV4                         // Network Destination Netmask Gateway Interface Metric
	rpV4Persist                  // Network Address Netmask Gateway Address Metric
	rpV6                         // If Metric Network Destination Gateway
)

// routePrintTableLines are the lines of route print that are not routes:
// the "=" rules, titles, headers, "None", the Interface List (its lines
// hold "..."), and the gateway an IPv6 row too long for its column puts
// alone on the next line (Wrapped).
var routePrintTableLines = []string{"=", "Interface List", "IPv4 Route Table", "IPv6 Route Table", "Active Routes:",
	"Persistent Routes:", "Network Destination", "Network Address", "If Metric", "None"}

// routePrintParser reads Windows route print (route /? of Windows 10 and
// 11, the route command reference on learn.microsoft.com): -4 and -6
// print one family's table, an operand filters the destinations
// ("route print 10.*"); the form is the same. It lives beside Windows
// netstat because netstat -r prints the same tables and parsers do not
// import each other's packages.
var routePrintParser = &catalog.Parser{
	ID: "route-print", Command: "route", Subcommand: "print", Version: "1",
	OS:             []catalog.OS{catalog.Windows},
	Format:         "Windows route print: Interface List, IPv4 and IPv6 Route Table (Active and Persistent Routes)",
	Flags:          catalog.Flags{"-4": catalog.Bool, "-6": catalog.Bool},
	MaxPositionals: 1,
	Result:         RoutePrintResult{},
	RowsKey:        "routes",
	Examples:       [][]string{{"print"}, {"print", "-4"}},
	Table:          &catalog.TableLines{Skip: routePrintTableLines, Contains: []string{"..."}, Wrapped: true},
	Parse:          parseRoutePrint,
}

// parseRoutePrint reads the tables by their headings; rows are split at
// blanks (addresses hold none). The Interface List's descriptions hold
// spaces: they run to the end of the line.
func parseRoutePrint(c *catalog.Context) (any, error) {
	res := &RoutePrintResult{Routes: make([]RoutePrintRoute, 0, kit.RowCap(c))}
	family, table, persistent := "", rpNone, false
	var famLine, secLine lex.Line
	known := false
	// pending is an IPv6 row whose gateway went to the next line: its
	// index (-2: a row omitted at MaxItems, whose gateway is skipped),
	// line and span mark; -1 when none.
	pending, pendingAt, pendingMark := -1, 0, 0
	for _, l := range lex.SplitLines(c.Raw) {
		l.Text = lex.TrimCR(l.Text)
		t := strings.TrimSpace(l.Text)
		if t == "" {
			continue
		}
		if pending != -1 {
			if table == rpV6 && !strings.ContainsAny(t, " \t") && strings.Trim(t, "=") != "" {
				if pending >= 0 {
					s, e := lex.TrimSpaceRange(l.Text, 0, len(l.Text))
					res.Routes[pending].Gateway = kit.Text(c, l.At+s, l.At+e, "routes", pending, "gateway")
				}
				pending = -1
				continue
			}
			if pending >= 0 {
				// The gateway never came: the row is incomplete, drop it.
				c.Truncate(pendingMark)
				res.Routes = res.Routes[:pending]
				c.Unread(pendingAt)
			}
			pending = -1
		}
		switch {
		case strings.Trim(t, "=") == "":
			if table == rpInterfaces {
				table = rpNone
			}
			continue
		case t == "Interface List":
			table, known = rpInterfaces, true
			continue
		case t == "IPv4 Route Table" || t == "IPv6 Route Table":
			family, famLine, table, known = "inet", l, rpNone, true
			if t[3] == '6' {
				family = "inet6"
			}
			continue
		case t == "Active Routes:" || t == "Persistent Routes:":
			persistent, secLine, table = t[0] == 'P', l, rpNone
			continue
		case t == "None" && table == rpNone && persistent:
			continue
		case family != "" && strings.Join(strings.Fields(t), " ") == "Network Destination Netmask Gateway Interface Metric":
			table = rpV4
			continue
		case family != "" && strings.Join(strings.Fields(t), " ") == "Network Address Netmask Gateway Address Metric":
			table = rpV4Persist
			continue
		case family != "" && strings.Join(strings.Fields(t), " ") == "If Metric Network Destination Gateway":
			table = rpV6
			continue
		}
		ok := false
		switch table {
		case rpInterfaces:
			ok = routePrintInterface(c, res, l)
		case rpV4, rpV4Persist, rpV6:
			mark, n := c.Mark(), len(res.Routes)
			var wrapped bool
			ok, wrapped = routePrintRow(c, res, table, family, persistent, famLine, secLine, l)
			if wrapped {
				pending, pendingAt, pendingMark = n, l.At, mark
				if len(res.Routes) == n {
					pending = -2 // omitted
				}
			}
		}
		if !ok {
			c.Unread(l.At)
		}
	}
	if pending >= 0 {
		c.Truncate(pendingMark)
		res.Routes = res.Routes[:pending]
		c.Unread(pendingAt)
	}
	if !known && strings.TrimSpace(c.Raw) != "" {
		return nil, catalog.Unrecognized("no \"Interface List\" or \"IPv4 Route Table\" heading was found: the output is not Windows route print's; if it is localized, rerun in an English console (stdout.raw holds the output)")
	}
	return res, nil
}

// routePrintInterface reads " 12...00 15 5d 01 02 03 ......Description":
// the index, "...", the address bytes each followed by a space, dots up
// to the description's column (24 characters after the "...": none after
// an 8-byte tunnel address).
func routePrintInterface(c *catalog.Context, res *RoutePrintResult, l lex.Line) bool {
	line := l.Text
	i := lex.SkipBlanks(line, 0)
	j := i
	for j < len(line) && line[j] >= '0' && line[j] <= '9' {
		j++
	}
	if j == i || !strings.HasPrefix(line[j:], "...") {
		return false
	}
	idx := line[i:j]
	k := j + 3
	macS := k
	for k+3 <= len(line) && lex.IsHexDigit(line[k]) && lex.IsHexDigit(line[k+1]) && line[k+2] == ' ' {
		k += 3
	}
	macE := k - 1
	for k < len(line) && line[k] == '.' {
		k++
	}
	ds, de := lex.TrimSpaceRange(line, k, len(line))
	if ds == de {
		return false
	}
	if _, dup := res.Interfaces[idx]; dup {
		return false // an index twice: never merge two interfaces
	}
	if res.Interfaces == nil {
		res.Interfaces = map[string]RoutePrintInterface{}
	}
	var it RoutePrintInterface
	if macE > macS {
		it.MAC = kit.Text(c, l.At+macS, l.At+macE, "interfaces", idx, "mac")
	}
	it.Description = kit.Text(c, l.At+ds, l.At+de, "interfaces", idx, "description")
	res.Interfaces[idx] = it
	return true
}

// routePrintRow reads one route of table; wrapped says that the row is an
// IPv6 one whose gateway is on the next line (its destination was longer
// than the column).
func routePrintRow(c *catalog.Context, res *RoutePrintResult, table routePrintTable, family string, persistent bool,
	famLine, secLine lex.Line, l lex.Line) (ok, wrapped bool) {
	f := lex.Fields(nil, l.Text, 0)
	cell := func(k int) (int, int) { return l.At + f[k].Start, l.At + f[k].End }
	want := map[routePrintTable]int{rpV4: 5, rpV4Persist: 4, rpV6: 4}[table]
	switch {
	case len(f) == want:
	case table == rpV6 && len(f) == 3:
		wrapped = true
	default:
		return false, false
	}
	if c.Full(len(res.Routes)) {
		c.Omit(1)
		return true, wrapped
	}
	i := len(res.Routes)
	mark := c.Mark()
	r := RoutePrintRoute{Family: family, Persistent: persistent}
	num := func(k int, leaf string) *int64 {
		s, e := cell(k)
		return kit.Int(c, s, e, "routes", i, leaf)
	}
	switch table {
	case rpV4, rpV4Persist:
		s, e := cell(0)
		r.Destination = kit.Text(c, s, e, "routes", i, "destination")
		s, e = cell(1)
		r.Netmask = kit.Text(c, s, e, "routes", i, "netmask")
		s, e = cell(2)
		r.Gateway = kit.Text(c, s, e, "routes", i, "gateway")
		m := 3
		if table == rpV4 {
			s, e = cell(3)
			r.Interface = kit.Text(c, s, e, "routes", i, "interface")
			m = 4
		}
		if s, e = cell(m); table == rpV4Persist && c.Raw[s:e] == "Default" {
			r.MetricDefault = true
			c.Span(s, e, "marker", "routes", i, "metric_default")
		} else if r.Metric = num(m, "metric"); r.Metric == nil {
			c.Truncate(mark)
			return false, false
		}
	case rpV6:
		if r.InterfaceIndex, r.Metric = num(0, "interface_index"), num(1, "metric"); r.InterfaceIndex == nil || r.Metric == nil {
			c.Truncate(mark)
			return false, false
		}
		s, e := cell(2)
		r.Destination = kit.Text(c, s, e, "routes", i, "destination")
		if !wrapped {
			s, e = cell(3)
			r.Gateway = kit.Text(c, s, e, "routes", i, "gateway")
		}
	}
	fs, fe := lex.TrimSpaceRange(famLine.Text, 0, len(famLine.Text))
	c.Span(famLine.At+fs, famLine.At+fe, "section", "routes", i, "family")
	if persistent {
		s := lex.SkipBlanks(secLine.Text, 0)
		c.Span(secLine.At+s, secLine.At+s+len("Persistent Routes:"), "marker", "routes", i, "persistent")
	}
	res.Routes = append(res.Routes, r)
	return true, wrapped
}
