package route

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// RouteGetResult is BSD `route get DEST`: the route the kernel would use,
// as "key: value" lines and a table of the route's metrics.
type RouteGetResult struct {
	// RouteTo is the destination asked for, Destination the route's own
	// ("default"), Mask its netmask (absent for a host route).
	RouteTo     string `json:"route_to,omitempty"`
	Destination string `json:"destination,omitempty"`
	Mask        string `json:"mask,omitempty"`
	// Gateway is printed only for a route through a gateway.
	Gateway string `json:"gateway,omitempty"`
	// FIB is FreeBSD's routing table number.
	FIB *int64 `json:"fib,omitempty"`
	// Interface is the outgoing interface, IfAddress OpenBSD's "if
	// address" (the interface's address).
	Interface string `json:"interface,omitempty"`
	IfAddress string `json:"if_address,omitempty"`
	// Flags are the words between "<" and ">" (UP, GATEWAY, DONE, STATIC...).
	Flags []string `json:"flags,omitempty"`
	// Metrics are the last two lines: each header word ("recvpipe",
	// "rtt,msec", "mtu", "expire"...) with its number. A value printed with
	// an "L" after it is locked (RTV_* lock bit): its name is in
	// LockedMetrics.
	Metrics       map[string]int64 `json:"metrics,omitempty"`
	LockedMetrics []string         `json:"locked_metrics,omitempty"`
	// Other holds the "key: value" lines not named here (OpenBSD's
	// "priority: 8 (static)", macOS's "ifscope"), by key, as printed.
	Other map[string]string `json:"other,omitempty"`
}

// routeGetParser reads route(8)'s get command of FreeBSD (sbin/route
// route.c print_getmsg: "   route to: ", "destination: ", "       mask: ",
// "    gateway: ", "        fib: ", "  interface: ", "      flags: <...>",
// then "%9s" metric headers over "%8lu%c " values, %c being "L" when
// locked), macOS (network_cmds route.c: the same without fib, with rttvar
// and hopcount among the metrics) and OpenBSD (adds "if address" and
// "priority"). -n prints addresses as numbers; -inet and -inet6 (-4/-6 on
// FreeBSD) choose the family. -v adds a routing message dump: refused.
var routeGetParser = &catalog.Parser{
	ID: "route-get", Command: "route", Subcommand: "get", Version: "1",
	OS:     []catalog.OS{catalog.Darwin, catalog.FreeBSD},
	Format: "BSD route get DEST: \"key: value\" lines and the metrics table",
	Flags: catalog.Flags{"-n": catalog.Bool, "-q": catalog.Bool, "-4": catalog.Bool, "-6": catalog.Bool,
		"-inet": catalog.Bool, "-inet6": catalog.Bool},
	// route's modifiers are words ("-inet6"), not letters to group: read
	// every option whole, the way Go's flag package does.
	GoFlags:        true,
	MaxPositionals: 1,
	Alternatives:   map[string][]string{"-v": {}},
	Result:         RouteGetResult{},
	Examples:       [][]string{{"-n", "get", "default"}, {"get", "-inet6", "default"}},
	Parse:          parseRouteGet,
}

func parseRouteGet(c *catalog.Context) (any, error) {
	res := &RouteGetResult{}
	lines := lex.SplitLines(c.Raw)
	seen := false
	k := 0
	for ; k < len(lines); k++ {
		l := lines[k]
		t := strings.TrimSpace(l.Text)
		if t == "" {
			continue
		}
		colon := strings.Index(l.Text, ": ")
		if colon < 0 {
			break // the metrics header
		}
		key := strings.TrimSpace(l.Text[:colon])
		vs, ve := lex.TrimSpaceRange(l.Text, colon+2, len(l.Text))
		val := l.Text[vs:ve]
		s, e := l.At+vs, l.At+ve
		if key == "" || val == "" {
			c.Unread(l.At)
			continue
		}
		seen = true
		switch key {
		case "route to":
			res.RouteTo = kit.Text(c, s, e, "route_to")
		case "destination":
			res.Destination = kit.Text(c, s, e, "destination")
		case "mask":
			res.Mask = kit.Text(c, s, e, "mask")
		case "gateway":
			res.Gateway = kit.Text(c, s, e, "gateway")
		case "fib":
			if res.FIB = kit.Int(c, s, e, "fib"); res.FIB == nil {
				return nil, catalog.Unrecognized("route get: fib %q is not a number", val)
			}
		case "interface":
			res.Interface = kit.Text(c, s, e, "interface")
		case "if address":
			res.IfAddress = kit.Text(c, s, e, "if_address")
		case "flags":
			inner, ok := strings.CutPrefix(val, "<")
			if inner, ok = strings.CutSuffix(inner, ">"); !ok {
				return nil, catalog.Unrecognized("route get: flags %q are not in <...>", val)
			}
			at := s + 1
			for j, w := range strings.Split(inner, ",") {
				if w != "" {
					res.Flags = append(res.Flags, w)
					c.Span(at, at+len(w), "", "flags", j)
				}
				at += len(w) + 1
			}
		default:
			if res.Other == nil {
				res.Other = map[string]string{}
			}
			if _, dup := res.Other[key]; dup {
				return nil, catalog.Unrecognized("route get: %q printed twice", key)
			}
			res.Other[key] = kit.Text(c, s, e, "other", key)
		}
	}
	if !seen {
		return nil, catalog.Unrecognized("no \"key: value\" line of route get was found")
	}
	// The metrics: a header line of names over a line of numbers, one each.
	var hdr, vals *lex.Line
	for ; k < len(lines); k++ {
		l := lines[k]
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		switch {
		case hdr == nil:
			hdr = &lines[k]
		case vals == nil:
			vals = &lines[k]
		default:
			c.Unread(l.At)
		}
	}
	if hdr == nil {
		return res, nil
	}
	names := lex.LineFields(*hdr, 0)
	if vals == nil {
		c.Unread(hdr.At)
		return res, nil
	}
	nums := lex.LineFields(*vals, 0)
	if len(names) != len(nums) {
		// Never pair a number with the wrong name.
		c.Unread(hdr.At)
		c.Unread(vals.At)
		return res, nil
	}
	res.Metrics = map[string]int64{}
	for j := range names {
		name := c.Raw[names[j][0]:names[j][1]]
		s, e := nums[j][0], nums[j][1]
		if strings.HasSuffix(c.Raw[s:e], "L") {
			c.Span(e-1, e, "marker", "locked_metrics", len(res.LockedMetrics))
			res.LockedMetrics = append(res.LockedMetrics, name)
			e--
		}
		n, ok := lex.Atoi(c.Raw[s:e])
		if _, dup := res.Metrics[name]; !ok || dup {
			return nil, catalog.Unrecognized("route get: metric %q reads %q", name, c.Raw[nums[j][0]:nums[j][1]])
		}
		res.Metrics[name] = n
		c.Span(s, e, "parseInt", "metrics", name)
	}
	return res, nil
}
