package netstat

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// NetstatRoutes is BSD and macOS `netstat -r`: the "Routing tables", one
// section per address family ("Internet:", "Internet6:"), each with its
// column header and one line per route.
type NetstatRoutes struct {
	// FIB is FreeBSD's routing table number, printed as "Routing tables
	// (fib: N)" when it is not 0.
	FIB    *int64         `json:"fib,omitempty"`
	Routes []NetstatRoute `json:"routes"`
}

// NetstatRoute is one route. Addresses are as printed: "default",
// networks as "10.0.2.0/24" (FreeBSD), "10.0.2/24" (OpenBSD, NetBSD) or
// "192.168.1" (macOS drops a classful mask), link gateways "link#1", MAC
// addresses, IPv6 scopes "fe80::%lo0/64"; without -n (or -W) FreeBSD and
// macOS cut names to the column's width. Which numbers are set follows
// the columns printed: Refs, Use, Mtu and Prio on OpenBSD and NetBSD
// (which prints "-" for Refs and Use: absent), Use and Mtu with FreeBSD
// -W, Expire on FreeBSD and macOS.
type NetstatRoute struct {
	// Family is "inet" under "Internet:", "inet6" under "Internet6:".
	Family      string `json:"family"`
	Destination string `json:"destination"`
	Gateway     string `json:"gateway"`
	// Flags are the route's flag letters as printed (U up, G gateway, H
	// host, S static...; each system has its own list in netstat(1)).
	Flags     string `json:"flags"`
	Refs      *int64 `json:"refs,omitempty"`
	Use       *int64 `json:"use,omitempty"`
	MTU       *int64 `json:"mtu,omitempty"`
	MTULocked bool   `json:"mtu_locked,omitempty"`
	// Priority is OpenBSD's Prio column.
	Priority *int64 `json:"priority,omitempty"`
	// Interface is the Netif (FreeBSD, macOS), Iface (OpenBSD) or
	// Interface (NetBSD) column.
	Interface string `json:"interface"`
	// ExpireSeconds is the time left of an expiring route; Expired is
	// macOS's "!" (its time has passed).
	ExpireSeconds *int64 `json:"expire_seconds,omitempty"`
	Expired       bool   `json:"expired,omitempty"`
	// Other holds the cells of columns not named here, by header, as
	// printed.
	Other map[string]string `json:"other,omitempty"`
}

// bsdRouteLayout is what a "Destination Gateway Flags ..." header says:
// the columns between Flags and the interface (mids), and whether an
// Expire column ends the line.
type bsdRouteLayout struct {
	mids   []string
	expire bool
	// mtuBlank: the Mtu cell is left blank when the route has none
	// (FreeBSD -W prints "%*s" of ""), so a row may have one cell less.
	// OpenBSD and NetBSD print "-" instead.
	mtuBlank bool
}

// bsdRouteHeader reads a header line, or says why it is not one the
// reader knows (FreeBSD route.c pr_rthdr, macOS netstat.tproj route.c
// pr_rthdr, OpenBSD and NetBSD show.c pr_rthdr/p_rthdr).
func bsdRouteHeader(line string) (bsdRouteLayout, bool) {
	w := strings.Fields(line)
	var lay bsdRouteLayout
	if len(w) < 4 || w[0] != "Destination" || w[1] != "Gateway" || w[2] != "Flags" {
		return lay, false
	}
	ifc := slices.IndexFunc(w, func(s string) bool { return s == "Netif" || s == "Iface" || s == "Interface" })
	if ifc < 3 {
		return lay, false
	}
	switch {
	case ifc == len(w)-1:
	case ifc == len(w)-2 && w[len(w)-1] == "Expire":
		lay.expire = true
	default:
		// OpenBSD -v's Label, NetBSD -T's Tag...: columns after the
		// interface are not read.
		return lay, false
	}
	lay.mids = w[3:ifc]
	lay.mtuBlank = slices.Contains(lay.mids, "Mtu") && !slices.Contains(lay.mids, "Refs")
	for j, m := range lay.mids {
		if slices.Contains(lay.mids[:j], m) {
			return lay, false
		}
	}
	return lay, true
}

// routeFlagsWord reports whether s reads as a flags cell: letters and the
// digits of RTF_PROTO1..3, at least one letter (an empty Flags cell would
// shift the next number into it).
func routeFlagsWord(s string) bool {
	letter := false
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z':
			letter = true
		case b >= '0' && b <= '9':
		default:
			return false
		}
	}
	return letter
}

// parseNetstatRoutesBSD reads `netstat -r` of FreeBSD, macOS, OpenBSD and
// NetBSD. Cells are read by the words of the header, split at blanks:
// with -n the address columns are not cut to their width (and FreeBSD
// 14's netlink code shifts the columns after a long destination), so
// offsets would misplace them. Tables of other families (Netgraph,
// Encap, MPLS...) are unread lines, with a warning.
func parseNetstatRoutesBSD(c *catalog.Context) (any, error) {
	res := &NetstatRoutes{Routes: make([]NetstatRoute, 0, kit.RowCap(c))}
	lines := lex.SplitLines(c.Raw)
	k := 0
	for k < len(lines) && lex.IsBlank(lines[k].Text) {
		k++
	}
	if k == len(lines) {
		return res, nil // nothing printed (as the socket listings answer it)
	}
	title := lines[k]
	rest, ok := strings.CutPrefix(strings.TrimRight(title.Text, " "), "Routing tables")
	if !ok {
		return nil, catalog.Unrecognized("netstat -r output does not begin with \"Routing tables\"; if it is localized, rerun under LC_ALL=C (stdout.raw holds the output)")
	}
	if rest != "" {
		// FreeBSD: "Routing tables (fib: 1)".
		n, ok := strings.CutPrefix(rest, " (fib: ")
		if n, ok = strings.CutSuffix(n, ")"); !ok || !lex.IsDigits(n) {
			return nil, catalog.Unrecognized("netstat -r: %q is not a title the parser knows", title.Text)
		}
		s := title.At + len("Routing tables (fib: ")
		res.FIB = kit.Int(c, s, s+len(n), "fib")
	}
	family := "" // "inet", "inet6", "other" (a table not read)
	var famLine lex.Line
	var lay *bsdRouteLayout
	warned := false
	var fields []lex.Field
	for _, l := range lines[k+1:] {
		t := strings.TrimSpace(l.Text)
		if t == "" {
			continue
		}
		// A family title: pr_family's "\n%s:\n" ("Protocol Family 18:"
		// for a family without a name).
		if strings.HasSuffix(t, ":") && (!strings.Contains(t, " ") || strings.HasPrefix(t, "Protocol Family ")) {
			famLine, lay = l, nil
			switch t {
			case "Internet:":
				family = "inet"
			case "Internet6:":
				family = "inet6"
			default:
				family = "other"
				if !warned {
					c.Warn("netstat -r: only the Internet and Internet6 tables are read (" + t + " is not)")
					warned = true
				}
			}
			continue
		}
		if family == "" || family == "other" {
			c.Unread(l.At)
			continue
		}
		if lay == nil {
			h, ok := bsdRouteHeader(l.Text)
			if !ok {
				return nil, catalog.Unrecognized("netstat -r: the header %q of the %s table is not one the parser reads", t, strings.TrimSuffix(famLine.Text, ":"))
			}
			lay = &h
			continue
		}
		fields = lex.Fields(fields[:0], l.Text, 0)
		if !bsdRouteRow(c, res, lay, family, famLine, l, fields) {
			c.Unread(l.At)
		}
	}
	return res, nil
}

// bsdRouteRow reads one route line into res (or counts it omitted at
// MaxItems); false when the line does not read as a row of the header.
func bsdRouteRow(c *catalog.Context, res *NetstatRoutes, lay *bsdRouteLayout, family string, famLine, l lex.Line, f []lex.Field) bool {
	text := l.Text
	cell := func(x lex.Field) string { return text[x.Start:x.End] }
	if len(f) < 4 || !routeFlagsWord(cell(f[2])) {
		return false
	}
	// From the right: [expire] interface; the numbers between Flags and
	// the interface are what is left.
	end := len(f) - 1
	var expire *lex.Field
	if lay.expire && end >= 4 && (lex.IsDigits(cell(f[end])) || cell(f[end]) == "!") {
		expire = &f[end]
		end--
	}
	ifc := f[end]
	if lex.IsDigits(cell(ifc)) {
		return false
	}
	mid := slices.Clone(f[3:end])
	mi := slices.Index(lay.mids, "Mtu")
	// OpenBSD prints an MTU lock as "L" after the Mtu cell and a space
	// ("%5u " then 'L' or ' '); NetBSD glues it ("%6" then 'L').
	var lock *lex.Field
	if mi >= 0 && len(mid) == len(lay.mids)+1 && cell(mid[mi+1]) == "L" {
		lock = &f[3+mi+1]
		mid = slices.Delete(mid, mi+1, mi+2)
	}
	names := lay.mids
	switch {
	case len(mid) == len(names):
	case len(mid) == len(names)-1 && lay.mtuBlank:
		names = slices.Delete(slices.Clone(names), mi, mi+1) // the Mtu cell was blank
	default:
		return false
	}
	if c.Full(len(res.Routes)) {
		c.Omit(1)
		return true
	}
	i := len(res.Routes)
	mark := c.Mark()
	r := NetstatRoute{Family: family}
	c.Span(famLine.At, famLine.At+len(strings.TrimRight(famLine.Text, " ")), "section", "routes", i, "family")
	at := func(x lex.Field) (int, int) { return l.At + x.Start, l.At + x.End }
	s, e := at(f[0])
	r.Destination = kit.Text(c, s, e, "routes", i, "destination")
	s, e = at(f[1])
	r.Gateway = kit.Text(c, s, e, "routes", i, "gateway")
	s, e = at(f[2])
	r.Flags = kit.Text(c, s, e, "routes", i, "flags")
	s, e = at(ifc)
	r.Interface = kit.Text(c, s, e, "routes", i, "interface")
	if lock != nil {
		r.MTULocked = true
		s, e = at(*lock)
		c.Span(s, e, "marker", "routes", i, "mtu_locked")
	}
	for j, name := range names {
		s, e := at(mid[j])
		v := c.Raw[s:e]
		var dst **int64
		leaf := ""
		switch name {
		case "Refs":
			dst, leaf = &r.Refs, "refs"
		case "Use":
			dst, leaf = &r.Use, "use"
		case "Mtu":
			dst, leaf = &r.MTU, "mtu"
			if len(v) > 1 && v[len(v)-1] == 'L' {
				r.MTULocked = true
				c.Span(e-1, e, "marker", "routes", i, "mtu_locked")
				e--
				v = v[:len(v)-1]
			}
		case "Prio":
			dst, leaf = &r.Priority, "priority"
		default:
			if r.Other == nil {
				r.Other = map[string]string{}
			}
			r.Other[name] = kit.Text(c, s, e, "routes", i, "other", name)
			continue
		}
		if v == "-" {
			continue // none (OpenBSD's unset MTU, NetBSD's Refs and Use)
		}
		if *dst = kit.Int(c, s, e, "routes", i, leaf); *dst == nil {
			c.Truncate(mark)
			return false
		}
	}
	if expire != nil {
		s, e := at(*expire)
		if c.Raw[s:e] == "!" {
			r.Expired = true
			c.Span(s, e, "marker", "routes", i, "expired")
		} else {
			r.ExpireSeconds = kit.Int(c, s, e, "routes", i, "expire_seconds")
		}
	}
	res.Routes = append(res.Routes, r)
	return true
}

// netstatBSDRouteCheck refuses the options that change the -r table's
// columns or need a value the reader cannot check: macOS -l (RT_IFA,
// Refs, Use, Mtu, with cells left out when empty), -A and OpenBSD -T
// (other meanings on each system), -p; -f must name inet or inet6.
func netstatBSDRouteCheck(a catalog.Args, _ catalog.OS) *catalog.ParseError {
	if !a.Has("-r") {
		return nil
	}
	for _, f := range []string{"-l", "-A", "-T", "-p", "-j"} {
		if a.Has(f) {
			return catalog.Unsupported([]string{"-rn"}, "netstat -r %s is not read", f)
		}
	}
	if v, ok := a.Value("-f"); ok && v != "inet" && v != "inet6" {
		return catalog.Unsupported([]string{"-rn", "-f", "inet"}, "netstat -r -f %s is not read (inet and inet6 are)", v)
	}
	return nil
}
