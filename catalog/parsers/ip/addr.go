package ip

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// IPAddrResult is the parsed output of `ip addr` (and `ip link`, which
// prints the same blocks without addresses).
type IPAddrResult struct {
	Interfaces []IPInterface `json:"interfaces"`
}

// IPInterface is one "N: name: <FLAGS> ..." block.
type IPInterface struct {
	Index int64  `json:"index"`
	Name  string `json:"name"`
	// Link is what follows "@" in the name: the peer ("if5") or parent.
	Link string `json:"link,omitempty"`
	// Flags are the header's <...>; -oneline addr prints no header, so
	// none.
	Flags       []string `json:"flags,omitempty"`
	MTU         *int64   `json:"mtu,omitempty"`
	Qdisc       string   `json:"qdisc,omitempty"`
	Master      string   `json:"master,omitempty"`
	State       string   `json:"state,omitempty"`
	Mode        string   `json:"mode,omitempty"`
	Group       string   `json:"group,omitempty"`
	Qlen        *int64   `json:"qlen,omitempty"`
	LinkType    string   `json:"link_type,omitempty"`
	MAC         string   `json:"mac,omitempty"`
	Broadcast   string   `json:"broadcast,omitempty"`
	LinkNetnsid *int64   `json:"link_netnsid,omitempty"`
	AltNames    []string `json:"altnames,omitempty"`
	// Addresses are the inet and inet6 lines (none for ip link).
	Addresses []IPAddress `json:"addresses"`
}

// IPAddress is one inet/inet6 line and its lifetimes. A lifetime of
// "forever" sets ValidForever / PreferredForever instead of seconds.
type IPAddress struct {
	Family                   string   `json:"family"`
	Address                  string   `json:"address"`
	PrefixLength             *int64   `json:"prefix_length,omitempty"`
	Peer                     string   `json:"peer,omitempty"`
	Broadcast                string   `json:"broadcast,omitempty"`
	Scope                    string   `json:"scope,omitempty"`
	Metric                   *int64   `json:"metric,omitempty"`
	Flags                    []string `json:"flags,omitempty"`
	Label                    string   `json:"label,omitempty"`
	ValidLifetimeSeconds     *int64   `json:"valid_lifetime_seconds,omitempty"`
	ValidForever             bool     `json:"valid_forever,omitempty"`
	PreferredLifetimeSeconds *int64   `json:"preferred_lifetime_seconds,omitempty"`
	PreferredForever         bool     `json:"preferred_forever,omitempty"`
}

// IPAddrBrief is `ip -brief addr`: one line per interface (its own key,
// interfaces_brief, tells it from the block form's interfaces).
type IPAddrBrief struct {
	Interfaces []IPBriefInterface `json:"interfaces_brief"`
}

// IPBriefInterface is one -brief line: the name (and "@" link), the
// operational state and the addresses with their prefix lengths.
type IPBriefInterface struct {
	Name      string           `json:"name"`
	Link      string           `json:"link,omitempty"`
	State     string           `json:"state"`
	Addresses []IPBriefAddress `json:"addresses"`
}

// IPBriefAddress is one "192.0.2.2/24" of a -brief line; Family is inet6
// for an address with a ":", inet otherwise.
type IPBriefAddress struct {
	Family       string `json:"family"`
	Address      string `json:"address"`
	PrefixLength *int64 `json:"prefix_length,omitempty"`
}

// ipAddrParser: options checked against iproute2 6.1 ip(8), ip-address(8)
// and ip/ipaddress.c (the one run here): -4, -6, -f/-family keep the
// blocks; -o/-oneline prints each address (or, for link, each interface)
// on one line, its continuation lines joined with "\": read into the same
// interfaces; -br/-brief prints name, state and addresses per line: read
// as IPAddrBrief (ip -brief link belongs to the link parser). Refused:
// -d/-details, -s/-stats, -j/-json (passed through as JSON), -c/-color,
// -t/-timestamp, -N/-numeric and -r/-resolve where they change values.
var ipAddrParser = &catalog.Parser{
	ID:      "ip-addr",
	Command: "ip",
	Version: "1",
	OS:      []catalog.OS{catalog.Linux},
	Format:  "iproute2 ip addr / ip link blocks, -oneline, ip -brief addr (not -details or -stats)",
	Flags: catalog.Flags{"-4": catalog.Bool, "-6": catalog.Bool, "-f": catalog.Value, "-family": catalog.Value, "-o": catalog.Bool, "-oneline": catalog.Bool,
		"-br": catalog.Bool, "-brie": catalog.Bool, "-brief": catalog.Bool},
	// ip reads one-dash long options and no bundles ("-br" is -brief).
	GoFlags: true,
	// -json output is passed through as JSON when refused.
	MaxPositionals: -1,
	Result:         catalog.OneOf{IPAddrResult{}, IPAddrBrief{}},
	RowsKey:        "interfaces",
	KeyFields:      []string{"name"},
	Examples:       [][]string{{"addr"}, {"-4", "addr", "show", "dev", "eth0"}, {"-br", "addr"}, {"-o", "addr"}, {"link"}},
	Parse:          parseIPAddr,
}

// ipAddrParsers wires the ipAddrParser and returns it for the builtin list.
func ipAddrParsers() []*catalog.Parser {
	ipAddrParser.Check = ipAddrCheck
	return []*catalog.Parser{ipAddrParser}
}

// ipAddrCheck accepts `ip [-4|-6|-f F|-family F] {address|link} [show|list] [filters]`,
// objects and commands abbreviated as iproute2 allows.
func ipAddrCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	// The options before the object, as the reader read them (GoFlags;
	// CheckArgs refused the undeclared ones): the object is the first
	// operand.
	i := len(args)
	brief := false
	for _, it := range argv.Items {
		if it.Flag == "" {
			i = it.Index
			break
		}
		switch it.Flag {
		case "-br", "-brie", "-brief":
			brief = true
		}
	}
	if end := argv.OptionsEnd(); end >= 0 && end < i {
		return catalog.Unsupported(nil, "ip -- changes the output form")
	}
	if i >= len(args) {
		return catalog.Unsupported([]string{"addr"}, "ip needs an object: addr or link")
	}
	obj := args[i]
	if !ipPrefixOf(obj, "address", 1) && !ipPrefixOf(obj, "link", 1) {
		return catalog.Unsupported(nil, "ip %s is not read; ip addr and ip link are", obj)
	}
	if brief && !ipPrefixOf(obj, "address", 1) {
		return catalog.Unsupported(nil, "ip -brief %s is not read here; ip -brief addr is", obj)
	}
	if i+1 < len(args) {
		cmd := args[i+1]
		if !ipPrefixOf(cmd, "show", 1) && !ipPrefixOf(cmd, "list", 1) && cmd != "lst" && ipCommandWord(cmd) {
			return catalog.Unsupported([]string{obj, "show"}, "ip %s %s is not a listing", obj, cmd)
		}
	}
	return nil
}

// ipCommandWord reports whether w is an ip addr/link command (not a filter
// such as "dev" or "up").
func ipCommandWord(w string) bool {
	switch w {
	case "add", "change", "replace", "del", "delete", "flush", "save", "restore", "showdump", "set", "help",
		"xstats", "afstats", "property":
		return true
	}
	return false
}

func ipPrefixOf(w, full string, min int) bool {
	return len(w) >= min && len(w) <= len(full) && full[:len(w)] == w
}

// ipHeaderCap is the capacity of the interfaces: the lines that start
// with a digit, at most c.MaxItems. Growing the slice by appending copied
// the interfaces (wide rows) about five times: 56 of 110 MB allocated in
// 20 parses of 1 MB.
func ipHeaderCap(c *catalog.Context) int {
	n := 0
	for raw := c.Raw; raw != ""; {
		if raw[0] >= '0' && raw[0] <= '9' {
			n++
		}
		i := strings.IndexByte(raw, '\n')
		if i < 0 {
			break
		}
		raw = raw[i+1:]
	}
	if c.MaxItems > 0 && n > c.MaxItems {
		n = c.MaxItems
	}
	return n
}

// ipMode reads the -brief and -oneline options (before the object).
func parseIPAddr(c *catalog.Context) (any, error) {
	if brief, oneline := c.Args.Has("-br", "-brie", "-brief"), c.Args.Has("-o", "-oneline"); brief {
		return parseIPBrief(c)
	} else if oneline {
		return parseIPOneline(c)
	}
	res := &IPAddrResult{Interfaces: make([]IPInterface, 0, ipHeaderCap(c))}
	it := lex.Lines{Raw: c.Raw}
	var cur *IPInterface
	var lastAddr *IPAddress
	read := 0
	skipping := false // an interface dropped at max_items
	var f []lex.Field
	for line, start := range it.NonBlankLines() {
		if line[0] >= '0' && line[0] <= '9' {
			full := c.Full(len(res.Interfaces))
			hc := c
			if full {
				hc = &catalog.Context{Raw: c.Raw} // read it, record nothing
			}
			iface, ok := ipHeader(hc, line, start, len(res.Interfaces))
			if !ok {
				c.Unread(start)
				cur, lastAddr = nil, nil
				continue
			}
			read++
			if full {
				c.Omit(1)
				skipping, cur, lastAddr = true, nil, nil
				continue
			}
			skipping = false
			res.Interfaces = append(res.Interfaces, iface)
			cur, lastAddr = &res.Interfaces[len(res.Interfaces)-1], nil
			continue
		}
		if skipping {
			read++
			continue
		}
		if cur == nil || line[0] != ' ' {
			c.Unread(start)
			continue
		}
		f = lex.Fields(f[:0], line, 0)
		w := line[f[0].Start:f[0].End]
		ii := len(res.Interfaces) - 1
		good := false
		switch {
		case strings.HasPrefix(w, "link/") && len(w) > len("link/") && cur.LinkType == "":
			good = ipLinkLine(c, cur, line, start, f, ii)
		case w == "altname" && len(f) == 2:
			c.Span(start+f[1].Start, start+f[1].End, "", "interfaces", ii, "altnames", len(cur.AltNames))
			cur.AltNames = append(cur.AltNames, line[f[1].Start:f[1].End])
			good = true
		case w == "inet" || w == "inet6":
			var a IPAddress
			if a, good = ipAddrLine(c, line, start, f, ii, len(cur.Addresses)); good {
				cur.Addresses = append(cur.Addresses, a)
				lastAddr = &cur.Addresses[len(cur.Addresses)-1]
			}
		case w == "valid_lft" && lastAddr != nil:
			good = ipLifetimes(c, lastAddr, line, start, f, ii, len(cur.Addresses)-1)
		}
		if good {
			read++
		} else {
			c.Unread(start)
		}
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as ip addr output")
	}
	return res, nil
}

// parseIPBrief reads `ip -brief addr`: "eth0@if5  UP  192.0.2.2/24
// fe80::1/64 " (ipaddress.c: name "%-16s ", state "%-14s ", then each
// address and its prefix length followed by a space).
func parseIPBrief(c *catalog.Context) (any, error) {
	res := &IPAddrBrief{Interfaces: []IPBriefInterface{}}
	it := lex.Lines{Raw: c.Raw}
	read := 0
	var f []lex.Field
	for line, start := range it.NonBlankLines() {
		f = lex.Fields(f[:0], line, 0)
		if len(f) < 2 || line[0] == ' ' {
			c.Unread(start)
			continue
		}
		ii := len(res.Interfaces)
		iface := IPBriefInterface{State: line[f[1].Start:f[1].End], Addresses: []IPBriefAddress{}}
		mark := c.Mark() // a line given up drops the spans read from it
		name := line[f[0].Start:f[0].End]
		if at := strings.IndexByte(name, '@'); at > 0 && at < len(name)-1 {
			iface.Link = name[at+1:]
			c.Span(start+at+1, start+f[0].End, "", "interfaces_brief", ii, "link")
			name = name[:at]
		}
		iface.Name = name
		c.Span(start, start+len(name), "", "interfaces_brief", ii, "name")
		c.Span(start+f[1].Start, start+f[1].End, "", "interfaces_brief", ii, "state")
		good := true
		for k, t := range f[2:] {
			v := line[t.Start:t.End]
			slash := strings.IndexByte(v, '/')
			if slash <= 0 {
				good = false
				break
			}
			n, ok := lex.Atoi(v[slash+1:])
			if !ok {
				good = false
				break
			}
			a := IPBriefAddress{Family: "inet", Address: v[:slash], PrefixLength: &n}
			if strings.IndexByte(a.Address, ':') >= 0 {
				a.Family = "inet6"
			}
			iface.Addresses = append(iface.Addresses, a)
			c.Span(start+t.Start, start+t.Start+slash, "", "interfaces_brief", ii, "addresses", k, "address")
			c.Span(start+t.Start, start+t.Start+slash, "impliedDefault", "interfaces_brief", ii, "addresses", k, "family")
			c.Span(start+t.Start+slash+1, start+t.End, "parseInt", "interfaces_brief", ii, "addresses", k, "prefix_length")
		}
		if !good {
			c.Truncate(mark)
			c.Unread(start)
			continue
		}
		read++
		if c.Full(ii) {
			c.Truncate(mark)
			c.Omit(1)
			continue
		}
		res.Interfaces = append(res.Interfaces, iface)
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as ip -brief addr output")
	}
	return res, nil
}

// parseIPOneline reads `ip -oneline addr` ("2: eth0    inet 192.0.2.2/24
// brd ... scope global eth0\       valid_lft forever preferred_lft
// forever", one line per address) and `ip -oneline link` (the header and
// its link line joined by "\"): the pieces between the backslashes are
// the lines of the block form; consecutive lines of one interface make one
// interface.
func parseIPOneline(c *catalog.Context) (any, error) {
	res := &IPAddrResult{Interfaces: []IPInterface{}}
	it := lex.Lines{Raw: c.Raw}
	read := 0
	skipping := int64(-1) // the index of an interface dropped at max_items
	var f []lex.Field
	for line, start := range it.NonBlankLines() {
		if ipOnelineLine(c, res, line, start, &skipping, &f) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as ip -oneline output")
	}
	return res, nil
}

// ipOnelineLine reads one -oneline line into res.
func ipOnelineLine(c *catalog.Context, res *IPAddrResult, line string, start int, skipping *int64, fp *[]lex.Field) bool {
	first, _, _ := strings.Cut(line, "\\")
	colon := strings.Index(first, ": ")
	if colon <= 0 {
		return false
	}
	idx, ok := lex.Atoi(first[:colon])
	if !ok {
		return false
	}
	if idx == *skipping {
		return true
	}
	var cur *IPInterface
	var pieceAt int // where the first block line begins in line
	body := first[colon+2:]
	if i := strings.Index(body, ": <"); i > 0 && !strings.ContainsAny(body[:i], " \t") {
		// ip -o link: the header is the block's own header line.
		full := c.Full(len(res.Interfaces))
		hc := c
		if full {
			hc = &catalog.Context{Raw: c.Raw}
		}
		iface, ok := ipHeader(hc, first, start, len(res.Interfaces))
		if !ok {
			return false
		}
		if full {
			c.Omit(1)
			*skipping = idx
			return true
		}
		res.Interfaces = append(res.Interfaces, iface)
		cur, pieceAt = &res.Interfaces[len(res.Interfaces)-1], -1
	} else {
		// ip -o addr: "N: name    inet ...": the name, then an address line.
		ne := strings.IndexAny(body, " \t")
		if ne <= 0 {
			return false
		}
		name := body[:ne]
		if n := len(res.Interfaces); n > 0 && res.Interfaces[n-1].Index == idx && res.Interfaces[n-1].Name+ipAt(res.Interfaces[n-1].Link) == name {
			cur = &res.Interfaces[n-1]
		} else {
			if c.Full(len(res.Interfaces)) {
				c.Omit(1)
				*skipping = idx
				return true
			}
			ii := len(res.Interfaces)
			iface := IPInterface{Index: idx, Name: name, Addresses: []IPAddress{}}
			c.Span(start, start+colon, "parseInt", "interfaces", ii, "index")
			ns := start + colon + 2
			if at := strings.IndexByte(name, '@'); at > 0 && at < len(name)-1 {
				iface.Name, iface.Link = name[:at], name[at+1:]
				c.Span(ns+at+1, ns+ne, "", "interfaces", ii, "link")
			}
			c.Span(ns, ns+len(iface.Name), "", "interfaces", ii, "name")
			res.Interfaces = append(res.Interfaces, iface)
			cur = &res.Interfaces[ii]
		}
		pieceAt = colon + 2 + ne
	}
	ii := len(res.Interfaces) - 1
	// The block lines: the address line (addr), then each piece after a
	// backslash.
	pieces := []int{}
	if pieceAt >= 0 {
		pieces = append(pieces, pieceAt)
	}
	for off := len(first); off < len(line); {
		pieces = append(pieces, off+1)
		next := strings.IndexByte(line[off+1:], '\\')
		if next < 0 {
			break
		}
		off += 1 + next
	}
	var lastAddr *IPAddress
	for k, ps := range pieces {
		pe := len(line)
		if k+1 < len(pieces) {
			pe = pieces[k+1] - 1
		}
		piece := line[ps:pe]
		*fp = lex.Fields((*fp)[:0], piece, 0)
		f := *fp
		if len(f) == 0 {
			continue
		}
		w := piece[f[0].Start:f[0].End]
		good := false
		switch {
		case strings.HasPrefix(w, "link/") && len(w) > len("link/") && cur.LinkType == "":
			good = ipLinkLine(c, cur, piece, start+ps, f, ii)
		case w == "altname" && len(f) == 2:
			c.Span(start+ps+f[1].Start, start+ps+f[1].End, "", "interfaces", ii, "altnames", len(cur.AltNames))
			cur.AltNames = append(cur.AltNames, piece[f[1].Start:f[1].End])
			good = true
		case (w == "inet" || w == "inet6") && lastAddr == nil:
			var a IPAddress
			if a, good = ipAddrLine(c, piece, start+ps, f, ii, len(cur.Addresses)); good {
				cur.Addresses = append(cur.Addresses, a)
				lastAddr = &cur.Addresses[len(cur.Addresses)-1]
			}
		case w == "valid_lft" && lastAddr != nil:
			good = ipLifetimes(c, lastAddr, piece, start+ps, f, ii, len(cur.Addresses)-1)
		}
		if !good {
			// As in the block form, where each piece is a line of its own:
			// what was read stays, the line is reported unread.
			return false
		}
	}
	return true
}

func ipAt(link string) string {
	if link == "" {
		return ""
	}
	return "@" + link
}

// ipHeader reads "2: eth0@if5: <BROADCAST,MULTICAST,UP> mtu 1500 qdisc noqueue state UP group default qlen 1000".
// Its spans are recorded only when the line reads.
func ipHeader(c *catalog.Context, line string, start, ii int) (_ IPInterface, read bool) {
	var iface IPInterface
	mark := c.Mark()
	defer func() {
		if !read {
			c.Truncate(mark)
		}
	}()
	colon := strings.IndexByte(line, ':')
	if colon <= 0 || colon+2 >= len(line) || line[colon+1] != ' ' {
		return iface, false
	}
	idx, ok := lex.Atoi(line[:colon])
	if !ok {
		return iface, false
	}
	iface.Index = idx
	c.Span(start, start+colon, "parseInt", "interfaces", ii, "index")
	rest := line[colon+2:]
	rs := start + colon + 2
	nameEnd := strings.Index(rest, ": ")
	if nameEnd <= 0 {
		return iface, false
	}
	name := rest[:nameEnd]
	if at := strings.IndexByte(name, '@'); at > 0 && at < len(name)-1 {
		iface.Link = name[at+1:]
		c.Span(rs+at+1, rs+nameEnd, "", "interfaces", ii, "link")
		name = name[:at]
	}
	iface.Name = name
	c.Span(rs, rs+len(name), "", "interfaces", ii, "name")
	tail := rest[nameEnd+2:]
	ts := rs + nameEnd + 2
	if !strings.HasPrefix(tail, "<") {
		return iface, false
	}
	gt := strings.IndexByte(tail, '>')
	if gt < 0 {
		return iface, false
	}
	iface.Flags = make([]string, 0, strings.Count(tail[1:gt], ",")+1)
	pos := 1
	for fl := range strings.SplitSeq(tail[1:gt], ",") {
		if fl != "" {
			c.Span(ts+pos, ts+pos+len(fl), "", "interfaces", ii, "flags", len(iface.Flags))
			iface.Flags = append(iface.Flags, fl)
		}
		pos += len(fl) + 1
	}
	iface.Addresses = []IPAddress{}
	var fb [16]lex.Field // a header has about ten fields
	f := lex.Fields(fb[:0], tail[gt+1:], 0)
	off := ts + gt + 1
	var notRead []string
	seen := map[string]bool{}
	for k := 0; k+1 < len(f); k += 2 {
		key := tail[gt+1+f[k].Start : gt+1+f[k].End]
		v := tail[gt+1+f[k+1].Start : gt+1+f[k+1].End]
		vs, ve := off+f[k+1].Start, off+f[k+1].End
		tr := ""
		if seen[key] {
			return iface, false // a key twice: not ip's own output
		}
		seen[key] = true
		switch key {
		case "mtu", "qlen":
			n, ok := lex.Atoi(v)
			if !ok {
				return iface, false
			}
			if key == "mtu" {
				iface.MTU = &n
			} else {
				iface.Qlen = &n
			}
			tr = "parseInt"
		case "qdisc":
			iface.Qdisc = v
		case "master":
			iface.Master = v
		case "state":
			iface.State = v
		case "mode":
			iface.Mode = v
		case "group":
			iface.Group = v
		default:
			notRead = append(notRead, key+" "+v)
			continue
		}
		c.Span(vs, ve, tr, "interfaces", ii, key)
	}
	if len(f)%2 != 0 {
		notRead = append(notRead, tail[gt+1+f[len(f)-1].Start:])
	}
	for _, w := range notRead {
		c.Warn("ip: interface attribute not read: " + w)
	}
	return iface, true
}

// ipLinkLine reads "link/ether 02:42:ac:11:00:02 brd ff:ff:ff:ff:ff:ff link-netnsid 0".
func ipLinkLine(c *catalog.Context, dst *IPInterface, line string, start int, f []lex.Field, ii int) bool {
	mark := c.Mark()
	link := *dst // changed only when the line reads
	iface := &link
	iface.LinkType = line[f[0].Start+5 : f[0].End]
	c.Span(start+f[0].Start+5, start+f[0].End, "", "interfaces", ii, "link_type")
	k := 1
	if k < len(f) && !ipLinkKeyword(line[f[k].Start:f[k].End]) {
		iface.MAC = line[f[k].Start:f[k].End]
		c.Span(start+f[k].Start, start+f[k].End, "", "interfaces", ii, "mac")
		k++
	}
	seen := map[string]bool{}
	for ; k+1 < len(f); k += 2 {
		key, v := line[f[k].Start:f[k].End], line[f[k+1].Start:f[k+1].End]
		vs, ve := start+f[k+1].Start, start+f[k+1].End
		if seen[key] {
			c.Truncate(mark)
			return false
		}
		seen[key] = true
		switch key {
		case "brd":
			iface.Broadcast = v
			c.Span(vs, ve, "", "interfaces", ii, "broadcast")
		case "link-netnsid":
			n, ok := lex.Atoi(v)
			if !ok {
				c.Truncate(mark)
				return false
			}
			iface.LinkNetnsid = &n
			c.Span(vs, ve, "parseInt", "interfaces", ii, "link_netnsid")
		default:
			c.Warn("ip: link attribute not read: " + key + " " + v)
		}
	}
	if k < len(f) {
		c.Warn("ip: link attribute not read: " + line[f[k].Start:])
	}
	*dst = link
	return true
}

func ipLinkKeyword(w string) bool {
	switch w {
	case "brd", "link-netnsid", "permaddr", "peer", "link-netns":
		return true
	}
	return false
}

// ipAddrFlag reports a word ip prints after an address's scope.
func ipAddrFlag(w string) bool {
	switch w {
	case "secondary", "temporary", "dynamic", "noprefixroute", "mngtmpaddr", "tentative", "deprecated",
		"dadfailed", "home", "nodad", "optimistic", "stable-privacy", "permanent", "autojoin", "primary":
		return true
	}
	return false
}

// ipAddrLine reads "inet 10.0.0.5/24 metric 100 brd 10.0.0.255 scope global secondary dynamic eth0:1".
func ipAddrLine(c *catalog.Context, line string, start int, f []lex.Field, ii, ai int) (_ IPAddress, read bool) {
	var a IPAddress
	if len(f) < 2 {
		return a, false
	}
	mark := c.Mark()
	defer func() {
		if !read {
			c.Truncate(mark)
		}
	}()
	// A value's pointer, built only when spans are recorded.
	p := func(k string, more ...any) []any {
		if !c.Recording() {
			return nil
		}
		return append([]any{"interfaces", ii, "addresses", ai, k}, more...)
	}
	a.Family = line[f[0].Start:f[0].End]
	c.Span(start+f[0].Start, start+f[0].End, "", p("family")...)
	setAddr := func(tok lex.Field, peer bool) bool {
		v := line[tok.Start:tok.End]
		addr := v
		if slash := strings.IndexByte(v, '/'); slash >= 0 {
			n, ok := lex.Atoi(v[slash+1:])
			if !ok || a.PrefixLength != nil {
				return false
			}
			a.PrefixLength = &n
			addr = v[:slash]
			c.Span(start+tok.Start+slash+1, start+tok.End, "parseInt", p("prefix_length")...)
		}
		key := "address"
		if peer {
			a.Peer, key = addr, "peer"
		} else {
			a.Address = addr
		}
		c.Span(start+tok.Start, start+tok.Start+len(addr), "", p(key)...)
		return addr != ""
	}
	if !setAddr(f[1], false) {
		return a, false
	}
	var notRead []string
	seen := map[string]bool{}
	for k := 2; k < len(f); k++ {
		w := line[f[k].Start:f[k].End]
		switch {
		case (w == "brd" || w == "scope" || w == "metric" || w == "peer") && k+1 < len(f):
			if seen[w] {
				return a, false
			}
			seen[w] = true
			v := line[f[k+1].Start:f[k+1].End]
			vs, ve := start+f[k+1].Start, start+f[k+1].End
			switch w {
			case "peer":
				if !setAddr(f[k+1], true) {
					return a, false
				}
			case "brd":
				a.Broadcast = v
				c.Span(vs, ve, "", p("broadcast")...)
			case "scope":
				a.Scope = v
				c.Span(vs, ve, "", p("scope")...)
			case "metric":
				n, ok := lex.Atoi(v)
				if !ok {
					return a, false
				}
				a.Metric = &n
				c.Span(vs, ve, "parseInt", p("metric")...)
			}
			k++
		case ipAddrFlag(w):
			c.Span(start+f[k].Start, start+f[k].End, "", p("flags", len(a.Flags))...)
			a.Flags = append(a.Flags, w)
		case k == len(f)-1 && a.Family == "inet":
			// The label ends an inet line: the interface name or "eth0:web".
			a.Label = w
			c.Span(start+f[k].Start, start+f[k].End, "", p("label")...)
		default:
			notRead = append(notRead, w)
		}
	}
	for _, w := range notRead {
		c.Warn("ip: address attribute not read: " + w)
	}
	return a, true
}

// ipLifetimes reads "valid_lft forever preferred_lft 1800sec".
func ipLifetimes(c *catalog.Context, a *IPAddress, line string, start int, f []lex.Field, ii, ai int) bool {
	if len(f) != 4 || line[f[2].Start:f[2].End] != "preferred_lft" {
		return false
	}
	mark := c.Mark()
	got := *a
	for k, tok := range []lex.Field{f[1], f[3]} {
		v := line[tok.Start:tok.End]
		key, fkey := "valid_lifetime_seconds", "valid_forever"
		secs, forever := &got.ValidLifetimeSeconds, &got.ValidForever
		if k == 1 {
			key, fkey = "preferred_lifetime_seconds", "preferred_forever"
			secs, forever = &got.PreferredLifetimeSeconds, &got.PreferredForever
		}
		if v == "forever" {
			*forever = true
			c.Span(start+tok.Start, start+tok.End, "marker", "interfaces", ii, "addresses", ai, fkey)
			continue
		}
		n, ok := lex.Atoi(strings.TrimSuffix(v, "sec"))
		if !ok || !strings.HasSuffix(v, "sec") {
			c.Truncate(mark)
			return false
		}
		*secs = &n
		c.Span(start+tok.Start, start+tok.End-3, "parseInt", "interfaces", ii, "addresses", ai, key)
	}
	*a = got
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser {
	return slices.Concat(ipAddrParsers(), ipRouteParsers())
}
