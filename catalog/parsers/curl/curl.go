// Package curl reads the output of `curl` for the catalog: the parser curl-head.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package curl

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// CurlHeadResult is the parsed output of `curl -I`: the final response's
// status line and headers, and every earlier response of the exchange
// (redirects followed with -L, 1xx, a proxy's CONNECT answer) in order.
type CurlHeadResult struct {
	HTTPVersion string `json:"http_version,omitempty"`
	StatusCode  int64  `json:"status_code,omitempty"`
	Reason      string `json:"reason,omitempty"`
	// Headers maps each header name, spelled as received, to its value; a
	// header sent more than once has its values joined with ", " (RFC 9110
	// 5.3) here and listed one by one in RepeatedHeaders.
	Headers         map[string]string   `json:"headers"`
	RepeatedHeaders map[string][]string `json:"repeated_headers,omitempty"`
	Redirects       []CurlResponse      `json:"redirects,omitempty"`
}

// CurlResponse is one earlier response of the exchange.
type CurlResponse struct {
	HTTPVersion     string              `json:"http_version"`
	StatusCode      int64               `json:"status_code"`
	Reason          string              `json:"reason,omitempty"`
	Headers         map[string]string   `json:"headers"`
	RepeatedHeaders map[string][]string `json:"repeated_headers,omitempty"`
}

var curlHeadParser = &catalog.Parser{
	ID:      "curl-head",
	Command: "curl",
	Version: "1",
	Format:  "curl -I: status lines and headers of each response (HTTP/1.x, 2, 3)",
	// Checked against curl 7.88 / 8.x curl(1) (--help all, the manual's
	// per-option pages): -I/--head (required), -i with it, -s, -S, -L,
	// -k, -4/-6, --http1.0/1.1/2/2-prior-knowledge/3, --compressed, -f,
	// -v and --trace-time (stderr only), -g, --path-as-is, -N, --raw,
	// --tr-encoding, --tcp-nodelay, --no-keepalive, --no-sessionid,
	// --ssl-no-revoke, --suppress-connect-headers, timeouts, retries,
	// --limit-rate, -A, -H, -e, --max-redirs, --resolve, --connect-to,
	// --cacert/--capath leave stdout the headers. Refused: -o/-O (the
	// headers go to a file), -D (a second copy), -w (text after them), -X
	// (another method than HEAD), -d/-F/-T (a body sent).
	Flags: catalog.Flags{
		"-I": catalog.Bool, "--head": catalog.Bool, "-i": catalog.Bool, "--include": catalog.Bool,
		"-s": catalog.Bool, "--silent": catalog.Bool, "-S": catalog.Bool, "--show-error": catalog.Bool, "-L": catalog.Bool, "--location": catalog.Bool,
		"-k": catalog.Bool, "--insecure": catalog.Bool, "-4": catalog.Bool, "-6": catalog.Bool, "--ipv4": catalog.Bool, "--ipv6": catalog.Bool,
		"--http1.0": catalog.Bool, "--http1.1": catalog.Bool, "--http2": catalog.Bool, "--http3": catalog.Bool, "--compressed": catalog.Bool,
		"--no-progress-meter": catalog.Bool, "-f": catalog.Bool, "--fail": catalog.Bool, "-v": catalog.Bool, "--verbose": catalog.Bool,
		"-g": catalog.Bool, "--globoff": catalog.Bool, "--path-as-is": catalog.Bool,
		"-m": catalog.Value, "--max-time": catalog.Value, "--connect-timeout": catalog.Value, "-A": catalog.Value, "--user-agent": catalog.Value,
		"-H": catalog.Value, "--header": catalog.Value, "-e": catalog.Value, "--referer": catalog.Value, "--max-redirs": catalog.Value,
		"--retry": catalog.Value, "--resolve": catalog.Value,
		"--http2-prior-knowledge": catalog.Bool, "--tcp-nodelay": catalog.Bool, "--no-keepalive": catalog.Bool, "--no-sessionid": catalog.Bool,
		"-N": catalog.Bool, "--no-buffer": catalog.Bool, "--raw": catalog.Bool, "--tr-encoding": catalog.Bool, "--ssl-no-revoke": catalog.Bool,
		"--suppress-connect-headers": catalog.Bool, "--trace-time": catalog.Bool, "--fail-early": catalog.Bool,
		"--retry-delay": catalog.Value, "--retry-max-time": catalog.Value, "--limit-rate": catalog.Value, "--connect-to": catalog.Value,
		"--cacert": catalog.Value, "--capath": catalog.Value,
	},
	MaxPositionals: 1,
	Result:         CurlHeadResult{},
	Examples:       [][]string{{"-sI", "https://example.com"}, {"-sIL", "http://example.com"}},
	Parse:          parseCurlHead,
}

// curlHeadParsers wires the curlHeadParser and returns it for the builtin list.
func curlHeadParsers() []*catalog.Parser {
	curlHeadParser.Check = curlHeadCheck
	return []*catalog.Parser{curlHeadParser}
}

// curlValueLetters are the short options of curlHeadParser that take a value.
const curlValueLetters = "mAHe"

// curlHeadCheck requires -I: without it curl prints the body (and with -i
// the body after the headers). The hint is the same arguments with -I.
func curlHeadCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	head := false
	hint := []string{"-I"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			hint = append(hint, args[i:]...)
			i = len(args)
			continue
		case a == "-I" || a == "--head":
			head = true
			continue
		case a == "-i" || a == "--include":
			continue
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			// A group of short options: drop i and I, stop at a value.
			kept := []byte{'-'}
			for j := 1; j < len(a); j++ {
				switch l := a[j]; {
				case l == 'I':
					head = true
				case l == 'i':
				case strings.IndexByte(curlValueLetters, l) >= 0:
					kept = append(kept, a[j:]...)
					if j == len(a)-1 && i+1 < len(args) {
						hint = append(hint, string(kept))
						kept = nil
						i++
						a = args[i]
						hint = append(hint, a)
					}
					j = len(a)
				default:
					kept = append(kept, l)
				}
			}
			if len(kept) > 1 {
				hint = append(hint, string(kept))
			}
			continue
		}
		hint = append(hint, a)
		if k, ok := curlHeadParser.Flags[a]; ok && k == catalog.Value && i+1 < len(args) {
			i++
			hint = append(hint, args[i])
		}
	}
	if head {
		return nil
	}
	return catalog.Unsupported(hint, "curl prints only headers with -I (--head)")
}

func parseCurlHead(c *catalog.Context) (any, error) {
	res := &CurlHeadResult{Headers: map[string]string{}}
	var resps []curlResp
	it := lex.Lines{Raw: c.Raw}
	var cur *curlResp
	dataLines, read := 0, 0
	for line, start := range it.All() {
		if line == "" {
			cur = nil
			continue
		}
		dataLines++
		if strings.HasPrefix(line, "HTTP/") {
			r, good := curlStatus(line, start)
			if good {
				resps = append(resps, r)
				cur = &resps[len(resps)-1]
				read++
				continue
			}
		}
		if cur == nil {
			c.Unread(start)
			continue
		}
		if (line[0] == ' ' || line[0] == '\t') && len(cur.hdrs) > 0 {
			// obs-fold: a continuation of the previous header's value.
			h := &cur.hdrs[len(cur.hdrs)-1]
			t := strings.TrimSpace(line)
			if t != "" {
				h.value += " " + t
				h.ve = start + strings.Index(line, t) + len(t)
				h.folded = true
			}
			read++
			continue
		}
		colon := strings.IndexByte(line, ':')
		if colon <= 0 || !curlToken(line[:colon]) {
			c.Unread(start)
			continue
		}
		v := strings.TrimSpace(line[colon+1:])
		vs := start + colon + 1
		if v != "" {
			vs = start + colon + 1 + strings.Index(line[colon+1:], v)
		}
		cur.hdrs = append(cur.hdrs, curlHdr{name: line[:colon], value: v, ns: start, vs: vs, ve: vs + len(v)})
		read++
	}
	if dataLines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as HTTP response headers")
	}
	for i := range resps {
		r := &resps[i]
		var ptr []any
		if i < len(resps)-1 {
			ptr = []any{"redirects", i}
		}
		headers, repeated := curlHeaders(c, r.hdrs, ptr)
		if i == len(resps)-1 {
			res.HTTPVersion, res.StatusCode, res.Reason = r.version, r.code, r.reason
			res.Headers, res.RepeatedHeaders = headers, repeated
		} else {
			res.Redirects = append(res.Redirects, CurlResponse{HTTPVersion: r.version, StatusCode: r.code,
				Reason: r.reason, Headers: headers, RepeatedHeaders: repeated})
		}
		if c.Recording() {
			p := func(k string) []any { return append(append([]any{}, ptr...), k) }
			c.Span(r.verS, r.verS+len(r.version), "", p("http_version")...)
			c.Span(r.codeS, r.codeS+3, "parseInt", p("status_code")...)
			if r.reason != "" {
				c.Span(r.reasonS, r.reasonS+len(r.reason), "", p("reason")...)
			}
		}
	}
	return res, nil
}

type curlHdr struct {
	name, value string
	ns, vs, ve  int
	folded      bool
}

type curlResp struct {
	version, reason      string
	code                 int64
	verS, codeS, reasonS int
	hdrs                 []curlHdr
}

// curlStatus reads "HTTP/1.1 301 Moved Permanently", "HTTP/2 200".
func curlStatus(line string, start int) (curlResp, bool) {
	sp := strings.IndexByte(line, ' ')
	if sp < 6 || len(line) < sp+4 {
		return curlResp{}, false
	}
	code, ok := lex.Atoi(line[sp+1 : sp+4])
	if !ok || code < 100 || code > 999 || (len(line) > sp+4 && line[sp+4] != ' ') {
		return curlResp{}, false
	}
	r := curlResp{version: line[5:sp], code: code, verS: start + 5, codeS: start + sp + 1}
	if len(line) > sp+5 {
		reason := strings.TrimRight(line[sp+5:], " ")
		r.reason, r.reasonS = reason, start+sp+5
	}
	return r, r.version != ""
}

// curlToken reports whether s is an HTTP header name (RFC 9110 token).
func curlToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return s != ""
}

// curlHeaders builds the header map (repeats joined) and the repeats list;
// header names compare case-insensitively and keep their first spelling.
func curlHeaders(c *catalog.Context, hdrs []curlHdr, ptr []any) (map[string]string, map[string][]string) {
	headers := make(map[string]string, len(hdrs))
	var repeated map[string][]string
	first := make(map[string]int, len(hdrs)) // lower-case name -> index of first
	count := make(map[string]int, len(hdrs))
	for i, h := range hdrs {
		k := strings.ToLower(h.name)
		if _, ok := first[k]; !ok {
			first[k] = i
		}
		count[k]++
	}
	rec := c.Recording()
	p := func(tokens ...any) string { return catalog.Ptr(append(append([]any{}, ptr...), tokens...)...) }
	for i, h := range hdrs {
		k := strings.ToLower(h.name)
		name := hdrs[first[k]].name
		tr := ""
		if h.folded {
			tr = "unfold"
		}
		if count[k] == 1 {
			headers[name] = h.value
			if rec {
				c.Span(h.vs, h.ve, tr, catalog.Pointer(p("headers", name)))
			}
			continue
		}
		if repeated == nil {
			repeated = map[string][]string{}
		}
		n := len(repeated[name])
		repeated[name] = append(repeated[name], h.value)
		if rec {
			c.Span(h.vs, h.ve, tr, catalog.Pointer(p("repeated_headers", name, n)))
		}
		if first[k] == i {
			headers[name] = h.value
		} else {
			headers[name] += ", " + h.value
		}
		if rec && n == count[k]-1 {
			c.Span(hdrs[first[k]].vs, h.ve, "joinRepeated", catalog.Pointer(p("headers", name)))
		}
	}
	return headers, repeated
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return curlHeadParsers() }
