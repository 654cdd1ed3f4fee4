// Package route reads the output of `route` for the catalog: the parsers route
// (net-tools) and route-get (BSD route get). Parsers returns them; catalog/builtin
// lists them with every other built-in. Windows `route print` is read by
// catalog/parsers/netstat (parser route-print): it prints the tables of Windows
// netstat -r, and parsers do not import each other's packages.
package route

import (
	"slices"
	"strconv"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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
var routeFlags = catalog.Flags{"-n": catalog.Bool, "--numeric": catalog.Bool, "-e": catalog.Bool, "--extend": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool,
	"-4": catalog.Bool, "-6": catalog.Bool, "-A": catalog.Value, "-F": catalog.Bool, "--fib": catalog.Bool}

func routeParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "route", Command: "route", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "net-tools route's \"Kernel IP routing table\" (-n, -e, -ee, -6), columns read by their header",
		Flags:  routeFlags, MaxPositionals: 0, Result: RouteResult{}, RowsKey: "routes",
		Examples: [][]string{{"-n"}, {}, {"-6", "-n"}, {"-ne"}},
		Table:    &catalog.TableLines{Headers: 2},
		Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
			for _, a := range argv.Items {
				if a.Flag == "-A" && a.HasValue && a.Value != "inet" && a.Value != "inet6" {
					return catalog.Unsupported([]string{"-A", "inet"}, "route -A %s is not read", a.Value)
				}
			}
			return nil
		},
		Parse: parseRoute,
	}}
}

func parseRoute(c *catalog.Context) (any, error) {
	res := &RouteResult{Routes: make([]NetRoute, 0, kit.RowCap(c))}
	lines := lex.SplitLines(c.Raw)
	k := 0
	for k < len(lines) && strings.TrimSpace(lines[k].Text) == "" {
		k++
	}
	if k == len(lines) {
		return nil, catalog.Unrecognized("route printed nothing")
	}
	title := lines[k]
	switch {
	case strings.HasPrefix(title.Text, "Kernel IP routing table"):
		res.Family = "inet"
	case strings.HasPrefix(title.Text, "Kernel IPv6 routing table"):
		res.Family = "inet6"
	default:
		return nil, catalog.Unrecognized("route's output does not begin with its title line")
	}
	c.Span(title.At, title.At+len(title.Text), "section", "family")
	if k+1 >= len(lines) {
		return nil, catalog.Unrecognized("route printed no header line")
	}
	// Header words; "Next Hop" is one column of two words.
	hdr := lines[k+1]
	var cols []string
	for _, f := range lex.LineFields(hdr, 0) {
		w := c.Raw[f[0]:f[1]]
		if w == "Hop" && len(cols) > 0 && cols[len(cols)-1] == "Next" {
			cols[len(cols)-1] = "Next Hop"
			continue
		}
		cols = append(cols, w)
	}
	if len(cols) == 0 || cols[0] != "Destination" {
		return nil, catalog.Unrecognized("route's header does not begin with Destination")
	}
	if !kit.ValidKeys(cols) {
		return nil, catalog.Unrecognized("route's header is not valid UTF-8")
	}
	for j, h := range cols {
		if slices.Contains(cols[:j], h) {
			return nil, catalog.Unrecognized("route's header names %s twice", h)
		}
	}
	for _, l := range lines[k+2:] {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		toks := lex.LineFields(l, 0)
		if len(toks) != len(cols) {
			c.Unread(l.At)
			continue
		}
		if c.Full(len(res.Routes)) {
			c.Omit(1)
			continue
		}
		i := len(res.Routes)
		var r NetRoute
		ok := true
		mark := c.Mark()
		for j, h := range cols {
			s, e := toks[j][0], toks[j][1]
			num := func(leaf string) *int64 {
				if c.Raw[s:e] == "-" {
					return nil // not applicable (an unreachable route's Ref, MSS...)
				}
				v := kit.Int(c, s, e, "routes", i, leaf)
				if v == nil {
					ok = false
				}
				return v
			}
			switch h {
			case "Destination":
				r.Destination = kit.Text(c, s, e, "routes", i, "destination")
			case "Gateway", "Next Hop":
				r.Gateway = kit.Text(c, s, e, "routes", i, "gateway")
			case "Genmask":
				r.Genmask = kit.Text(c, s, e, "routes", i, "genmask")
			case "Flags", "Flag":
				r.Flags = kit.Text(c, s, e, "routes", i, "flags")
			case "Metric", "Met":
				r.Metric = num("metric")
			case "Ref":
				r.Ref = num("ref")
			case "Use":
				r.Use = num("use")
			case "Iface", "If":
				r.Iface = kit.Text(c, s, e, "routes", i, "iface")
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
				r.Other[h] = kit.Text(c, s, e, "routes", i, "other", h)
			}
		}
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			continue
		}
		res.Routes = append(res.Routes, r)
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return append(routeParsers(), routeGetParser) }
