// Package ps reads the output of `ps` for the catalog: the parser ps.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package ps

import (
	"iter"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// PsResult is the parsed output of `ps`.
type PsResult struct {
	Processes []PsProcess `json:"processes"`
}

// PsProcess is one row of ps output. Only the columns ps printed are set.
// Columns the parser does not know appear as extra string fields named
// after their header in snake_case ("WCHAN" is known; "LABEL" -> "label").
type PsProcess struct {
	// User is the USER/UID column when it holds names; UID when it holds
	// only numbers. ps prints the number when a uid has no name: in a
	// column of names it is then read as user too, on every row alike.
	User string `json:"user,omitempty"`
	UID  *int64 `json:"uid,omitempty"`
	PID  *int64 `json:"pid,omitempty"`
	PPID *int64 `json:"ppid,omitempty"`
	PGID *int64 `json:"pgid,omitempty"`
	SID  *int64 `json:"sid,omitempty"`
	// LWP is the thread id (-L), Threads the thread count (NLWP).
	LWP        *int64   `json:"lwp,omitempty"`
	Threads    *int64   `json:"threads,omitempty"`
	CPUPercent *float64 `json:"cpu_percent,omitempty"`
	MemPercent *float64 `json:"mem_percent,omitempty"`
	// VszKiB and RssKiB are in KiB; BusyBox prints them scaled ("49m"),
	// read as 49*1024 (as exact as printed).
	VszKiB *int64 `json:"vsz_kib,omitempty"`
	RssKiB *int64 `json:"rss_kib,omitempty"`
	// SizePages is procps SZ (core image size in pages).
	SizePages *int64 `json:"size_pages,omitempty"`
	TTY       string `json:"tty,omitempty"`
	Stat      string `json:"stat,omitempty"`
	// Started is START/STARTED/STIME/LSTART as printed ("22:35", "Nov29",
	// "9:41AM", "Sun Nov 29 22:50:35 2026").
	Started string `json:"started,omitempty"`
	// CPUTime is TIME as printed ("0:01", "00:00:01", "0:42.17").
	CPUTime string `json:"cpu_time,omitempty"`
	// Elapsed is ELAPSED of etime ("01:02:03"); ElapsedSeconds of etimes.
	Elapsed        string `json:"elapsed,omitempty"`
	ElapsedSeconds *int64 `json:"elapsed_seconds,omitempty"`
	// Nice and Priority are absent where ps prints "-" (real-time).
	Nice      *int64 `json:"nice,omitempty"`
	Priority  *int64 `json:"priority,omitempty"`
	Flags     *int64 `json:"flags,omitempty"`
	Processor *int64 `json:"processor,omitempty"`
	Wchan     string `json:"wchan,omitempty"`
	Addr      string `json:"addr,omitempty"`
	// Name is the executable name (comm, ucomm); Command the full command
	// line (args, the last COMMAND/CMD column), kept exactly.
	Name    string `json:"name,omitempty"`
	Command string `json:"command,omitempty"`
	// Extra holds the unknown columns, emitted inline in column order.
	Extra []PsField `json:"-"`
	// uidText is the UID as printed, for psOneUserField.
	uidText string
}

// PsField is an unknown column's value.
type PsField struct {
	Key   string
	Value string
}

type psProcessJSON PsProcess

// MarshalJSON emits the known fields, then the unknown columns inline.
// ExtendSchema: the columns ps printed without a field here.
func (PsProcess) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	return catalog.ExtraColumns(s, "string")
}

func (p PsProcess) MarshalJSON() ([]byte, error) { return kit.MarshalInline(p.JSONInline()) }

// JSONInline is what MarshalJSON writes: the known fields, then the
// unknown columns (kit.MarshalInline). On a pointer, so that the shaper
// walks a row where it lies, without copying it (shaper.Inliner).
func (p *PsProcess) JSONInline() (any, iter.Seq2[string, any]) {
	if len(p.Extra) == 0 {
		return (*psProcessJSON)(p), nil
	}
	return (*psProcessJSON)(p), func(yield func(string, any) bool) {
		for _, f := range p.Extra {
			if !yield(f.Key, f.Value) {
				return
			}
		}
	}
}

// psKind says how a column's text becomes a value.
type psKind uint8

const (
	psStr psKind = iota
	psInt
	psFloat
	psUser    // name -> user, number -> uid
	psStarted // one to five words
	psElapsed // "01:02" -> elapsed, "62" -> elapsed_seconds
	psName    // comm: may hold spaces; fixed width in the middle
	psCommand // args: runs to the end of the line
	psHex     // BSD F: the flags in hexadecimal ("4004")
)

// psField identifies a known PsProcess field.
type psField uint8

const (
	fExtra psField = iota
	fUser
	fPID
	fPPID
	fPGID
	fSID
	fLWP
	fThreads
	fCPU
	fMem
	fVsz
	fRss
	fSize
	fTTY
	fStat
	fStarted
	fCPUTime
	fElapsed
	fElapsedSec
	fNice
	fPriority
	fFlags
	fProcessor
	fWchan
	fAddr
	fName
	fCommand
)

type psColDef struct {
	field psField
	kind  psKind
	key   string // JSON key (for psUser and psElapsed the string variant)
}

// psHeaders maps procps and BSD column headers.
var psHeaders = map[string]psColDef{
	"USER": {fUser, psUser, "user"}, "EUSER": {fUser, psUser, "user"}, "UNAME": {fUser, psUser, "user"},
	"UID": {fUser, psUser, "user"}, "EUID": {fUser, psUser, "user"},
	"PID": {fPID, psInt, "pid"}, "TGID": {fPID, psInt, "pid"},
	"PPID": {fPPID, psInt, "ppid"},
	"PGID": {fPGID, psInt, "pgid"}, "PGRP": {fPGID, psInt, "pgid"},
	"SID": {fSID, psInt, "sid"}, "SESS": {fSID, psInt, "sid"},
	"LWP": {fLWP, psInt, "lwp"}, "SPID": {fLWP, psInt, "lwp"}, "TID": {fLWP, psInt, "lwp"},
	"NLWP": {fThreads, psInt, "threads"}, "THCNT": {fThreads, psInt, "threads"},
	"%CPU": {fCPU, psFloat, "cpu_percent"}, "C": {fCPU, psFloat, "cpu_percent"},
	"%MEM": {fMem, psFloat, "mem_percent"},
	"VSZ":  {fVsz, psInt, "vsz_kib"}, "VSIZE": {fVsz, psInt, "vsz_kib"},
	"RSS": {fRss, psInt, "rss_kib"}, "RSZ": {fRss, psInt, "rss_kib"},
	"SZ":  {fSize, psInt, "size_pages"},
	"TTY": {fTTY, psStr, "tty"}, "TT": {fTTY, psStr, "tty"},
	"STAT": {fStat, psStr, "stat"}, "S": {fStat, psStr, "stat"}, "STATE": {fStat, psStr, "stat"},
	"START": {fStarted, psStarted, "started"}, "STARTED": {fStarted, psStarted, "started"},
	"STIME": {fStarted, psStarted, "started"}, "LSTART": {fStarted, psStarted, "started"},
	"TIME":    {fCPUTime, psStr, "cpu_time"},
	"ELAPSED": {fElapsed, psElapsed, "elapsed"},
	"NI":      {fNice, psInt, "nice"}, "NICE": {fNice, psInt, "nice"},
	"PRI":   {fPriority, psInt, "priority"},
	"F":     {fFlags, psInt, "flags"},
	"PSR":   {fProcessor, psInt, "processor"},
	"WCHAN": {fWchan, psStr, "wchan"}, "MWCHAN": {fWchan, psStr, "wchan"},
	"ADDR": {fAddr, psStr, "addr"},
	"COMM": {fName, psName, "name"}, "UCOMM": {fName, psName, "name"}, "UCMD": {fName, psName, "name"},
	"COMMAND": {fCommand, psCommand, "command"}, "CMD": {fCommand, psCommand, "command"},
	"ARGS": {fCommand, psCommand, "command"},
}

// psSpecs maps -o format keywords (procps and BSD).
var psSpecs = map[string]psColDef{
	"user": {fUser, psUser, "user"}, "euser": {fUser, psUser, "user"}, "uname": {fUser, psUser, "user"},
	"uid": {fUser, psUser, "user"}, "euid": {fUser, psUser, "user"},
	"pid": {fPID, psInt, "pid"}, "tgid": {fPID, psInt, "pid"}, "ppid": {fPPID, psInt, "ppid"},
	"pgid": {fPGID, psInt, "pgid"}, "pgrp": {fPGID, psInt, "pgid"},
	"sid": {fSID, psInt, "sid"}, "sess": {fSID, psInt, "sid"}, "session": {fSID, psInt, "sid"},
	"lwp": {fLWP, psInt, "lwp"}, "spid": {fLWP, psInt, "lwp"}, "tid": {fLWP, psInt, "lwp"},
	"nlwp": {fThreads, psInt, "threads"}, "thcount": {fThreads, psInt, "threads"},
	"%cpu": {fCPU, psFloat, "cpu_percent"}, "pcpu": {fCPU, psFloat, "cpu_percent"}, "c": {fCPU, psFloat, "cpu_percent"},
	"%mem": {fMem, psFloat, "mem_percent"}, "pmem": {fMem, psFloat, "mem_percent"},
	"vsz": {fVsz, psInt, "vsz_kib"}, "vsize": {fVsz, psInt, "vsz_kib"},
	"rss": {fRss, psInt, "rss_kib"}, "rssize": {fRss, psInt, "rss_kib"}, "rsz": {fRss, psInt, "rss_kib"},
	"sz":  {fSize, psInt, "size_pages"},
	"tty": {fTTY, psStr, "tty"}, "tt": {fTTY, psStr, "tty"}, "tname": {fTTY, psStr, "tty"},
	"stat": {fStat, psStr, "stat"}, "state": {fStat, psStr, "stat"}, "s": {fStat, psStr, "stat"},
	"start": {fStarted, psStarted, "started"}, "stime": {fStarted, psStarted, "started"},
	"start_time": {fStarted, psStarted, "started"}, "lstart": {fStarted, psStarted, "started"},
	"bsdstart": {fStarted, psStarted, "started"},
	"time":     {fCPUTime, psStr, "cpu_time"}, "cputime": {fCPUTime, psStr, "cpu_time"},
	"etime": {fElapsed, psStr, "elapsed"}, "etimes": {fElapsedSec, psInt, "elapsed_seconds"},
	"ni": {fNice, psInt, "nice"}, "nice": {fNice, psInt, "nice"},
	"pri": {fPriority, psInt, "priority"}, "f": {fFlags, psInt, "flags"}, "flags": {fFlags, psInt, "flags"},
	"psr": {fProcessor, psInt, "processor"}, "wchan": {fWchan, psStr, "wchan"}, "addr": {fAddr, psStr, "addr"},
	"comm": {fName, psName, "name"}, "ucomm": {fName, psName, "name"}, "ucmd": {fName, psName, "name"},
	"args": {fCommand, psCommand, "command"}, "cmd": {fCommand, psCommand, "command"},
	"command": {fCommand, psCommand, "command"},
}

// psKnownKeys are the JSON names of PsProcess's fields: an unknown column
// never takes one of them.
var psKnownKeys = map[string]bool{
	"user": true, "uid": true, "pid": true, "ppid": true, "pgid": true, "sid": true, "lwp": true,
	"threads": true, "cpu_percent": true, "mem_percent": true, "vsz_kib": true, "rss_kib": true,
	"size_pages": true, "tty": true, "stat": true, "started": true, "cpu_time": true, "elapsed": true,
	"elapsed_seconds": true, "nice": true, "priority": true, "flags": true, "processor": true,
	"wchan": true, "addr": true, "name": true, "command": true,
}

var psParserDef = &catalog.Parser{
	ID:      "ps",
	Command: "ps",
	Version: "1",
	Format:  "ps with a header line (procps aux, -ef, -l, -o lists; BSD aux, -ef, -A, -o; BusyBox); COMMAND last",
	// Flags checked against procps-ng 4.0.2 ps(1) (and run here), FreeBSD
	// 14 ps(1) and bin/ps/keyword.c, macOS 14 ps(1) and BusyBox 1.35 ps
	// (-o, -T; run here). Every selection flag keeps the form. Output
	// control: -f -F -j -l -y -M -Z -c -L -T -m -w -X --cumulative read by
	// their header; -o/--format read by their keyword list (procps
	// "user:30" widths, "pid=NAME" headers, BSD headers that run to the
	// end of the argument and may hold spaces); -h is "no header" on Linux
	// and "a header per page" on the BSDs (repeated headers are skipped, as
	// are --headers'). Refused: -O/O (columns added to a default set),
	// f/--forest/-H (a tree drawn into COMMAND: the hint drops it), -D
	// (lstart in any date form), L/-V/--help/--info (not a listing), and
	// on the BSDs -M (thread lines leave columns blank) and -L (keyword
	// list).
	Flags: catalog.Flags{
		"-e": catalog.Bool, "-A": catalog.Bool, "-a": catalog.Bool, "-d": catalog.Bool, "-N": catalog.Bool, "-f": catalog.Bool, "-F": catalog.Bool,
		"-l": catalog.Bool, "-y": catalog.Bool, "-j": catalog.Bool, "-L": catalog.Bool, "-T": catalog.Bool, "-w": catalog.Bool, "-x": catalog.Bool,
		"-M": catalog.Bool, "-Z": catalog.Bool, "-c": catalog.Bool, "-m": catalog.Bool, "-r": catalog.Bool, "-h": catalog.Bool, "-v": catalog.Bool,
		"-X": catalog.Bool, "-E": catalog.Bool, "-S": catalog.Bool,
		"-o": catalog.Value, "-O": catalog.Value, "-p": catalog.Value, "-q": catalog.Value, "-u": catalog.Value, "-U": catalog.Value, "-g": catalog.Value,
		"-G": catalog.Value, "-t": catalog.Value, "-s": catalog.Value, "-C": catalog.Value, "-n": catalog.Value,
		"--pid": catalog.Value, "--ppid": catalog.Value, "--sort": catalog.Value, "--cols": catalog.Value, "--columns": catalog.Value,
		"--width": catalog.Value, "--format": catalog.Value, "--user": catalog.Value, "--User": catalog.Value, "--group": catalog.Value,
		"--Group": catalog.Value, "--tty": catalog.Value, "--sid": catalog.Value, "--quick-pid": catalog.Value,
		"--lines": catalog.Value, "--rows": catalog.Value,
		"--no-headers": catalog.Bool, "--no-heading": catalog.Bool, "--deselect": catalog.Bool, "--headers": catalog.Bool,
		"--cumulative": catalog.Bool,
	},
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		// Dropping these flags leaves a listing the parser reads.
		"-H": {}, "--forest": {},
	},
	Result:   PsResult{},
	RowsKey:  "processes",
	Examples: [][]string{{"aux"}, {"-ef"}, {"-eo", "pid,ppid,user,comm,args"}},
	ExitAnswers: []catalog.ExitAnswer{{Code: 1, OS: []catalog.OS{catalog.Linux}, WithOutput: true, Means: "no process was selected (the header alone)",
		Source: "procps-ng ps 4.0 (run here: -p, -C, -u selecting nothing print the header and exit 1; a bad option or list exits 1 with nothing on stdout)"},
		{Code: 1, OS: []catalog.OS{catalog.Darwin, catalog.FreeBSD}, WithOutput: true, Means: "no process was selected (the header alone)",
			Source: "FreeBSD bin/ps/ps.c and macOS adv_cmds ps.c: printheader(); if (nentries == 0) exit(1); usage errors print nothing on stdout"}},
	Parse: ParsePs,
}

// psParsers wires the psParserDef and returns it for the builtin list.
func psParsers() []*catalog.Parser {
	psParserDef.Check = psCheck // set here: the check refers back to the parser
	return []*catalog.Parser{psParserDef}
}

// psBSDLetters are procps' BSD-style (dash-less) options that keep the
// format readable; psBSDValue take the next argument.
const (
	psBSDLetters = "auxjlsvwrchnSeTgmMZXHN"
	psBSDValue   = "oOpUtkq"
)

// psSpec is one -o column.
type psSpec struct {
	name, header string
	renamed      bool
}

// psArgs is what the arguments say about the output.
type psArgs struct {
	specs     []psSpec
	noHeaders bool
}

// readPsArgs collects -o/-O/o columns and the header switches. A
// positional that is not a BSD option cluster is an error message.
func readPsArgs(argv catalog.Args, os catalog.OS) (psArgs, string) {
	var pa psArgs
	bsd := os.BsdLike()
	add := func(item string) {
		name, header, renamed := strings.Cut(item, "=")
		// procps FORMAT:WIDTH (user:30) sets the column's width, not
		// its name.
		if k := strings.LastIndexByte(name, ':'); k > 0 && k+1 < len(name) && lex.IsDigits(name[k+1:]) {
			name = name[:k]
		}
		pa.specs = append(pa.specs, psSpec{name: strings.ToLower(name), header: header, renamed: renamed})
	}
	addSpecs := func(v string) {
		for v != "" {
			i := strings.IndexAny(v, "=, \t\n")
			switch {
			case i < 0:
				add(v)
				return
			case v[i] == '=' && bsd:
				// BSD keyword.c: an item with "=" is the last of its
				// argument; its header may hold separators.
				add(v)
				return
			case v[i] == '=':
				// procps splits headers at commas and blanks too.
				j := strings.IndexAny(v[i:], ", \t\n")
				if j < 0 {
					add(v)
					return
				}
				add(v[:i+j])
				v = v[i+j+1:]
			default:
				if i > 0 {
					add(v[:i])
				}
				v = v[i+1:]
			}
		}
	}
	scanned := argv.Items
	for i := 0; i < len(scanned); i++ {
		a := scanned[i]
		switch a.Flag {
		case "-o", "--format":
			addSpecs(a.Value)
		case "-O":
			return pa, "-O adds columns to a default set the parser cannot name"
		case "--no-headers", "--no-heading":
			pa.noHeaders = true
		case "-h":
			// procps: no header; BSD: a header per page (skipped).
			pa.noHeaders = pa.noHeaders || !bsd
		case "-M", "-L":
			if bsd {
				return pa, a.Flag + " lists threads with blank columns (macOS) or the keywords (-L)"
			}
		case "":
			p := a.Pos
			if lex.IsDigits(strings.ReplaceAll(p, ",", "")) {
				continue // a PID list
			}
			for j := 0; j < len(p); j++ {
				ch := p[j]
				switch {
				case ch == 'h':
					pa.noHeaders = pa.noHeaders || !bsd
				case strings.IndexByte(psBSDValue, ch) >= 0:
					if j != len(p)-1 {
						return pa, "BSD option " + string(ch) + " must end its cluster"
					}
					if i+1 >= len(scanned) || scanned[i+1].Flag != "" {
						return pa, "BSD option " + string(ch) + " takes a value"
					}
					i++
					if ch == 'o' {
						addSpecs(scanned[i].Pos)
					} else if ch == 'O' {
						return pa, "O adds columns to a default set the parser cannot name"
					}
				case ch == 'f':
					return pa, "the forest (f) draws a tree into COMMAND"
				case strings.IndexByte(psBSDLetters, ch) < 0:
					return pa, "BSD option " + string(ch) + " is not verified"
				}
			}
		}
	}
	return pa, ""
}

// allEmptyHeaders reports whether every -o column was given an empty
// header (ps then prints no header line).
func (pa psArgs) allEmptyHeaders() bool {
	for _, s := range pa.specs {
		if !s.renamed || s.header != "" {
			return false
		}
	}
	return len(pa.specs) > 0
}

func psCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	pa, msg := readPsArgs(argv, os)
	if msg != "" {
		return catalog.Unsupported([]string{"aux"}, "ps: %s", msg)
	}
	if pa.noHeaders && len(pa.specs) == 0 {
		return catalog.Unsupported([]string{"-ef"}, "ps without headers is read only with an explicit -o column list")
	}
	var plain []string
	for _, s := range pa.specs {
		plain = append(plain, s.name)
	}
	for i, s := range pa.specs {
		def, known := psSpecs[s.name]
		last := i == len(pa.specs)-1
		if known && !last && (def.kind == psCommand || def.kind == psName && os.BsdLike()) {
			reordered := make([]string, 0, len(plain))
			for j, n := range plain {
				if j != i {
					reordered = append(reordered, n)
				}
			}
			reordered = append(reordered, s.name)
			return catalog.Unsupported([]string{"-o", strings.Join(reordered, ",")}, "ps -o %s holds spaces and is read only as the last column", s.name)
		}
		if !known && !last && (s.name == "environ" || s.name == "cmdline" || s.name == "cgroup" || s.name == "cgname") {
			return catalog.Unsupported(nil, "ps -o %s may hold spaces", s.name)
		}
	}
	return nil
}

// psColumn is one column of the output being read.
type psColumn struct {
	def    psColDef
	key    string // JSON key for extras and duplicates
	id     uint16 // span field id of def.key
	hs, he int    // header word, within the header line
}

func ParsePs(c *catalog.Context) (any, error) {
	res := &PsResult{Processes: []PsProcess{}}
	pa, _ := readPsArgs(c.Args, c.OS)
	headerless := len(pa.specs) > 0 && (pa.noHeaders || pa.allEmptyHeaders())
	it := lex.Lines{Raw: c.Raw}
	res.Processes = make([]PsProcess, 0, min(lex.CountLines(c.Raw), 1<<20))
	var cols []psColumn
	var fields []lex.Field
	var header string
	lines, read := 0, 0
	rs := c.Rows(11)
	if headerless {
		cols = psColumnsFromSpecs(pa.specs, c.OS)
		psSpanIDs(cols, rs)
	}
	bsd := c.OS.BsdLike()
	rec := c.Recording()
	for {
		line, start, more := it.Next()
		if !more {
			break
		}
		if lex.IsBlank(line) {
			continue
		}
		lines++
		if cols != nil && header != "" && strings.TrimRight(line, " \r") == header {
			continue // BSD -h and procps --headers repeat the header
		}
		if cols == nil {
			header = strings.TrimRight(line, " \r")
			fields = lex.Fields(fields[:0], line, 0)
			var ok bool
			cols, ok = psColumnsFromHeader(line, fields, pa.specs, c.OS)
			if !ok {
				return nil, catalog.Unrecognized("the first line is not a ps header")
			}
			psSpanIDs(cols, rs)
			read++
			continue
		}
		idx := len(res.Processes)
		if rec {
			rs.Begin(skProcesses, idx)
		}
		var p *PsProcess
		res.Processes = append(res.Processes, PsProcess{})
		p = &res.Processes[idx]
		if !psRow(p, line, start, cols, rec, rs, bsd) {
			res.Processes = res.Processes[:idx]
			if rec {
				rs.Discard()
			}
			c.Unread(start)
			continue
		}
		read++
		if c.Full(idx) {
			res.Processes = res.Processes[:idx]
			c.Omit(1)
			if rec {
				rs.Discard()
			}
			continue
		}
	}
	if lines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as ps output")
	}
	psOneUserField(res, rs)
	if rec {
		rs.Finish()
	}
	return res, nil
}

// psOneUserField keeps one name for the user column across the answer: ps
// prints a number where a uid has no name (or the name is too long for
// the column), so a column of names with a few numbers is read as user
// on every row (the numbers as printed), never user on some rows and uid
// on others; a column of numbers only (ps -l, -o uid) stays uid.
func psOneUserField(res *PsResult, rs *catalog.SpanRec) {
	names, numbers := false, false
	for i := range res.Processes {
		names = names || res.Processes[i].User != ""
		numbers = numbers || res.Processes[i].UID != nil
	}
	if !names || !numbers {
		return
	}
	for i := range res.Processes {
		if p := &res.Processes[i]; p.UID != nil {
			p.User, p.UID = p.uidText, nil // as printed ("00" stays "00")
		}
	}
	for i := range rs.Spans {
		if sp := &rs.Spans[i]; sp.Leaf == sfUID {
			sp.Leaf, sp.Tr = sfUser, catalog.TrVerbatim
		}
	}
}

// psSpanIDs gives each column the span field id of its key.
func psSpanIDs(cols []psColumn, rs *catalog.SpanRec) {
	if !rs.On {
		return
	}
	for i := range cols {
		cols[i].id = rs.LocalName(cols[i].def.key)
	}
}

func psColumnsFromSpecs(specs []psSpec, os catalog.OS) []psColumn {
	cols := make([]psColumn, len(specs))
	used := map[string]bool{}
	for i, s := range specs {
		def := psSpecDef(s.name, os)
		cols[i] = psColumn{def: def}
		psUniqueKey(&cols[i], used)
	}
	return cols
}

// psUniqueKey turns a repeated known column, or an unknown one whose name
// clashes with a field or an earlier column, into an extra with a key
// made unique by a numeric suffix.
func psUniqueKey(col *psColumn, used map[string]bool) {
	k := col.def.key
	if col.def.field == fExtra && psKnownKeys[k] {
		k += "_column"
	}
	if used[k] || col.def.field == fUser && (used["user"] || used["uid"]) ||
		col.def.kind == psElapsed && (used["elapsed"] || used["elapsed_seconds"]) {
		base := k
		for n := 2; used[k]; n++ {
			k = base + "_" + strconv.Itoa(n)
		}
		col.def = psColDef{fExtra, psStr, k}
	}
	used[k] = true
	if col.def.field == fUser {
		used["user"], used["uid"] = true, true
	}
	if col.def.kind == psElapsed { // header ELAPSED: etime or etimes, told by the value
		used["elapsed"], used["elapsed_seconds"] = true, true
	}
	col.key = k
	if col.def.field == fExtra {
		col.def.key = k
	}
}

func psColumnsFromHeader(line string, fields []lex.Field, specs []psSpec, os catalog.OS) ([]psColumn, bool) {
	if len(fields) == 0 {
		return nil, false
	}
	if len(specs) > 0 {
		return psColumnsFromSpecHeader(line, fields, specs, os)
	}
	cols := make([]psColumn, len(fields))
	used := map[string]bool{}
	known := 0
	for i, f := range fields {
		h := line[f.Start:f.End]
		def, ok := psHeaders[h]
		if os.BsdLike() {
			def, ok = psBSDHeader(h, def, ok, os)
		}
		if !ok {
			def = psColDef{fExtra, psStr, catalog.SnakeCase(h)}
		} else {
			known++
		}
		last := i == len(fields)-1
		if def.kind == psCommand && !last {
			// Without -o, a COMMAND/CMD before the last column is comm.
			def = psColDef{fName, psName, "name"}
		}
		if last && def.kind == psName {
			def.kind = psCommand // a last comm column also runs to the end of the line
		}
		cols[i] = psColumn{def: def, hs: f.Start, he: f.End}
		psUniqueKey(&cols[i], used)
	}
	return cols, known > 0
}

// psColumnsFromSpecHeader names the columns of an -o list after their
// keywords, whatever their headers say: a default header is one word, a
// given one ("pid=PROCESS ID" on the BSDs) as many words as it holds, an
// empty one none. The header line must hold exactly those words.
func psColumnsFromSpecHeader(line string, fields []lex.Field, specs []psSpec, os catalog.OS) ([]psColumn, bool) {
	cols := make([]psColumn, len(specs))
	used := map[string]bool{}
	w := 0
	for i, sp := range specs {
		n := 1
		if sp.renamed {
			n = len(strings.Fields(sp.header))
		}
		if w+n > len(fields) {
			return nil, false
		}
		def := psSpecDef(sp.name, os)
		if i == len(specs)-1 && def.kind == psName {
			def.kind = psCommand // a last comm column also runs to the end of the line
		}
		if !sp.renamed && !psHeaderWord(line[fields[w].Start:fields[w].End]) {
			return nil, false // a process line, not the header
		}
		cols[i] = psColumn{def: def}
		if n > 0 {
			cols[i].hs, cols[i].he = fields[w].Start, fields[w+n-1].End
		}
		w += n
		psUniqueKey(&cols[i], used)
	}
	return cols, w == len(fields)
}

// psBSDHeader corrects the procps meaning of a header where the BSDs
// print something else under the same name (FreeBSD 14 bin/ps/keyword.c,
// macOS adv_cmds ps keyword.c):
//   - C: FreeBSD's "cpu" keyword is the CPU the process runs on (on-cpu,
//     ps -l), macOS's a scheduling usage factor (p_estcpu, ps -ef): never
//     procps's percent. FreeBSD's goes to processor, macOS's stays a column
//     of its own ("c").
//   - F: the flags in hexadecimal ("%x", "%lx"), not procps's octal digit
//     (0-7, the same read as decimal): read as hexadecimal into flags.
//   - SESS: the session's kernel address in hexadecimal (macOS, OpenBSD,
//     NetBSD -j), not a session id: a column of its own ("sess").
//   - SZ: macOS ps -l prints vsz=SZ, the virtual size in KiB, not procps's
//     size in pages.
func psBSDHeader(h string, def psColDef, ok bool, os catalog.OS) (psColDef, bool) {
	switch h {
	case "C":
		if os == catalog.FreeBSD {
			return psColDef{fProcessor, psInt, "processor"}, true
		}
		return psColDef{fExtra, psStr, "c"}, true
	case "F":
		return psColDef{fFlags, psHex, "flags"}, true
	case "SESS":
		return psColDef{fExtra, psStr, "sess"}, true
	case "SZ":
		if os == catalog.Darwin {
			return psColDef{fVsz, psInt, "vsz_kib"}, true
		}
	}
	return def, ok
}

// psSpecDef is the column an -o keyword names on os. The BSD keywords
// that differ from procps's (keyword.c of FreeBSD 14 and macOS): "cpu" is
// FreeBSD's CPU number (macOS's scheduling factor stays a column of its
// own), "f"/"flags" print hexadecimal, "sess" a kernel address, and macOS
// "stime"/"utime" are the system and user CPU times, not a start time.
func psSpecDef(name string, os catalog.OS) psColDef {
	def, ok := psSpecs[name]
	if os.BsdLike() {
		switch name {
		case "cpu":
			if os == catalog.FreeBSD {
				def, ok = psColDef{fProcessor, psInt, "processor"}, true
			}
		case "f", "flags":
			def, ok = psColDef{fFlags, psHex, "flags"}, true
		case "sess", "stime", "utime":
			if name == "sess" || os == catalog.Darwin {
				ok = false
			}
		}
	}
	if !ok {
		def = psColDef{fExtra, psStr, catalog.SnakeCase(name)}
	}
	return def
}

// psHeaderWord reports whether w can be a default ps header: procps and
// BSD headers are upper case ("PID", "%CPU"), never a number.
func psHeaderWord(w string) bool {
	return !lex.IsDigits(w) && strings.ToUpper(w) == w
}

// psRow reads one process line.
func psRow(p *PsProcess, line string, base int, cols []psColumn, rec bool, rs *catalog.SpanRec, bsd bool) bool {
	pos := 0
	for ci := range cols {
		col := &cols[ci]
		last := ci == len(cols)-1
		s, e := lex.NextField(line, pos)
		if s >= len(line) {
			if last && col.def.kind == psCommand && ci > 0 {
				// An empty last column (args of a zombie may be empty).
				return true
			}
			return false
		}
		kind := col.def.kind
		switch {
		case last && (kind == psCommand || kind == psName):
			e = len(line)
		case last:
			_, e = lex.TrimSpaceRange(line, s, len(line))
		case kind == psStarted:
			var ok bool
			if e, ok = psStartedEnd(line, s, e); !ok {
				return false
			}
		case kind == psName || kind == psCommand:
			// comm in the middle: procps pads it to 15 columns.
			if bsd {
				return false
			}
			w := 15
			if hw := col.he - col.hs; hw > w {
				w = hw
			}
			end := s + w
			if end >= len(line) {
				end = len(line)
			} else if line[end] != ' ' {
				return false
			}
			_, e = lex.TrimSpaceRange(line, s, end)
		}
		pos = e
		if !psSet(p, col, line[s:e], base+s, base+e, rec, rs) {
			return false
		}
	}
	return true
}

func psAtoi(v string) (int64, bool) {
	if v != "" && v[0] == '-' {
		n, ok := lex.Atoi(v[1:])
		return -n, ok
	}
	if v != "" && v[0] == '+' {
		return lex.Atoi(v[1:])
	}
	return lex.Atoi(v)
}

func psSet(p *PsProcess, col *psColumn, v string, s, e int, rec bool, rs *catalog.SpanRec) bool {
	def := &col.def
	switch def.kind {
	case psInt:
		if v == "-" {
			return true // not applicable (real-time priority, no nice)
		}
		n, ok := psAtoi(v)
		if !ok && (def.field == fVsz || def.field == fRss) {
			n, ok = psScaledKiB(v)
		}
		if !ok {
			return false
		}
		slot := p.intSlot(def.field)
		if slot == nil {
			return false
		}
		*slot = catalog.Intp(n)
		if rec {
			rs.Field(col.id, s, e, catalog.TrParseInt)
		}
		return true
	case psFloat:
		if v == "-" {
			return true
		}
		if v == "" || !(v[0] >= '0' && v[0] <= '9') {
			return false
		}
		f, ok := psParseFloat(v)
		if !ok {
			return false
		}
		ptr := catalog.Floatp(f)
		switch def.field {
		case fCPU:
			p.CPUPercent = ptr
		case fMem:
			p.MemPercent = ptr
		default:
			return false
		}
		if rec {
			rs.Field(col.id, s, e, catalog.TrParseFloat)
		}
		return true
	case psUser:
		if n, ok := lex.Atoi(v); ok {
			p.UID, p.uidText = catalog.Intp(n), v
			if rec {
				rs.Field(sfUID, s, e, catalog.TrParseInt)
			}
			return true
		}
		p.User = v
		if rec {
			rs.Field(sfUser, s, e, catalog.TrVerbatim)
		}
		return true
	case psHex:
		n, err := strconv.ParseUint(v, 16, 63)
		if err != nil {
			return false
		}
		p.Flags = catalog.Intp(int64(n))
		if rec {
			rs.Field(col.id, s, e, catalog.TrParseHex)
		}
		return true
	case psElapsed:
		if n, ok := lex.Atoi(v); ok {
			p.ElapsedSeconds = catalog.Intp(n)
			if rec {
				rs.Field(sfElapsedSeconds, s, e, catalog.TrParseInt)
			}
			return true
		}
		p.Elapsed = v
		if rec {
			rs.Field(sfElapsed, s, e, catalog.TrVerbatim)
		}
		return true
	}
	if v == "" {
		return true
	}
	if sp := p.strSlot(def.field); sp != nil {
		*sp = v
	} else if def.field == fExtra {
		p.Extra = append(p.Extra, PsField{Key: def.key, Value: v})
	} else {
		return false
	}
	if rec {
		rs.Field(col.id, s, e, catalog.TrVerbatim)
	}
	return true
}

// psScaledKiB reads BusyBox's VSZ and RSS, KiB scaled to five columns
// by smart_ulltoa5 ("48m", "1.2g"): the number of KiB, as exact as
// printed.
func psScaledKiB(v string) (int64, bool) {
	if v == "" || v[0] < '0' || v[0] > '9' {
		return 0, false
	}
	n, _, ok := lex.Size(v, psBusyBoxKiB)
	return n, ok
}

// psBusyBoxKiB: smart_ulltoa5's units, counted in KiB.
var psBusyBoxKiB = lex.Sizes(map[string]float64{"k": 1, "m": 1 << 10, "g": 1 << 20, "t": 1 << 30}, false)

// psParseFloat reads a ps decimal ("0.0", "12.5", "198").
func psParseFloat(v string) (float64, bool) {
	f, err := strconv.ParseFloat(v, 64)
	return f, err == nil
}

// strSlot is the string field f of p, or nil when f is none (fExtra and
// the numbers).
func (p *PsProcess) strSlot(f psField) *string {
	switch f {
	case fTTY:
		return &p.TTY
	case fStat:
		return &p.Stat
	case fStarted:
		return &p.Started
	case fCPUTime:
		return &p.CPUTime
	case fWchan:
		return &p.Wchan
	case fAddr:
		return &p.Addr
	case fElapsed:
		return &p.Elapsed
	case fName:
		return &p.Name
	case fCommand:
		return &p.Command
	}
	return nil
}

// intSlot is the field an integer column fills, nil for a field that holds
// no integer.
func (p *PsProcess) intSlot(f psField) **int64 {
	switch f {
	case fPID:
		return &p.PID
	case fPPID:
		return &p.PPID
	case fPGID:
		return &p.PGID
	case fSID:
		return &p.SID
	case fLWP:
		return &p.LWP
	case fThreads:
		return &p.Threads
	case fVsz:
		return &p.VszKiB
	case fRss:
		return &p.RssKiB
	case fSize:
		return &p.SizePages
	case fNice:
		return &p.Nice
	case fPriority:
		return &p.Priority
	case fFlags:
		return &p.Flags
	case fProcessor:
		return &p.Processor
	case fElapsedSec:
		return &p.ElapsedSeconds
	}
	return nil
}

// psStartedEnd extends a START column whose first word is line[s:e] over
// the words its form spans: five for lstart ("Sun Nov 29 22:50:35 2026"),
// two for procps's "Nov 29", one otherwise. ok is false when the line ends
// first.
func psStartedEnd(line string, s, e int) (end int, ok bool) {
	words := 1
	if w := line[s:e]; lex.IsWeekday(w) {
		words = 5
	} else if lex.Month(w) > 0 {
		words = 2
	}
	for k := 1; k < words; k++ {
		_, e2 := lex.NextField(line, e)
		if e2 == e {
			return e, false
		}
		e = e2
	}
	return e, true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return psParsers() }

// The span names of the fields this package records (catalog.SpanID
// interns each name once, whichever package asks first).
var (
	sfElapsed        = catalog.SpanID("elapsed")
	sfElapsedSeconds = catalog.SpanID("elapsed_seconds")
	sfUID            = catalog.SpanID("uid")
	sfUser           = catalog.SpanID("user")
	skProcesses      = catalog.SpanID("processes/*")
)
