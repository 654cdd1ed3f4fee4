// Package dig reads the output of `dig` for the catalog: the parser dig.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package dig

import (
	"strings"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// DigResult is the parsed output of `dig`: the question, the header, the
// records of each section and the closing statistics. With +short only
// Answers is set, each with its Value.
type DigResult struct {
	Query           string      `json:"query,omitempty"`
	QueryClass      string      `json:"query_class,omitempty"`
	QueryType       string      `json:"query_type,omitempty"`
	Opcode          string      `json:"opcode,omitempty"`
	Status          string      `json:"status,omitempty"`
	ID              *int64      `json:"id,omitempty"`
	Flags           []string    `json:"flags,omitempty"`
	QueryCount      *int64      `json:"query_count,omitempty"`
	AnswerCount     *int64      `json:"answer_count,omitempty"`
	AuthorityCount  *int64      `json:"authority_count,omitempty"`
	AdditionalCount *int64      `json:"additional_count,omitempty"`
	Answers         []DigRecord `json:"answers"`
	Authority       []DigRecord `json:"authority,omitempty"`
	Additional      []DigRecord `json:"additional,omitempty"`
	QueryTimeMs     *int64      `json:"query_time_ms,omitempty"`
	// Server is the address dig asked, ServerName the name it was given
	// as when that differs (@dns.example).
	Server         string `json:"server,omitempty"`
	ServerName     string `json:"server_name,omitempty"`
	ServerPort     *int64 `json:"server_port,omitempty"`
	ServerProtocol string `json:"server_protocol,omitempty"`
	// QueriedAt is ";; WHEN:" in ISO 8601 (without an offset, and with a
	// warning, when the zone abbreviation cannot be resolved).
	QueriedAt    string `json:"queried_at,omitempty"`
	MsgSizeBytes *int64 `json:"msg_size_bytes,omitempty"`
	// QuerySizeBytes is +qr's ";; QUERY SIZE:" of the query sent (its
	// header and question, printed first, are not the answer's).
	QuerySizeBytes *int64 `json:"query_size_bytes,omitempty"`
	// NSID is +nsid's name server identifier: the text bind shows in
	// parentheses, else the hexadecimal bytes as printed.
	NSID string `json:"nsid,omitempty"`
	// Messages are dig's own notes: ";; WARNING: ...", ";; communications
	// error to ...", ";; connection timed out; no servers could be reached".
	Messages []string `json:"messages,omitempty"`
}

// DigResponses is dig's output for several names in one call: one
// response per name, in the order asked.
type DigResponses struct {
	Responses []DigResult `json:"responses"`
}

// DigRecord is one resource record; Value is the record data as printed
// ("10 mail.example.com.", "\"v=spf1 -all\"").
type DigRecord struct {
	Name  string `json:"name,omitempty"`
	TTL   *int64 `json:"ttl,omitempty"`
	Class string `json:"class,omitempty"`
	Type  string `json:"type,omitempty"`
	Value string `json:"value"`
}

// digParser: flags and +options checked against BIND 9.18 dig(1) and
// bin/dig/dig.c (printmessage: ";; Sending:" for +qr, ";; Got answer:"
// per response; the one here is 9.18.49): -4 -6 -p -b -t -c -q -x and
// @server keep the form; +dnssec adds RRSIG records (read as records),
// +nsid an "; NSID:" line (read), +qr the query first (read apart), several
// names one response each (read as responses); +short with several
// names loses which answer is whose (refused: +noall +answer names every
// record). Refused: +trace, +multiline, +yaml, +nssearch, +identify
// and the other +options that change the form; -f (batch file), -k, -y.
var digParser = &catalog.Parser{
	ID:      "dig",
	Command: "dig",
	Version: "1",
	Format:  "dig default output (sections, header, statistics; one response per name), +short, +noall +answer, +qr, +dnssec, +nsid",
	Flags: catalog.Flags{
		"-4": catalog.Bool, "-6": catalog.Bool, "-p": catalog.Value, "-b": catalog.Value, "-t": catalog.Value, "-c": catalog.Value, "-q": catalog.Value, "-x": catalog.Value,
	},
	PlusOptions:      true,
	ChecksUndeclared: true,
	MaxPositionals:   -1,
	Result:           catalog.OneOf{DigResult{}, DigResponses{}},
	RowsKey:          "answers",
	Examples:         [][]string{{"example.com"}, {"+short", "example.com", "MX"}, {"+noall", "+answer", "example.com"}, {"example.com", "example.org"}},
	Parse:            parseDig,
}

// digParsers wires the digParser and returns it for the builtin list.
func digParsers() []*catalog.Parser {
	for f, k := range digOptions {
		digParser.Flags[f] = k
	}
	digParser.Check = digCheck
	return []*catalog.Parser{digParser}
}

// digOptions are the +options that leave the output in a form the parser
// reads (with their no- forms where dig has them); those that take a
// value ("+time=2") are Optional, the value attached after "=".
var digOptions = func() catalog.Flags {
	f := catalog.Flags{}
	for _, o := range strings.Fields(`short noshort all noall answer noanswer
		authority noauthority additional noadditional question noquestion stats nostats cmd nocmd
		comments nocomments recurse norecurse tcp notcp vc novc dnssec nodnssec cookie nocookie
		edns noedns search nosearch defname nodefname cd cdflag nocd nocdflag ad adflag noad noadflag
		aaflag noaaflag besteffort nobesteffort ttlid class subnet nosubnet fail nofail idnout noidnout
		expire noexpire onesoa noonesoa qr noqr nsid nonsid`) {
		f["+"+o] = catalog.Bool
	}
	for _, o := range []string{"time", "tries", "retry", "ndots", "bufsize", "edns", "cookie", "subnet"} {
		f["+"+o] = catalog.Optional
	}
	return f
}()

// digMode is what the +options say about the output.
type digMode struct{ short, noComments, extraSections bool }

func digReadOptions(a catalog.Args) (m digMode) {
	for _, it := range a.Items {
		switch it.Flag {
		case "+short":
			m.short = true
		case "+noshort":
			m.short = false
		case "+noall", "+nocomments":
			m.noComments = true
		case "+all", "+comments":
			m.noComments = false
		case "+authority", "+additional":
			m.extraSections = true
		}
	}
	return m
}

// digCheck refuses the flags and +options the parser does not declare
// (ChecksUndeclared): an undeclared -flag first, as the other parsers
// do, then a +option with the same call without it as the hint.
func digCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	for _, it := range argv.Items {
		if _, ok := digParser.Flags[it.Flag]; !ok && strings.HasPrefix(it.Flag, "-") {
			return digParser.UnsupportedFlag(it.Flag)
		}
	}
	for _, it := range argv.Items {
		if _, ok := digParser.Flags[it.Flag]; !ok && strings.HasPrefix(it.Flag, "+") {
			bad := args[it.Index]
			var hint []string
			for _, a := range args {
				if a != bad {
					hint = append(hint, a)
				}
			}
			return catalog.Unsupported(hint, "dig %s changes the output form", bad)
		}
	}
	m := digReadOptions(argv)
	if m.noComments && m.extraSections && !m.short {
		return catalog.Unsupported(nil, "dig without section headers (+noall, +nocomments) mixes the sections; ask for +answer alone")
	}
	if m.short && digNames(argv) > 1 {
		var hint []string
		for _, a := range args {
			if a == "+short" {
				hint = append(hint, "+noall", "+answer")
			} else {
				hint = append(hint, a)
			}
		}
		return catalog.Unsupported(hint, "dig +short with several names does not say which answer is whose; +noall +answer names every record")
	}
	return nil
}

// digNames counts the names a dig call asks about: operands that are not
// a server (@addr), a type or a class (dig reads "MX", "IN" so) or a lone
// "+", and the values of -x and -q.
func digNames(a catalog.Args) int {
	n := 0
	for _, it := range a.Items {
		switch {
		case it.Flag == "-x" || it.Flag == "-q":
			n++
		case it.Flag != "" || it.Pos == "" || it.Pos[0] == '@' || it.Pos == "+" || digTypeOrClass(it.Pos):
		default:
			n++
		}
	}
	return n
}

// digTypeOrClass reports an argument dig takes as a record type or class
// rather than a name (RFC 1035 and later types, TYPEnn, CLASSnn).
func digTypeOrClass(a string) bool {
	u := strings.ToUpper(a)
	switch u {
	case "A", "AAAA", "MX", "NS", "TXT", "CNAME", "SOA", "PTR", "SRV", "CAA", "ANY", "AXFR", "IXFR", "DS", "DNSKEY",
		"RRSIG", "NSEC", "NSEC3", "NSEC3PARAM", "TLSA", "SSHFP", "HTTPS", "SVCB", "NAPTR", "HINFO", "SPF", "LOC", "CDS",
		"CDNSKEY", "OPENPGPKEY", "SMIMEA", "URI", "ZONEMD", "CSYNC", "DNAME", "AFSDB", "CERT", "DHCID", "KEY", "KX",
		"RP", "SIG", "TSIG", "TKEY", "MAILA", "MAILB", "IPSECKEY", "APL", "EUI48", "EUI64", "HIP", "NULL", "WKS",
		"IN", "CH", "CHAOS", "HS", "HESIOD", "NONE":
		return true
	}
	for _, p := range []string{"TYPE", "CLASS"} {
		if r, ok := strings.CutPrefix(u, p); ok && r != "" && lex.IsDigits(r) {
			return true
		}
	}
	return false
}

type digSection uint8

const (
	dsNone digSection = iota
	dsQuestion
	dsAnswer
	dsAuthority
	dsAdditional
	dsOther // OPT pseudosection and the like
)

// digOut is where the lines of one response go: its value and the path
// prefix of its spans ("responses/1" with several names).
type digOut struct {
	res *DigResult
	pfx []any
}

func (o *digOut) path(tokens ...any) []any {
	if o.pfx == nil {
		return tokens
	}
	return append(append([]any{}, o.pfx...), tokens...)
}

func parseDig(c *catalog.Context) (any, error) {
	m := digReadOptions(c.Args)
	multi := !m.short && !m.noComments && digNames(c.Args) > 1
	var all []*DigResult
	o := &digOut{res: &DigResult{Answers: []DigRecord{}}}
	if multi {
		o.pfx = []any{"responses", 0}
	}
	it := lex.Lines{Raw: c.Raw}
	sec := dsNone
	dataLines, read, answers, questions := 0, 0, 0, 0
	// closed: the response ended (its statistics, or no server reached);
	// sending: the +qr query is being printed.
	closed, sending := false, false
	var f []lex.Field
	for line, start := range it.All() {
		if lex.IsBlank(line) {
			if sec != dsNone {
				sec = dsNone
			}
			continue
		}
		dataLines++
		r := o.res
		started := r.Status != "" || len(r.Messages) > 0 || r.Query != ""
		if multi && (closed || (line == ";; Got answer:" || line == ";; Sending:") && started && !sending) {
			all = append(all, o.res)
			o = &digOut{res: &DigResult{Answers: []DigRecord{}}, pfx: []any{"responses", len(all)}}
			r, closed, sec, answers, questions = o.res, false, dsNone, 0, 0
		}
		good := true
		switch {
		case line == ";; Sending:":
			sending = true
		case sending && digSent(c, o, line, start, &sending):
		case strings.HasPrefix(line, ";;"):
			sending = false
			good = digComment(c, o, line, start, &sec, &answers, &questions)
			closed = strings.HasPrefix(line, ";; MSG SIZE") || strings.HasSuffix(line, "no servers could be reached")
		case line[0] == ';':
			switch {
			case sec == dsQuestion:
				f = lex.Fields(f[:0], line[1:], 0)
				if len(f) != 3 || r.Query != "" {
					good = false
					break
				}
				r.Query, r.QueryClass, r.QueryType = line[1+f[0].Start:1+f[0].End], line[1+f[1].Start:1+f[1].End], line[1+f[2].Start:1+f[2].End]
				c.Span(start+1+f[0].Start, start+1+f[0].End, "", o.path("query")...)
				c.Span(start+1+f[1].Start, start+1+f[1].End, "", o.path("query_class")...)
				c.Span(start+1+f[2].Start, start+1+f[2].End, "", o.path("query_type")...)
			case sec == dsOther && strings.HasPrefix(line, "; NSID: "):
				good = digNSID(c, o, line, start)
			case strings.HasPrefix(line, "; <<>> DiG"), strings.HasPrefix(line, "; ("), sec == dsOther:
			default:
				good = false
			}
		case m.short:
			if c.Full(len(r.Answers)) {
				c.Omit(1)
				break
			}
			v := strings.TrimRight(line, " \t")
			r.Answers = append(r.Answers, DigRecord{Value: v})
			c.Span(start, start+len(v), "", "answers", len(r.Answers)-1, "value")
		default:
			good = digRecord(c, o, line, start, sec, &f)
		}
		if good {
			read++
		} else {
			c.Unread(start)
		}
		if !multi && (answers > 1 || questions > 1) {
			return nil, catalog.Unsupported(nil, "dig printed %d responses; ask one query per run", max(answers, questions))
		}
		if multi && (answers > 1 || questions > 1) {
			return nil, catalog.Unrecognized("dig printed two answers for one name; stdout.raw holds the output")
		}
	}
	if dataLines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as dig output")
	}
	if multi {
		all = append(all, o.res)
		out := &DigResponses{Responses: make([]DigResult, len(all))}
		for i, r := range all {
			out.Responses[i] = *r
		}
		return out, nil
	}
	return o.res, nil
}

// digSent reads a line of the query +qr prints first (";; Sending:"): its
// header, flags, pseudosection and question are the query's, not the
// answer's, and are passed over; ";; QUERY SIZE: N" ends it.
func digSent(c *catalog.Context, o *digOut, line string, start int, sending *bool) bool {
	switch {
	case strings.HasPrefix(line, ";; QUERY SIZE: "):
		v := line[len(";; QUERY SIZE: "):]
		n, ok := lex.Atoi(v)
		if !ok || o.res.QuerySizeBytes != nil {
			return false
		}
		o.res.QuerySizeBytes = &n
		c.Span(start+len(";; QUERY SIZE: "), start+len(line), "parseInt", o.path("query_size_bytes")...)
		*sending = false
		return true
	case strings.HasPrefix(line, ";; ->>HEADER<<- "), strings.HasPrefix(line, ";; flags:"),
		strings.HasSuffix(line, " SECTION:"), strings.HasSuffix(line, " PSEUDOSECTION:"),
		line[0] == ';' && !strings.HasPrefix(line, ";;"):
		return true
	}
	*sending = false
	return false
}

// digNSID reads "; NSID: 67 70 64 6e 73 ("gpdns")" (the text form in
// parentheses since BIND 9.16) or the bytes alone.
func digNSID(c *catalog.Context, o *digOut, line string, start int) bool {
	v := line[len("; NSID: "):]
	vs := start + len("; NSID: ")
	if i := strings.Index(v, " (\""); i >= 0 && strings.HasSuffix(v, "\")") {
		vs += i + 3
		v = v[i+3 : len(v)-2]
	}
	if v == "" || o.res.NSID != "" {
		return false
	}
	o.res.NSID = v
	c.Span(vs, vs+len(v), "", o.path("nsid")...)
	return true
}

// digRecord reads "example.com.  300  IN  MX  10 mail.example.com." into
// the current section (the answer section when dig printed no headers).
func digRecord(c *catalog.Context, o *digOut, line string, start int, sec digSection, fp *[]lex.Field) bool {
	res := o.res
	f := lex.Fields((*fp)[:0], line, 5)
	*fp = f
	if len(f) < 4 {
		return false
	}
	ttl, ok := lex.Atoi(line[f[1].Start:f[1].End])
	if !ok {
		return false
	}
	r := DigRecord{Name: line[f[0].Start:f[0].End], TTL: &ttl, Class: line[f[2].Start:f[2].End], Type: line[f[3].Start:f[3].End]}
	if len(f) == 5 {
		r.Value = line[f[4].Start:f[4].End]
	}
	var list *[]DigRecord
	key := "answers"
	switch sec {
	case dsNone, dsAnswer:
		list = &res.Answers
	case dsAuthority:
		list, key = &res.Authority, "authority"
	case dsAdditional:
		list, key = &res.Additional, "additional"
	default:
		return false
	}
	idx := len(*list)
	if key == "answers" && c.Full(idx) {
		c.Omit(1)
		return true
	}
	*list = append(*list, r)
	if c.Recording() {
		c.Span(start+f[0].Start, start+f[0].End, "", o.path(key, idx, "name")...)
		c.Span(start+f[1].Start, start+f[1].End, "parseInt", o.path(key, idx, "ttl")...)
		c.Span(start+f[2].Start, start+f[2].End, "", o.path(key, idx, "class")...)
		c.Span(start+f[3].Start, start+f[3].End, "", o.path(key, idx, "type")...)
		if len(f) == 5 {
			c.Span(start+f[4].Start, start+f[4].End, "", o.path(key, idx, "value")...)
		} else {
			c.Span(start+len(line), start+len(line), "", o.path(key, idx, "value")...)
		}
	}
	return true
}

// digComment reads the ";;" lines: section headers, the response header,
// the statistics and dig's messages. A line changes res only when it
// reads, and a value dig prints once is not taken twice.
func digComment(c *catalog.Context, o *digOut, line string, start int, sec *digSection, answers, questions *int) (read bool) {
	res := o.res
	body := strings.TrimSpace(line[2:])
	bs := start + strings.Index(line, body)
	if body == "" {
		return true
	}
	if strings.HasSuffix(body, " SECTION:") || strings.HasSuffix(body, " PSEUDOSECTION:") {
		switch body {
		case "QUESTION SECTION:":
			*sec = dsQuestion
			*questions++
		case "ANSWER SECTION:":
			*sec = dsAnswer
		case "AUTHORITY SECTION:":
			*sec = dsAuthority
		case "ADDITIONAL SECTION:":
			*sec = dsAdditional
		default:
			*sec = dsOther
		}
		return true
	}
	*sec = dsNone
	r := *res
	pend := digHold{c: c, o: o}
	mark := c.Mark() // a line given up drops the spans read from it
	defer func() {
		if !read {
			c.Truncate(mark)
		}
	}()
	ok := true
	switch {
	case body == "Got answer:":
		*answers++
		return true
	case strings.HasPrefix(body, "global options:"):
		return true
	case strings.HasPrefix(body, "->>HEADER<<- "):
		if r.Status != "" || r.Opcode != "" || r.ID != nil {
			return false
		}
		for _, kv := range digPairs(body[len("->>HEADER<<- "):], bs+len("->>HEADER<<- ")) {
			switch {
			case kv.key == "opcode" && r.Opcode == "" && kv.val != "":
				r.Opcode = kv.val
				pend.add(kv.vs, kv.vs+len(kv.val), "", "opcode")
			case kv.key == "status" && r.Status == "" && kv.val != "":
				r.Status = kv.val
				pend.add(kv.vs, kv.vs+len(kv.val), "", "status")
			case kv.key == "id" && r.ID == nil:
				if n, good := lex.Atoi(kv.val); good {
					r.ID = &n
					pend.add(kv.vs, kv.vs+len(kv.val), "parseInt", "id")
				}
			}
		}
		ok = r.Status != ""
	case strings.HasPrefix(body, "flags:"):
		semi := strings.IndexByte(body, ';')
		if semi < 0 || r.Flags != nil || r.QueryCount != nil {
			return false
		}
		fl := body[len("flags:"):semi]
		fs := bs + len("flags:")
		for pos := 0; pos < len(fl); {
			s, e := lex.NextField(fl, pos)
			if s >= len(fl) {
				break
			}
			pos = e
			pend.add(fs+s, fs+e, "", "flags", len(r.Flags))
			r.Flags = append(r.Flags, fl[s:e])
		}
		for _, kv := range digPairs(body[semi+1:], bs+semi+1) {
			n, good := lex.Atoi(kv.val)
			if !good {
				continue
			}
			var dst **int64
			var key string
			switch kv.key {
			case "QUERY", "ZONE":
				dst, key = &r.QueryCount, "query_count"
			case "ANSWER", "PREREQ":
				dst, key = &r.AnswerCount, "answer_count"
			case "AUTHORITY", "UPDATE":
				dst, key = &r.AuthorityCount, "authority_count"
			case "ADDITIONAL":
				dst, key = &r.AdditionalCount, "additional_count"
			default:
				continue
			}
			if *dst != nil {
				return false
			}
			*dst = &n
			pend.add(kv.vs, kv.vs+len(kv.val), "parseInt", key)
		}
	case len(body) > len("Query time:  msec") && strings.HasPrefix(body, "Query time: ") && strings.HasSuffix(body, " msec"):
		v := body[len("Query time: ") : len(body)-len(" msec")]
		n, good := lex.Atoi(v)
		if ok = good && r.QueryTimeMs == nil; ok {
			r.QueryTimeMs = &n
			pend.add(bs+len("Query time: "), bs+len("Query time: ")+len(v), "parseInt", "query_time_ms")
		}
	case strings.HasPrefix(body, "SERVER: "):
		ok = r.Server == "" && digServer(&r, &pend, body[len("SERVER: "):], bs+len("SERVER: "))
	case strings.HasPrefix(body, "WHEN: "):
		v := body[len("WHEN: "):]
		ts, warn, good := sysCTime(v, c.Location)
		if ok = good && r.QueriedAt == ""; ok {
			r.QueriedAt = ts
			pend.add(bs+len("WHEN: "), bs+len(body), "timestamp", "queried_at")
			if warn != "" {
				c.Warn("dig: " + warn)
			}
		}
	case strings.HasPrefix(body, "MSG SIZE") && strings.Contains(body, "rcvd: "):
		v := body[strings.Index(body, "rcvd: ")+len("rcvd: "):]
		n, good := lex.Atoi(v)
		if ok = good && r.MsgSizeBytes == nil; ok {
			r.MsgSizeBytes = &n
			pend.add(bs+len(body)-len(v), bs+len(body), "parseInt", "msg_size_bytes")
		}
	default:
		// Anything else dig says on a ";;" line is a message of its own.
		pend.add(bs, bs+len(body), "", "messages", len(r.Messages))
		r.Messages = append(r.Messages, body)
	}
	if !ok {
		return false
	}
	*res = r
	return true
}

// digHold records a response's spans under its path prefix.
type digHold struct {
	c *catalog.Context
	o *digOut
}

func (h *digHold) add(start, end int, tr string, tokens ...any) {
	h.c.Span(start, end, tr, h.o.path(tokens...)...)
}

type digKV struct {
	key, val string
	vs       int
}

// digPairs reads "opcode: QUERY, status: NOERROR, id: 12345".
func digPairs(s string, at int) []digKV {
	var out []digKV
	pos := 0
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, ":")
		if ok {
			tv := strings.TrimSpace(v)
			vs := at + pos + len(k) + 1 + strings.Index(v, tv)
			out = append(out, digKV{strings.TrimSpace(k), tv, vs})
		}
		pos += len(part) + 1
	}
	return out
}

// digServer reads "127.0.0.1#53(127.0.0.1) (UDP)" (the protocol is absent
// before BIND 9.18).
func digServer(res *DigResult, pend *digHold, s string, at int) bool {
	hash := strings.IndexByte(s, '#')
	open := strings.IndexByte(s, '(')
	if hash <= 0 || open < hash {
		return false
	}
	closeP := strings.IndexByte(s[open:], ')')
	if closeP < 0 {
		return false
	}
	closeP += open
	port, ok := lex.Atoi(s[hash+1 : open])
	if !ok {
		return false
	}
	res.Server = s[:hash]
	pend.add(at, at+hash, "", "server")
	res.ServerPort = &port
	pend.add(at+hash+1, at+open, "parseInt", "server_port")
	if name := s[open+1 : closeP]; name != res.Server && name != "" {
		res.ServerName = name
		pend.add(at+open+1, at+closeP, "", "server_name")
	}
	rest := strings.TrimSpace(s[closeP+1:])
	if len(rest) > 2 && strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") {
		res.ServerProtocol = rest[1 : len(rest)-1]
		ps := at + closeP + 1 + strings.Index(s[closeP+1:], rest) + 1
		pend.add(ps, ps+len(res.ServerProtocol), "", "server_protocol")
	}
	return true
}

// sysCTime reads ctime with a zone, "Sun Nov 29 23:49:08 UTC 2026" (date's
// default, dig's WHEN). A zone abbreviation is resolved when it is UTC or
// GMT, a numeric offset, or the abbreviation loc uses at that moment;
// otherwise the time is returned without an offset and warn says why.
func sysCTime(s string, loc *time.Location) (iso, warn string, ok bool) {
	iso, warn, _, ok = lex.CTime(s, loc)
	return iso, warn, ok
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return digParsers() }
