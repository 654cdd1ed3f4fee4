package catalog

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// kubectl get, docker ps / stats / images, gh pr list, helm list and
// terraform plan. kubectl and docker print tables through Go's tabwriter
// (cells left-aligned, columns at least three spaces apart, widths counted
// in runes), so a cell starts where its header starts; headers may hold
// single spaces ("CONTAINER ID", "NOMINATED NODE"), never two.

// ---------------------------------------------------------------- tables

// dvField is a column the parser does not know: its snake_case header and
// its value (a string, or an int64 for a column known to be a count).
type dvField struct {
	Key   string
	Value any
}

// dvMarshal emits a struct's fields, then the unknown columns inline.
func dvMarshal(known any, extra []dvField) ([]byte, error) {
	b, err := json.Marshal(known)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	b = b[:len(b)-1]
	for _, f := range extra {
		if len(b) > 1 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(f.Key)
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		b = append(b, k...)
		b = append(b, ':')
		b = append(b, v...)
	}
	return append(b, '}'), nil
}

// dvUniqueKey makes an unknown column's key unique among the row's keys.
func dvUniqueKey(k string, used map[string]bool) string {
	base := k
	for n := 2; used[k]; n++ {
		k = base + "_" + strconv.Itoa(n)
	}
	used[k] = true
	return k
}

// dvDuration reads kubectl's and helm's short ages ("5d2h", "45m",
// "3y45d", "10s"; a year is 365 days) into seconds.
func dvDuration(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	var total int64
	i := 0
	last := -1
	units := "ydhms"
	for i < len(s) {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j >= len(s) {
			return 0, false
		}
		n, ok := lex.Atoi(s[i:j])
		if !ok {
			return 0, false
		}
		u := strings.IndexByte(units, s[j])
		if u <= last {
			return 0, false
		}
		last = u
		mult := [...]int64{365 * 86400, 86400, 3600, 60, 1}[u]
		if n > math.MaxInt64/mult/2 {
			return 0, false
		}
		total += n * mult
		i = j + 1
	}
	return total, true
}

// dvPercent reads "12.34%".
func dvPercent(s string) (float64, bool) {
	if !strings.HasSuffix(s, "%") || len(s) < 2 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s[:len(s)-1], 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	return f, true
}

// dvGoTime reads Go's time.String form ("2026-11-28 09:14:03.123456789
// +0000 UTC"), which helm and docker print, into ISO 8601.
func dvGoTime(s string) (string, bool) {
	for _, layout := range []string{"2006-01-02 15:04:05.999999999 -0700 MST", "2006-01-02 15:04:05 -0700 MST", "2006-01-02 15:04:05 -0700 -0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format("2006-01-02T15:04:05.999999999-07:00"), true
		}
	}
	return "", false
}

// dvHint rebuilds a complete argument list for a hint: the leading
// global options (those global reports, with their values), sub, then the
// other arguments, each flag match accepts replaced by repl(flag, value)
// (an empty result drops it and its value).
func dvHint(sub []string, args []string, global func(flag string) bool, takesValue func(flag string) bool,
	match func(flag string) bool, repl func(flag, value string) []string) []string {
	out := []string{}
	i := 0
	for i < len(args) {
		a := args[i]
		name, _, hasEq := strings.Cut(a, "=")
		if len(a) < 2 || a[0] != '-' || global == nil || !global(name) {
			break
		}
		out = append(out, a)
		if !hasEq && takesValue(name) && i+1 < len(args) {
			out = append(out, args[i+1])
			i++
		}
		i++
	}
	out = append(out, sub...)
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, a)
			continue
		}
		name, v, attached := strings.Cut(a, "=")
		if !attached && a[1] != '-' && len(a) > 2 && takesValue(a[:2]) {
			name, v, attached = a[:2], strings.TrimPrefix(a[2:], "="), true
		}
		if !match(name) {
			out = append(out, a)
			if !attached && takesValue(name) && i+1 < len(args) {
				out = append(out, args[i+1])
				i++
			}
			continue
		}
		if !attached && takesValue(name) && i+1 < len(args) {
			v = args[i+1]
			i++
		}
		out = append(out, repl(name, v)...)
	}
	return out
}

// dvFlagValue returns the last value of a flag among args (names lists
// its spellings), in the forms pflag reads: "-o x", "-ox", "-o=x",
// "--output x", "--output=x".
func dvFlagValue(args []string, names ...string) (string, bool) {
	val, found := "", false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		for _, n := range names {
			switch {
			case a == n:
				if i+1 < len(args) {
					val, found = args[i+1], true
					i++
				}
			case strings.HasPrefix(a, n+"="):
				val, found = a[len(n)+1:], true
			case len(n) == 2 && strings.HasPrefix(a, n) && len(a) > 2:
				val, found = a[2:], true
			default:
				continue
			}
			break
		}
	}
	return val, found
}

// ---------------------------------------------------------------- kubectl get

// KubectlGetResult is the parsed output of `kubectl get` in its table
// forms (default, -o wide, -o custom-columns, -A). Rows are under "pods"
// for pods, "events" for events and "items" otherwise, with Kind the
// resource argument as given ("deployments", "svc"). Only that one array
// is emitted (as [] when empty).
type KubectlGetResult struct {
	Kind   string    `json:"kind,omitempty"`
	Pods   []KubeRow `json:"pods,omitempty"`
	Events []KubeRow `json:"events,omitempty"`
	Items  []KubeRow `json:"items,omitempty"`

	rowsKey string
}

// MarshalJSON emits Kind and the one array of rows.
// ExtendSchema: MarshalJSON writes kind and exactly one array of rows,
// named after the resource ("pods", "events") or "items", [] when empty.
func (KubectlGetResult) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	for _, k := range []string{"pods", "events", "items"} {
		s.OneOf = append(s.OneOf, &jsonschema.Schema{Required: []string{k}})
	}
	return s
}

func (r KubectlGetResult) MarshalJSON() ([]byte, error) {
	rows := r.Items
	switch r.rowsKey {
	case "pods":
		rows = r.Pods
	case "events":
		rows = r.Events
	}
	if rows == nil {
		rows = []KubeRow{}
	}
	var b []byte
	b = append(b, '{')
	if r.Kind != "" {
		k, _ := json.Marshal(r.Kind)
		b = append(append(b, `"kind":`...), k...)
		b = append(b, ',')
	}
	key := r.rowsKey
	if key == "" {
		key = "items"
	}
	b = append(b, '"')
	b = append(b, key...)
	b = append(b, `":`...)
	v, err := json.Marshal(rows)
	if err != nil {
		return nil, err
	}
	b = append(b, v...)
	return append(b, '}'), nil
}

// KubeRow is one table row. Columns are keyed by their header in
// snake_case ("NOMINATED NODE" -> nominated_node); the common ones are
// fields, the others follow inline in column order. "<none>" cells are
// absent. Counts (RESTARTS, UP-TO-DATE, AVAILABLE, DESIRED, CURRENT,
// DATA, COUNT, REVISION, SECRETS) are numbers.
type KubeRow struct {
	Namespace string `json:"namespace,omitempty"`
	// Kind is the resource type of a row named "type/name" (kubectl get
	// all, several types, --show-kind, -o name); Name is then the part
	// after the slash.
	Kind  string `json:"kind,omitempty"`
	Name  string `json:"name,omitempty"`
	Ready string `json:"ready,omitempty"`
	// Status as printed (Running, CrashLoopBackOff, Completed, ...).
	Status   string `json:"status,omitempty"`
	Restarts *int64 `json:"restarts,omitempty"`
	// LastRestartAgo is the "(2m ago)" of RESTARTS ("2m").
	LastRestartAgo string `json:"last_restart_ago,omitempty"`
	// Age as printed ("5d2h") and in seconds (a year is 365 days).
	Age            string `json:"age,omitempty"`
	AgeSeconds     *int64 `json:"age_seconds,omitempty"`
	IP             string `json:"ip,omitempty"`
	Node           string `json:"node,omitempty"`
	NominatedNode  string `json:"nominated_node,omitempty"`
	ReadinessGates string `json:"readiness_gates,omitempty"`
	// Events: LAST SEEN, TYPE, REASON, OBJECT, MESSAGE.
	LastSeen string `json:"last_seen,omitempty"`
	Type     string `json:"type,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Object   string `json:"object,omitempty"`
	Message  string `json:"message,omitempty"`
	// Extra holds the other columns, emitted inline.
	Extra []dvField `json:"-"`
}

type kubeRowJSON KubeRow

// MarshalJSON emits the known fields, then the other columns inline.
// ExtendSchema: the columns kubectl printed without a field here.
func (KubeRow) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	return ExtraColumns(s, "string", "integer")
}

func (r KubeRow) MarshalJSON() ([]byte, error) { return dvMarshal(kubeRowJSON(r), r.Extra) }

// kubeKnown lists the snake_case headers that are KubeRow fields, in the
// order kubeField uses.
var kubeKnown = map[string]int8{
	"namespace": 1, "name": 2, "ready": 3, "status": 4, "age": 5, "ip": 6, "node": 7, "nominated_node": 8,
	"readiness_gates": 9, "last_seen": 10, "type": 11, "reason": 12, "object": 13, "message": 14,
}

// kubeField returns the KubeRow field a kubeKnown number names.
func kubeField(r *KubeRow, f int8) *string {
	switch f {
	case 1:
		return &r.Namespace
	case 2:
		return &r.Name
	case 3:
		return &r.Ready
	case 4:
		return &r.Status
	case 5:
		return &r.Age
	case 6:
		return &r.IP
	case 7:
		return &r.Node
	case 8:
		return &r.NominatedNode
	case 9:
		return &r.ReadinessGates
	case 10:
		return &r.LastSeen
	case 11:
		return &r.Type
	case 12:
		return &r.Reason
	case 13:
		return &r.Object
	}
	return &r.Message
}

// How a kubectl column's cells are read.
const (
	kcExtra int8 = -iota - 1
	kcRestarts
	kcCount
)

// kubeCounts are columns whose cells are whole numbers.
var kubeCounts = map[string]bool{
	"restarts": true, "up_to_date": true, "available": true, "desired": true, "current": true,
	"data": true, "count": true, "revision": true, "secrets": true,
}

// kubeReserved are keys of KubeRow an unknown column must not take.
var kubeReserved = map[string]bool{"kind": true, "last_restart_ago": true, "age_seconds": true}

var (
	dvTPods   = spanID("pods/*")
	dvTEvents = spanID("events/*")
	dvTItems  = spanID("items/*")
	dvFKind   = spanID("kind")
	dvFLRA    = spanID("last_restart_ago")
	dvFAgeS   = spanID("age_seconds")
)

var kubectlValueFlags = map[string]bool{
	"-n": true, "--namespace": true, "-o": true, "--output": true, "-l": true, "--selector": true,
	"--field-selector": true, "-L": true, "--label-columns": true, "--sort-by": true, "--chunk-size": true,
	"--context": true, "--cluster": true, "--user": true, "--request-timeout": true, "--kubeconfig": true,
	"-s": true, "--server": true, "--token": true, "--as": true, "--template": true, "--subresource": true,
	"--raw": true, "-f": true, "--filename": true, "-k": true, "--kustomize": true, "--as-group": true,
	"-v": true, "--v": true,
}

var kubectlGetParser = &Parser{
	ID:         "kubectl-get",
	Command:    "kubectl",
	Subcommand: "get",
	Version:    "1",
	Format: "kubectl get tables: default, -o wide, -o custom-columns, -o name, -A, several resource types; " +
		"-o json is passed through as JSON",
	// Flags checked against kubectl 1.32.4 `kubectl get --help` and
	// `kubectl options` (kubectl is installed here, no cluster): selection,
	// -f/-k/-R sources, --subresource (its own table, read by its header)
	// and the connection globals keep the table; -v/--v logs to standard
	// error. -w/--watch (never ends) and --no-headers (columns need their
	// header) are refused with the hint without them; -o yaml/jsonpath/
	// go-template with the hint -o json.
	Flags: Flags{
		"-n": Value, "--namespace": Value, "-A": Bool, "--all-namespaces": Bool, "-o": Value, "--output": Value,
		"-l": Value, "--selector": Value, "--field-selector": Value, "--show-labels": Bool, "--show-kind": Bool,
		"-L": Value, "--label-columns": Value, "--sort-by": Value, "--chunk-size": Value, "--ignore-not-found": Bool,
		"--context": Value, "--cluster": Value, "--user": Value, "--request-timeout": Value,
		"--server-print": Bool, "--match-server-version": Bool, "--warnings-as-errors": Bool,
		"--kubeconfig": Value, "-s": Value, "--server": Value, "--as": Value, "--as-group": Value,
		"--insecure-skip-tls-verify": Bool, "-v": Value, "--v": Value, "-f": Value, "--filename": Value,
		"-R": Bool, "--recursive": Bool, "-k": Value, "--kustomize": Value, "--subresource": Value,
	},
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"-w": {}, "--watch": {}, "--watch-only": {}, "--no-headers": {}, "--output-watch-events": {},
	},
	Result:    KubectlGetResult{},
	RowsKey:   "items",
	KeyFields: []string{"namespace", "kind", "name"},
	Examples: [][]string{{"get", "pods"}, {"get", "pods", "-o", "wide"}, {"get", "pods", "-A"}, {"get", "events"},
		{"get", "deployments"}, {"get", "all", "-n", "prod"}},
	Parse: parseKubectlGet,
}

// kubectlGetParsers wires the kubectlGetParser and returns it for the builtin list.
func kubectlGetParsers() []*Parser {
	kubectlGetParser.Check = kubectlGetCheck
	return []*Parser{kubectlGetParser}
}

func kubectlGetCheck(args []string, _ OS) *ParseError {
	o, ok := dvFlagValue(args, "-o", "--output")
	if !ok {
		return nil
	}
	o = strings.TrimPrefix(o, "=")
	switch {
	case o == "wide" || o == "name" || strings.HasPrefix(o, "custom-columns="):
		return nil
	case o == "json":
		// Refused so that the JSON itself is passed through.
		return Unsupported(nil, "kubectl get -o json is JSON already: it is passed through as is")
	}
	hint := dvHint([]string{"get"}, args, nil, func(f string) bool { return kubectlValueFlags[f] },
		func(f string) bool { return f == "-o" || f == "--output" },
		func(f, _ string) []string { return []string{f, "json"} })
	return Unsupported(hint, "kubectl get -o %s is not read; -o json carries the same and is passed through", o)
}

// kubeResource reads the resource argument: the first positional.
func kubeResource(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		}
		if strings.HasPrefix(a, "-") {
			name, _, hasEq := strings.Cut(a, "=")
			if !hasEq && kubectlValueFlags[name] {
				i++
			}
			continue
		}
		return a
	}
	return ""
}

func parseKubectlGet(c *Context) (any, error) {
	// c.Args hold the subcommand: skip to what follows "get".
	args := c.Args
	if _, i := subcommand("kubectl", args); i >= 0 {
		args = append(append([]string{}, args[:i]...), args[i+1:]...)
	}
	res := KubectlGetResult{}
	resource := kubeResource(args)
	typ, _, _ := strings.Cut(resource, "/")
	res.rowsKey = "items"
	tmpl := dvTItems
	if !strings.Contains(typ, ",") {
		switch strings.ToLower(typ) {
		case "pod", "pods", "po":
			res.rowsKey, tmpl = "pods", dvTPods
		case "event", "events", "ev", "events.events.k8s.io", "events.v1.events.k8s.io":
			res.rowsKey, tmpl = "events", dvTEvents
		}
	}
	if res.rowsKey == "items" {
		res.Kind = typ
		if typ != "" && c.Recording() {
			c.spanPath(0, 0, "argument", "kind")
		}
	}
	rows := make([]KubeRow, 0, min(lex.CountLines(c.Raw), 1<<16))
	rec := newSpanRec(c, 8)
	o, _ := dvFlagValue(args, "-o", "--output")
	names := strings.TrimPrefix(o, "=") == "name"
	it := lex.Lines{Raw: c.Raw}
	var cols []lex.Column
	var keys []string
	var ids []uint16
	var kinds []int8
	var cells [][2]int
	nlines, read := 0, 0
	for {
		l, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(l) {
			cols = nil // a blank line ends a table; the next has its own header
			continue
		}
		nlines++
		ri := len(rows)
		rec.begin(tmpl, ri)
		add := rec.field
		if names {
			kind, name, ok := strings.Cut(l, "/")
			if !ok || kind == "" || name == "" || strings.ContainsAny(l, " \t") {
				c.Unread(start)
				continue
			}
			read++
			if c.Full(ri) {
				c.Omit(1)
				continue
			}
			add(dvFKind, start, start+len(kind), trVerbatim)
			add(gmfName, start+len(kind)+1, start+len(l), trVerbatim)
			rows = append(rows, KubeRow{Kind: kind, Name: name})
			continue
		}
		if cols == nil {
			cols = lex.Columns(l)
			if len(cols) == 0 || cols[0].Start != 0 {
				c.Unread(start)
				cols = nil
				continue
			}
			keys, ids, kinds = keys[:0], ids[:0], kinds[:0]
			used := map[string]bool{}
			for _, col := range cols {
				k := snakeCase(col.Header)
				if col.Header == "PORT(S)" {
					k = "ports"
				}
				if kubeReserved[k] {
					k += "_column"
				}
				k = dvUniqueKey(k, used)
				keys = append(keys, k)
				ids = append(ids, rec.localName(k))
				kind := kcExtra
				switch {
				case k == "restarts":
					kind = kcRestarts
				case kubeCounts[k]:
					kind = kcCount
				case kubeKnown[k] > 0:
					kind = kubeKnown[k]
				}
				kinds = append(kinds, kind)
			}
			read++
			continue
		}
		var ok2 bool
		if cells, ok2 = lex.GapCells(l, len(cols), cells); !ok2 {
			cells, ok2 = lex.Cells(l, cols, cells)
		}
		if !ok2 {
			c.Unread(start)
			continue
		}
		mark := rec.mark()
		var r KubeRow
		good := true
		for ci, cell := range cells {
			v := l[cell[0]:cell[1]]
			s, e := start+cell[0], start+cell[1]
			if v == "" || v == "<none>" {
				continue
			}
			k := keys[ci]
			switch kind := kinds[ci]; {
			case kind == kcRestarts:
				n, rest, _ := strings.Cut(v, " ")
				cnt, okn := lex.Atoi(n)
				if !okn {
					good = false
					break
				}
				r.Restarts = intp(cnt)
				add(ids[ci], s, s+len(n), trParseInt)
				if rest != "" {
					ago, okA := strings.CutSuffix(strings.TrimPrefix(rest, "("), " ago)")
					if !okA || !strings.HasPrefix(rest, "(") || ago == "" {
						good = false
						break
					}
					r.LastRestartAgo = ago
					add(dvFLRA, s+len(n)+2, s+len(n)+2+len(ago), trVerbatim)
				}
			case kind == kcCount:
				n, okn := lex.Atoi(v)
				if !okn {
					r.Extra = append(r.Extra, dvField{k, v})
					add(ids[ci], s, e, trVerbatim)
					break
				}
				r.Extra = append(r.Extra, dvField{k, n})
				add(ids[ci], s, e, trParseInt)
			case kind == 2 && strings.IndexByte(v, '/') >= 0:
				// Object names hold no "/": "pod/web-1" is type and name.
				kind, name, _ := strings.Cut(v, "/")
				if kind == "" || name == "" {
					good = false
					break
				}
				r.Kind, r.Name = kind, name
				add(dvFKind, s, s+len(kind), trVerbatim)
				add(ids[ci], s+len(kind)+1, e, trVerbatim)
			case kind > 0:
				*kubeField(&r, kind) = v
				add(ids[ci], s, e, trVerbatim)
				if kind == 5 {
					if secs, ok := dvDuration(v); ok {
						r.AgeSeconds = intp(secs)
						add(dvFAgeS, s, e, trParseDuration)
					}
				}
			default:
				r.Extra = append(r.Extra, dvField{k, v})
				add(ids[ci], s, e, trVerbatim)
			}
			if !good {
				break
			}
		}
		if !good {
			rec.truncate(mark)
			c.Unread(start)
			continue
		}
		read++
		if c.Full(ri) {
			rec.truncate(mark)
			c.Omit(1)
			continue
		}
		rows = append(rows, r)
	}
	if nlines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as a kubectl get table")
	}
	switch res.rowsKey {
	case "pods":
		res.Pods = rows
	case "events":
		res.Events = rows
	default:
		res.Items = rows
	}
	rec.finish()
	return res, nil
}

// ---------------------------------------------------------------- docker

// dvTable reads a tabwriter table: a header line, then rows cut at the
// header's columns. row reads one data line and reports whether it could;
// lines before the header that noise accepts are read and skipped.
func dvTable(c *Context, header func(cols []lex.Column) bool, noise func(l string) bool,
	row func(l string, start int, cols []lex.Column, cells [][2]int) bool) (nlines, read int, cols []lex.Column) {
	it := lex.Lines{Raw: c.Raw}
	var cells [][2]int
	for {
		l, start, ok := it.Next()
		if !ok {
			return
		}
		if lex.IsBlank(l) {
			continue
		}
		nlines++
		if cols == nil {
			if cs := lex.Columns(l); len(cs) > 0 && cs[0].Start == 0 && header(cs) {
				cols = cs
				read++
				continue
			}
			if noise != nil && noise(l) {
				read++
				continue
			}
			c.Unread(start)
			continue
		}
		var okc bool
		cells, okc = lex.Cells(l, cols, cells)
		if !okc || !row(l, start, cols, cells) {
			c.Unread(start)
			continue
		}
		read++
	}
}

var dockerGlobalValue = map[string]bool{"-H": true, "--host": true, "--context": true, "-c": true,
	"--config": true, "-l": true, "--log-level": true, "--tlscacert": true, "--tlscert": true, "--tlskey": true}

func dockerGlobal(f string) bool {
	return dockerGlobalValue[f] || f == "-D" || f == "--debug" || f == "--tls" || f == "--tlsverify"
}

// dockerFormatCheck accepts the table forms of --format ("table", "table
// {{.ID}}\t..."); anything else is refused with the arguments without it.
func dockerFormatCheck(sub string, args []string, valueFlags map[string]bool, add ...string) *ParseError {
	f, ok := dvFlagValue(args, "--format")
	if !ok || f == "table" || strings.HasPrefix(f, "table ") {
		return nil
	}
	takes := func(fl string) bool { return dockerGlobalValue[fl] || valueFlags[fl] }
	hint := dvHint([]string{sub}, args, dockerGlobal, takes, func(fl string) bool { return fl == "--format" },
		func(string, string) []string { return nil })
	hint = append(hint, add...)
	return Unsupported(hint, "docker %s --format %q is not read; the default table is", sub, f)
}

// DockerPsResult is the parsed output of `docker ps` (or -q: IDs only).
type DockerPsResult struct {
	Containers []DockerContainer `json:"containers"`
}

// DockerContainer is one `docker ps` row. Command is unquoted;
// CommandTruncated is set when docker cut it (without --no-trunc). State,
// ExitCode and Health are read from Status ("Exited (137) 2 hours ago",
// "Up 3 days (healthy)").
type DockerContainer struct {
	ContainerID      string   `json:"container_id,omitempty"`
	Image            string   `json:"image,omitempty"`
	Command          string   `json:"command,omitempty"`
	CommandTruncated bool     `json:"command_truncated,omitempty"`
	Created          string   `json:"created,omitempty"`
	CreatedAt        string   `json:"created_at,omitempty"`
	Status           string   `json:"status,omitempty"`
	State            string   `json:"state,omitempty"`
	ExitCode         *int64   `json:"exit_code,omitempty"`
	Health           string   `json:"health,omitempty"`
	Ports            []string `json:"ports,omitempty"`
	Names            []string `json:"names,omitempty"`
	// Size is SIZE as printed ("2B (virtual 187MB)"), also in bytes.
	Size             string    `json:"size,omitempty"`
	SizeBytes        *int64    `json:"size_bytes,omitempty"`
	VirtualSizeBytes *int64    `json:"virtual_size_bytes,omitempty"`
	Extra            []dvField `json:"-"`
}

type dockerContainerJSON DockerContainer

// MarshalJSON emits the known fields, then the other columns inline.
// ExtendSchema: the columns docker printed without a field here.
func (DockerContainer) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	return ExtraColumns(s, "string")
}

func (d DockerContainer) MarshalJSON() ([]byte, error) {
	return dvMarshal(dockerContainerJSON(d), d.Extra)
}

var (
	dvTContainer = spanID("containers/*")
	dvTPort      = spanID("containers/*/ports/*")
	dvTName      = spanID("containers/*/names/*")
	dvFID        = spanID("container_id")
	dvFImage     = spanID("image")
	dvFCommand   = spanID("command")
	dvFCmdTrunc  = spanID("command_truncated")
	dvFCreated   = spanID("created")
	dvFCreatedAt = spanID("created_at")
	dvFStatus    = spanID("status")
	dvFState     = spanID("state")
	dvFExitCode  = spanID("exit_code")
	dvFHealth    = spanID("health")
	dvFSize      = spanID("size")
	dvFSizeBytes = spanID("size_bytes")
	dvFVirtBytes = spanID("virtual_size_bytes")
)

var dockerPsValue = map[string]bool{"-n": true, "--last": true, "-f": true, "--filter": true, "--format": true}

var dockerPsParser = &Parser{
	ID:         "docker-ps",
	Command:    "docker",
	Subcommand: "ps",
	Version:    "1",
	Format:     "docker ps table (default or a \"table ...\" --format), -a, -s, --no-trunc, -q",
	// Flags checked against docs.docker.com docker container ls and the
	// docker CLI's global options (docker 27): every option keeps the
	// table but --format (read when it starts with "table", {{json .}}
	// refused with the hint without it).
	Flags: Flags{
		"-H": Value, "--host": Value, "--context": Value, "-c": Value, "-l": Value, "--log-level": Value,
		"-D": Bool, "--debug": Bool,
		"-a": Bool, "--all": Bool, "-s": Bool, "--size": Bool, "--latest": Bool, "-n": Value, "--last": Value,
		"--no-trunc": Bool, "-f": Value, "--filter": Value, "--format": Value, "-q": Bool, "--quiet": Bool,
	},
	MaxPositionals: 0,
	Result:         DockerPsResult{},
	RowsKey:        "containers",
	KeyFields:      []string{"container_id"},
	Examples:       [][]string{{"ps"}, {"ps", "-a"}, {"ps", "-a", "--no-trunc"}, {"ps", "-s"}, {"ps", "-q"}},
	Parse:          parseDockerPs,
}

// dockerPsParsers wires the dockerPsParser and returns it for the builtin list.
func dockerPsParsers() []*Parser {
	dockerPsParser.Check = func(args []string, _ OS) *ParseError {
		return dockerFormatCheck("ps", args, dockerPsValue)
	}
	return []*Parser{dockerPsParser}
}

// dockerStatus reads state, exit code and health from a STATUS cell.
func dockerStatus(v string) (state string, exit int64, hasExit bool, health string, hs, he int) {
	hs = -1
	switch {
	case strings.HasPrefix(v, "Up "):
		state = "running"
		if strings.Contains(v, "(Paused)") {
			state = "paused"
		}
	case strings.HasPrefix(v, "Exited ("), strings.HasPrefix(v, "Restarting ("):
		state = "exited"
		if v[0] == 'R' {
			state = "restarting"
		}
		i := strings.IndexByte(v, '(')
		j := strings.IndexByte(v, ')')
		if j > i+1 {
			if n, ok := lex.Atoi(v[i+1 : j]); ok {
				exit, hasExit = n, true
			}
		}
	case v == "Created":
		state = "created"
	case v == "Dead":
		state = "dead"
	case v == "Removal In Progress":
		state = "removing"
	}
	for _, h := range []string{"(healthy)", "(unhealthy)", "(health: starting)"} {
		if i := strings.Index(v, h); i >= 0 {
			health = strings.TrimPrefix(h[1:len(h)-1], "health: ")
			hs, he = i+1, i+len(h)-1
			if health == "starting" {
				hs = i + 9
			}
		}
	}
	return
}

func parseDockerPs(c *Context) (any, error) {
	res := &DockerPsResult{Containers: make([]DockerContainer, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rec := newSpanRec(c, 8)
	noTrunc, quiet := dvBoolFlag(c.Args, "--no-trunc", 0), dvBoolFlag(c.Args, "--quiet", 'q')
	if quiet {
		return dvIDList(c, rec, func(id string) { res.Containers = append(res.Containers, DockerContainer{ContainerID: id}) },
			func() int { return len(res.Containers) }, dvTContainer, dvFID, res)
	}
	nlines, read, _ := dvTable(c, func(cols []lex.Column) bool {
		for _, col := range cols {
			if dockerPsHeaders[col.Header] {
				return true
			}
		}
		return false
	}, nil, func(l string, start int, cols []lex.Column, cells [][2]int) bool {
		ci := len(res.Containers)
		mark := rec.mark()
		rec.begin(dvTContainer, ci)
		add := rec.field
		var d DockerContainer
		used := map[string]bool{}
		for k, cell := range cells {
			v := l[cell[0]:cell[1]]
			s, e := start+cell[0], start+cell[1]
			if v == "" {
				continue
			}
			switch cols[k].Header {
			case "CONTAINER ID", "CONTAINER":
				d.ContainerID = v
				add(dvFID, s, e, trVerbatim)
			case "IMAGE":
				d.Image = v
				add(dvFImage, s, e, trVerbatim)
			case "COMMAND":
				u, err := strconv.Unquote(v)
				if err != nil || v[0] != '"' {
					rec.truncate(mark)
					return false
				}
				d.Command = u
				add(dvFCommand, s, e, gmPick(u == v, trVerbatim, trUnquote))
				if !noTrunc && strings.HasSuffix(u, "…") {
					d.CommandTruncated = true
					add(dvFCmdTrunc, e-1-len("…"), e-1, trMarker)
				}
			case "CREATED":
				d.Created = v
				add(dvFCreated, s, e, trVerbatim)
			case "CREATED AT":
				iso, ok := dvGoTime(v)
				if !ok {
					rec.truncate(mark)
					return false
				}
				d.CreatedAt = iso
				add(dvFCreatedAt, s, e, trTimestamp)
			case "STATUS":
				d.Status = v
				add(dvFStatus, s, e, trVerbatim)
				state, exit, hasExit, health, hs, he := dockerStatus(v)
				if state != "" {
					d.State = state
					add(dvFState, s, e, trStatusWord)
				}
				if hasExit {
					d.ExitCode = intp(exit)
					i := strings.IndexByte(v, '(')
					add(dvFExitCode, s+i+1, s+strings.IndexByte(v, ')'), trParseInt)
				}
				if health != "" {
					d.Health = health
					add(dvFHealth, s+hs, s+he, trVerbatim)
				}
			case "STATE":
				d.State = v
				add(dvFState, s, e, trVerbatim)
			case "PORTS":
				pos := 0
				d.Ports = make([]string, 0, strings.Count(v, ", ")+1)
				for p := range strings.SplitSeq(v, ", ") {
					rec.add(dvTPort, [4]int32{int32(ci), int32(len(d.Ports))}, noLeaf, s+pos, s+pos+len(p), trVerbatim)
					d.Ports = append(d.Ports, p)
					pos += len(p) + 2
				}
			case "NAMES":
				pos := 0
				d.Names = make([]string, 0, strings.Count(v, ",")+1)
				for n := range strings.SplitSeq(v, ",") {
					rec.add(dvTName, [4]int32{int32(ci), int32(len(d.Names))}, noLeaf, s+pos, s+pos+len(n), trVerbatim)
					d.Names = append(d.Names, n)
					pos += len(n) + 1
				}
			case "SIZE":
				d.Size = v
				add(dvFSize, s, e, trVerbatim)
				first, rest, _ := strings.Cut(v, " ")
				if n, ok := lex.Bytes(first); ok {
					d.SizeBytes = intp(n)
					add(dvFSizeBytes, s, s+len(first), trParseBytes)
				}
				if virt, ok := strings.CutPrefix(rest, "(virtual "); ok && strings.HasSuffix(virt, ")") {
					virt = virt[:len(virt)-1]
					if n, ok := lex.Bytes(virt); ok {
						d.VirtualSizeBytes = intp(n)
						vs := s + len(first) + 1 + len("(virtual ")
						add(dvFVirtBytes, vs, vs+len(virt), trParseBytes)
					}
				}
			default:
				key := snakeCase(cols[k].Header)
				if dockerKnownKeys[key] {
					key += "_column"
				}
				key = dvUniqueKey(key, used)
				d.Extra = append(d.Extra, dvField{key, v})
				add(rec.localName(key), s, e, trVerbatim)
			}
		}
		if c.Full(ci) {
			rec.truncate(mark)
			c.Omit(1)
			return true
		}
		res.Containers = append(res.Containers, d)
		return true
	})
	if nlines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as a docker ps table")
	}
	rec.finish()
	return res, nil
}

// dockerPsHeaders are the headers of docker ps's table columns.
var dockerPsHeaders = map[string]bool{"CONTAINER ID": true, "IMAGE": true, "COMMAND": true, "CREATED": true,
	"CREATED AT": true, "STATUS": true, "PORTS": true, "NAMES": true, "SIZE": true, "LABELS": true, "MOUNTS": true,
	"NETWORKS": true, "STATE": true, "RUNNING FOR": true, "LOCAL VOLUMES": true}

var dockerKnownKeys = map[string]bool{"container_id": true, "image": true, "command": true, "command_truncated": true,
	"created": true, "created_at": true, "status": true, "state": true, "exit_code": true, "health": true, "ports": true,
	"names": true, "size": true, "size_bytes": true, "virtual_size_bytes": true}

// dvIDList reads one ID per line (docker -q).
func dvIDList(c *Context, rec *spanRec, add func(id string), n func() int, tmpl, leaf uint16, res any) (any, error) {
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	for {
		l, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(l) {
			continue
		}
		nlines++
		id := strings.Trim(l, " ")
		if id == "" || strings.ContainsAny(id, " \t") || !gmPrintable(id) {
			c.Unread(start)
			continue
		}
		read++
		if c.Full(n()) {
			c.Omit(1)
			continue
		}
		s := start + strings.Index(l, id)
		rec.add(tmpl, [4]int32{int32(n())}, leaf, s, s+len(id), trVerbatim)
		add(id)
	}
	if nlines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output is an ID")
	}
	rec.finish()
	return res, nil
}

// DockerStatsResult is the parsed output of `docker stats --no-stream`.
type DockerStatsResult struct {
	Stats []DockerStat `json:"stats"`
}

// DockerStat is one container's usage. Sizes are kept as printed and in
// bytes: memory in binary units (MiB), I/O in decimal ones (kB, MB). "--"
// cells (a stopped container) are absent.
type DockerStat struct {
	ContainerID string   `json:"container_id,omitempty"`
	Container   string   `json:"container,omitempty"`
	Name        string   `json:"name,omitempty"`
	CPUPercent  *float64 `json:"cpu_percent,omitempty"`
	// MemUsage and MemLimit are the two halves of "MEM USAGE / LIMIT".
	MemUsage         string    `json:"mem_usage,omitempty"`
	MemUsageBytes    *int64    `json:"mem_usage_bytes,omitempty"`
	MemLimit         string    `json:"mem_limit,omitempty"`
	MemLimitBytes    *int64    `json:"mem_limit_bytes,omitempty"`
	MemPercent       *float64  `json:"mem_percent,omitempty"`
	NetIO            string    `json:"net_io,omitempty"`
	NetRxBytes       *int64    `json:"net_rx_bytes,omitempty"`
	NetTxBytes       *int64    `json:"net_tx_bytes,omitempty"`
	BlockIO          string    `json:"block_io,omitempty"`
	BlockReadBytes   *int64    `json:"block_read_bytes,omitempty"`
	BlockWriteBytes  *int64    `json:"block_write_bytes,omitempty"`
	PIDs             *int64    `json:"pids,omitempty"`
	PrivateWorkSet   string    `json:"private_working_set,omitempty"`
	PrivateWorkSetBy *int64    `json:"private_working_set_bytes,omitempty"`
	Extra            []dvField `json:"-"`
}

type dockerStatJSON DockerStat

// MarshalJSON emits the known fields, then the other columns inline.
// ExtendSchema: the columns docker printed without a field here.
func (DockerStat) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	return ExtraColumns(s, "string")
}

func (d DockerStat) MarshalJSON() ([]byte, error) { return dvMarshal(dockerStatJSON(d), d.Extra) }

// dvNames registers a table's known keys as span leaf names: their ids,
// and the set of them.
func dvNames(keys ...string) (map[string]uint16, map[string]bool) {
	ids, set := map[string]uint16{}, map[string]bool{}
	for _, k := range keys {
		ids[k], set[k] = spanID(k), true
	}
	return ids, set
}

var (
	dvTStat               = spanID("stats/*")
	dvStatIDs, dvStatKeys = dvNames("container_id", "container", "name", "cpu_percent", "mem_usage", "mem_usage_bytes",
		"mem_limit", "mem_limit_bytes", "mem_percent", "net_io", "net_rx_bytes", "net_tx_bytes", "block_io",
		"block_read_bytes", "block_write_bytes", "pids", "private_working_set", "private_working_set_bytes")
)

var dockerStatsParser = &Parser{
	ID:         "docker-stats",
	Command:    "docker",
	Subcommand: "stats",
	Version:    "1",
	Format:     "docker stats --no-stream table (Linux and Windows containers)",
	// Flags checked against docs.docker.com docker container stats (docker
	// 27): without --no-stream the table is redrawn forever (refused).
	Flags: Flags{
		"-H": Value, "--host": Value, "--context": Value, "-c": Value, "-l": Value, "--log-level": Value,
		"-D": Bool, "--debug": Bool,
		"--no-stream": Bool, "-a": Bool, "--all": Bool, "--no-trunc": Bool, "--format": Value,
	},
	MaxPositionals: -1,
	Result:         DockerStatsResult{},
	RowsKey:        "stats",
	KeyFields:      []string{"container_id"},
	Examples:       [][]string{{"stats", "--no-stream"}, {"stats", "--no-stream", "-a"}},
	Parse:          parseDockerStats,
}

// dockerStatsParsers wires the dockerStatsParser and returns it for the builtin list.
func dockerStatsParsers() []*Parser {
	dockerStatsParser.Check = func(args []string, _ OS) *ParseError {
		if perr := dockerFormatCheck("stats", args, map[string]bool{"--format": true}); perr != nil {
			return perr
		}
		for _, a := range args {
			if a == "--no-stream" {
				return nil
			}
		}
		hint := dvHint([]string{"stats"}, args, dockerGlobal, func(f string) bool { return dockerGlobalValue[f] || f == "--format" },
			func(string) bool { return false }, nil)
		return Unsupported(append(hint, "--no-stream"), "docker stats without --no-stream redraws the screen forever")
	}
	return []*Parser{dockerStatsParser}
}

func parseDockerStats(c *Context) (any, error) {
	res := &DockerStatsResult{Stats: []DockerStat{}}
	rec := newSpanRec(c, 8)
	id := func(k string) uint16 { return dvStatIDs[k] }
	nlines, read, _ := dvTable(c, func(cols []lex.Column) bool { return cols[0].Header == "CONTAINER ID" || cols[0].Header == "CONTAINER" },
		nil, func(l string, start int, cols []lex.Column, cells [][2]int) bool {
			si := len(res.Stats)
			mark := rec.mark()
			add := func(leaf string, s, e int, tr spanTr) { rec.add(dvTStat, [4]int32{int32(si)}, id(leaf), s, e, tr) }
			var d DockerStat
			used := map[string]bool{}
			bad := false
			pair := func(v string, s int, aS, bS *string, aB, bB **int64, ka, kb string) {
				a, b, ok := strings.Cut(v, " / ")
				if !ok {
					bad = true
					return
				}
				for _, h := range []struct {
					v   string
					off int
					str *string
					by  **int64
					k   string
				}{{a, 0, aS, aB, ka}, {b, len(a) + 3, bS, bB, kb}} {
					if h.v == "--" {
						continue
					}
					n, okb := lex.Bytes(h.v)
					if !okb {
						bad = true
						return
					}
					if h.str != nil {
						*h.str = h.v
						add(h.k, s+h.off, s+h.off+len(h.v), trVerbatim)
					}
					*h.by = intp(n)
					add(h.k+"_bytes", s+h.off, s+h.off+len(h.v), trParseBytes)
				}
			}
			for k, cell := range cells {
				v := l[cell[0]:cell[1]]
				s, e := start+cell[0], start+cell[1]
				if v == "" || v == "--" {
					continue
				}
				switch cols[k].Header {
				case "CONTAINER ID":
					d.ContainerID = v
					add("container_id", s, e, trVerbatim)
				case "CONTAINER":
					d.Container = v
					add("container", s, e, trVerbatim)
				case "NAME":
					d.Name = v
					add("name", s, e, trVerbatim)
				case "CPU %", "MEM %":
					f, ok := dvPercent(v)
					if !ok {
						bad = true
						break
					}
					if cols[k].Header[0] == 'C' {
						d.CPUPercent = floatp(f)
						add("cpu_percent", s, e, trParseFloat)
					} else {
						d.MemPercent = floatp(f)
						add("mem_percent", s, e, trParseFloat)
					}
				case "MEM USAGE / LIMIT":
					pair(v, s, &d.MemUsage, &d.MemLimit, &d.MemUsageBytes, &d.MemLimitBytes, "mem_usage", "mem_limit")
				case "NET I/O":
					d.NetIO = v
					add("net_io", s, e, trVerbatim)
					pair(v, s, nil, nil, &d.NetRxBytes, &d.NetTxBytes, "net_rx", "net_tx")
				case "BLOCK I/O":
					d.BlockIO = v
					add("block_io", s, e, trVerbatim)
					pair(v, s, nil, nil, &d.BlockReadBytes, &d.BlockWriteBytes, "block_read", "block_write")
				case "PIDS":
					n, ok := lex.Atoi(v)
					if !ok {
						bad = true
						break
					}
					d.PIDs = intp(n)
					add("pids", s, e, trParseInt)
				case "PRIV WORKING SET":
					n, ok := lex.Bytes(v)
					if !ok {
						bad = true
						break
					}
					d.PrivateWorkSet, d.PrivateWorkSetBy = v, intp(n)
					add("private_working_set", s, e, trVerbatim)
					add("private_working_set_bytes", s, e, trParseBytes)
				default:
					key := snakeCase(cols[k].Header)
					if dvStatKeys[key] {
						key += "_column"
					}
					key = dvUniqueKey(key, used)
					d.Extra = append(d.Extra, dvField{key, v})
					rec.add(dvTStat, [4]int32{int32(si)}, rec.localName(key), s, e, trVerbatim)
				}
				if bad {
					break
				}
			}
			if bad {
				rec.truncate(mark)
				return false
			}
			if c.Full(si) {
				rec.truncate(mark)
				c.Omit(1)
				return true
			}
			res.Stats = append(res.Stats, d)
			return true
		})
	if nlines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as a docker stats table")
	}
	rec.finish()
	return res, nil
}

// dvBoolFlag reports whether a bool flag is given, long or as a short
// letter, alone or in a group of bool letters ("-aq").
func dvBoolFlag(args []string, long string, short byte) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == long {
			return true
		}
		if short != 0 && len(a) > 1 && a[0] == '-' && a[1] != '-' && !strings.Contains(a, "=") && strings.IndexByte(a[1:], short) >= 0 {
			return true
		}
	}
	return false
}

// DockerImagesResult is the parsed output of `docker images` / `docker
// image ls`: the classic table (REPOSITORY TAG IMAGE ID CREATED SIZE) or
// the one newer clients print (IMAGE ID DISK USAGE CONTENT SIZE EXTRA).
type DockerImagesResult struct {
	Images []DockerImage `json:"images"`
}

// DockerImage is one image. "<none>" repository or tag is absent, and an
// image with neither is Dangling. Sizes are as printed and in bytes
// (decimal units).
type DockerImage struct {
	Repository       string    `json:"repository,omitempty"`
	Tag              string    `json:"tag,omitempty"`
	Digest           string    `json:"digest,omitempty"`
	ImageID          string    `json:"image_id,omitempty"`
	Created          string    `json:"created,omitempty"`
	CreatedAt        string    `json:"created_at,omitempty"`
	Size             string    `json:"size,omitempty"`
	SizeBytes        *int64    `json:"size_bytes,omitempty"`
	DiskUsage        string    `json:"disk_usage,omitempty"`
	DiskUsageBytes   *int64    `json:"disk_usage_bytes,omitempty"`
	ContentSize      string    `json:"content_size,omitempty"`
	ContentSizeBytes *int64    `json:"content_size_bytes,omitempty"`
	InUse            bool      `json:"in_use,omitempty"`
	Dangling         bool      `json:"dangling,omitempty"`
	Extra            []dvField `json:"-"`
}

type dockerImageJSON DockerImage

// MarshalJSON emits the known fields, then the other columns inline.
// ExtendSchema: the columns docker printed without a field here.
func (DockerImage) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	return ExtraColumns(s, "string")
}

func (d DockerImage) MarshalJSON() ([]byte, error) { return dvMarshal(dockerImageJSON(d), d.Extra) }

var (
	dvTImage                = spanID("images/*")
	dvImageIDs, dvImageKeys = dvNames("repository", "tag", "digest", "image_id", "created", "created_at", "size", "size_bytes",
		"disk_usage", "disk_usage_bytes", "content_size", "content_size_bytes", "in_use", "dangling")
)

var dockerImagesParser = &Parser{
	ID:         "docker-images",
	Command:    "docker",
	Subcommand: "images",
	Version:    "1",
	Format:     "docker images table: classic (REPOSITORY TAG IMAGE ID ...) or newer (IMAGE ID DISK USAGE CONTENT SIZE EXTRA); -q",
	// Flags checked against docs.docker.com docker image ls (docker 27/28):
	// --tree (a tree, hint: without it) and non-table --format are
	// refused; the TLS and --config globals are not admitted.
	Flags: Flags{
		"-H": Value, "--host": Value, "--context": Value, "-c": Value, "-l": Value, "--log-level": Value,
		"-D": Bool, "--debug": Bool,
		"-a": Bool, "--all": Bool, "--digests": Bool, "--no-trunc": Bool, "-f": Value, "--filter": Value,
		"--format": Value, "-q": Bool, "--quiet": Bool,
	},
	MaxPositionals: 1,
	Alternatives:   map[string][]string{"--tree": {}},
	Result:         DockerImagesResult{},
	RowsKey:        "images",
	KeyFields:      []string{"image_id"},
	Examples:       [][]string{{"images"}, {"images", "-a"}, {"images", "--digests"}, {"images", "-q"}},
	Parse:          parseDockerImages,
}

// dockerImagesParsers wires the dockerImagesParser and returns it for the builtin list.
func dockerImagesParsers() []*Parser {
	dockerImagesParser.Check = func(args []string, _ OS) *ParseError {
		return dockerFormatCheck("images", args, map[string]bool{"-f": true, "--filter": true, "--format": true})
	}
	return []*Parser{dockerImagesParser}
}

// dvSplitRef splits "registry:5000/app:v1" into repository and tag.
func dvSplitRef(ref string) (repo, tag string) {
	i := strings.LastIndexByte(ref, ':')
	if i < 0 || strings.Contains(ref[i:], "/") {
		return ref, ""
	}
	return ref[:i], ref[i+1:]
}

func parseDockerImages(c *Context) (any, error) {
	res := &DockerImagesResult{Images: []DockerImage{}}
	rec := newSpanRec(c, 8)
	if dvBoolFlag(c.Args, "--quiet", 'q') {
		return dvIDList(c, rec, func(id string) { res.Images = append(res.Images, DockerImage{ImageID: id}) },
			func() int { return len(res.Images) }, dvTImage, dvImageIDs["image_id"], res)
	}
	ii := func() int32 { return int32(len(res.Images)) }
	add := func(k string, s, e int, tr spanTr) { rec.add(dvTImage, [4]int32{ii()}, dvImageIDs[k], s, e, tr) }
	setSize := func(dst *string, b **int64, k, v string, s, e int) bool {
		n, ok := lex.Bytes(strings.TrimPrefix(v, "~"))
		if !ok {
			return false
		}
		*dst = v
		add(k, s, e, trVerbatim)
		*b = intp(n)
		add(k+"_bytes", s, e, trParseBytes)
		return true
	}
	setRef := func(d *DockerImage, ref string, s int) {
		repo, tag := dvSplitRef(ref)
		if repo != "<none>" && repo != "" {
			d.Repository = repo
			add("repository", s, s+len(repo), trVerbatim)
		}
		if tag != "<none>" && tag != "" {
			d.Tag = tag
			add("tag", s+len(repo)+1, s+len(repo)+1+len(tag), trVerbatim)
		}
		if repo == "<none>" && (tag == "<none>" || tag == "") {
			d.Dangling = true
			add("dangling", s, s+len(ref), trMarker)
		}
	}
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	var cols []lex.Column
	var cells [][2]int
	newForm := false
	pending, pendingS := "", -1 // a long IMAGE on its own line (newer table)
	for {
		l, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(l) {
			continue
		}
		nlines++
		if cols == nil {
			cs := lex.Columns(l)
			switch {
			case len(cs) > 1 && cs[0].Start == 0 && cs[0].Header == "REPOSITORY":
				cols = cs
			case len(cs) > 3 && cs[0].Start == 0 && cs[0].Header == "IMAGE" && cs[1].Header == "ID":
				cols, newForm = cs, true
			case strings.Contains(l, "Info →") || strings.Contains(l, "In Use"):
				// the legend the newer table prints on a terminal
			default:
				c.Unread(start)
				continue
			}
			read++
			continue
		}
		mark := rec.mark()
		var d DockerImage
		if newForm {
			f := lex.Fields(nil, l, 0)
			if len(f) == 1 && f[0].Start == 0 && pending == "" {
				pending, pendingS = l[f[0].Start:f[0].End], start
				read++
				continue
			}
			ref, refS := "", 0
			if pending != "" && len(f) >= 3 && f[0].Start > 0 {
				ref, refS = pending, pendingS
				f = append([]lex.Field{{}}, f...)
			} else if len(f) >= 4 && f[0].Start == 0 {
				ref, refS = l[f[0].Start:f[0].End], start
			} else {
				if pending != "" {
					c.Unread(pendingS)
				}
				pending = ""
				c.Unread(start)
				continue
			}
			pending = ""
			setRef(&d, ref, refS)
			d.ImageID = l[f[1].Start:f[1].End]
			add("image_id", start+f[1].Start, start+f[1].End, trVerbatim)
			good := setSize(&d.DiskUsage, &d.DiskUsageBytes, "disk_usage", l[f[2].Start:f[2].End], start+f[2].Start, start+f[2].End)
			if len(f) > 3 {
				good = good && setSize(&d.ContentSize, &d.ContentSizeBytes, "content_size", l[f[3].Start:f[3].End], start+f[3].Start, start+f[3].End)
			}
			for _, x := range f[min(4, len(f)):] {
				if l[x.Start:x.End] == "U" {
					d.InUse = true
					add("in_use", start+x.Start, start+x.End, trMarker)
				}
			}
			if !good {
				rec.truncate(mark)
				c.Unread(start)
				continue
			}
		} else {
			var okc bool
			cells, okc = lex.Cells(l, cols, cells)
			if !okc {
				c.Unread(start)
				continue
			}
			used := map[string]bool{}
			good := true
			for k, cell := range cells {
				v := l[cell[0]:cell[1]]
				s, e := start+cell[0], start+cell[1]
				if v == "" {
					continue
				}
				switch cols[k].Header {
				case "REPOSITORY", "TAG", "DIGEST":
					key := strings.ToLower(cols[k].Header)
					if v == "<none>" {
						if key == "repository" {
							d.Dangling = true
						}
						continue
					}
					switch key {
					case "repository":
						d.Repository = v
					case "tag":
						d.Tag = v
					default:
						d.Digest = v
					}
					add(key, s, e, trVerbatim)
				case "IMAGE ID":
					d.ImageID = v
					add("image_id", s, e, trVerbatim)
				case "CREATED":
					d.Created = v
					add("created", s, e, trVerbatim)
				case "CREATED AT":
					iso, ok := dvGoTime(v)
					if !ok {
						good = false
						break
					}
					d.CreatedAt = iso
					add("created_at", s, e, trTimestamp)
				case "SIZE":
					good = setSize(&d.Size, &d.SizeBytes, "size", v, s, e)
				default:
					key := snakeCase(cols[k].Header)
					if dvImageKeys[key] {
						key += "_column"
					}
					key = dvUniqueKey(key, used)
					d.Extra = append(d.Extra, dvField{key, v})
					rec.add(dvTImage, [4]int32{ii()}, rec.localName(key), s, e, trVerbatim)
				}
				if !good {
					break
				}
			}
			if !good {
				rec.truncate(mark)
				c.Unread(start)
				continue
			}
			if d.Dangling {
				if d.Repository != "" || d.Tag != "" {
					d.Dangling = false
				} else {
					add("dangling", start, start+len(l), trMarker)
				}
			}
		}
		read++
		if c.Full(len(res.Images)) {
			rec.truncate(mark)
			c.Omit(1)
			continue
		}
		res.Images = append(res.Images, d)
	}
	if pending != "" {
		c.Unread(pendingS)
	}
	if nlines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as a docker images table")
	}
	rec.finish()
	return res, nil
}

// ---------------------------------------------------------------- gh pr list

// GhPrListResult is the parsed output of `gh pr list`: the tab-separated
// form gh writes to a pipe (number, title, branch, state, creation time),
// or the aligned table of a terminal (GH_FORCE_TTY). Author and labels
// are not printed; `--json number,title,author,labels` gives them (the
// JSON is passed through).
type GhPrListResult struct {
	PullRequests []GhPullRequest `json:"pull_requests"`
}

// GhPullRequest is one pull request. HeadBranch is the head branch; a
// branch of a fork ("owner:branch") has its owner in HeadOwner. State is
// open, closed or merged; a draft is open with Draft set. CreatedAt comes
// from the piped form, Created ("about 3 hours ago") from the terminal one.
type GhPullRequest struct {
	Number         int64  `json:"number"`
	Title          string `json:"title,omitempty"`
	TitleTruncated bool   `json:"title_truncated,omitempty"`
	HeadOwner      string `json:"head_owner,omitempty"`
	HeadBranch     string `json:"head_branch,omitempty"`
	State          string `json:"state,omitempty"`
	Draft          bool   `json:"draft,omitempty"`
	CreatedAt      string `json:"created_at,omitempty"`
	Created        string `json:"created,omitempty"`
}

var (
	dvTPR         = spanID("pull_requests/*")
	dvFNumber     = spanID("number")
	dvFTitle      = spanID("title")
	dvFTitleTrunc = spanID("title_truncated")
	dvFHeadOwner  = spanID("head_owner")
	dvFHeadBranch = spanID("head_branch")
	dvFDraft      = spanID("draft")
)

var ghPrParser = &Parser{
	ID:         "gh-pr-list",
	Command:    "gh",
	Subcommand: "pr",
	Version:    "1",
	Format:     "gh pr list: the tab-separated form written to a pipe, or the terminal table; --json is passed through",
	// Flags checked against `gh pr list --help` (cli.github.com manual, gh
	// 2.6x): every option, -R inherited; -w/--web opens a browser (hint:
	// without it).
	Flags: Flags{
		"-R": Value, "--repo": Value, "-L": Value, "--limit": Value, "-s": Value, "--state": Value,
		"-A": Value, "--author": Value, "-a": Value, "--assignee": Value, "-B": Value, "--base": Value,
		"-H": Value, "--head": Value, "-l": Value, "--label": Value, "-S": Value, "--search": Value,
		"-d": Bool, "--draft": Bool, "--app": Value, "--json": Value, "-q": Value, "--jq": Value,
		"-t": Value, "--template": Value,
	},
	MaxPositionals: -1,
	Alternatives:   map[string][]string{"-w": {}, "--web": {}},
	Result:         GhPrListResult{},
	RowsKey:        "pull_requests",
	KeyFields:      []string{"number"},
	Examples:       [][]string{{"pr", "list"}, {"pr", "list", "--state", "all", "--limit", "50"}, {"pr", "list", "--author", "@me"}},
	Parse:          parseGhPrList,
}

// ghPrParsers wires the ghPrParser and returns it for the builtin list.
func ghPrParsers() []*Parser {
	ghPrParser.Check = func(args []string, _ OS) *ParseError {
		sub := kubeResource(args) // the first positional
		if sub != "list" && sub != "ls" {
			return Unsupported(nil, "gh pr %s is not read; gh pr list is (and --json output is passed through)", sub)
		}
		for _, f := range []string{"--json", "-q", "--jq", "-t", "--template"} {
			if _, ok := dvFlagValue(args, f); ok {
				return Unsupported(nil, "gh pr list %s: the JSON is passed through as is", f)
			}
		}
		return nil
	}
	return []*Parser{ghPrParser}
}

func parseGhPrList(c *Context) (any, error) {
	res := &GhPrListResult{PullRequests: []GhPullRequest{}}
	rec := newSpanRec(c, 8)
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	var cols []lex.Column
	var cells [][2]int
	tty := false
	for {
		l, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(l) {
			continue
		}
		nlines++
		pi := len(res.PullRequests)
		rec.begin(dvTPR, pi)
		add := rec.field
		mark := rec.mark()
		var pr GhPullRequest
		type cell struct {
			v    string
			s, e int
		}
		var num, title, branch, state, created cell
		switch {
		case strings.Contains(l, "\t") && !tty:
			parts := strings.Split(l, "\t")
			if len(parts) < 4 || len(parts) > 5 {
				c.Unread(start)
				continue
			}
			pos := start
			cs := make([]cell, len(parts))
			for i, p := range parts {
				cs[i] = cell{p, pos, pos + len(p)}
				pos += len(p) + 1
			}
			num, title, branch, state = cs[0], cs[1], cs[2], cs[3]
			if len(cs) == 5 {
				created = cs[4]
			}
		case cols == nil && strings.HasPrefix(l, "ID ") && strings.Contains(l, "TITLE"):
			cols, tty = lex.Columns(l), true
			read++
			continue
		case cols == nil && (strings.HasPrefix(l, "Showing ") || strings.HasPrefix(l, "No pull requests match")):
			read++
			continue
		case cols != nil:
			var okc bool
			cells, okc = lex.Cells(l, cols, cells)
			if !okc {
				c.Unread(start)
				continue
			}
			for k, cl := range cells {
				v := cell{l[cl[0]:cl[1]], start + cl[0], start + cl[1]}
				switch cols[k].Header {
				case "ID":
					num = v
				case "TITLE":
					title = v
				case "BRANCH":
					branch = v
				case "CREATED AT":
					created = v
				case "STATE":
					state = v
				}
			}
			if strings.HasPrefix(num.v, "#") {
				num = cell{num.v[1:], num.s + 1, num.e}
			}
		default:
			c.Unread(start)
			continue
		}
		n, okn := lex.Atoi(num.v)
		if !okn {
			c.Unread(start)
			continue
		}
		pr.Number = n
		add(dvFNumber, num.s, num.e, trParseInt)
		if title.v != "" {
			pr.Title = title.v
			add(dvFTitle, title.s, title.e, trVerbatim)
			if tty && strings.HasSuffix(title.v, "…") {
				pr.TitleTruncated = true
				add(dvFTitleTrunc, title.e-len("…"), title.e, trMarker)
			}
		}
		if branch.v != "" {
			if owner, b, ok := strings.Cut(branch.v, ":"); ok && owner != "" && b != "" {
				pr.HeadOwner, pr.HeadBranch = owner, b
				add(dvFHeadOwner, branch.s, branch.s+len(owner), trVerbatim)
				add(dvFHeadBranch, branch.s+len(owner)+1, branch.e, trVerbatim)
			} else {
				pr.HeadBranch = branch.v
				add(dvFHeadBranch, branch.s, branch.e, trVerbatim)
			}
		}
		if state.v != "" {
			switch state.v {
			case "OPEN", "CLOSED", "MERGED":
				pr.State = strings.ToLower(state.v)
			case "DRAFT":
				pr.State, pr.Draft = "open", true
				add(dvFDraft, state.s, state.e, trMarker)
			default:
				rec.truncate(mark)
				c.Unread(start)
				continue
			}
			add(dvFState, state.s, state.e, trStatusWord)
		}
		if created.v != "" {
			if tty {
				pr.Created = created.v
				add(dvFCreated, created.s, created.e, trVerbatim)
			} else {
				t, err := time.Parse(time.RFC3339, created.v)
				if err != nil {
					rec.truncate(mark)
					c.Unread(start)
					continue
				}
				pr.CreatedAt = t.Format("2006-01-02T15:04:05-07:00")
				add(dvFCreatedAt, created.s, created.e, gmPick(pr.CreatedAt == created.v, trVerbatim, trTimestamp))
			}
		}
		read++
		if c.Full(pi) {
			rec.truncate(mark)
			c.Omit(1)
			continue
		}
		res.PullRequests = append(res.PullRequests, pr)
	}
	if nlines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as gh pr list output")
	}
	rec.finish()
	return res, nil
}

// ---------------------------------------------------------------- helm list

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
	dvTRelease    = spanID("releases/*")
	dvFNamespace  = spanID("namespace")
	dvFRevision   = spanID("revision")
	dvFUpdated    = spanID("updated")
	dvFChart      = spanID("chart")
	dvFAppVersion = spanID("app_version")
)

// helmListFlags were checked against helm.sh/docs/helm/helm_list (Helm
// 3.16) and helm's global flags; --time-format (a Go layout the parser
// cannot date) and -o yaml are refused with a hint, -o json passes
// through.
var helmListFlags = Flags{
	"--kubeconfig": Value, "--kube-apiserver": Value, "--kube-as-user": Value, "--kube-as-group": Value,
	"--kube-ca-file": Value, "--kube-insecure-skip-tls-verify": Bool, "--kube-tls-server-name": Value,
	"--kube-token": Value, "--registry-config": Value, "--repository-cache": Value, "--repository-config": Value,
	"-n": Value, "--namespace": Value, "--kube-context": Value, "--debug": Bool, "--burst-limit": Value, "--qps": Value,
	"-a": Bool, "--all": Bool, "-A": Bool, "--all-namespaces": Bool, "-d": Bool, "--date": Bool, "-r": Bool,
	"--reverse": Bool, "-q": Bool, "--short": Bool, "--deployed": Bool, "--failed": Bool, "--pending": Bool,
	"--superseded": Bool, "--uninstalled": Bool, "--uninstalling": Bool, "--no-headers": Bool,
	"-m": Value, "--max": Value, "--offset": Value, "-f": Value, "--filter": Value, "-l": Value, "--selector": Value,
	"-o": Value, "--output": Value,
	"--time-format": Value, // refused by the check
}

func helmListParser(sub string) *Parser {
	p := &Parser{
		ID:             "helm-" + sub,
		Command:        "helm",
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
	p.Check = func(args []string, _ OS) *ParseError {
		takes := func(f string) bool { k, ok := helmListFlags[f]; return ok && k == Value }
		if _, ok := dvFlagValue(args, "--time-format"); ok {
			hint := dvHint([]string{sub}, args, nil, takes, func(f string) bool { return f == "--time-format" },
				func(string, string) []string { return nil })
			return Unsupported(hint, "helm %s --time-format prints times the parser cannot date", sub)
		}
		o, ok := dvFlagValue(args, "-o", "--output")
		if !ok {
			return nil
		}
		switch strings.TrimPrefix(o, "=") {
		case "table":
			return nil
		case "json":
			return Unsupported(nil, "helm %s -o json is JSON already: it is passed through as is", sub)
		}
		hint := dvHint([]string{sub}, args, nil, takes,
			func(f string) bool { return f == "-o" || f == "--output" },
			func(f, _ string) []string { return []string{f, "json"} })
		return Unsupported(hint, "helm %s -o %s is not read; -o json is passed through", sub, o)
	}
	return p
}

// helmListParsers wires the helmListParser("list"), helmListParser("ls") and returns them for the builtin list.
func helmListParsers() []*Parser {
	return []*Parser{helmListParser("list"), helmListParser("ls")}
}

var helmColumns = []string{"NAME", "NAMESPACE", "REVISION", "UPDATED", "STATUS", "CHART", "APP VERSION"}

func parseHelmList(c *Context) (any, error) {
	res := &HelmListResult{Releases: []HelmRelease{}}
	rec := newSpanRec(c, 8)
	short := dvBoolFlag(c.Args, "--short", 'q')
	noHeaders := dvBoolFlag(c.Args, "--no-headers", 0)
	var cols []string
	if noHeaders {
		cols = helmColumns
	}
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	for {
		l, start, ok := it.Next()
		if !ok {
			break
		}
		if lex.IsBlank(l) {
			continue
		}
		nlines++
		ri := len(res.Releases)
		rec.begin(dvTRelease, ri)
		add := rec.field
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
			add(gmfName, start, start+len(name), trVerbatim)
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
		mark := rec.mark()
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
				add(gmfName, s, e, trVerbatim)
			case "NAMESPACE":
				r.Namespace = v
				add(dvFNamespace, s, e, trVerbatim)
			case "REVISION":
				n, ok := lex.Atoi(v)
				if !ok {
					good = false
					break
				}
				r.Revision = intp(n)
				add(dvFRevision, s, e, trParseInt)
			case "UPDATED":
				if v == "-" {
					continue
				}
				iso, ok := dvGoTime(v)
				if !ok {
					good = false
					break
				}
				r.Updated = iso
				add(dvFUpdated, s, e, trTimestamp)
			case "STATUS":
				r.Status = v
				add(dvFStatus, s, e, trVerbatim)
			case "CHART":
				r.Chart = v
				add(dvFChart, s, e, trVerbatim)
			case "APP VERSION":
				r.AppVersion = v
				add(dvFAppVersion, s, e, trVerbatim)
			}
			if !good {
				break
			}
		}
		if !good || r.Name == "" {
			rec.truncate(mark)
			c.Unread(start)
			continue
		}
		read++
		if c.Full(ri) {
			rec.truncate(mark)
			c.Omit(1)
			continue
		}
		res.Releases = append(res.Releases, r)
	}
	if nlines > 0 && read == 0 {
		return nil, Unrecognized("no line of the output reads as helm list output")
	}
	rec.finish()
	return res, nil
}

// ---------------------------------------------------------------- terraform plan

// TerraformPlanResult is the parsed text of `terraform plan` (with or
// without -no-color). Resources are the "# ADDRESS will be ..." lines of
// the planned actions; Drift the changes Terraform found made outside it;
// Outputs the "Changes to Outputs" section.
type TerraformPlanResult struct {
	// NoChanges is set by "No changes." (Summary is then absent).
	NoChanges bool              `json:"no_changes,omitempty"`
	Summary   *TerraformSummary `json:"summary,omitempty"`
	Resources []TerraformChange `json:"resources"`
	Drift     []TerraformChange `json:"drift,omitempty"`
	Outputs   []TerraformOutput `json:"outputs,omitempty"`
}

// TerraformSummary is the "Plan: 1 to add, 2 to change, 0 to destroy."
// line (to_import since Terraform 1.5, to_forget since 1.7 when printed).
type TerraformSummary struct {
	ToImport  *int64 `json:"to_import,omitempty"`
	ToAdd     int64  `json:"to_add"`
	ToChange  int64  `json:"to_change"`
	ToDestroy int64  `json:"to_destroy"`
	ToForget  *int64 `json:"to_forget,omitempty"`
}

// TerraformChange is one resource instance. Action: create, update,
// destroy, replace, read, import, move, forget (planned); updated or
// deleted (drift). Reason is the "(because ...)" note; MovedFrom,
// MovedTo, ImportedID and Deposed come from their notes.
type TerraformChange struct {
	Address    string `json:"address"`
	Action     string `json:"action"`
	Reason     string `json:"reason,omitempty"`
	MovedFrom  string `json:"moved_from,omitempty"`
	MovedTo    string `json:"moved_to,omitempty"`
	ImportedID string `json:"imported_id,omitempty"`
	Deposed    string `json:"deposed,omitempty"`
}

// TerraformOutput is one changed root module output.
type TerraformOutput struct {
	Name   string `json:"name"`
	Action string `json:"action"`
}

var (
	dvTTfRes     = spanID("resources/*")
	dvTTfDrift   = spanID("drift/*")
	dvTTfOut     = spanID("outputs/*")
	dvTTfSummary = spanID("summary")
	dvTTfTop     = spanID("")
	dvFAddress   = spanID("address")
	dvFAction    = spanID("action")
	dvFReason    = spanID("reason")
	dvFMovedFrom = spanID("moved_from")
	dvFMovedTo   = spanID("moved_to")
	dvFImportID  = spanID("imported_id")
	dvFDeposed   = spanID("deposed")
	dvFNoChanges = spanID("no_changes")
	dvFToImport  = spanID("to_import")
	dvFToAdd     = spanID("to_add")
	dvFToChange  = spanID("to_change")
	dvFToDestroy = spanID("to_destroy")
	dvFToForget  = spanID("to_forget")
)

// tfPhrases end a "# ADDRESS ..." line: the action they announce.
var tfPhrases = []struct{ suffix, action string }{
	{" will be created", "create"},
	{" will be updated in-place", "update"},
	{" will be destroyed", "destroy"},
	{" is tainted, so must be replaced", "replace"},
	{" must be replaced", "replace"},
	{" will be replaced, as requested", "replace"},
	{" will be replaced due to changes in replace_triggered_by", "replace"},
	{" will be read during apply", "read"},
	{" will be imported", "import"},
	{" will no longer be managed by Terraform", "forget"},
	{" has changed", "updated"},
	{" has been deleted", "deleted"},
}

// Terraform's flags are Go flags (-name, -name=value, -name value); the
// core reads arguments getopt style, so its table lists each flag's first
// letter as taking a value (the rest of the word) and the check below
// reads the real names.
// terraformFlags were checked against `terraform plan -help` of Terraform
// 1.11.4 (run here; real plans captured from terraform_data resources):
// every option but -json keeps the text form.
var terraformFlags = map[string]bool{ // name -> takes a value
	"-no-color": false, "-destroy": false, "-refresh-only": false, "-compact-warnings": false,
	"-detailed-exitcode": false, "-input": false, "-lock": false, "-lock-timeout": true, "-parallelism": true,
	"-refresh": false, "-replace": true, "-target": true, "-var": true, "-var-file": true, "-out": true,
	"-state": true, "-generate-config-out": true, "-chdir": true,
}

var terraformPlanParser = &Parser{
	ID:         "terraform-plan",
	Command:    "terraform",
	Subcommand: "plan",
	Version:    "1",
	Format: "terraform plan text (-no-color or coloured): summary, resource actions, drift, outputs; " +
		"flags -no-color -destroy -refresh-only -var -var-file -target -replace -refresh -input -lock -parallelism -out",
	Flags: Flags{
		"-n": Value, "-d": Value, "-r": Value, "-c": Value, "-i": Value, "-l": Value, "-p": Value,
		"-t": Value, "-v": Value, "-o": Value, "-s": Value, "-g": Value, "-j": Value,
	},
	MaxPositionals: -1,
	ExitAnswers: []ExitAnswer{{Code: 2, With: []string{"-detailed-exitcode", "--detailed-exitcode"},
		Means:  "the plan has changes (the parsed plan lists them)",
		Source: "terraform plan -help of Terraform 1.11.4 (run here: 0 no changes, 1 error, 2 changes present)"}},
	Result:    TerraformPlanResult{},
	RowsKey:   "resources",
	KeyFields: []string{"address"},
	Examples:  [][]string{{"plan", "-no-color"}, {"plan"}, {"plan", "-no-color", "-destroy"}},
	Parse:     parseTerraformPlan,
}

// terraformPlanParsers wires the terraformPlanParser and returns it for the builtin list.
func terraformPlanParsers() []*Parser {
	terraformPlanParser.Check = func(args []string, _ OS) *ParseError {
		for i := 0; i < len(args); i++ {
			a := args[i]
			if a == "--" || !strings.HasPrefix(a, "-") {
				if a == "--" {
					break
				}
				return Unsupported(nil, "terraform plan takes no positional argument here (%q)", a)
			}
			name, _, hasEq := strings.Cut(strings.Replace(a, "--", "-", 1), "=")
			if name == "-json" {
				return Unsupported(dvTfHint(args, i), "terraform plan -json writes JSON lines; the text form is read")
			}
			takes, ok := terraformFlags[name]
			if !ok {
				return Unsupported(dvTfHint(args, i), "the terraform plan parser is not verified for %s", name)
			}
			if takes && !hasEq {
				i++
			}
		}
		return nil
	}
	return []*Parser{terraformPlanParser}
}

// tfKnownLine reports the lines of a plan that carry no field but show
// the text is one: section titles, the legend, refresh progress.
func tfKnownLine(t string) bool {
	for _, p := range []string{"Terraform will perform", "Terraform planned", "Terraform detected", "Terraform used the selected providers",
		"Changes to Outputs:", "No changes.", "Plan: ", "Note: ", "Unless you have made equivalent changes"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return strings.HasSuffix(t, ": Reading...") || strings.Contains(t, ": Refreshing state...") || strings.Contains(t, ": Read complete after")
}

// dvTfHint is the arguments without args[i] (and its value), -no-color added.
func dvTfHint(args []string, i int) []string {
	out := []string{"plan"}
	for j, a := range args {
		if j == i {
			continue
		}
		out = append(out, a)
	}
	for _, a := range out {
		if a == "-no-color" {
			return out
		}
	}
	return append(out, "-no-color")
}

// dvStripANSI removes terminal escapes ("\x1b[1m") from a line; at maps
// each byte of the result to its offset in the line.
func dvStripANSI(l string) (string, []int) {
	if strings.IndexByte(l, 0x1b) < 0 {
		return l, nil
	}
	var b strings.Builder
	at := make([]int, 0, len(l))
	for i := 0; i < len(l); i++ {
		if l[i] == 0x1b && i+1 < len(l) && l[i+1] == '[' {
			j := i + 2
			for j < len(l) && (l[j] >= '0' && l[j] <= '9' || l[j] == ';') {
				j++
			}
			if j < len(l) {
				i = j
				continue
			}
		}
		b.WriteByte(l[i])
		at = append(at, i)
	}
	return b.String(), at
}

func parseTerraformPlan(c *Context) (any, error) {
	res := &TerraformPlanResult{Resources: []TerraformChange{}}
	rec := newSpanRec(c, 8)
	it := lex.Lines{Raw: c.Raw}
	nlines, known := 0, 0
	const (
		secNone = iota
		secDrift
		secActions
		secOutputs
	)
	sec := secNone
	var last *TerraformChange // the change a "# (note)" line belongs to
	var lastT uint16
	lastI := 0
	for {
		raw, start, ok := it.Next()
		if !ok {
			break
		}
		l, at := dvStripANSI(raw)
		// span maps [s,e) of the clean line to the raw text.
		span := func(s, e int) (int, int, bool) {
			if at == nil {
				return start + s, start + e, true
			}
			if e <= s {
				return start + at[min(s, len(at)-1)], start + at[min(s, len(at)-1)], false
			}
			rs, re := at[s], at[e-1]+1
			return start + rs, start + re, re-rs == e-s
		}
		addAt := func(tmpl uint16, i int, leaf uint16, s, e int, tr spanTr) {
			rs, re, same := span(s, e)
			if tr == trVerbatim && !same {
				tr = trTrimPrefix
			}
			rec.add(tmpl, [4]int32{int32(i)}, leaf, rs, re, tr)
		}
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		nlines++
		lead := len(l) - len(strings.TrimLeft(l, " "))
		if tfKnownLine(t) {
			known++
		}
		switch {
		case strings.HasPrefix(t, "Terraform will perform the following actions:"),
			strings.HasPrefix(t, "Terraform planned the following actions"):
			sec = secActions
			continue
		case strings.HasPrefix(t, "Terraform detected the following changes made outside of Terraform"):
			sec = secDrift
			continue
		case t == "Changes to Outputs:":
			sec = secOutputs
			continue
		case strings.HasPrefix(t, "No changes."):
			res.NoChanges = true
			addAt(dvTTfTop, 0, dvFNoChanges, lead, lead+len("No changes."), trMarker)
			continue
		case strings.HasPrefix(t, "Plan: ") && strings.HasSuffix(t, "."):
			sum := &TerraformSummary{}
			mark := rec.mark()
			pos := lead + 6
			good := true
			seen := 0
			for part := range strings.SplitSeq(t[6:len(t)-1], ", ") {
				n, what, ok := strings.Cut(part, " to ")
				v, okn := lex.Atoi(n)
				if !ok || !okn {
					good = false
					break
				}
				var leaf uint16
				switch what {
				case "import":
					sum.ToImport, leaf = intp(v), dvFToImport
				case "add":
					sum.ToAdd, leaf = v, dvFToAdd
				case "change":
					sum.ToChange, leaf = v, dvFToChange
				case "destroy":
					sum.ToDestroy, leaf = v, dvFToDestroy
				case "forget":
					sum.ToForget, leaf = intp(v), dvFToForget
				default:
					good = false
				}
				if !good {
					break
				}
				addAt(dvTTfSummary, 0, leaf, pos, pos+len(n), trParseInt)
				pos += len(part) + 2
				seen++
			}
			if !good || seen < 3 || res.Summary != nil {
				rec.truncate(mark)
				c.Unread(start)
				continue
			}
			known++
			res.Summary = sum
			continue
		}
		if (sec == secActions || sec == secDrift) && strings.HasPrefix(t, "# ") {
			body := t[2:]
			bs := lead + 2
			if strings.HasPrefix(body, "(") && strings.HasSuffix(body, ")") {
				known++
				if last == nil {
					continue // the note of a change over MaxItems
				}
				note := body[1 : len(body)-1]
				ns := bs + 1
				switch {
				case strings.HasPrefix(note, "because ") && len(note) > 8:
					last.Reason = note[8:]
					addAt(lastT, lastI, dvFReason, ns+8, ns+len(note), trVerbatim)
				case strings.HasPrefix(note, "moved from ") && len(note) > 11:
					last.MovedFrom = note[11:]
					addAt(lastT, lastI, dvFMovedFrom, ns+11, ns+len(note), trVerbatim)
				case strings.HasPrefix(note, "imported from \"") && strings.HasSuffix(note, "\"") && len(note) > 16:
					last.ImportedID = note[15 : len(note)-1]
					addAt(lastT, lastI, dvFImportID, ns+15, ns+len(note)-1, trVerbatim)
				}
				continue
			}
			var ch TerraformChange
			addr := ""
			for _, p := range tfPhrases {
				if a, ok := strings.CutSuffix(body, p.suffix); ok && a != "" {
					addr, ch.Action = a, p.action
					break
				}
			}
			if addr == "" {
				if i := strings.Index(body, " has moved to "); i > 0 && len(body) > i+14 {
					addr, ch.Action, ch.MovedTo = body[:i], "move", body[i+14:]
				}
			}
			if addr == "" {
				c.Unread(start)
				continue
			}
			known++
			deposedS := -1
			if i := strings.Index(addr, " (deposed object "); i > 0 && strings.HasSuffix(addr, ")") && len(addr) > i+18 {
				ch.Deposed = addr[i+17 : len(addr)-1]
				deposedS = bs + i + 17
				addr = addr[:i]
			}
			ch.Address = addr
			tmpl, list := dvTTfRes, &res.Resources
			if sec == secDrift {
				tmpl, list = dvTTfDrift, &res.Drift
			}
			idx := len(*list)
			if sec == secActions && c.Full(idx) {
				c.Omit(1)
				last = nil
				continue
			}
			addAt(tmpl, idx, dvFAddress, bs, bs+len(addr), trVerbatim)
			addAt(tmpl, idx, dvFAction, bs+len(addr), bs+len(body), trAction)
			if ch.MovedTo != "" {
				addAt(tmpl, idx, dvFMovedTo, bs+len(body)-len(ch.MovedTo), bs+len(body), trVerbatim)
			}
			if deposedS >= 0 {
				addAt(tmpl, idx, dvFDeposed, deposedS, deposedS+len(ch.Deposed), trVerbatim)
			}
			*list = append(*list, ch)
			last, lastT, lastI = &(*list)[idx], tmpl, idx
			continue
		}
		if sec == secOutputs && lead == 2 && len(t) > 2 && t[1] == ' ' && strings.IndexByte("+-~", t[0]) >= 0 {
			name, _, ok := strings.Cut(t[2:], " ")
			if ok && name != "" {
				action := map[byte]string{'+': "create", '-': "destroy", '~': "update"}[t[0]]
				oi := len(res.Outputs)
				addAt(dvTTfOut, oi, gmfName, lead+2, lead+2+len(name), trVerbatim)
				addAt(dvTTfOut, oi, dvFAction, lead, lead+1, trAction)
				res.Outputs = append(res.Outputs, TerraformOutput{Name: name, Action: action})
				known++
				continue
			}
		}
		// Everything else (refresh progress, the legend, attribute diffs,
		// notes, rules) carries no field of the result.
	}
	if nlines > 0 && known == 0 {
		return nil, Unrecognized("no line of the output reads as terraform plan output")
	}
	rec.finish()
	return res, nil
}
