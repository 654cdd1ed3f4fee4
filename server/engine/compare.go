package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/shaper"
)

// Refusal reasons of compare_results: refusals.reasons holds these
// phrases (the seeds' "different command" is the model), so an agent can
// branch on them; refusals.details adds what differed.
const (
	RefuseDifferentCommand = "different command"           // argv hashes differ
	RefuseDifferentParser  = "different parser"            // another parser read one side
	RefuseDifferentSchema  = "different schema"            // same parser, another output contract
	RefuseDifferentCwd     = "different working directory" // relative paths mean other things
	RefuseDifferentRepo    = "different repository"        // git: another repository's real path
	RefuseDifferentContext = "different context"           // kubectl: another cluster context
	RefusePIDReuse         = "pid reuse"                   // rows identified by PIDs, which the kernel reuses
	RefuseNoResourceUID    = "no resource uid"             // kubectl table output: a name is not the same resource
	RefuseNoIdentity       = "no row identity"             // no declared key fields and no caller keys
	RefuseNoRows           = "no rows"                     // a side was not parsed, or has no array of rows
	RefuseIncomplete       = "incomplete"                  // strict: a side was truncated or partly parsed
	RefuseDifferentEnv     = "different environment"       // strict: the variable names differ
)

// Identity sources, Comparison.identity.source.
const (
	IdentityParser     = "parser"     // the parser's declared key fields
	IdentityCaller     = "caller"     // compare_results' keys
	IdentityGit        = "git"        // repository real path + file path
	IdentityKubernetes = "kubernetes" // context, namespace, kind, metadata.uid
)

// CompareRequest is compare_results' parameters.
type CompareRequest struct {
	BaseID    string
	CurrentID string
	// Keys, when set, identify rows instead of the parser's key fields
	// (dotted paths for nested fields).
	Keys []string
	// IgnoreFields are left out of the changed fields (a field ignores
	// its nested fields too).
	IgnoreFields []string
	// Strict refuses instead of answering partially: an incomplete side
	// or different environment variable names make comparable false.
	Strict bool
	// Array names the array of rows to compare. Empty: the parser's rows,
	// else the only array; a result with several arrays (long git status:
	// staged, modified, unmerged, untracked) is compared over all of
	// them, each row tagged with its array in the field section.
	Array string
}

// SectionField is the field that holds, when compare_results compares a
// result with several arrays, the array a row came from; it is the first
// identity field.
const SectionField = "section"

// maxShownValue bounds a value quoted in a message (a ps command line can
// be kilobytes long).
const maxShownValue = 120

// Comparison is compare_results' answer. ok is false only when the call
// itself failed (an id refused by the store, a bad argument, a repeated
// identity); a comparison that cannot be made is ok with comparable false
// and refusals.
type Comparison struct {
	OK         bool         `json:"ok"`
	Comparable bool         `json:"comparable" jsonschema:"false: the results cannot be compared row by row (see refusals.reasons)"`
	BaseID     string       `json:"base_id"`
	CurrentID  string       `json:"current_id"`
	Base       *CompareSide `json:"base,omitempty" jsonschema:"what ran for the base result (argv masked, compared by hash)"`
	Current    *CompareSide `json:"current,omitempty" jsonschema:"what ran for the current result"`
	Identity   *Identity    `json:"identity,omitempty" jsonschema:"how rows were matched"`
	Added      []any        `json:"added" jsonschema:"rows only in current"`
	Removed    []any        `json:"removed" jsonschema:"rows only in base (never rows an incomplete current may have lost: see partial)"`
	Changed    []RowChange  `json:"changed" jsonschema:"rows in both whose fields differ"`
	Unchanged  int          `json:"unchanged" jsonschema:"rows in both with no difference outside ignore_fields"`
	Partial    *Partial     `json:"partial,omitempty" jsonschema:"present when a side is incomplete: rows that are missing on it are withheld, not reported as added or removed"`
	Refusals   *Refusals    `json:"refusals,omitempty" jsonschema:"present when comparable is false"`
	Warnings   []string     `json:"warnings" jsonschema:"differences that did not stop the comparison"`
	Failure    *Failure     `json:"failure,omitempty"`
}

// CompareSide describes one retained result. Environment variables are
// recorded by name only; argv is shown masked and compared by its hash.
type CompareSide struct {
	ResultID       string   `json:"result_id"`
	Cmd            string   `json:"cmd"`
	Args           []string `json:"args" jsonschema:"arguments with secret-looking values masked"`
	ArgvHash       string   `json:"argv_hash" jsonschema:"sha256: of the argv as run; what the comparison checks"`
	Cwd            string   `json:"cwd"`
	ParserID       string   `json:"parser_id"`
	ParserVersion  string   `json:"parser_version"`
	SchemaVersion  string   `json:"schema_version"`
	Scope          string   `json:"scope,omitempty" jsonschema:"git: the repository's real path; kubectl: the context"`
	Rows           int      `json:"rows"`
	SourceComplete bool     `json:"source_complete"`
	ParseComplete  bool     `json:"parse_complete"`
	AgeMs          int64    `json:"age_ms"`
}

// Identity is how rows were matched.
type Identity struct {
	Source string   `json:"source" jsonschema:"parser, caller, git or kubernetes"`
	Fields []string `json:"fields" jsonschema:"the fields whose values identify a row"`
	Scope  string   `json:"scope,omitempty" jsonschema:"what both sides share beyond the fields (repository real path, context)"`
}

// RowChange is a row present on both sides with different fields.
type RowChange struct {
	Key    *shaper.Object `json:"key" jsonschema:"the row's identity"`
	Fields []FieldChange  `json:"fields"`
}

// FieldChange is one differing field, by dotted path. A field absent on
// one side has Change "added" or "removed" and null on that side.
type FieldChange struct {
	Field  string `json:"field"`
	Before any    `json:"before"`
	After  any    `json:"after"`
	Change string `json:"change,omitempty" jsonschema:"added or removed when the field is absent on one side"`
}

// Partial lists what an incomplete side kept from being concluded.
type Partial struct {
	WithheldReasons []string   `json:"withheld_reasons" jsonschema:"why a side is incomplete"`
	Withheld        []Withheld `json:"withheld" jsonschema:"rows missing on an incomplete side: neither added nor removed"`
}

// Withheld is a row that would have been added or removed.
type Withheld struct {
	Change string         `json:"change" jsonschema:"added or removed, had both sides been complete"`
	Key    *shaper.Object `json:"key"`
}

// Refusals say why the results are not comparable.
type Refusals struct {
	Reasons []string        `json:"reasons"`
	Details []RefusalDetail `json:"details"`
}

// RefusalDetail explains one reason.
type RefusalDetail struct {
	Reason  string `json:"reason"`
	Message string `json:"message"`
}

// maxWithheld bounds partial.withheld; the reasons still say why.
const maxWithheld = 1000

// CompareResults compares two results the calling session retained. It
// runs nothing. Rows are matched by identity (see Identity); a side that
// is incomplete withholds rows instead of reporting them as deleted.
func (e *Engine) CompareResults(ctx context.Context, req CompareRequest) *Comparison {
	c := &Comparison{BaseID: req.BaseID, CurrentID: req.CurrentID, Added: []any{}, Removed: []any{},
		Changed: []RowChange{}, Warnings: []string{}}
	for _, id := range []struct{ name, v string }{{"base_id", req.BaseID}, {"current_id", req.CurrentID}} {
		if id.v == "" {
			c.Failure = &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument, Message: id.name + " is required"}
			return c
		}
	}
	base, f := e.lookup(ctx, req.BaseID)
	if f != nil {
		f.Message = "base_id: " + f.Message
		c.Failure = f
		return c
	}
	cur, f := e.lookup(ctx, req.CurrentID)
	if f != nil {
		f.Message = "current_id: " + f.Message
		c.Failure = f
		return c
	}
	bRows, bSec, bErr := rowsOf(base, req.Array)
	cRows, cSec, cErr := rowsOf(cur, req.Array)
	if bErr == "" && cErr == "" && bSec != cSec {
		bErr = "base and current hold different arrays: choose one with array"
	}
	c.Base, c.Current = side(base, len(bRows)), side(cur, len(cRows))
	c.OK = true

	var ref Refusals
	refuse := func(reason, format string, args ...any) {
		if !slices.Contains(ref.Reasons, reason) {
			ref.Reasons = append(ref.Reasons, reason)
		}
		ref.Details = append(ref.Details, RefusalDetail{Reason: reason, Message: fmt.Sprintf(format, args...)})
	}
	if base.ArgvHash != cur.ArgvHash {
		refuse(RefuseDifferentCommand, "base ran %s, current ran %s (masked; compared by argv hash)",
			showArgv(base), showArgv(cur))
	}
	switch {
	case base.ParserID != cur.ParserID:
		refuse(RefuseDifferentParser, "base was read by %s, current by %s", orNone(base.ParserID), orNone(cur.ParserID))
	case base.ParserVersion != cur.ParserVersion:
		refuse(RefuseDifferentSchema, "parser %s: base has version %s, current %s", base.ParserID, base.ParserVersion, cur.ParserVersion)
	case base.SchemaVersion != cur.SchemaVersion:
		refuse(RefuseDifferentSchema, "parser %s: base has schema version %s, current %s", base.ParserID, base.SchemaVersion, cur.SchemaVersion)
	}
	if bErr != "" {
		refuse(RefuseNoRows, "base: %s", bErr)
	}
	if cErr != "" {
		refuse(RefuseNoRows, "current: %s", cErr)
	}
	kind := scopeKind(base)
	switch {
	case base.Scope != cur.Scope && kind == scopeGit:
		refuse(RefuseDifferentRepo, "base ran in the repository %s, current in %s", orNone(base.Scope), orNone(cur.Scope))
	case base.Scope != cur.Scope && kind == scopeKube:
		refuse(RefuseDifferentContext, "base used the context %s, current %s", orNone(base.Scope), orNone(cur.Scope))
	case kind == scopeNone && base.Cwd != cur.Cwd:
		refuse(RefuseDifferentCwd, "base ran in %s, current in %s", base.Cwd, cur.Cwd)
	}
	if onlyB, onlyC := diffNames(base.EnvNames, cur.EnvNames); len(onlyB)+len(onlyC) > 0 {
		msg := fmt.Sprintf("environment variables only in base: [%s]; only in current: [%s] (names only; values are never recorded)",
			strings.Join(onlyB, ", "), strings.Join(onlyC, ", "))
		if req.Strict {
			refuse(RefuseDifferentEnv, "%s", msg)
		} else {
			c.Warnings = append(c.Warnings, "different environment: "+msg)
		}
	}
	var withheldReasons []string
	for _, s := range []struct {
		name string
		r    *StoredResult
	}{{"base", base}, {"current", cur}} {
		for _, w := range incompleteness(s.r) {
			withheldReasons = append(withheldReasons, s.name+": "+w)
		}
	}
	if req.Strict && len(withheldReasons) > 0 {
		refuse(RefuseIncomplete, "strict: %s", strings.Join(withheldReasons, "; "))
	}
	var id *rowIdentity
	if len(ref.Reasons) == 0 {
		var why, msg string
		var fail *Failure
		id, why, msg, fail = identify(base, bRows, cRows, req.Keys, bSec)
		if fail != nil {
			c.OK, c.Failure = false, fail
			return c
		}
		if why != "" {
			refuse(why, "%s", msg)
		}
	}
	if len(ref.Reasons) > 0 {
		c.Refusals = &ref
		return c
	}
	c.Comparable = true
	c.Identity = &Identity{Source: id.source, Fields: id.fields, Scope: base.Scope}
	if kind == scopeNone {
		c.Identity.Scope = ""
	}
	for _, f := range req.IgnoreFields {
		if !anyHas(bRows, f) && !anyHas(cRows, f) {
			c.Warnings = append(c.Warnings, fmt.Sprintf("ignore_fields: no row has a field %q", f))
		}
	}

	bid, cid := id.forSide(base), id.forSide(cur)
	bIdx, f := bid.index(bRows, "base")
	if f == nil {
		var cIdx map[string]int
		cIdx, f = cid.index(cRows, "current")
		if f == nil {
			e.diffRows(c, bid, cid, bRows, cRows, bIdx, cIdx, req.IgnoreFields, withheldReasons, base, cur)
			return c
		}
	}
	c.OK, c.Comparable, c.Failure = false, false, f
	return c
}

// diffRows fills added, removed, changed and partial.
func (e *Engine) diffRows(c *Comparison, bid, cid *rowIdentity, bRows, cRows []any, bIdx, cIdx map[string]int,
	ignore []string, withheldReasons []string, base, cur *StoredResult) {
	baseIncomplete, curIncomplete := len(incompleteness(base)) > 0, len(incompleteness(cur)) > 0
	var p Partial
	withhold := func(change string, row any, id *rowIdentity) {
		if len(p.Withheld) < maxWithheld {
			p.Withheld = append(p.Withheld, Withheld{Change: change, Key: id.keyObject(row)})
		}
	}
	for _, row := range cRows {
		k := cid.key(row)
		bi, ok := bIdx[k]
		if !ok {
			if baseIncomplete {
				withhold("added", row, cid) // it may be in what base lost
			} else {
				c.Added = append(c.Added, row)
			}
			continue
		}
		if fields := diffFields(bRows[bi], row, cid.fields, ignore); len(fields) > 0 {
			c.Changed = append(c.Changed, RowChange{Key: cid.keyObject(row), Fields: fields})
		} else {
			c.Unchanged++
		}
	}
	for _, row := range bRows {
		if _, ok := cIdx[bid.key(row)]; ok {
			continue
		}
		if curIncomplete {
			withhold("removed", row, bid) // it may be in what current lost
		} else {
			c.Removed = append(c.Removed, row)
		}
	}
	if len(withheldReasons) > 0 {
		p.WithheldReasons = withheldReasons
		if p.Withheld == nil {
			p.Withheld = []Withheld{}
		}
		c.Partial = &p
		if len(p.Withheld) == maxWithheld {
			c.Warnings = append(c.Warnings, fmt.Sprintf("partial.withheld lists the first %d rows only", maxWithheld))
		}
	}
}

// side describes r for the answer.
func side(r *StoredResult, rows int) *CompareSide {
	return &CompareSide{ResultID: r.ID, Cmd: r.Cmd, Args: nonNil(r.Args), ArgvHash: r.ArgvHash, Cwd: r.Cwd,
		ParserID: r.ParserID, ParserVersion: r.ParserVersion, SchemaVersion: r.SchemaVersion, Scope: r.Scope,
		Rows: rows, SourceComplete: r.SourceComplete, ParseComplete: r.ParseComplete,
		AgeMs: time.Since(r.Created).Milliseconds()}
}

func showArgv(r *StoredResult) string {
	return strings.TrimSpace(r.Cmd + " " + strings.Join(r.Args, " "))
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// incompleteness says why r may lack rows it should have.
func incompleteness(r *StoredResult) []string {
	var out []string
	if !r.SourceComplete {
		out = append(out, "source_incomplete: the output was truncated at guard.max_output_bytes")
	}
	if !r.ParseComplete {
		n := 0
		for _, w := range r.Warnings {
			if strings.HasPrefix(w, "parse_incomplete: ") {
				out, n = append(out, w), n+1
			}
		}
		if n == 0 {
			out = append(out, "parse_incomplete: the parser did not read every line")
		}
	}
	return out
}

// rowsOf finds the rows of a retained result: the named array, else the
// parser's rows array, else the only array of objects, else (a single
// Kubernetes object) the value itself. A result with several arrays and
// no array named gives the rows of every top-level array, each tagged
// with its array (sections). The last result says why there are none.
func rowsOf(r *StoredResult, array string) (rows []any, sections bool, why string) {
	if r.Parsed == nil {
		return nil, false, "the output was not parsed (" + orNone(r.ParserID) + ")"
	}
	o, isObj := r.Parsed.(*shaper.Object)
	if isObj && r.RowsKey != "" && array == "" {
		if v, ok := o.Get(r.RowsKey); ok {
			if rows, ok := v.([]any); ok {
				return rows, false, ""
			}
		}
	}
	_, rows, err := shaper.FindArray(r.Parsed, array)
	var se *shaper.Error
	switch {
	case err != nil && array == "" && isObj && errors.As(err, &se) && se.Reason == shaper.ReasonAmbiguousArray:
		rows, why = sectionRows(r, o)
		return rows, why == "", why
	case err != nil:
		if isObj && array == "" && scopeKind(r) == scopeKube {
			if _, ok := lookupPath(o, "metadata.uid"); ok {
				return []any{o}, false, ""
			}
		}
		return nil, false, err.Error()
	}
	out := make([]any, 0, len(rows))
	for _, row := range rows {
		obj, ok := asRow(r, row)
		if !ok {
			return nil, false, "the rows are not objects"
		}
		out = append(out, obj)
	}
	return out, false, ""
}

// sectionRows gives the rows of every top-level array of o, each a copy
// with its array's name first, in the field section: long git status is
// compared entry by entry, a file identified by its section and path.
func sectionRows(r *StoredResult, o *shaper.Object) ([]any, string) {
	var out []any
	for i, k := range o.Keys {
		arr, ok := o.Vals[i].([]any)
		if !ok || k == shaper.SummaryKey {
			continue
		}
		for _, el := range arr {
			row, ok := asRow(r, el)
			if !ok {
				return nil, fmt.Sprintf("the array %s holds values that are neither objects nor strings: choose one with array", k)
			}
			if _, has := row.Get(SectionField); has {
				return nil, fmt.Sprintf("the rows of %s have a field %s already: choose one array with array", k, SectionField)
			}
			out = append(out, &shaper.Object{Keys: slices.Concat([]string{SectionField}, row.Keys), Vals: slices.Concat([]any{k}, row.Vals)})
		}
	}
	return out, ""
}

// asRow is a row of the comparison: an object as it is, a string as an
// object of one field, path for git (untracked files) and value otherwise.
func asRow(r *StoredResult, v any) (*shaper.Object, bool) {
	switch t := v.(type) {
	case *shaper.Object:
		return t, true
	case string:
		name := "value"
		if scopeKind(r) == scopeGit {
			name = "path"
		}
		return &shaper.Object{Keys: []string{name}, Vals: []any{t}}, true
	}
	return nil, false
}

func anyHas(rows []any, path string) bool {
	for _, r := range rows {
		if _, ok := lookupPath(r, path); ok {
			return true
		}
	}
	return false
}

// lookupPath follows a dotted path through objects.
func lookupPath(v any, path string) (any, bool) {
	for part := range strings.SplitSeq(path, ".") {
		o, ok := v.(*shaper.Object)
		if !ok {
			return nil, false
		}
		if v, ok = o.Get(part); !ok {
			return nil, false
		}
	}
	return v, true
}

// rowIdentity computes rows' identities.
type rowIdentity struct {
	source string
	fields []string // display names, the key object's keys
	paths  []string // where each field's value is read
	// gitPaths: path fields are relative to the working directory, which
	// is prefix inside the repository (long and short git status).
	gitPaths bool
	prefix   string
}

func (id *rowIdentity) values(row any) []any {
	vals := make([]any, len(id.paths))
	for i, p := range id.paths {
		v, _ := lookupPath(row, p)
		if str, ok := v.(string); ok && id.gitPaths && (p == "path" || p == "orig_path" || p == "file") {
			v = filepath.ToSlash(filepath.Clean(filepath.Join(id.prefix, str)))
		}
		vals[i] = v
	}
	return vals
}

// forSide is id for the rows of r.
func (id *rowIdentity) forSide(r *StoredResult) *rowIdentity {
	c := *id
	c.prefix = r.GitPrefix
	return &c
}

func (id *rowIdentity) key(row any) string {
	b, err := Marshal(id.values(row))
	if err != nil {
		return fmt.Sprint(id.values(row))
	}
	return string(b)
}

func (id *rowIdentity) keyObject(row any) *shaper.Object {
	return &shaper.Object{Keys: slices.Clone(id.fields), Vals: id.values(row)}
}

// index maps each row's identity to its position; a repeated identity is
// a failure (duplicate_identity): matching would be a guess.
func (id *rowIdentity) index(rows []any, name string) (map[string]int, *Failure) {
	idx := make(map[string]int, len(rows))
	for i, row := range rows {
		k := id.key(row)
		if j, dup := idx[k]; dup {
			shown := cutText(k, maxShownValue)
			if len(shown) < len(k) {
				shown += "..."
			}
			return nil, &Failure{Kind: KindConfig, Reason: ReasonDuplicateIdentity, Detail: shown,
				Message: fmt.Sprintf("%s: rows %d and %d have the same identity %s over %s; pass keys that tell them apart",
					name, j, i, shown, strings.Join(id.fields, ", "))}
		}
		idx[k] = i
	}
	return idx, nil
}

// identify chooses how rows are matched. It returns a refusal reason and
// message when rows cannot be matched, or a failure for a bad keys. With
// sections (rows of several arrays) the section is the first identity
// field.
func identify(r *StoredResult, bRows, cRows []any, keys []string, sections bool) (*rowIdentity, string, string, *Failure) {
	id, why, msg, fail := identifyRows(r, bRows, cRows, keys)
	if id != nil && sections && !slices.Contains(id.fields, SectionField) {
		id.fields = slices.Concat([]string{SectionField}, id.fields)
		id.paths = slices.Concat([]string{SectionField}, id.paths)
	}
	return id, why, msg, fail
}

func identifyRows(r *StoredResult, bRows, cRows []any, keys []string) (*rowIdentity, string, string, *Failure) {
	for _, k := range keys {
		if k == "" {
			return nil, "", "", &Failure{Kind: KindConfig, Reason: ReasonInvalidArgument, Message: "keys: an empty field name"}
		}
		if (len(bRows) > 0 || len(cRows) > 0) && !anyHas(bRows, k) && !anyHas(cRows, k) {
			return nil, "", "", &Failure{Kind: KindConfig, Reason: ReasonUnknownField, Detail: k,
				Message: fmt.Sprintf("keys: no row of either result has a field %q", k)}
		}
	}
	switch scopeKind(r) {
	case scopeKube:
		if r.ParserID != "json" {
			// A table names a resource, and a name can be deleted and
			// created again: only metadata.uid says it is the same one.
			if anyHas(bRows, "uid") || anyHas(cRows, "uid") {
				return &rowIdentity{source: IdentityKubernetes, fields: []string{"namespace", "kind", "uid"},
					paths: []string{"namespace", "kind", "uid"}}, "", "", nil
			}
			return nil, RefuseNoResourceUID, "kubectl table output has no uid, and a name is not the same resource: run kubectl get with -o json", nil
		}
		for _, rows := range [][]any{bRows, cRows} {
			for i, row := range rows {
				if _, ok := lookupPath(row, "metadata.uid"); !ok {
					return nil, RefuseNoResourceUID, fmt.Sprintf("item %d has no metadata.uid", i), nil
				}
			}
		}
		return &rowIdentity{source: IdentityKubernetes, fields: []string{"namespace", "kind", "uid"},
			paths: []string{"metadata.namespace", "kind", "metadata.uid"}}, "", "", nil
	}
	src, fields := IdentityParser, r.KeyFields
	if len(keys) > 0 {
		src, fields = IdentityCaller, keys
	}
	if r.ParserID == "ps" && len(keys) == 0 {
		fields = []string{"pid"}
	}
	// A PID is reused once its process ends; the PID with the process's
	// start time is one process.
	if slices.Contains(fields, "pid") && !slices.Contains(fields, "started") {
		return nil, RefusePIDReuse, `PIDs are reused: pass keys ["pid", "started"] (a process's PID and start time; ps -eo pid,lstart,user,args gives the start to the second)`, nil
	}
	id := &rowIdentity{source: src, fields: fields, paths: fields}
	if scopeKind(r) == scopeGit {
		if len(keys) == 0 && len(fields) == 0 && (anyHas(bRows, "path") || anyHas(cRows, "path")) {
			id.fields, id.paths = []string{"path"}, []string{"path"}
		}
		if len(keys) == 0 {
			id.source = IdentityGit
		}
		// Long and short status print paths relative to the working
		// directory; the identity is the path in the repository (each
		// side's prefix is set by forSide).
		id.gitPaths = !gitRootRelative(r.Args)
	}
	if len(id.fields) == 0 {
		return nil, RefuseNoIdentity, fmt.Sprintf("parser %s declares no key fields: pass keys naming the fields that identify a row", orNone(r.ParserID)), nil
	}
	return id, "", "", nil
}

// diffFields lists the leaves (dotted paths) that differ between two rows,
// leaving out the identity fields and ignored fields.
func diffFields(before, after any, keyFields, ignore []string) []FieldChange {
	bl, al := map[string]any{}, map[string]any{}
	var order []string
	leaves("", before, bl, &order)
	leaves("", after, al, &order)
	skipped := slices.Concat(keyFields, ignore)
	skip := func(path string) bool {
		for _, f := range skipped {
			if path == f || strings.HasPrefix(path, f+".") {
				return true
			}
		}
		return false
	}
	var out []FieldChange
	seen := map[string]bool{}
	for _, p := range order {
		if seen[p] || skip(p) {
			continue
		}
		seen[p] = true
		bv, bok := bl[p]
		av, aok := al[p]
		switch {
		case bok && aok:
			if !sameValue(bv, av) {
				out = append(out, FieldChange{Field: p, Before: bv, After: av})
			}
		case bok:
			out = append(out, FieldChange{Field: p, Before: bv, Change: "removed"})
		default:
			out = append(out, FieldChange{Field: p, After: av, Change: "added"})
		}
	}
	return out
}

// leaves flattens objects into dotted paths; arrays and scalars are leaves.
func leaves(prefix string, v any, into map[string]any, order *[]string) {
	if o, ok := v.(*shaper.Object); ok && (prefix == "" || len(o.Keys) > 0) {
		for i, k := range o.Keys {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			leaves(p, o.Vals[i], into, order)
		}
		return
	}
	into[prefix] = v
	*order = append(*order, prefix)
}

func sameValue(a, b any) bool {
	ab, err1 := Marshal(a)
	bb, err2 := Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ab, bb)
}

func diffNames(a, b []string) (onlyA, onlyB []string) {
	for _, n := range a {
		if !slices.Contains(b, n) {
			onlyA = append(onlyA, n)
		}
	}
	for _, n := range b {
		if !slices.Contains(a, n) {
			onlyB = append(onlyB, n)
		}
	}
	return onlyA, onlyB
}

// Scope kinds: what, beyond the argv, a result's rows depend on.
const (
	scopeNone = iota // the working directory
	scopeGit         // the repository
	scopeKube        // the cluster context
)

func scopeKind(r *StoredResult) int {
	switch r.Cmd {
	case "git":
		return scopeGit
	case "kubectl":
		return scopeKube
	}
	return scopeNone
}

// gitRootRelative reports whether git status prints paths relative to the
// repository root (porcelain and -z) rather than to the working directory.
func gitRootRelative(args []string) bool {
	for _, a := range args {
		if a == "-z" || a == "--porcelain" || strings.HasPrefix(a, "--porcelain=") {
			return true
		}
	}
	return false
}

// recordScope fills r.Scope (and r.GitPrefix) at retain time: for git the
// real path of the repository the command ran in, for kubectl the context
// it used. Reading them later could see a different world.
// argv is the run's argv as the guard read it.
func (e *Engine) recordScope(r *StoredResult, argv *guard.Argv) {
	switch scopeKind(r) {
	case scopeGit:
		r.Scope, r.GitPrefix = gitRepo(r.Cwd, argv)
	case scopeKube:
		r.Scope = e.kubeContext(argv.Args())
	}
}

// gitRepo returns the real path of the repository git would use from cwd
// with the global options the guard read (-C, --work-tree), and the
// directory's path inside it.
func gitRepo(cwd string, argv *guard.Argv) (root, prefix string) {
	dir, workTree := cwd, ""
	for _, o := range argv.Globals() {
		switch {
		case !o.HasValue():
		case o.Name == "-C" && !o.Attached():
			dir = joinPath(dir, o.Value)
		case o.Name == "--work-tree":
			workTree = joinPath(dir, o.Value)
		}
	}
	real := func(p string) string {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return r
		}
		return filepath.Clean(p)
	}
	dir = real(dir)
	if workTree != "" {
		root = real(workTree)
	} else {
		for d := dir; ; d = filepath.Dir(d) {
			if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
				root = d
				break
			}
			if filepath.Dir(d) == d {
				return dir, ""
			}
		}
	}
	if rel, err := filepath.Rel(root, dir); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
		prefix = rel
	}
	return root, prefix
}

func joinPath(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// kubeContext is the context kubectl used: --context, else the kubeconfig's
// current-context (--kubeconfig, $KUBECONFIG's first file, ~/.kube/config,
// in the children's environment). --cluster and --user are added since
// they change where the command went.
func (e *Engine) kubeContext(args []string) string {
	flag := func(name string) string {
		for i, a := range args {
			if a == name && i+1 < len(args) {
				return args[i+1]
			}
			if v, ok := strings.CutPrefix(a, name+"="); ok {
				return v
			}
		}
		return ""
	}
	ctx := flag("--context")
	if ctx == "" {
		file := flag("--kubeconfig")
		if file == "" {
			file = envValue(e.env, "KUBECONFIG")
			file, _, _ = strings.Cut(file, string(os.PathListSeparator))
		}
		if file == "" {
			if home := envValue(e.env, "HOME"); home != "" {
				file = filepath.Join(home, ".kube", "config")
			}
		}
		ctx = currentContext(file)
	}
	for _, f := range []string{"--cluster", "--user"} {
		if v := flag(f); v != "" {
			ctx += " " + f + "=" + v
		}
	}
	return ctx
}

func envValue(env []string, name string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}

// currentContext reads current-context from a kubeconfig file (a
// top-level YAML key; the rest of the file is not needed).
func currentContext(file string) string {
	if file == "" {
		return ""
	}
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, 1<<20))
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "current-context:"); ok {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

// envNames lists the names of the children's environment variables,
// sorted: what compare_results checks of the environment.
func envNames(env []string) []string {
	names := make([]string, 0, len(env))
	for _, kv := range env {
		n, _, _ := strings.Cut(kv, "=")
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
