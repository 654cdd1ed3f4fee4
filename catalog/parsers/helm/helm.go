// Package helm reads the output of `helm` for the catalog: the parsers helm-list, helm-ls.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package helm

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// HelmListResult is the parsed output of `helm list` (helm ls).
type HelmListResult struct {
	Releases []HelmRelease `json:"releases"`
}

// HelmRelease is one release. Updated is ISO 8601 (helm prints Go's
// "2026-11-28 09:14:03.123 +0000 UTC").
type HelmRelease struct {
	Name       string `json:"name"`
	Namespace  string `json:"namespace,omitempty"`
	Revision   *int64 `json:"revision,omitempty"`
	Updated    string `json:"updated,omitempty"`
	Status     string `json:"status,omitempty"`
	Chart      string `json:"chart,omitempty"`
	AppVersion string `json:"app_version,omitempty"`
}

var (
	dvTRelease    = catalog.SpanID("releases/*")
	dvFNamespace  = catalog.SpanID("namespace")
	dvFRevision   = catalog.SpanID("revision")
	dvFUpdated    = catalog.SpanID("updated")
	dvFChart      = catalog.SpanID("chart")
	dvFAppVersion = catalog.SpanID("app_version")
)

// helmListFlags were checked against helm.sh/docs/helm/helm_list (Helm
// 3.16) and helm's global flags; --time-format (a Go layout the parser
// cannot date) and -o yaml are refused with a hint, -o json passes
// through.
var helmListFlags = catalog.Flags{
	"--kubeconfig": catalog.Value, "--kube-apiserver": catalog.Value, "--kube-as-user": catalog.Value, "--kube-as-group": catalog.Value,
	"--kube-ca-file": catalog.Value, "--kube-insecure-skip-tls-verify": catalog.Bool, "--kube-tls-server-name": catalog.Value,
	"--kube-token": catalog.Value, "--registry-config": catalog.Value, "--repository-cache": catalog.Value, "--repository-config": catalog.Value,
	"-n": catalog.Value, "--namespace": catalog.Value, "--kube-context": catalog.Value, "--debug": catalog.Bool, "--burst-limit": catalog.Value, "--qps": catalog.Value,
	"-a": catalog.Bool, "--all": catalog.Bool, "-A": catalog.Bool, "--all-namespaces": catalog.Bool, "-d": catalog.Bool, "--date": catalog.Bool, "-r": catalog.Bool,
	"--reverse": catalog.Bool, "-q": catalog.Bool, "--short": catalog.Bool, "--deployed": catalog.Bool, "--failed": catalog.Bool, "--pending": catalog.Bool,
	"--superseded": catalog.Bool, "--uninstalled": catalog.Bool, "--uninstalling": catalog.Bool, "--no-headers": catalog.Bool,
	"-m": catalog.Value, "--max": catalog.Value, "--offset": catalog.Value, "-f": catalog.Value, "--filter": catalog.Value, "-l": catalog.Value, "--selector": catalog.Value,
	"-o": catalog.Value, "--output": catalog.Value,
	"--time-format": catalog.Value, // refused by the check
}

func helmListParser(sub string) *catalog.Parser {
	p := &catalog.Parser{
		ID:             "helm-" + sub,
		Command:        "helm",
		ShortEquals:    true, // pflag
		Subcommand:     sub,
		Version:        "1",
		Format:         "helm " + sub + " table (tab-separated cells), --no-headers, -q; -o json is passed through",
		Flags:          helmListFlags,
		MaxPositionals: 0,
		Result:         HelmListResult{},
		RowsKey:        "releases",
		KeyFields:      []string{"namespace", "name"},
		Examples:       [][]string{{sub}, {sub, "-A"}, {sub, "-a", "-n", "prod"}, {sub, "-q"}},
		Parse:          parseHelmList,
	}
	p.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		args := argv.Rest()
		takes := func(f string) bool { k, ok := helmListFlags[f]; return ok && k == catalog.Value }
		if _, ok := argv.Value("--time-format"); ok {
			hint := kit.DvHint([]string{sub}, args, nil, takes, func(f string) bool { return f == "--time-format" },
				func(string, string) []string { return nil })
			return catalog.Unsupported(hint, "helm %s --time-format prints times the parser cannot date", sub)
		}
		o, ok := argv.Value("-o", "--output")
		if !ok {
			return nil
		}
		switch strings.TrimPrefix(o, "=") {
		case "table":
			return nil
		case "json":
			return catalog.Unsupported(nil, "helm %s -o json is JSON already: it is passed through as is", sub)
		}
		hint := kit.DvHint([]string{sub}, args, nil, takes,
			func(f string) bool { return f == "-o" || f == "--output" },
			func(f, _ string) []string { return []string{f, "json"} })
		return catalog.Unsupported(hint, "helm %s -o %s is not read; -o json is passed through", sub, o)
	}
	return p
}

// helmListParsers wires the helmListParser("list"), helmListParser("ls") and returns them for the builtin list.
func helmListParsers() []*catalog.Parser {
	return []*catalog.Parser{helmListParser("list"), helmListParser("ls")}
}

var helmColumns = []string{"NAME", "NAMESPACE", "REVISION", "UPDATED", "STATUS", "CHART", "APP VERSION"}

func parseHelmList(c *catalog.Context) (any, error) {
	res := &HelmListResult{Releases: make([]HelmRelease, 0, kit.RowCap(c))}
	rec := c.Rows(8)
	short := c.Args.Has("--short", "-q")
	noHeaders := c.Args.Has("--no-headers")
	var cols []string
	if noHeaders {
		cols = helmColumns
	}
	it := lex.Lines{Raw: c.Raw}
	read := 0
	for l, start := range it.NonBlankLines() {
		ri := len(res.Releases)
		rec.Begin(dvTRelease, ri)
		add := rec.Field
		if short {
			name := strings.TrimRight(l, " ")
			if strings.ContainsAny(name, " \t") {
				c.Unread(start)
				continue
			}
			read++
			if c.Full(ri) {
				c.Omit(1)
				continue
			}
			add(kit.GmfName, start, start+len(name), catalog.TrVerbatim)
			res.Releases = append(res.Releases, HelmRelease{Name: name})
			continue
		}
		parts := strings.Split(l, "\t")
		if cols == nil {
			if strings.TrimRight(parts[0], " ") != "NAME" {
				c.Unread(start)
				continue
			}
			seen := map[string]bool{}
			for _, p := range parts {
				h := strings.TrimRight(p, " ")
				if seen[h] {
					h = "" // a repeated column is not read
				}
				seen[h] = true
				cols = append(cols, h)
			}
			read++
			continue
		}
		if len(parts) != len(cols) {
			c.Unread(start)
			continue
		}
		mark := rec.Mark()
		var r HelmRelease
		good := true
		pos := start
		for k, p := range parts {
			v := strings.TrimRight(p, " ")
			s, e := pos, pos+len(v)
			pos += len(p) + 1
			if v == "" {
				continue
			}
			switch cols[k] {
			case "NAME":
				r.Name = v
				add(kit.GmfName, s, e, catalog.TrVerbatim)
			case "NAMESPACE":
				r.Namespace = v
				add(dvFNamespace, s, e, catalog.TrVerbatim)
			case "REVISION":
				n, ok := lex.Atoi(v)
				if !ok {
					good = false
					break
				}
				r.Revision = catalog.Intp(n)
				add(dvFRevision, s, e, catalog.TrParseInt)
			case "UPDATED":
				if v == "-" {
					continue
				}
				iso, ok := lex.GoTime(v)
				if !ok {
					good = false
					break
				}
				r.Updated = iso
				add(dvFUpdated, s, e, catalog.TrTimestamp)
			case "STATUS":
				r.Status = v
				add(kit.DvFStatus, s, e, catalog.TrVerbatim)
			case "CHART":
				r.Chart = v
				add(dvFChart, s, e, catalog.TrVerbatim)
			case "APP VERSION":
				r.AppVersion = v
				add(dvFAppVersion, s, e, catalog.TrVerbatim)
			}
			if !good {
				break
			}
		}
		if !good || r.Name == "" {
			rec.Truncate(mark)
			c.Unread(start)
			continue
		}
		read++
		if c.Full(ri) {
			rec.Truncate(mark)
			c.Omit(1)
			continue
		}
		res.Releases = append(res.Releases, r)
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as helm list output")
	}
	rec.Finish()
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return helmListParsers() }
