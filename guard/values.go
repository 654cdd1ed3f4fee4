package guard

import (
	"strconv"
	"strings"
)

// checkValue checks one value against its kind and lists. It returns ""
// and "" when the value is admitted; otherwise why is a phrase for the
// message ("is not one of ...") and detail, when not empty, a danger class
// that overrides the generic *_not_allowed code.
func checkValue(kind ArgKind, values, deny []string, min, max *float64, v string) (detail, why string) {
	switch kind {
	case ArgNumber, ArgSize:
		n, ok := parseNumber(v, kind == ArgSize)
		if !ok {
			if kind == ArgSize {
				return "", "is not a number (with an optional unit such as K or M)"
			}
			return "", "is not a number"
		}
		if min != nil && n < *min {
			return "", "is below the minimum " + strconv.FormatFloat(*min, 'g', -1, 64)
		}
		if max != nil && n > *max {
			return "", "is above the maximum " + strconv.FormatFloat(*max, 'g', -1, 64)
		}
	case ArgURL:
		if d, w := checkURL(v); w != "" {
			return d, w
		}
	}
	if len(values) > 0 && !matchAny(values, v) {
		return "", "is not one of " + strings.Join(quoteAll(values), ", ")
	}
	if len(deny) > 0 && matchAny(deny, v) {
		return "", "is refused by the policy"
	}
	return "", ""
}

// parseNumber accepts [+-]digits[.digits] and, for sizes, a unit suffix as
// GNU coreutils reads them (b, K, KiB, kB, M, ...). Exponents, hex, inf and
// nan, which strconv would take, are refused.
func parseNumber(v string, unit bool) (float64, bool) {
	s := v
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	digits, dot := 0, false
	end := 0
	for end < len(s) {
		c := s[end]
		if c >= '0' && c <= '9' {
			digits++
		} else if c == '.' && !dot {
			dot = true
		} else {
			break
		}
		end++
	}
	if digits == 0 || s[end-1] == '.' {
		return 0, false
	}
	if rest := s[end:]; rest != "" {
		if !unit || !isUnit(rest) {
			return 0, false
		}
	}
	n, err := strconv.ParseFloat(v[:len(v)-len(s)+end], 64)
	return n, err == nil
}

func isUnit(u string) bool {
	if len(u) == 0 || !strings.ContainsRune("bcwkKmMgGtTpPeEzZyYrRqQ", rune(u[0])) {
		return false
	}
	switch u[1:] {
	case "", "B", "iB":
		return true
	}
	return false
}

// checkURL admits http and https URLs, and a bare host that curl reads as
// http. Every other scheme is refused: file:// reads the local file system,
// and the rest (ftp, scp, smb, dict, gopher, ldap, telnet, ...) reach
// services the policy does not reason about. curl's URL globbing ({a,b},
// [1-100]) is refused: one argument would become many requests.
func checkURL(v string) (detail, why string) {
	lower := strings.ToLower(v)
	rest := v
	if i := strings.Index(v, "://"); i >= 0 {
		switch lower[:i] {
		case "http", "https":
		case "file":
			return detailReadsOutside, "is a file:// URL, which reads the local file system"
		default:
			return "", "uses the scheme " + quote(lower[:i]) + "; only http and https are allowed"
		}
		rest = v[i+3:]
	} else {
		if v == "" || v[0] == '-' || v[0] == '@' {
			return "", "is not a URL"
		}
		// "scheme:rest" without "//" (file:/etc/passwd) is still a scheme,
		// unlike "host:8080".
		hostEnd := strings.IndexAny(v, "/?#")
		if hostEnd < 0 {
			hostEnd = len(v)
		}
		if c := strings.IndexByte(v[:hostEnd], ':'); c >= 0 && !isPort(v[c+1:hostEnd]) && !strings.HasPrefix(v, "[") {
			if strings.HasPrefix(lower, "file:") {
				return detailReadsOutside, "is a file: URL, which reads the local file system"
			}
			return "", "has a scheme other than http or https; write the URL with https://"
		}
		// curl guesses the protocol from these prefixes of the host name,
		// which comes after any slashes and a user part (u@dict.x/ is
		// DICT to dict.x).
		host := strings.TrimLeft(lower, "/")
		if end := strings.IndexAny(host, "/?#"); end >= 0 {
			host = host[:end]
		}
		if at := strings.LastIndexByte(host, '@'); at >= 0 {
			host = host[at+1:]
		}
		for _, pre := range []string{"ftp.", "dict.", "ldap.", "imap.", "smtp.", "pop3.", "gopher.", "telnet."} {
			if strings.HasPrefix(host, pre) {
				return "", "would be read by curl as a " + strings.TrimSuffix(pre, ".") + " URL; write it with https://"
			}
		}
	}
	if strings.HasPrefix(rest, "[") { // IPv6 literal host
		if end := strings.IndexByte(rest, ']'); end >= 0 {
			rest = rest[end+1:]
		}
	}
	if strings.ContainsAny(rest, "{}[]") {
		return detailUnbounded, "uses curl URL globbing ({} or []), which expands to many requests; percent-encode the brackets"
	}
	return "", ""
}

func isPort(s string) bool {
	if s == "" {
		return false // "file:/etc/passwd" is a scheme, not an empty port
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func matchAny(globs []string, v string) bool {
	for _, g := range globs {
		if globMatch(g, v) {
			return true
		}
	}
	return false
}

// globMatch matches v against pattern, where "*" matches any run of
// characters and everything else matches itself.
func globMatch(pattern, v string) bool {
	if !strings.Contains(pattern, "*") {
		return pattern == v
	}
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(v, parts[0]) {
		return false
	}
	v = v[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(v, mid)
		if i < 0 {
			return false
		}
		v = v[i+len(mid):]
	}
	return strings.HasSuffix(v, last)
}

// packageSpec reads a package spec as npm-package-arg does and reports
// where its path part starts (-1: it names no local file) and whether it is
// a git spec, for which npm runs git.
//
// npm-package-arg splits "name@spec" (the name may be "@scope/name"), except
// when the whole argument is a URL, an scp-like git address, or has
// slashes or a tarball suffix before any "@" (then it is the spec itself).
// A spec starting with ".", "/", "~/" or a drive letter, or with "file:", is
// a local path; "user/repo" without "@" is a GitHub shorthand (git).
func packageSpec(v string) (pathFrom int, git bool) {
	if v == "" {
		return -1, false
	}
	lower := strings.ToLower(v)
	spec, off := v, 0
	nameEnd := strings.IndexByte(v, '@')
	if strings.HasPrefix(v, "@") {
		nameEnd = -1
		if k := strings.IndexByte(v[1:], '@'); k >= 0 {
			nameEnd = k + 1
		}
	}
	name := v
	if nameEnd > 0 {
		name = v[:nameEnd]
	}
	switch {
	case urlScheme(lower) != "":
	case scpGit(v):
		return -1, true
	case name[0] != '@' && (strings.ContainsAny(name, "/\\") || isTarball(lower)):
	case nameEnd > 0:
		spec, off = v[nameEnd+1:], nameEnd+1
	}
	ls := strings.ToLower(spec)
	switch s := urlScheme(ls); {
	case s == "file":
		return off + len("file:"), false
	case s == "git" || strings.HasPrefix(s, "git+") || s == "github" || s == "gitlab" || s == "bitbucket" || s == "gist":
		return -1, true
	case s != "":
		return -1, false // http(s) tarballs, npm: aliases; npm refuses the rest
	}
	if isFilespec(spec) || isTarball(ls) {
		return off, false
	}
	if scpGit(spec) || (spec != "" && spec[0] != '@' && strings.ContainsAny(spec, "/\\")) {
		return -1, true // user/repo: a GitHub shorthand
	}
	return -1, false
}

// urlScheme returns the lower-case scheme of "scheme:rest" ([a-z+]+ before
// ':'), or "". A drive letter ("c:") is not one.
func urlScheme(lower string) string {
	c := strings.IndexByte(lower, ':')
	if c < 2 {
		return ""
	}
	for i := 0; i < c; i++ {
		if ch := lower[i]; (ch < 'a' || ch > 'z') && ch != '+' {
			return ""
		}
	}
	return lower[:c]
}

// scpGit reports an scp-like git address: user@host.tld:path.
func scpGit(v string) bool {
	at := strings.IndexByte(v, '@')
	if at <= 0 || strings.ContainsAny(v[:at], "/:") {
		return false
	}
	rest := v[at+1:]
	c := strings.IndexByte(rest, ':')
	return c > 0 && strings.Contains(rest[:c], ".") && c+1 < len(rest)
}

func isFilespec(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '.', '/', '\\':
		return true
	case '~':
		return len(s) > 1 && s[1] == '/'
	}
	return len(s) > 1 && s[1] == ':' && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

func isTarball(lower string) bool {
	return strings.HasSuffix(lower, ".tgz") || strings.HasSuffix(lower, ".tar.gz") || strings.HasSuffix(lower, ".tar")
}
