package catalog

import (
	"slices"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog/internal/lex"
)

// Network inspection: iproute2 ip route and ip neigh, net-tools route and
// arp (Linux), BSD/macOS arp -a. Agents run them to find the default
// gateway, the interface a destination leaves by, and whether a neighbour
// answers.

// IPRouteResult is ip route's table.
type IPRouteResult struct {
	Routes []IPRoute `json:"routes"`
}

// ipRouteAttrs are the attributes a route and a nexthop share.
type ipRouteAttrs struct {
	// Gateway is the via address.
	Gateway string `json:"gateway,omitempty"`
	// Dev is the output interface.
	Dev string `json:"dev,omitempty"`
	// Weight is a multipath nexthop's weight.
	Weight *int64 `json:"weight,omitempty"`
	// Flags are the bare words (onlink, linkdown, dead, pervasive, offload, cache).
	Flags []string `json:"flags,omitempty"`
	// Other holds the words not read, verbatim, in order.
	Other []string `json:"other,omitempty"`
}

// IPRoute is one route line (and its nexthop lines).
type IPRoute struct {
	// Type is the route type when printed (local, broadcast, unreachable, blackhole...); unicast is not printed.
	Type string `json:"type,omitempty"`
	// Destination is a prefix, an address or "default".
	Destination string `json:"destination"`
	ipRouteAttrs
	// Protocol is the proto word (kernel, boot, static, dhcp, ra...).
	Protocol string `json:"protocol,omitempty"`
	// Scope is the scope word (link, host, global...).
	Scope string `json:"scope,omitempty"`
	// Source is the preferred source address (src).
	Source string `json:"source,omitempty"`
	// Table is the table name or number, printed with table all.
	Table string `json:"table,omitempty"`
	// Metric is the route's metric (priority).
	Metric *int64 `json:"metric,omitempty"`
	// MTU is the route's MTU in bytes.
	MTU *int64 `json:"mtu,omitempty"`
	// Pref is an IPv6 route preference (low, medium, high).
	Pref string `json:"pref,omitempty"`
	// ExpiresSeconds is the time left of an expiring route.
	ExpiresSeconds *int64 `json:"expires_seconds,omitempty"`
	// Nexthops are the nexthop lines of a multipath route.
	Nexthops []IPNexthop `json:"nexthops,omitempty"`
}

// IPNexthop is one "nexthop via X dev Y weight N" line.
type IPNexthop struct {
	ipRouteAttrs
}

var ipRouteTypes = []string{"unicast", "local", "broadcast", "multicast", "throw", "unreachable", "prohibit", "blackhole", "nat", "anycast"}

var ipRouteFlagWords = []string{"onlink", "linkdown", "dead", "pervasive", "offload", "trap", "notify", "rt_offload", "rt_trap", "cache"}

// ipRouteFlags: ip(8) and ip-route(8) of iproute2 6.1 (Debian 12): -4 and
// -6 choose the family and keep the form; -details, -statistics, -oneline,
// -brief, -json change it (refused; -json output passes through as JSON).
var ipRouteFlags = Flags{"-4": Bool, "-6": Bool}

func ipRouteParsers() []*Parser {
	return []*Parser{{
		ID: "ip-route", Command: "ip", Subcommand: "route", Version: "1", OS: []OS{Linux},
		Format: "iproute2 ip route [show|list|get] lines, nexthop and cache continuation lines attached to their route",
		Flags:  ipRouteFlags, MaxPositionals: -1, Result: IPRouteResult{}, RowsKey: "routes",
		Examples: [][]string{{"route"}, {"-6", "route", "show"}, {"route", "show", "table", "all"}, {"route", "get", "192.0.2.9"}},
		Table:    &TableLines{Skip: []string{"nexthop ", "cache"}},
		Check:    ipListCheck("route", "add", "append", "change", "chg", "replace", "delete", "del", "flush", "save", "restore", "monitor", "showdump"),
		Parse:    parseIPRoute,
	}, {
		ID: "ip-neigh", Command: "ip", Subcommand: "neigh", Version: "1", OS: []OS{Linux},
		Format: "iproute2 ip neigh [show] lines: address, dev, lladdr, router/proxy, states",
		Flags:  ipRouteFlags, MaxPositionals: -1, Result: IPNeighResult{}, RowsKey: "neighbors",
		Examples: [][]string{{"neigh"}, {"-4", "neigh", "show"}, {"neigh", "show", "dev", "eth0"}},
		Table:    &TableLines{},
		Check:    ipListCheck("neigh", "add", "change", "chg", "replace", "delete", "del", "flush", "monitor", "get"),
		Parse:    parseIPNeigh,
	}}
}

// ipListCheck refuses the object's commands that change state or print
// another form.
func ipListCheck(obj string, commands ...string) func([]string, OS) *ParseError {
	return func(args []string, _ OS) *ParseError {
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if slices.Contains(commands, a) {
				return Unsupported([]string{obj, "show"}, "ip %s %s is not a listing", obj, a)
			}
			return nil
		}
		return nil
	}
}

// ipAttrValued are the route attributes followed by their value.
var ipAttrValued = []string{"via", "dev", "proto", "scope", "src", "metric", "table", "pref", "mtu", "expires", "weight"}

func parseIPRoute(c *Context) (any, error) {
	res := &IPRouteResult{Routes: []IPRoute{}}
	cur := -1 // the route continuation lines belong to
	data := 0
	for _, l := range insLines(c.Raw) {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		data++
		toks := insFields(l, 0)
		cont := l.text[0] == ' ' || l.text[0] == '\t'
		if cont {
			if cur < 0 {
				c.Unread(l.at)
				continue
			}
			r := &res.Routes[cur]
			if c.Raw[toks[0][0]:toks[0][1]] == "nexthop" {
				k := len(r.Nexthops)
				r.Nexthops = append(r.Nexthops, IPNexthop{})
				nh := &r.Nexthops[k]
				readIPAttrs(c, toks[1:], &nh.ipRouteAttrs, nil, "routes", cur, "nexthops", k)
				continue
			}
			readIPAttrs(c, toks, &r.ipRouteAttrs, r, "routes", cur)
			continue
		}
		if c.Full(len(res.Routes)) {
			c.Omit(1)
			cur = -1
			continue
		}
		i := len(res.Routes)
		var r IPRoute
		t := 0
		if w := c.Raw[toks[0][0]:toks[0][1]]; slices.Contains(ipRouteTypes, w) && len(toks) > 1 {
			r.Type = insStr(c, toks[0][0], toks[0][1], "routes", i, "type")
			t = 1
		}
		r.Destination = insStr(c, toks[t][0], toks[t][1], "routes", i, "destination")
		res.Routes = append(res.Routes, r)
		cur = i
		readIPAttrs(c, toks[t+1:], &res.Routes[i].ipRouteAttrs, &res.Routes[i], "routes", i)
	}
	if data > 0 && len(res.Routes) == 0 && c.Omitted() == 0 {
		return nil, insNoRows("ip route")
	}
	return res, nil
}

// readIPAttrs reads "key value" pairs and bare flags into a, and the
// route-only keys into r when it is set (else into a.Other).
func readIPAttrs(c *Context, toks [][2]int, a *ipRouteAttrs, r *IPRoute, base ...any) {
	at := func(leaf string) []any { return append(slices.Clone(base), leaf) }
	other := func(s, e int) {
		c.spanPath(s, e, "", append(at("other"), len(a.Other))...)
		a.Other = append(a.Other, c.Raw[s:e])
	}
	for j := 0; j < len(toks); j++ {
		s, e := toks[j][0], toks[j][1]
		w := c.Raw[s:e]
		if slices.Contains(ipRouteFlagWords, w) {
			c.spanPath(s, e, "", append(at("flags"), len(a.Flags))...)
			a.Flags = append(a.Flags, w)
			continue
		}
		if !slices.Contains(ipAttrValued, w) || j+1 >= len(toks) {
			other(s, e)
			continue
		}
		j++
		if w == "via" && j+1 < len(toks) {
			if f := c.Raw[toks[j][0]:toks[j][1]]; f == "inet" || f == "inet6" {
				j++ // "via inet6 fe80::1": the family word
			}
		}
		vs, ve := toks[j][0], toks[j][1]
		v := c.Raw[vs:ve]
		switch {
		case w == "via" && a.Gateway == "":
			a.Gateway = insStr(c, vs, ve, at("gateway")...)
		case w == "dev" && a.Dev == "":
			a.Dev = insStr(c, vs, ve, at("dev")...)
		case w == "weight" && a.Weight == nil:
			if a.Weight = insInt(c, vs, ve, at("weight")...); a.Weight == nil {
				other(s, e)
				other(vs, ve)
			}
		case r == nil:
			other(s, e)
			other(vs, ve)
		case w == "proto" && r.Protocol == "":
			r.Protocol = insStr(c, vs, ve, at("protocol")...)
		case w == "scope" && r.Scope == "":
			r.Scope = insStr(c, vs, ve, at("scope")...)
		case w == "src" && r.Source == "":
			r.Source = insStr(c, vs, ve, at("source")...)
		case w == "table" && r.Table == "":
			r.Table = insStr(c, vs, ve, at("table")...)
		case w == "pref" && r.Pref == "":
			r.Pref = insStr(c, vs, ve, at("pref")...)
		case w == "metric" && r.Metric == nil && insIsInt(v):
			r.Metric = insInt(c, vs, ve, at("metric")...)
		case w == "mtu" && r.MTU == nil && insIsInt(v):
			r.MTU = insInt(c, vs, ve, at("mtu")...)
		case w == "expires" && r.ExpiresSeconds == nil && strings.HasSuffix(v, "sec") && insIsInt(v[:len(v)-3]):
			r.ExpiresSeconds = insInt(c, vs, ve-3, at("expires_seconds")...)
		default:
			other(s, e)
			other(vs, ve)
		}
	}
}

// IPNeighResult is ip neigh's table.
type IPNeighResult struct {
	Neighbors []IPNeighbor `json:"neighbors"`
}

// IPNeighbor is one neighbour line.
type IPNeighbor struct {
	// Address is the neighbour's IP address.
	Address string `json:"address"`
	// Dev is the interface.
	Dev string `json:"dev,omitempty"`
	// LLAddr is the link-layer (MAC) address; none while INCOMPLETE or FAILED.
	LLAddr string `json:"lladdr,omitempty"`
	// Router: the neighbour announced itself as a router.
	Router bool `json:"router,omitempty"`
	// Proxy: a proxy entry (ip neigh show proxy).
	Proxy bool `json:"proxy,omitempty"`
	// States are the NUD states (REACHABLE, STALE, DELAY, PROBE, FAILED, INCOMPLETE, NOARP, PERMANENT).
	States []string `json:"states,omitempty"`
	// Other holds the words not read, verbatim, in order.
	Other []string `json:"other,omitempty"`
}

func parseIPNeigh(c *Context) (any, error) {
	res := &IPNeighResult{Neighbors: []IPNeighbor{}}
	data := 0
	for _, l := range insLines(c.Raw) {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		data++
		if c.Full(len(res.Neighbors)) {
			c.Omit(1)
			continue
		}
		toks := insFields(l, 0)
		i := len(res.Neighbors)
		var n IPNeighbor
		n.Address = insStr(c, toks[0][0], toks[0][1], "neighbors", i, "address")
		for j := 1; j < len(toks); j++ {
			s, e := toks[j][0], toks[j][1]
			w := c.Raw[s:e]
			switch {
			case w == "dev" && n.Dev == "" && j+1 < len(toks), w == "lladdr" && n.LLAddr == "" && j+1 < len(toks):
				j++
				if w == "dev" {
					n.Dev = insStr(c, toks[j][0], toks[j][1], "neighbors", i, "dev")
				} else {
					n.LLAddr = insStr(c, toks[j][0], toks[j][1], "neighbors", i, "lladdr")
				}
			case w == "router":
				n.Router = true
				c.spanPath(s, e, "marker", "neighbors", i, "router")
			case w == "proxy":
				n.Proxy = true
				c.spanPath(s, e, "marker", "neighbors", i, "proxy")
			case w != "" && strings.ToUpper(w) == w && strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == "":
				c.spanPath(s, e, "", "neighbors", i, "states", len(n.States))
				n.States = append(n.States, w)
			default:
				c.spanPath(s, e, "", "neighbors", i, "other", len(n.Other))
				n.Other = append(n.Other, w)
			}
		}
		res.Neighbors = append(res.Neighbors, n)
	}
	if data > 0 && len(res.Neighbors) == 0 && c.Omitted() == 0 {
		return nil, insNoRows("ip neigh")
	}
	return res, nil
}

// RouteResult is net-tools route's kernel routing table.
type RouteResult struct {
	// Family is "inet" or "inet6", from the title line.
	Family string     `json:"family"`
	Routes []NetRoute `json:"routes"`
}

// NetRoute is one row of route's table; which fields are set follows the
// columns printed (-e, -ee, -6 add or rename some).
type NetRoute struct {
	// Destination is the network or host (a name without -n; "default").
	Destination string `json:"destination"`
	// Gateway is the gateway ("0.0.0.0" or "*" when none); Next Hop with -6.
	Gateway string `json:"gateway,omitempty"`
	// Genmask is the IPv4 netmask.
	Genmask string `json:"genmask,omitempty"`
	// Flags are the route flags letters (U up, G gateway, H host, ...).
	Flags string `json:"flags,omitempty"`
	// Metric is the route's metric.
	Metric *int64 `json:"metric,omitempty"`
	// Ref is the route's reference count.
	Ref *int64 `json:"ref,omitempty"`
	// Use is the count of lookups.
	Use *int64 `json:"use,omitempty"`
	// Iface is the interface.
	Iface string `json:"iface,omitempty"`
	// MSS is the default maximum segment size in bytes (-e).
	MSS *int64 `json:"mss,omitempty"`
	// Window is the default TCP window in bytes (-e).
	Window *int64 `json:"window,omitempty"`
	// IRTT is the initial round trip time in ms (-e).
	IRTT *int64 `json:"irtt,omitempty"`
	// Other holds the cells of columns not named here, by header.
	Other map[string]string `json:"other,omitempty"`
}

// routeFlags: route(8) of net-tools 2.10 (Debian 12): -n numeric, -e and
// -ee add columns (read by header), -v verbose (same table), -4/-6 and
// -A inet|inet6 choose the table; -C (the routing cache), -F (the FIB,
// the default) and a family other than inet/inet6 are not read.
var routeFlags = Flags{"-n": Bool, "--numeric": Bool, "-e": Bool, "--extend": Bool, "-v": Bool, "--verbose": Bool,
	"-4": Bool, "-6": Bool, "-A": Value, "-F": Bool, "--fib": Bool}

func routeParsers() []*Parser {
	return []*Parser{{
		ID: "route", Command: "route", Version: "1", OS: []OS{Linux},
		Format: "net-tools route's \"Kernel IP routing table\" (-n, -e, -ee, -6), columns read by their header",
		Flags:  routeFlags, MaxPositionals: 0, Result: RouteResult{}, RowsKey: "routes",
		Examples: [][]string{{"-n"}, {}, {"-6", "-n"}, {"-ne"}},
		Table:    &TableLines{Headers: 2},
		Check: func(args []string, _ OS) *ParseError {
			for i, a := range args {
				if a == "-A" && i+1 < len(args) && args[i+1] != "inet" && args[i+1] != "inet6" {
					return Unsupported([]string{"-A", "inet"}, "route -A %s is not read", args[i+1])
				}
			}
			return nil
		},
		Parse: parseRoute,
	}}
}

func parseRoute(c *Context) (any, error) {
	res := &RouteResult{Routes: []NetRoute{}}
	lines := insLines(c.Raw)
	k := 0
	for k < len(lines) && strings.TrimSpace(lines[k].text) == "" {
		k++
	}
	if k == len(lines) {
		return nil, Unrecognized("route printed nothing")
	}
	title := lines[k]
	switch {
	case strings.HasPrefix(title.text, "Kernel IP routing table"):
		res.Family = "inet"
	case strings.HasPrefix(title.text, "Kernel IPv6 routing table"):
		res.Family = "inet6"
	default:
		return nil, Unrecognized("route's output does not begin with its title line")
	}
	c.spanPath(title.at, title.at+len(title.text), "section", "family")
	if k+1 >= len(lines) {
		return nil, Unrecognized("route printed no header line")
	}
	// Header words; "Next Hop" is one column of two words.
	hdr := lines[k+1]
	var cols []string
	for _, f := range insFields(hdr, 0) {
		w := c.Raw[f[0]:f[1]]
		if w == "Hop" && len(cols) > 0 && cols[len(cols)-1] == "Next" {
			cols[len(cols)-1] = "Next Hop"
			continue
		}
		cols = append(cols, w)
	}
	if len(cols) == 0 || cols[0] != "Destination" {
		return nil, Unrecognized("route's header does not begin with Destination")
	}
	if !insValidKeys(cols) {
		return nil, Unrecognized("route's header is not valid UTF-8")
	}
	for j, h := range cols {
		if slices.Contains(cols[:j], h) {
			return nil, Unrecognized("route's header names %s twice", h)
		}
	}
	for _, l := range lines[k+2:] {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		toks := insFields(l, 0)
		if len(toks) != len(cols) {
			c.Unread(l.at)
			continue
		}
		if c.Full(len(res.Routes)) {
			c.Omit(1)
			continue
		}
		i := len(res.Routes)
		var r NetRoute
		ok := true
		mark := c.rec().mark()
		for j, h := range cols {
			s, e := toks[j][0], toks[j][1]
			num := func(leaf string) *int64 {
				if c.Raw[s:e] == "-" {
					return nil // not applicable (an unreachable route's Ref, MSS...)
				}
				v := insInt(c, s, e, "routes", i, leaf)
				if v == nil {
					ok = false
				}
				return v
			}
			switch h {
			case "Destination":
				r.Destination = insStr(c, s, e, "routes", i, "destination")
			case "Gateway", "Next Hop":
				r.Gateway = insStr(c, s, e, "routes", i, "gateway")
			case "Genmask":
				r.Genmask = insStr(c, s, e, "routes", i, "genmask")
			case "Flags", "Flag":
				r.Flags = insStr(c, s, e, "routes", i, "flags")
			case "Metric", "Met":
				r.Metric = num("metric")
			case "Ref":
				r.Ref = num("ref")
			case "Use":
				r.Use = num("use")
			case "Iface", "If":
				r.Iface = insStr(c, s, e, "routes", i, "iface")
			case "MSS":
				r.MSS = num("mss")
			case "Window":
				r.Window = num("window")
			case "irtt":
				r.IRTT = num("irtt")
			default:
				if r.Other == nil {
					r.Other = map[string]string{}
				}
				if _, dup := r.Other[h]; dup {
					h += "#" + strconv.Itoa(j) // a header word twice: by its position
				}
				r.Other[h] = insStr(c, s, e, "routes", i, "other", h)
			}
		}
		if !ok {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		res.Routes = append(res.Routes, r)
	}
	return res, nil
}

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
var arpFlags = Flags{"-a": Bool, "--all": Bool, "-n": Bool, "--numeric": Bool, "-e": Bool, "-v": Bool, "--verbose": Bool,
	"-i": Value, "--device": Value, "-H": Value, "--hw-type": Value, "-t": Value}

func arpParsers() []*Parser {
	return []*Parser{{
		ID: "arp", Command: "arp", Version: "1", OS: []OS{Linux, Darwin, FreeBSD},
		Format: "arp -a's \"name (ip) at mac [type] on if\" lines (net-tools, FreeBSD, macOS) and net-tools' Address/HWtype table (arp, arp -n, -e)",
		Flags:  arpFlags, MaxPositionals: 1, Result: ArpResult{}, RowsKey: "entries",
		Examples: [][]string{{"-a"}, {"-n"}, {"-an"}, {"-a", "-i", "eth0"}},
		Table:    &TableLines{Skip: []string{"Address ", "Entries:", "arp: in "}},
		Parse:    parseArp,
	}}
}

func parseArp(c *Context) (any, error) {
	res := &ArpResult{Entries: []ArpEntry{}}
	var cols []lex.Column
	data := 0
	for _, l := range insLines(c.Raw) {
		t := strings.TrimSpace(l.text)
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "Address ") && strings.Contains(t, "HWtype"):
			cols = cols[:0]
			for _, w := range lex.Words(nil, l.text) {
				cols = append(cols, lex.Column{Header: l.text[w.Start:w.End], Start: w.Col})
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
		mark := c.rec().mark()
		var e ArpEntry
		var ok bool
		if strings.Contains(l.text, ") at ") {
			e, ok = arpBSDLine(c, l, len(res.Entries))
		} else {
			e, ok = arpTableLine(c, l, cols, len(res.Entries))
		}
		if !ok {
			c.rec().truncate(mark)
			c.Unread(l.at)
			continue
		}
		res.Entries = append(res.Entries, e)
	}
	if data > 0 && len(res.Entries) == 0 && c.Omitted() == 0 {
		return nil, insNoRows("arp")
	}
	return res, nil
}

// arpBSDLine reads "name (ip) at mac [type] on if [PERM|PUB]" and BSD's
// "... on if [ifscope] [permanent] [published] [expires in N seconds] [type]".
func arpBSDLine(c *Context, l insLine, i int) (ArpEntry, bool) {
	var e ArpEntry
	toks := insFields(l, 0)
	if len(toks) < 4 || c.Raw[toks[2][0]:toks[2][1]] != "at" {
		return e, false
	}
	a := c.Raw[toks[1][0]:toks[1][1]]
	if len(a) < 3 || a[0] != '(' || a[len(a)-1] != ')' {
		return e, false
	}
	e.Name = insStr(c, toks[0][0], toks[0][1], "entries", i, "name")
	e.Address = insStr(c, toks[1][0]+1, toks[1][1]-1, "entries", i, "address")
	ms, me := toks[3][0], toks[3][1]
	if m := c.Raw[ms:me]; m == "<incomplete>" || m == "(incomplete)" {
		e.Incomplete = true
		c.spanPath(ms, me, "marker", "entries", i, "incomplete")
	} else {
		e.MAC = insStr(c, ms, me, "entries", i, "mac")
	}
	for j := 4; j < len(toks); j++ {
		s, en := toks[j][0], toks[j][1]
		w := c.Raw[s:en]
		switch {
		case w == "on" && j+1 < len(toks) && e.Interface == "":
			j++
			e.Interface = insStr(c, toks[j][0], toks[j][1], "entries", i, "interface")
		case len(w) > 2 && w[0] == '[' && w[len(w)-1] == ']' && e.HWType == "":
			e.HWType = insStr(c, s+1, en-1, "entries", i, "hw_type")
		case w == "PERM" || w == "permanent":
			e.Permanent = true
			c.spanPath(s, en, "marker", "entries", i, "permanent")
		case w == "ifscope":
			e.IfScope = true
			c.spanPath(s, en, "marker", "entries", i, "ifscope")
		case w == "expired":
			e.Expired = true
			c.spanPath(s, en, "marker", "entries", i, "expired")
		case w == "PUB" || w == "published":
			e.Published = true
			c.spanPath(s, en, "marker", "entries", i, "published")
		case w == "expires" && j+3 < len(toks) && c.Raw[toks[j+1][0]:toks[j+1][1]] == "in" && insIsInt(c.Raw[toks[j+2][0]:toks[j+2][1]]):
			e.ExpiresSeconds = insInt(c, toks[j+2][0], toks[j+2][1], "entries", i, "expires_seconds")
			j += 3
		default:
			c.spanPath(s, en, "", "entries", i, "other", len(e.Other))
			e.Other = append(e.Other, w)
		}
	}
	return e, true
}

// arpTableLine reads a row of net-tools' table by its header's columns.
func arpTableLine(c *Context, l insLine, cols []lex.Column, i int) (ArpEntry, bool) {
	var e ArpEntry
	toks := insFields(l, 0)
	if len(cols) == 0 || len(toks) < 2 {
		return e, false
	}
	if strings.Contains(l.text, "(incomplete)") && len(toks) == 3 {
		e.Address = insStr(c, toks[0][0], toks[0][1], "entries", i, "address")
		e.Incomplete = true
		c.spanPath(toks[1][0], toks[1][1], "marker", "entries", i, "incomplete")
		e.Interface = insStr(c, toks[2][0], toks[2][1], "entries", i, "interface")
		return e, true
	}
	cells, ok := lex.Cells(l.text, cols, nil)
	if !ok {
		return e, false
	}
	for j, col := range cols {
		s, en := l.at+cells[j][0], l.at+cells[j][1]
		if s == en {
			continue
		}
		switch col.Header {
		case "Address":
			e.Address = insStr(c, s, en, "entries", i, "address")
		case "HWtype":
			e.HWType = insStr(c, s, en, "entries", i, "hw_type")
		case "HWaddress":
			e.MAC = insStr(c, s, en, "entries", i, "mac")
		case "Flags":
			e.Flags = insStr(c, s, en, "entries", i, "flags")
		case "Mask":
			e.Mask = insStr(c, s, en, "entries", i, "mask")
		case "Iface":
			e.Interface = insStr(c, s, en, "entries", i, "interface")
		default:
			return e, false
		}
	}
	return e, e.Address != ""
}
