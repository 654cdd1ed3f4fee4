// Package kubectl reads the output of `kubectl` for the catalog: the parser kubectl-get.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package kubectl

import (
	"iter"
	"math"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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

func (r KubectlGetResult) MarshalJSON() ([]byte, error) { return kit.MarshalInline(r.JSONInline()) }

// kubeKind is the member MarshalJSON writes before the rows.
type kubeKind struct {
	Kind string `json:"kind,omitempty"`
}

// JSONInline is what MarshalJSON writes (kit.MarshalInline): Kind, then
// the one array of rows.
func (r KubectlGetResult) JSONInline() (any, iter.Seq2[string, any]) {
	rows, key := r.Items, "items"
	switch r.rowsKey {
	case "pods":
		rows, key = r.Pods, "pods"
	case "events":
		rows, key = r.Events, "events"
	}
	if rows == nil {
		rows = []KubeRow{}
	}
	return kubeKind{r.Kind}, func(yield func(string, any) bool) { yield(key, rows) }
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
	Extra []kit.DvField `json:"-"`
}

type kubeRowJSON KubeRow

// MarshalJSON emits the known fields, then the other columns inline.
// ExtendSchema: the columns kubectl printed without a field here.
func (KubeRow) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	return catalog.ExtraColumns(s, "string", "integer")
}

func (r KubeRow) MarshalJSON() ([]byte, error) { return kit.MarshalInline(r.JSONInline()) }

// JSONInline is what MarshalJSON writes (kit.MarshalInline).
func (r *KubeRow) JSONInline() (any, iter.Seq2[string, any]) {
	return (*kubeRowJSON)(r), kit.DvInline(r.Extra)
}

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
	dvTPods   = catalog.SpanID("pods/*")
	dvTEvents = catalog.SpanID("events/*")
	dvTItems  = catalog.SpanID("items/*")
	dvFKind   = catalog.SpanID("kind")
	dvFLRA    = catalog.SpanID("last_restart_ago")
	dvFAgeS   = catalog.SpanID("age_seconds")
)

var kubectlGetParser = &catalog.Parser{
	ID:          "kubectl-get",
	Command:     "kubectl",
	ShortEquals: true, // pflag
	Subcommand:  "get",
	Version:     "1",
	Format: "kubectl get tables: default, -o wide, -o custom-columns, -o name, -A, several resource types; " +
		"-o json is passed through as JSON",
	// Flags checked against kubectl 1.32.4 `kubectl get --help` and
	// `kubectl options` (kubectl is installed here, no cluster): selection,
	// -f/-k/-R sources, --subresource (its own table, read by its header)
	// and the connection globals keep the table; -v/--v logs to standard
	// error. -w/--watch (never ends) and --no-headers (columns need their
	// header) are refused with the hint without them; -o yaml/jsonpath/
	// go-template with the hint -o json.
	Flags: catalog.Flags{
		"-n": catalog.Value, "--namespace": catalog.Value, "-A": catalog.Bool, "--all-namespaces": catalog.Bool, "-o": catalog.Value, "--output": catalog.Value,
		"-l": catalog.Value, "--selector": catalog.Value, "--field-selector": catalog.Value, "--show-labels": catalog.Bool, "--show-kind": catalog.Bool,
		"-L": catalog.Value, "--label-columns": catalog.Value, "--sort-by": catalog.Value, "--chunk-size": catalog.Value, "--ignore-not-found": catalog.Bool,
		"--context": catalog.Value, "--cluster": catalog.Value, "--user": catalog.Value, "--request-timeout": catalog.Value,
		"--server-print": catalog.Bool, "--match-server-version": catalog.Bool, "--warnings-as-errors": catalog.Bool,
		"--kubeconfig": catalog.Value, "-s": catalog.Value, "--server": catalog.Value, "--as": catalog.Value, "--as-group": catalog.Value,
		"--insecure-skip-tls-verify": catalog.Bool, "-v": catalog.Value, "--v": catalog.Value, "-f": catalog.Value, "--filename": catalog.Value,
		"-R": catalog.Bool, "--recursive": catalog.Bool, "-k": catalog.Value, "--kustomize": catalog.Value, "--subresource": catalog.Value,
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
	Parse: ParseKubectlGet,
}

// kubectlGetParsers wires the kubectlGetParser and returns it for the builtin list.
func kubectlGetParsers() []*catalog.Parser {
	kubectlGetParser.Check = kubectlGetCheck
	return []*catalog.Parser{kubectlGetParser}
}

func kubectlGetCheck(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
	args := argv.Rest()
	o, ok := argv.Value("-o", "--output")
	if !ok {
		return nil
	}
	o = strings.TrimPrefix(o, "=")
	switch {
	case o == "wide" || o == "name" || strings.HasPrefix(o, "custom-columns="):
		return nil
	case o == "json":
		// Refused so that the JSON itself is passed through.
		return catalog.Unsupported(nil, "kubectl get -o json is JSON already: it is passed through as is")
	}
	hint := kit.DvHint([]string{"get"}, args, nil, func(f string) bool { return kubectlGetParser.Flags[f] == catalog.Value },
		func(f string) bool { return f == "-o" || f == "--output" },
		func(f, _ string) []string { return []string{f, "json"} })
	return catalog.Unsupported(hint, "kubectl get -o %s is not read; -o json carries the same and is passed through", o)
}

// kubeGetState is what the steps of ParseKubectlGet share: the rows and the current
// table's columns, with each column's key, span name and kind of value.
type kubeGetState struct {
	c    *catalog.Context
	rec  *catalog.SpanRec
	rows []KubeRow
	kubeHead
	cells [][2]int
	// heads are the headings met, by their line: kubectl get all prints
	// one per resource type, and reading each again (columns, snake_case
	// keys, unique names) was a third of the time on 1 MB of such tables.
	heads map[string]*kubeHead
}

// kubeHead is what a table's heading says of its columns; shared by the
// tables under the same heading line, never changed once made.
type kubeHead struct {
	cols   []lex.Column
	keys   []string
	ids    []uint16
	kinds  []int8
	nextra int // columns that go to Extra
}

// ParseKubectlGet reads kubectl get's tables (several, each under its own heading) and -o name.
func ParseKubectlGet(c *catalog.Context) (any, error) {
	res := KubectlGetResult{}
	tmpl := kubeGetRows(c, &res)
	st := &kubeGetState{c: c, rec: c.Rows(8), rows: make([]KubeRow, 0, min(lex.CountLines(c.Raw), 1<<16))}
	o, _ := c.Args.Value("-o", "--output")
	names := strings.TrimPrefix(o, "=") == "name"
	it := lex.Lines{Raw: c.Raw}
	nlines, read := 0, 0
	for l, start := range it.All() {
		if lex.IsBlank(l) {
			st.cols = nil // a blank line ends a table; the next has its own header
			continue
		}
		nlines++
		st.rec.Begin(tmpl, len(st.rows))
		var ok bool
		switch {
		case names:
			ok = st.nameLine(l, start)
		case st.cols == nil:
			ok = st.header(l)
		default:
			ok = st.row(l, start)
		}
		if ok {
			read++
		} else {
			c.Unread(start)
		}
	}
	if nlines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a kubectl get table")
	}
	switch res.rowsKey {
	case "pods":
		res.Pods = st.rows
	case "events":
		res.Events = st.rows
	default:
		res.Items = st.rows
	}
	st.rec.Finish()
	return res, nil
}

// kubeGetRows chooses the rows' key (pods, events, items) by the resource type asked
// for, and returns the span template of a row.
func kubeGetRows(c *catalog.Context, res *KubectlGetResult) uint16 {
	resource := ""
	if ops := c.Args.Operands(); len(ops) > 0 {
		resource = ops[0]
	}
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
			c.Span(0, 0, "argument", "kind")
		}
	}
	return tmpl
}

// nameLine reads a line of -o name: "pod/web-1".
func (st *kubeGetState) nameLine(l string, start int) bool {
	kind, name, ok := strings.Cut(l, "/")
	if !ok || kind == "" || name == "" || strings.ContainsAny(l, " \t") {
		return false
	}
	if st.c.Full(len(st.rows)) {
		st.c.Omit(1)
		return true
	}
	st.rec.Field(dvFKind, start, start+len(kind), catalog.TrVerbatim)
	st.rec.Field(kit.GmfName, start+len(kind)+1, start+len(l), catalog.TrVerbatim)
	st.rows = append(st.rows, KubeRow{Kind: kind, Name: name})
	return true
}

// header reads a table's heading: each column's key and kind of value.
func (st *kubeGetState) header(l string) bool {
	if h := st.heads[l]; h != nil {
		st.kubeHead = *h
		return true
	}
	h := &kubeHead{cols: lex.Columns(l)}
	if len(h.cols) == 0 || h.cols[0].Start != 0 {
		st.cols = nil
		return false
	}
	used := map[string]bool{}
	for _, col := range h.cols {
		k := catalog.SnakeCase(col.Header)
		if col.Header == "PORT(S)" {
			k = "ports"
		}
		if kubeReserved[k] {
			k += "_column"
		}
		k = kit.DvUniqueKey(k, used)
		h.keys = append(h.keys, k)
		h.ids = append(h.ids, st.rec.LocalName(k))
		kind := kcExtra
		switch {
		case k == "restarts":
			kind = kcRestarts
		case kubeCounts[k]:
			kind = kcCount
		case kubeKnown[k] > 0:
			kind = kubeKnown[k]
		}
		h.kinds = append(h.kinds, kind)
		if kind == kcExtra || kind == kcCount {
			h.nextra++
		}
	}
	if st.heads == nil {
		st.heads = map[string]*kubeHead{}
	}
	st.heads[l] = h
	st.kubeHead = *h
	return true
}

// extra adds a column that is not a KubeRow field, the row's Extra made
// once to the heading's size.
func (st *kubeGetState) extra(r *KubeRow, f kit.DvField) {
	if r.Extra == nil {
		r.Extra = make([]kit.DvField, 0, st.nextra)
	}
	r.Extra = append(r.Extra, f)
}

// row reads a row of the table under the heading.
func (st *kubeGetState) row(l string, start int) bool {
	c, rec := st.c, st.rec
	var ok2 bool
	if st.cells, ok2 = lex.GapCells(l, len(st.cols), st.cells); !ok2 {
		st.cells, ok2 = lex.Cells(l, st.cols, st.cells)
	}
	if !ok2 {
		return false
	}
	mark := rec.Mark()
	var r KubeRow
	for ci, cell := range st.cells {
		v := l[cell[0]:cell[1]]
		if v == "" || v == "<none>" {
			continue
		}
		if !st.cell(&r, ci, v, start+cell[0], start+cell[1]) {
			rec.Truncate(mark)
			return false
		}
	}
	if c.Full(len(st.rows)) {
		rec.Truncate(mark)
		c.Omit(1)
		return true
	}
	st.rows = append(st.rows, r)
	return true
}

// cell sets the field of column ci from its value v at [s,e); false when v does not read
// as that column's kind of value.
func (st *kubeGetState) cell(r *KubeRow, ci int, v string, s, e int) bool {
	add := st.rec.Field
	k := st.keys[ci]
	switch kind := st.kinds[ci]; {
	case kind == kcRestarts:
		n, rest, _ := strings.Cut(v, " ")
		cnt, okn := lex.Atoi(n)
		if !okn {
			return false
		}
		r.Restarts = catalog.Intp(cnt)
		add(st.ids[ci], s, s+len(n), catalog.TrParseInt)
		if rest != "" {
			ago, okA := strings.CutSuffix(strings.TrimPrefix(rest, "("), " ago)")
			if !okA || !strings.HasPrefix(rest, "(") || ago == "" {
				return false
			}
			r.LastRestartAgo = ago
			add(dvFLRA, s+len(n)+2, s+len(n)+2+len(ago), catalog.TrVerbatim)
		}
	case kind == kcCount:
		n, okn := lex.Atoi(v)
		if !okn {
			st.extra(r, kit.DvField{Key: k, Value: v})
			add(st.ids[ci], s, e, catalog.TrVerbatim)
			break
		}
		st.extra(r, kit.DvField{Key: k, Value: n})
		add(st.ids[ci], s, e, catalog.TrParseInt)
	case kind == 2 && strings.IndexByte(v, '/') >= 0:
		// Object names hold no "/": "pod/web-1" is type and name.
		kind, name, _ := strings.Cut(v, "/")
		if kind == "" || name == "" {
			return false
		}
		r.Kind, r.Name = kind, name
		add(dvFKind, s, s+len(kind), catalog.TrVerbatim)
		add(st.ids[ci], s+len(kind)+1, e, catalog.TrVerbatim)
	case kind > 0:
		*kubeField(r, kind) = v
		add(st.ids[ci], s, e, catalog.TrVerbatim)
		if kind == 5 {
			if secs, ok := dvDuration(v); ok {
				r.AgeSeconds = catalog.Intp(secs)
				add(dvFAgeS, s, e, catalog.TrParseDuration)
			}
		}
	default:
		st.extra(r, kit.DvField{Key: k, Value: v})
		add(st.ids[ci], s, e, catalog.TrVerbatim)
	}
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return kubectlGetParsers() }
