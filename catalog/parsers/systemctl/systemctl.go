// Package systemctl reads the output of `systemctl` for the catalog: the parsers systemctl-list-units, systemctl.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package systemctl

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// SystemctlUnits is the parsed output of `systemctl list-units` (and of
// `systemctl` alone, which lists units the same way).
type SystemctlUnits struct {
	Units []SystemctlUnit `json:"units"`
	// UnitsListed is the footer's count ("86 loaded units listed.").
	UnitsListed *int64 `json:"units_listed,omitempty"`
}

// SystemctlUnit is one row. Job is set only when a job is pending (the
// JOB column is shown); the "●" systemd puts before failed or not-found
// units is implied by Load and Active.
type SystemctlUnit struct {
	Unit        string `json:"unit"`
	Load        string `json:"load"`
	Active      string `json:"active"`
	Sub         string `json:"sub"`
	Job         string `json:"job,omitempty"`
	Description string `json:"description,omitempty"`
}

// systemctlFlags were checked against systemd 252 systemctl(1) OPTIONS:
// each keeps list-units' table (--plain drops the "●" marker column of
// failed units, --legend=no and --no-legend the header and count, -r adds
// containers' units as "container:unit", --state/--type/--failed/-a only
// select rows); --output, --value and -o change nothing of list-units but
// are not read here.
var systemctlFlags = catalog.Flags{
	"-a": catalog.Bool, "--all": catalog.Bool, "-l": catalog.Bool, "--full": catalog.Bool, "--no-pager": catalog.Bool, "--no-legend": catalog.Bool,
	"--plain": catalog.Bool, "--failed": catalog.Bool, "--user": catalog.Bool, "--system": catalog.Bool, "-q": catalog.Bool, "--quiet": catalog.Bool,
	"-t": catalog.Value, "--type": catalog.Value, "--state": catalog.Value, "--legend": catalog.Value, "-r": catalog.Bool, "--recursive": catalog.Bool,
}

var systemctlListUnitsParser = &catalog.Parser{
	ID:             "systemctl-list-units",
	Command:        "systemctl",
	Subcommand:     "list-units",
	Version:        "1",
	OS:             []catalog.OS{catalog.Linux},
	Format:         "systemctl list-units table: UNIT LOAD ACTIVE SUB [JOB] DESCRIPTION, legend and count",
	Flags:          systemctlFlags,
	MaxPositionals: -1,
	Result:         SystemctlUnits{},
	RowsKey:        "units",
	KeyFields:      []string{"unit"},
	Examples:       [][]string{{"list-units", "--no-pager"}, {"list-units", "--type=service", "--all"}, {"list-units", "--failed"}},
	Parse:          parseSystemctlUnits,
}

// systemctlParser reads `systemctl` without a subcommand, which is
// list-units; a subcommand without a parser is refused here.
var systemctlParser = &catalog.Parser{
	ID:             "systemctl",
	Command:        "systemctl",
	Version:        "1",
	OS:             []catalog.OS{catalog.Linux},
	Format:         "systemctl without a subcommand: the list-units table",
	Flags:          systemctlFlags,
	MaxPositionals: -1,
	Result:         SystemctlUnits{},
	RowsKey:        "units",
	KeyFields:      []string{"unit"},
	Examples:       [][]string{{"--no-pager"}, {"--type=service"}},
	Check: func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		args := argv.Rest()
		if sub, _ := catalog.Subcommand("systemctl", args); sub != "" {
			return catalog.Unsupported(nil, "systemctl %s has no parser; systemctl list-units has", sub)
		}
		return nil
	},
	Parse: parseSystemctlUnits,
}

// systemctlListUnitsParsers wires the systemctlListUnitsParser, systemctlParser and returns them for the builtin list.
func systemctlListUnitsParsers() []*catalog.Parser {
	return []*catalog.Parser{systemctlListUnitsParser, systemctlParser}
}

func parseSystemctlUnits(c *catalog.Context) (any, error) {
	res := &SystemctlUnits{Units: []SystemctlUnit{}}
	it := lex.Lines{Raw: c.Raw}
	hasJob, inLegend := false, false
	jobCol, descCol := -1, -1 // display columns of JOB and DESCRIPTION in the header
	read := 0
	var ws []lex.Word
	for line, start := range it.NonBlankLines() {
		ws = lex.Words(ws[:0], line)
		first := line[ws[0].Start:ws[0].End]
		switch {
		case first == "UNIT" && len(ws) >= 5 && line[ws[1].Start:ws[1].End] == "LOAD":
			hasJob = len(ws) >= 6 && line[ws[4].Start:ws[4].End] == "JOB"
			jobCol, descCol = -1, -1
			if hasJob {
				jobCol, descCol = ws[4].Col, ws[5].Col
			}
			read++
			continue
		case len(ws) >= 2 && line[ws[1].Start:ws[1].End] == "=" && (first == "LOAD" || first == "ACTIVE" || first == "SUB" || first == "JOB"):
			inLegend = true
			read++
			continue
		case inLegend && ws[0].Start > 0:
			read++ // a wrapped legend line
			continue
		case strings.HasSuffix(line, " loaded units listed.") || strings.Contains(line, " loaded units listed. ") ||
			strings.HasSuffix(line, " units listed.") || strings.Contains(line, " units listed. "):
			if n, ok := lex.Atoi(first); ok && res.UnitsListed == nil {
				res.UnitsListed = &n
				c.Span(start+ws[0].Start, start+ws[0].End, "parseInt", "units_listed")
			}
			read++
			continue
		case strings.HasPrefix(line, "To show all installed unit files") || strings.HasPrefix(line, "Pass --all to see"):
			read++
			continue
		}
		inLegend = false
		if systemctlRow(c, res, line, start, ws, jobCol, descCol) {
			read++
		} else {
			c.Unread(start)
		}
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as systemctl list-units output")
	}
	return res, nil
}

// systemctlRow reads "● foo.service loaded failed failed Foo daemon"; the
// mark is "●" in UTF-8 locales and "*" otherwise. With a JOB column (the
// header's columns given), the job is the word under JOB, blank for units
// without one.
func systemctlRow(c *catalog.Context, res *SystemctlUnits, line string, start int, ws []lex.Word, jobCol, descCol int) bool {
	w0 := line[ws[0].Start:ws[0].End]
	if w0 == "●" || w0 == "*" {
		ws = ws[1:]
	}
	if len(ws) < 4 {
		return false
	}
	get := func(k int) string { return line[ws[k].Start:ws[k].End] }
	u := SystemctlUnit{Unit: get(0), Load: get(1), Active: get(2), Sub: get(3)}
	if !systemctlLoadState(u.Load) || !systemctlActiveState(u.Active) {
		return false
	}
	jobAt, descAt := -1, 4
	if jobCol >= 0 && len(ws) > 4 && ws[4].Col >= jobCol && ws[4].Col < descCol {
		u.Job, jobAt, descAt = get(4), 4, 5
		if len(ws) > 5 && ws[5].Col < descCol {
			return false
		}
	}
	ds, de := 0, 0
	if descAt < len(ws) {
		ds, de = lex.TrimSpaceRange(line, ws[descAt].Start, len(line))
		u.Description = line[ds:de]
	}
	idx := len(res.Units)
	if c.Full(idx) {
		c.Omit(1)
		return true
	}
	res.Units = append(res.Units, u)
	if c.Recording() {
		for k, key := range []string{"unit", "load", "active", "sub"} {
			c.Span(start+ws[k].Start, start+ws[k].End, "", "units", idx, key)
		}
		if jobAt >= 0 {
			c.Span(start+ws[jobAt].Start, start+ws[jobAt].End, "", "units", idx, "job")
		}
		if u.Description != "" {
			c.Span(start+ds, start+de, "", "units", idx, "description")
		}
	}
	return true
}

// systemctlLoadState and systemctlActiveState know systemd's unit states,
// so that a line of another kind is not read as a unit.
func systemctlLoadState(s string) bool {
	switch s {
	case "loaded", "not-found", "bad-setting", "error", "masked", "stub", "merged":
		return true
	}
	return false
}

func systemctlActiveState(s string) bool {
	switch s {
	case "active", "reloading", "inactive", "failed", "activating", "deactivating", "maintenance", "refreshing":
		return true
	}
	return false
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return systemctlListUnitsParsers() }
