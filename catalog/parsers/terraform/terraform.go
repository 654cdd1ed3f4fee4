// Package terraform reads the output of `terraform` for the catalog: the parser terraform-plan.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package terraform

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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
	dvTTfRes     = catalog.SpanID("resources/*")
	dvTTfDrift   = catalog.SpanID("drift/*")
	dvTTfOut     = catalog.SpanID("outputs/*")
	dvTTfSummary = catalog.SpanID("summary")
	dvTTfTop     = catalog.SpanID("")
	dvFAddress   = catalog.SpanID("address")
	dvFAction    = catalog.SpanID("action")
	dvFReason    = catalog.SpanID("reason")
	dvFMovedFrom = catalog.SpanID("moved_from")
	dvFMovedTo   = catalog.SpanID("moved_to")
	dvFImportID  = catalog.SpanID("imported_id")
	dvFDeposed   = catalog.SpanID("deposed")
	dvFNoChanges = catalog.SpanID("no_changes")
	dvFToImport  = catalog.SpanID("to_import")
	dvFToAdd     = catalog.SpanID("to_add")
	dvFToChange  = catalog.SpanID("to_change")
	dvFToDestroy = catalog.SpanID("to_destroy")
	dvFToForget  = catalog.SpanID("to_forget")
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

// Terraform's flags are Go flags (-name, -name=value, -name value), read
// so by the one reader (GoFlags).
// terraformFlags were checked against `terraform plan -help` of Terraform
// 1.11.4 (run here; real plans captured from terraform_data resources):
// every option but -json keeps the text form.
var terraformFlags = catalog.Flags{
	"-no-color": catalog.Bool, "-destroy": catalog.Bool, "-refresh-only": catalog.Bool, "-compact-warnings": catalog.Bool,
	"-detailed-exitcode": catalog.Bool, "-input": catalog.Bool, "-lock": catalog.Bool, "-lock-timeout": catalog.Value, "-parallelism": catalog.Value,
	"-refresh": catalog.Bool, "-replace": catalog.Value, "-target": catalog.Value, "-var": catalog.Value, "-var-file": catalog.Value, "-out": catalog.Value,
	"-state": catalog.Value, "-generate-config-out": catalog.Value, "-chdir": catalog.Value,
}

var terraformPlanParser = &catalog.Parser{
	ID:         "terraform-plan",
	Command:    "terraform",
	Subcommand: "plan",
	Version:    "1",
	Format: "terraform plan text (-no-color or coloured): summary, resource actions, drift, outputs; " +
		"flags -no-color -destroy -refresh-only -var -var-file -target -replace -refresh -input -lock -parallelism -out",
	Flags:   terraformFlags,
	GoFlags: true,
	// The check refuses -json and the flags not declared, with its hint.
	ChecksUndeclared: true,
	MaxPositionals:   -1,
	ExitAnswers: []catalog.ExitAnswer{{Code: 2, With: []string{"-detailed-exitcode", "--detailed-exitcode"},
		Means:  "the plan has changes (the parsed plan lists them)",
		Source: "terraform plan -help of Terraform 1.11.4 (run here: 0 no changes, 1 error, 2 changes present)"}},
	Result:    TerraformPlanResult{},
	RowsKey:   "resources",
	KeyFields: []string{"address"},
	Examples:  [][]string{{"plan", "-no-color"}, {"plan"}, {"plan", "-no-color", "-destroy"}},
	Parse:     parseTerraformPlan,
}

// terraformPlanParsers wires the terraformPlanParser and returns it for the builtin list.
func terraformPlanParsers() []*catalog.Parser {
	terraformPlanParser.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		args := argv.Rest()
		end := argv.OptionsEnd()
		for _, it := range argv.Items {
			switch _, ok := terraformFlags[it.Flag]; {
			case end >= 0 && it.Index > end:
				return nil // Go flags end at "--"; what follows is not read
			case it.Flag == "":
				return catalog.Unsupported(nil, "terraform plan takes no positional argument here (%q)", it.Pos)
			case it.Flag == "-json" || it.Flag == "--json":
				return catalog.Unsupported(dvTfHint(args, it.Index), "terraform plan -json writes JSON lines; the text form is read")
			case !ok:
				return catalog.Unsupported(dvTfHint(args, it.Index), "the terraform plan parser is not verified for %s", "-"+strings.TrimLeft(it.Flag, "-"))
			}
		}
		return nil
	}
	return []*catalog.Parser{terraformPlanParser}
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

// The sections of a plan.
const (
	tfSecNone = iota
	tfSecDrift
	tfSecActions
	tfSecOutputs
)

// tfPlanState is what the steps of parseTerraformPlan share: the section, the change a
// note belongs to, and the line being read (its raw start and, when it had colours, the
// raw offset of each clean byte).
type tfPlanState struct {
	c     *catalog.Context
	rec   *catalog.SpanRec
	res   *TerraformPlanResult
	sec   int
	known int
	last  *TerraformChange // the change a "# (note)" line belongs to
	lastT uint16
	lastI int
	start int
	at    []int
}

func parseTerraformPlan(c *catalog.Context) (any, error) {
	st := &tfPlanState{c: c, rec: c.Rows(8), res: &TerraformPlanResult{Resources: []TerraformChange{}}}
	it := lex.Lines{Raw: c.Raw}
	nlines := 0
	for raw, start := range it.All() {
		l, at := dvStripANSI(raw)
		st.start, st.at = start, at
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		nlines++
		lead := len(l) - len(strings.TrimLeft(l, " "))
		if tfKnownLine(t) {
			st.known++
		}
		st.line(t, lead)
	}
	if nlines > 0 && st.known == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as terraform plan output")
	}
	st.rec.Finish()
	return st.res, nil
}

// span maps [s,e) of the clean line to the raw text.
func (st *tfPlanState) span(s, e int) (int, int, bool) {
	start, at := st.start, st.at
	if at == nil {
		return start + s, start + e, true
	}
	if e <= s {
		return start + at[min(s, len(at)-1)], start + at[min(s, len(at)-1)], false
	}
	rs, re := at[s], at[e-1]+1
	return start + rs, start + re, re-rs == e-s
}

func (st *tfPlanState) addAt(tmpl uint16, i int, leaf uint16, s, e int, tr catalog.SpanTr) {
	rs, re, same := st.span(s, e)
	if tr == catalog.TrVerbatim && !same {
		tr = catalog.TrTrimPrefix
	}
	st.rec.Add(tmpl, [4]int32{int32(i)}, leaf, rs, re, tr)
}

// line reads one clean non-blank line t, indented by lead.
func (st *tfPlanState) line(t string, lead int) {
	switch {
	case strings.HasPrefix(t, "Terraform will perform the following actions:"),
		strings.HasPrefix(t, "Terraform planned the following actions"):
		st.sec = tfSecActions
	case strings.HasPrefix(t, "Terraform detected the following changes made outside of Terraform"):
		st.sec = tfSecDrift
	case t == "Changes to Outputs:":
		st.sec = tfSecOutputs
	case strings.HasPrefix(t, "No changes."):
		st.res.NoChanges = true
		st.addAt(dvTTfTop, 0, dvFNoChanges, lead, lead+len("No changes."), catalog.TrMarker)
	case strings.HasPrefix(t, "Plan: ") && strings.HasSuffix(t, "."):
		st.summary(t, lead)
	case (st.sec == tfSecActions || st.sec == tfSecDrift) && strings.HasPrefix(t, "# "):
		body := t[2:]
		if strings.HasPrefix(body, "(") && strings.HasSuffix(body, ")") {
			st.note(body, lead+2)
		} else {
			st.change(body, lead+2)
		}
	case st.sec == tfSecOutputs && lead == 2 && len(t) > 2 && t[1] == ' ' && strings.IndexByte("+-~", t[0]) >= 0:
		name, _, ok := strings.Cut(t[2:], " ")
		if ok && name != "" {
			action := map[byte]string{'+': "create", '-': "destroy", '~': "update"}[t[0]]
			oi := len(st.res.Outputs)
			st.addAt(dvTTfOut, oi, kit.GmfName, lead+2, lead+2+len(name), catalog.TrVerbatim)
			st.addAt(dvTTfOut, oi, dvFAction, lead, lead+1, catalog.TrAction)
			st.res.Outputs = append(st.res.Outputs, TerraformOutput{Name: name, Action: action})
			st.known++
		}
	}
	// Everything else (refresh progress, the legend, attribute diffs,
	// notes, rules) carries no field of the result.
}

// summary reads "Plan: 1 to add, 2 to change, 0 to destroy.".
func (st *tfPlanState) summary(t string, lead int) {
	sum := &TerraformSummary{}
	mark := st.rec.Mark()
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
			sum.ToImport, leaf = catalog.Intp(v), dvFToImport
		case "add":
			sum.ToAdd, leaf = v, dvFToAdd
		case "change":
			sum.ToChange, leaf = v, dvFToChange
		case "destroy":
			sum.ToDestroy, leaf = v, dvFToDestroy
		case "forget":
			sum.ToForget, leaf = catalog.Intp(v), dvFToForget
		default:
			good = false
		}
		if !good {
			break
		}
		st.addAt(dvTTfSummary, 0, leaf, pos, pos+len(n), catalog.TrParseInt)
		pos += len(part) + 2
		seen++
	}
	if !good || seen < 3 || st.res.Summary != nil {
		st.rec.Truncate(mark)
		st.c.Unread(st.start)
		return
	}
	st.known++
	st.res.Summary = sum
}

// note reads "# (because ...)", "# (moved from ...)", "# (imported from "...")" under a
// change; body, at bs, is the text after "# ".
func (st *tfPlanState) note(body string, bs int) {
	st.known++
	last := st.last
	if last == nil {
		return // the note of a change over MaxItems
	}
	note := body[1 : len(body)-1]
	ns := bs + 1
	switch {
	case strings.HasPrefix(note, "because ") && len(note) > 8:
		last.Reason = note[8:]
		st.addAt(st.lastT, st.lastI, dvFReason, ns+8, ns+len(note), catalog.TrVerbatim)
	case strings.HasPrefix(note, "moved from ") && len(note) > 11:
		last.MovedFrom = note[11:]
		st.addAt(st.lastT, st.lastI, dvFMovedFrom, ns+11, ns+len(note), catalog.TrVerbatim)
	case strings.HasPrefix(note, "imported from \"") && strings.HasSuffix(note, "\"") && len(note) > 16:
		last.ImportedID = note[15 : len(note)-1]
		st.addAt(st.lastT, st.lastI, dvFImportID, ns+15, ns+len(note)-1, catalog.TrVerbatim)
	}
}

// change reads "# aws_instance.web will be created" (body, at bs, after "# ").
func (st *tfPlanState) change(body string, bs int) {
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
		st.c.Unread(st.start)
		return
	}
	st.known++
	deposedS := -1
	if i := strings.Index(addr, " (deposed object "); i > 0 && strings.HasSuffix(addr, ")") && len(addr) > i+18 {
		ch.Deposed = addr[i+17 : len(addr)-1]
		deposedS = bs + i + 17
		addr = addr[:i]
	}
	ch.Address = addr
	tmpl, list := dvTTfRes, &st.res.Resources
	if st.sec == tfSecDrift {
		tmpl, list = dvTTfDrift, &st.res.Drift
	}
	idx := len(*list)
	if st.sec == tfSecActions && st.c.Full(idx) {
		st.c.Omit(1)
		st.last = nil
		return
	}
	st.addAt(tmpl, idx, dvFAddress, bs, bs+len(addr), catalog.TrVerbatim)
	st.addAt(tmpl, idx, dvFAction, bs+len(addr), bs+len(body), catalog.TrAction)
	if ch.MovedTo != "" {
		st.addAt(tmpl, idx, dvFMovedTo, bs+len(body)-len(ch.MovedTo), bs+len(body), catalog.TrVerbatim)
	}
	if deposedS >= 0 {
		st.addAt(tmpl, idx, dvFDeposed, deposedS, deposedS+len(ch.Deposed), catalog.TrVerbatim)
	}
	*list = append(*list, ch)
	st.last, st.lastT, st.lastI = &(*list)[idx], tmpl, idx
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return terraformPlanParsers() }
