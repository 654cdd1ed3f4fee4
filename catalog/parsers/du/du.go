// Package du reads the output of `du` for the catalog: the parser du.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package du

import (
	"slices"
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// DuResult is the parsed output of `du`.
type DuResult struct {
	Entries []DuEntry `json:"entries"`
	// Total is the "total" line of -c.
	Total *DuEntry `json:"total,omitempty"`
	// TimeZone names the zone assumed for --time's times printed without
	// an offset (long-iso, the default).
	TimeZone string `json:"time_zone,omitempty"`
}

// DuEntry is one line of du. SizeBytes is the size in bytes whatever unit
// the arguments chose (blocks multiplied out; -h and --si sizes converted
// from their rounded form, which SizeHuman keeps as printed); Inodes
// replaces it with --inodes.
type DuEntry struct {
	SizeBytes *int64 `json:"size_bytes,omitempty"`
	SizeHuman string `json:"size_human,omitempty"`
	Inodes    *int64 `json:"inodes,omitempty"`
	// GNU --time: the latest time of the files below, named after which
	// time --time chose (mtime by default).
	ModifiedAt string `json:"modified_at,omitempty"`
	AccessedAt string `json:"accessed_at,omitempty"`
	ChangedAt  string `json:"changed_at,omitempty"`
	// Path is absent on the total line.
	Path string `json:"path,omitempty"`
}

var duParserDef = &catalog.Parser{
	ID:      "du",
	Command: "du",
	Version: "1",
	Format:  "du lines: size, tab, path (GNU, BusyBox, BSD), or NUL-terminated (-0); sizes in bytes whatever the unit",
	// Flags checked against GNU coreutils 9.1 du(1) and --help (this
	// machine; -B's units from the coreutils manual's "Block size"),
	// BusyBox 1.35 du --help, FreeBSD 14 and macOS 14 du(1) ([-Aclnrx]
	// [-H|-L|-P] [-g|-h|-k|-m] [-a|-s|-d depth] [-B blocksize] [-I mask]
	// [-t threshold]). GNU --time[=atime|ctime] adds a time column, read
	// with --time-style long-iso (the default) or full-iso. Refused: other
	// time styles, -g and -b where the other family means something
	// else, block sizes with "'".
	Flags: catalog.Flags{
		"-s": catalog.Bool, "-h": catalog.Bool, "-a": catalog.Bool, "-c": catalog.Bool, "-k": catalog.Bool, "-m": catalog.Bool, "-g": catalog.Bool, "-b": catalog.Bool,
		"-x": catalog.Bool, "-S": catalog.Bool, "-0": catalog.Bool, "-P": catalog.Bool, "-D": catalog.Bool, "-H": catalog.Bool, "-L": catalog.Bool, "-l": catalog.Bool,
		"-A": catalog.Bool, "-n": catalog.Bool, "-r": catalog.Bool,
		"-d": catalog.Value, "-X": catalog.Value, "-t": catalog.Value, "-B": catalog.Value, "-I": catalog.Value,
		"--summarize": catalog.Bool, "--human-readable": catalog.Bool, "--all": catalog.Bool, "--total": catalog.Bool, "--bytes": catalog.Bool,
		"--one-file-system": catalog.Bool, "--apparent-size": catalog.Bool, "--si": catalog.Bool, "--separate-dirs": catalog.Bool,
		"--null": catalog.Bool, "--no-dereference": catalog.Bool, "--dereference-args": catalog.Bool, "--dereference": catalog.Bool,
		"--count-links": catalog.Bool, "--inodes": catalog.Bool,
		"--max-depth": catalog.Value, "--exclude": catalog.Value, "--exclude-from": catalog.Value, "--files0-from": catalog.Value,
		"--threshold": catalog.Value, "--block-size": catalog.Value, "--time": catalog.Optional, "--time-style": catalog.Value,
	},
	MaxPositionals: -1,
	Result:         DuResult{},
	RowsKey:        "entries",
	KeyFields:      []string{"path"},
	Examples:       [][]string{{"-sk", "."}, {"-h", "-d", "1"}, {"-sk", "src", "docs"}, {"-ack"}},
}

// duParsers wires the duParserDef and returns it for the builtin list.
func duParsers() []*catalog.Parser {
	duParserDef.Check, duParserDef.Parse = duCheck, ParseDu // set here: both refer back to the parser
	duParserDef.Alternatives = map[string][]string{}
	return []*catalog.Parser{duParserDef}
}

// duRead reads the unit the arguments choose (the last unit flag wins, as
// in GNU and BSD du) and whether a total line and NUL endings come. BSD
// du without -k, -m, -g, -h or -B counts in BLOCKSIZE units: 512 bytes
// unless the environment says otherwise, which the parser cannot see, so
// the answer is read as 512-byte blocks and bsd512 says so.
func duRead(argv catalog.Args, os catalog.OS) (unit lex.Unit, inodes, total, null, bsd512 bool, perr *catalog.ParseError) {
	args, scanned := argv.Rest(), argv.Items
	fail := func(perr *catalog.ParseError) (lex.Unit, bool, bool, bool, bool, *catalog.ParseError) {
		return lex.Unit{}, false, false, false, false, perr
	}
	without := func(flags ...string) func(a catalog.CmdArg) bool {
		return func(a catalog.CmdArg) bool { return slices.Contains(flags, a.Flag) }
	}
	bsd := os.BsdLike()
	unit = lex.Unit{Factor: 1024} // GNU and BusyBox: 1024-byte blocks unless told otherwise
	if bsd {
		unit, bsd512 = lex.Unit{Factor: 512}, true
	}
	for _, a := range scanned {
		switch a.Flag {
		case "-k":
			unit, bsd512 = lex.Unit{Factor: 1024}, false
		case "-m":
			unit, bsd512 = lex.Unit{Factor: 1 << 20}, false
		case "-g":
			if !bsd {
				return fail(catalog.Unsupported(kit.FsWithout(args, scanned, without("-g"), "-k"), "du -g is BSD's GiB unit"))
			}
			unit, bsd512 = lex.Unit{Factor: 1 << 30}, false
		case "-b", "--bytes":
			if bsd {
				return fail(catalog.Unsupported(kit.FsWithout(args, scanned, without("-b"), "-k"), "BSD du has no -b"))
			}
			unit = lex.Unit{Factor: 1}
		case "-h", "--human-readable":
			unit, bsd512 = lex.Unit{Base: 1024}, false
		case "--si":
			unit = lex.Unit{Base: 1000}
		case "-B", "--block-size":
			u, ok := lex.BlockSize(a.Value)
			if bsd {
				// FreeBSD and macOS du -B take a number of bytes.
				n, isNum := lex.Atoi(a.Value)
				u, ok = lex.Unit{Factor: n}, isNum && n > 0 && n <= 1<<40
			}
			if !ok {
				return fail(catalog.Unsupported(kit.FsWithout(args, scanned, without("-B", "--block-size"), "-k"),
					"du block size %q is not a unit the parser reads", a.Value))
			}
			unit, bsd512 = u, false
		case "--inodes":
			inodes = true
		case "--time", "--time-style":
			v := strings.TrimPrefix(a.Value, "posix-")
			if bsd || a.Flag == "--time" && !slices.Contains([]string{"", "mtime", "modification", "atime", "access", "use", "ctime", "status"}, v) {
				return fail(catalog.Unsupported(kit.FsWithout(args, scanned, without("--time", "--time-style"), "-k"), "du %s=%s is not a time the parser reads", a.Flag, a.Value))
			}
			if a.Flag == "--time-style" && v != "long-iso" && v != "full-iso" {
				return fail(catalog.Unsupported(kit.FsWithout(args, scanned, without("--time-style"), "--time-style=full-iso"),
					"du --time-style=%s is not a form the parser reads; full-iso and long-iso are", a.Value))
			}
		case "-c", "--total":
			total = true
		case "-0", "--null":
			null = true
		case "-I", "-n", "-A", "-r":
			if !bsd {
				return fail(catalog.Unsupported(nil, "du %s is a BSD option", a.Flag))
			}
		}
	}
	return unit, inodes, total, null, bsd512, nil
}

// duTimeOpts reads GNU --time and --time-style (coreutils 9.1 du.c
// time_args): the field the time column fills ("" without --time) and
// whether the times are full-iso (long-iso, the default, otherwise).
func duTimeOpts(argv catalog.Args) (field string, full bool) {
	for _, a := range argv.Items {
		switch a.Flag {
		case "--time":
			switch a.Value {
			case "atime", "access", "use":
				field = "accessed_at"
			case "ctime", "status":
				field = "changed_at"
			default:
				field = "modified_at"
			}
		case "--time-style":
			full = strings.TrimPrefix(a.Value, "posix-") == "full-iso"
		}
	}
	return field, full
}

// duTime reads a --time column: "2026-12-01 23:32" (long-iso, in the
// context's zone: assumed) or "2026-12-01 23:32:09.935089341 +0000".
func duTime(c *catalog.Context, v string, full bool) (iso string, assumed, ok bool) {
	date, clock, _ := strings.Cut(v, " ")
	if full {
		clock, zone, _ := strings.Cut(clock, " ")
		iso, ok = lex.NumericTime(date, clock, zone)
		return iso, false, ok
	}
	y, mo, d, ok := lex.YMD(date)
	if !ok || mo < 1 || mo > 12 || d < 1 || d > lex.DaysIn(mo, y) {
		return "", false, false
	}
	h, mi, sec, _, ok := lex.Clock(clock)
	if !ok || sec >= 0 || len(clock) != 5 {
		return "", false, false
	}
	return lex.ISO(y, mo, d, h, mi, 0, "", lex.ZoneAt(c.Location, y, mo, d, h, mi, 0)), true, true
}

func duCheck(argv catalog.Args, os catalog.OS) *catalog.ParseError {
	_, _, _, _, _, perr := duRead(argv, os)
	return perr
}

func ParseDu(c *catalog.Context) (any, error) {
	unit, inodes, total, null, bsd512, perr := duRead(c.Args, c.OS)
	if perr != nil {
		return nil, perr
	}
	raw := c.Raw
	it := lex.Lines{Raw: raw}
	if null || strings.IndexByte(raw, 0) >= 0 {
		it.NUL = true
	}
	r := c.Rows(3)
	kEntries, kTotal, fPath := r.Name("entries/*"), r.Name("total"), r.Name("path")
	fSize, fHuman := r.Name("size_bytes"), r.Name("size_human")
	tr := r.TrID(lex.UnitTransform(unit))
	if inodes {
		fSize, tr, unit = r.Name("inodes"), r.TrID("parseInt"), lex.Unit{Factor: 1}
	}
	timeField, fullTime := duTimeOpts(c.Args)
	var fTime uint16
	if timeField != "" {
		fTime = r.Name(timeField)
	}
	trTime := r.TrID("timestamp")
	assumedAt := -1 // the first time read in an assumed zone
	entries := make([]DuEntry, 0, min(lex.CountLines(raw), 1<<20))
	var marks []int
	rows := 0
	prevGood := -1 // where the path of the entry on the line before starts
	joined := false
	for line, start := range it.All() {
		if lex.IsBlank(line) {
			prevGood = -1
			continue
		}
		rows++
		bad := func() {
			// (Not the last line when the output does not end in a newline:
			// a capture cut there leaves a piece of a line.)
			cut := start+len(line) >= len(raw) && !strings.HasSuffix(raw, "\n")
			if prevGood >= 0 && !it.NUL && !strings.HasPrefix(line, "du: ") && !cut {
				// A line that is not "SIZE<tab>PATH" right after an entry
				// is the rest of that entry's path, which held a newline
				// (du prints names as they are).
				entries[len(entries)-1].Path = raw[prevGood : start+len(line)]
				r.Extend(start + len(line))
				joined = true
				c.Join(1)
				return
			}
			c.Unread(start)
		}
		tab := strings.IndexByte(line, '\t')
		if tab <= 0 || tab == len(line)-1 {
			bad()
			continue
		}
		ss, se := lex.TrimSpaceRange(line, 0, tab)
		size := line[ss:se]
		var e DuEntry
		n, ok := lex.UnitBytes(size, unit)
		if !ok {
			bad()
			continue
		}
		if inodes {
			e.Inodes = catalog.Intp(n)
		} else {
			e.SizeBytes = catalog.Intp(n)
		}
		if unit.Base != 0 {
			e.SizeHuman = size
		}
		pathAt := tab + 1
		var ts, te int
		if timeField != "" {
			t2 := strings.IndexByte(line[pathAt:], '\t')
			if t2 <= 0 {
				bad()
				continue
			}
			ts, te = pathAt, pathAt+t2
			iso, assumed, ok := duTime(c, line[ts:te], fullTime)
			if !ok {
				bad()
				continue
			}
			switch timeField {
			case "accessed_at":
				e.AccessedAt = iso
			case "changed_at":
				e.ChangedAt = iso
			default:
				e.ModifiedAt = iso
			}
			if assumed && assumedAt < 0 {
				assumedAt = start + ts
			}
			pathAt = te + 1
		}
		e.Path = line[pathAt:]
		if r.On {
			marks = append(marks, r.Mark())
			r.At(kEntries, len(entries), fSize, start+ss, start+se, tr)
			if unit.Base != 0 {
				r.At(kEntries, len(entries), fHuman, start+ss, start+se, 0)
			}
			if timeField != "" {
				r.At(kEntries, len(entries), fTime, start+ts, start+te, trTime)
			}
			r.At(kEntries, len(entries), fPath, start+pathAt, start+len(line), 0)
		}
		entries = append(entries, e)
		prevGood = start + pathAt
	}
	if rows > 0 && len(entries) == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as du output; if it is localized, rerun under LC_ALL=C")
	}
	if joined {
		c.Warn("a path held a newline: the lines that do not start with a size are joined to the path before (-0 separates entries exactly)")
	}
	if bsd512 && !inodes {
		c.Warn("BSD du without -k, -m, -g, -h or -B counts in BLOCKSIZE units: read as 512-byte blocks (the default when BLOCKSIZE is unset); pass -k to be sure")
	}
	if unit.Base != 0 && !inodes {
		c.Warn("du printed rounded sizes (-h, --si): size_bytes is converted from the printed digits, size_human keeps them")
	}
	// -c ends with "SIZE<tab>total"; a directory named total earlier is an entry.
	hasTotal := total && len(entries) > 0 && entries[len(entries)-1].Path == "total"
	res := &DuResult{}
	if r.On && hasTotal {
		// The total has no path: drop its span before the spans move.
		r.Spans = r.Spans[:len(r.Spans)-1]
	}
	res.Entries, res.Total = kit.FsSettle(c, r, entries, marks, hasTotal, kTotal)
	if res.Total != nil {
		res.Total.Path = ""
	}
	if assumedAt >= 0 {
		res.TimeZone = kit.ZoneName(c)
		c.Span(assumedAt, assumedAt+16, "assumedZone", "time_zone")
	}
	r.Finish()
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return duParsers() }
