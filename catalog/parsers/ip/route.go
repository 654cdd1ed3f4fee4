package ip

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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

var (
	ipRouteTypes     = []string{"unicast", "local", "broadcast", "multicast", "throw", "unreachable", "prohibit", "blackhole", "nat", "anycast"}
	ipRouteFlagWords = []string{"onlink", "linkdown", "dead", "pervasive", "offload", "trap", "notify", "rt_offload", "rt_trap", "cache"}
)

// ipRouteFlags: ip(8) and ip-route(8) of iproute2 6.1 (Debian 12): -4 and
// -6 choose the family and keep the form; -details, -statistics, -oneline,
// -brief, -json change it (refused; -json output passes through as JSON).
var ipRouteFlags = catalog.Flags{"-4": catalog.Bool, "-6": catalog.Bool}

func ipRouteParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "ip-route", Command: "ip", Subcommand: "route", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "iproute2 ip route [show|list|get] lines, nexthop and cache continuation lines attached to their route",
		Flags:  ipRouteFlags, MaxPositionals: -1, Result: IPRouteResult{}, RowsKey: "routes",
		Examples: [][]string{{"route"}, {"-6", "route", "show"}, {"route", "show", "table", "all"}, {"route", "get", "192.0.2.9"}},
		Table:    &catalog.TableLines{Skip: []string{"nexthop ", "cache"}},
		Check:    ipListCheck("route", "add", "append", "change", "chg", "replace", "delete", "del", "flush", "save", "restore", "monitor", "showdump"),
		Parse:    parseIPRoute,
	}, {
		ID: "ip-neigh", Command: "ip", Subcommand: "neigh", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "iproute2 ip neigh [show] lines: address, dev, lladdr, router/proxy, states",
		Flags:  ipRouteFlags, MaxPositionals: -1, Result: IPNeighResult{}, RowsKey: "neighbors",
		Examples: [][]string{{"neigh"}, {"-4", "neigh", "show"}, {"neigh", "show", "dev", "eth0"}},
		Table:    &catalog.TableLines{},
		Check:    ipListCheck("neigh", "add", "change", "chg", "replace", "delete", "del", "flush", "monitor", "get"),
		Parse:    parseIPNeigh,
	}}
}

// ipListCheck refuses the object's commands that change state or print
// another form.
func ipListCheck(obj string, commands ...string) func(catalog.Args, catalog.OS) *catalog.ParseError {
	return func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		if ops := argv.Operands(); len(ops) > 0 && slices.Contains(commands, ops[0]) {
			return catalog.Unsupported([]string{obj, "show"}, "ip %s %s is not a listing", obj, ops[0])
		}
		return nil
	}
}

// ipAttrValued are the route attributes followed by their value.
var ipAttrValued = []string{"via", "dev", "proto", "scope", "src", "metric", "table", "pref", "mtu", "expires", "weight"}

func parseIPRoute(c *catalog.Context) (any, error) {
	res := &IPRouteResult{Routes: make([]IPRoute, 0, kit.RowCap(c))}
	cur := -1 // the route continuation lines belong to
	data := 0
	var fb kit.FieldBuf
	for l := range kit.EachLine(c.Raw) {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		data++
		toks := fb.Fields(l, 0)
		cont := l.Text[0] == ' ' || l.Text[0] == '\t'
		if cont {
			if cur < 0 {
				c.Unread(l.At)
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
			r.Type = kit.Text(c, toks[0][0], toks[0][1], "routes", i, "type")
			t = 1
		}
		r.Destination = kit.Text(c, toks[t][0], toks[t][1], "routes", i, "destination")
		res.Routes = append(res.Routes, r)
		cur = i
		readIPAttrs(c, toks[t+1:], &res.Routes[i].ipRouteAttrs, &res.Routes[i], "routes", i)
	}
	if data > 0 && len(res.Routes) == 0 && c.Omitted() == 0 {
		return nil, kit.NoRows("ip route")
	}
	return res, nil
}

// readIPAttrs reads "key value" pairs and bare flags into a, and the
// route-only keys into r when it is set (else into a.Other).
func readIPAttrs(c *catalog.Context, toks [][2]int, a *ipRouteAttrs, r *IPRoute, base ...any) {
	// The pointer of a field is built only when spans are recorded: built
	// for every field, it was most of ip route's time (40 MB/cpu-s on its
	// 1 MB throughput input).
	at := func(leaf string) []any {
		if !c.Recording() {
			return nil
		}
		return append(slices.Clone(base), leaf)
	}
	other := func(s, e int) {
		if c.Recording() {
			c.Span(s, e, "", append(at("other"), len(a.Other))...)
		}
		a.Other = append(a.Other, c.Raw[s:e])
	}
	for j := 0; j < len(toks); j++ {
		s, e := toks[j][0], toks[j][1]
		w := c.Raw[s:e]
		if slices.Contains(ipRouteFlagWords, w) {
			c.Span(s, e, "", append(at("flags"), len(a.Flags))...)
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
			a.Gateway = kit.Text(c, vs, ve, at("gateway")...)
		case w == "dev" && a.Dev == "":
			a.Dev = kit.Text(c, vs, ve, at("dev")...)
		case w == "weight" && a.Weight == nil:
			if a.Weight = kit.Int(c, vs, ve, at("weight")...); a.Weight == nil {
				other(s, e)
				other(vs, ve)
			}
		case r == nil:
			other(s, e)
			other(vs, ve)
		case w == "proto" && r.Protocol == "":
			r.Protocol = kit.Text(c, vs, ve, at("protocol")...)
		case w == "scope" && r.Scope == "":
			r.Scope = kit.Text(c, vs, ve, at("scope")...)
		case w == "src" && r.Source == "":
			r.Source = kit.Text(c, vs, ve, at("source")...)
		case w == "table" && r.Table == "":
			r.Table = kit.Text(c, vs, ve, at("table")...)
		case w == "pref" && r.Pref == "":
			r.Pref = kit.Text(c, vs, ve, at("pref")...)
		case w == "metric" && r.Metric == nil && lex.IsInt(v):
			r.Metric = kit.Int(c, vs, ve, at("metric")...)
		case w == "mtu" && r.MTU == nil && lex.IsInt(v):
			r.MTU = kit.Int(c, vs, ve, at("mtu")...)
		case w == "expires" && r.ExpiresSeconds == nil && strings.HasSuffix(v, "sec") && lex.IsInt(v[:len(v)-3]):
			r.ExpiresSeconds = kit.Int(c, vs, ve-3, at("expires_seconds")...)
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

func parseIPNeigh(c *catalog.Context) (any, error) {
	res := &IPNeighResult{Neighbors: make([]IPNeighbor, 0, kit.RowCap(c))}
	var fb kit.FieldBuf
	data := 0
	for l := range kit.EachLine(c.Raw) {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		data++
		if c.Full(len(res.Neighbors)) {
			c.Omit(1)
			continue
		}
		toks := fb.Fields(l, 0)
		i := len(res.Neighbors)
		var n IPNeighbor
		n.Address = kit.Text(c, toks[0][0], toks[0][1], "neighbors", i, "address")
		for j := 1; j < len(toks); j++ {
			s, e := toks[j][0], toks[j][1]
			w := c.Raw[s:e]
			switch {
			case w == "dev" && n.Dev == "" && j+1 < len(toks), w == "lladdr" && n.LLAddr == "" && j+1 < len(toks):
				j++
				if w == "dev" {
					n.Dev = kit.Text(c, toks[j][0], toks[j][1], "neighbors", i, "dev")
				} else {
					n.LLAddr = kit.Text(c, toks[j][0], toks[j][1], "neighbors", i, "lladdr")
				}
			case w == "router":
				n.Router = true
				c.Span(s, e, "marker", "neighbors", i, "router")
			case w == "proxy":
				n.Proxy = true
				c.Span(s, e, "marker", "neighbors", i, "proxy")
			case w != "" && strings.ToUpper(w) == w && strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == "":
				c.Span(s, e, "", "neighbors", i, "states", len(n.States))
				n.States = append(n.States, w)
			default:
				c.Span(s, e, "", "neighbors", i, "other", len(n.Other))
				n.Other = append(n.Other, w)
			}
		}
		res.Neighbors = append(res.Neighbors, n)
	}
	if data > 0 && len(res.Neighbors) == 0 && c.Omitted() == 0 {
		return nil, kit.NoRows("ip neigh")
	}
	return res, nil
}
