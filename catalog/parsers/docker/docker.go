// Package docker reads the output of `docker` for the catalog: the parsers docker-ps, docker-stats, docker-images.
// Parsers returns them; catalog/builtin lists it with every other built-in.
package docker

import (
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

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

// dvTable reads a tabwriter table: a header line, then rows cut at the
// header's columns. row reads one data line and reports whether it could;
// lines before the header that noise accepts are read and skipped.
func dvTable(c *catalog.Context, header func(cols []lex.Column) bool, noise func(l string) bool,
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
func dockerFormatCheck(sub string, argv catalog.Args, valueFlags map[string]bool, add ...string) *catalog.ParseError {
	args := argv.Rest()
	f, ok := argv.Value("--format")
	if !ok || f == "table" || strings.HasPrefix(f, "table ") {
		return nil
	}
	takes := func(fl string) bool { return dockerGlobalValue[fl] || valueFlags[fl] }
	hint := kit.DvHint([]string{sub}, args, dockerGlobal, takes, func(fl string) bool { return fl == "--format" },
		func(string, string) []string { return nil })
	hint = append(hint, add...)
	return catalog.Unsupported(hint, "docker %s --format %q is not read; the default table is", sub, f)
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
	Size             string        `json:"size,omitempty"`
	SizeBytes        *int64        `json:"size_bytes,omitempty"`
	VirtualSizeBytes *int64        `json:"virtual_size_bytes,omitempty"`
	Extra            []kit.DvField `json:"-"`
}

type dockerContainerJSON DockerContainer

// MarshalJSON emits the known fields, then the other columns inline.
// ExtendSchema: the columns docker printed without a field here.
func (DockerContainer) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	return catalog.ExtraColumns(s, "string")
}

func (d DockerContainer) MarshalJSON() ([]byte, error) { return kit.MarshalInline(d.JSONInline()) }

// JSONInline is what MarshalJSON writes: the known fields, then the other
// columns (kit.MarshalInline).
func (d *DockerContainer) JSONInline() (any, iter.Seq2[string, any]) {
	return (*dockerContainerJSON)(d), kit.DvInline(d.Extra)
}

var (
	dvTContainer  = catalog.SpanID("containers/*")
	dvTPort       = catalog.SpanID("containers/*/ports/*")
	dvTName       = catalog.SpanID("containers/*/names/*")
	dvFID         = catalog.SpanID("container_id")
	dvFImage      = catalog.SpanID("image")
	dvFCommand    = catalog.SpanID("command")
	dvFCmdTrunc   = catalog.SpanID("command_truncated")
	dvFExitCode   = catalog.SpanID("exit_code")
	dvFHealth     = catalog.SpanID("health")
	dvFSize       = catalog.SpanID("size")
	dvFSizeBytes  = catalog.SpanID("size_bytes")
	dvFVirtBytes  = catalog.SpanID("virtual_size_bytes")
	dockerPsValue = map[string]bool{"-n": true, "--last": true, "-f": true, "--filter": true, "--format": true}
)

var dockerPsParser = &catalog.Parser{
	ID:          "docker-ps",
	Command:     "docker",
	ShortEquals: true, // pflag
	Subcommand:  "ps",
	Version:     "1",
	Format:      "docker ps table (default or a \"table ...\" --format), -a, -s, --no-trunc, -q",
	// Flags checked against docs.docker.com docker container ls and the
	// docker CLI's global options (docker 27): every option keeps the
	// table but --format (read when it starts with "table", {{json .}}
	// refused with the hint without it).
	Flags: catalog.Flags{
		// -l is --latest after ps; before ps it is the global --log-level,
		// read with its value as docker's global options are.
		"-H": catalog.Value, "--host": catalog.Value, "--context": catalog.Value, "-c": catalog.Value, "-l": catalog.Bool, "--log-level": catalog.Value,
		"-D": catalog.Bool, "--debug": catalog.Bool,
		"-a": catalog.Bool, "--all": catalog.Bool, "-s": catalog.Bool, "--size": catalog.Bool, "--latest": catalog.Bool, "-n": catalog.Value, "--last": catalog.Value,
		"--no-trunc": catalog.Bool, "-f": catalog.Value, "--filter": catalog.Value, "--format": catalog.Value, "-q": catalog.Bool, "--quiet": catalog.Bool,
	},
	MaxPositionals: 0,
	Result:         DockerPsResult{},
	RowsKey:        "containers",
	KeyFields:      []string{"container_id"},
	Examples:       [][]string{{"ps"}, {"ps", "-a"}, {"ps", "-a", "--no-trunc"}, {"ps", "-s"}, {"ps", "-q"}},
	Parse:          ParseDockerPs,
}

// dockerPsParsers wires the dockerPsParser and returns it for the builtin list.
func dockerPsParsers() []*catalog.Parser {
	dockerPsParser.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		return dockerFormatCheck("ps", argv, dockerPsValue)
	}
	return []*catalog.Parser{dockerPsParser}
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

// ParseDockerPs reads docker ps's table (any --format table columns) and -q's IDs.
func ParseDockerPs(c *catalog.Context) (any, error) {
	res := &DockerPsResult{Containers: make([]DockerContainer, 0, min(lex.CountLines(c.Raw), 1<<16))}
	rec := c.Rows(8)
	noTrunc, quiet := c.Args.Has("--no-trunc"), c.Args.Has("--quiet", "-q")
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
		mark := rec.Mark()
		rec.Begin(dvTContainer, ci)
		r := &dockerPsRow{rec: rec, ci: ci, noTrunc: noTrunc, used: map[string]bool{}}
		for k, cell := range cells {
			v := l[cell[0]:cell[1]]
			if v == "" {
				continue
			}
			if !r.cell(cols[k].Header, v, start+cell[0], start+cell[1]) {
				rec.Truncate(mark)
				return false
			}
		}
		if c.Full(ci) {
			rec.Truncate(mark)
			c.Omit(1)
			return true
		}
		res.Containers = append(res.Containers, r.d)
		return true
	})
	if nlines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a docker ps table")
	}
	rec.Finish()
	return res, nil
}

// dockerPsRow is one row of docker ps being read.
type dockerPsRow struct {
	rec     *catalog.SpanRec
	ci      int
	d       DockerContainer
	used    map[string]bool // extra columns' keys, made unique
	noTrunc bool
}

// cell sets the field of column header from v at [s,e); false when v does not read.
func (r *dockerPsRow) cell(header, v string, s, e int) bool {
	d, add := &r.d, r.rec.Field
	switch header {
	case "CONTAINER ID", "CONTAINER":
		d.ContainerID = v
		add(dvFID, s, e, catalog.TrVerbatim)
	case "IMAGE":
		d.Image = v
		add(dvFImage, s, e, catalog.TrVerbatim)
	case "COMMAND":
		u, err := strconv.Unquote(v)
		if err != nil || v[0] != '"' {
			return false
		}
		d.Command = u
		add(dvFCommand, s, e, kit.GmPick(u == v, catalog.TrVerbatim, catalog.TrUnquote))
		if !r.noTrunc && strings.HasSuffix(u, "…") {
			d.CommandTruncated = true
			add(dvFCmdTrunc, e-1-len("…"), e-1, catalog.TrMarker)
		}
	case "CREATED":
		d.Created = v
		add(kit.DvFCreated, s, e, catalog.TrVerbatim)
	case "CREATED AT":
		iso, ok := lex.GoTime(v)
		if !ok {
			return false
		}
		d.CreatedAt = iso
		add(kit.DvFCreatedAt, s, e, catalog.TrTimestamp)
	case "STATUS":
		r.status(v, s, e)
	case "STATE":
		d.State = v
		add(kit.DvFState, s, e, catalog.TrVerbatim)
	case "PORTS":
		d.Ports = r.list(dvTPort, v, ", ", s)
	case "NAMES":
		d.Names = r.list(dvTName, v, ",", s)
	case "SIZE":
		r.size(v, s, e)
	default:
		key := catalog.SnakeCase(header)
		if dockerKnownKeys[key] {
			key += "_column"
		}
		key = kit.DvUniqueKey(key, r.used)
		d.Extra = append(d.Extra, kit.DvField{Key: key, Value: v})
		add(r.rec.LocalName(key), s, e, catalog.TrVerbatim)
	}
	return true
}

// status reads "Up 2 hours (healthy)", "Exited (1) 3 minutes ago".
func (r *dockerPsRow) status(v string, s, e int) {
	d, add := &r.d, r.rec.Field
	d.Status = v
	add(kit.DvFStatus, s, e, catalog.TrVerbatim)
	state, exit, hasExit, health, hs, he := dockerStatus(v)
	if state != "" {
		d.State = state
		add(kit.DvFState, s, e, catalog.TrStatusWord)
	}
	if hasExit {
		d.ExitCode = catalog.Intp(exit)
		i := strings.IndexByte(v, '(')
		add(dvFExitCode, s+i+1, s+strings.IndexByte(v, ')'), catalog.TrParseInt)
	}
	if health != "" {
		d.Health = health
		add(dvFHealth, s+hs, s+he, catalog.TrVerbatim)
	}
}

// list splits the PORTS or NAMES cell v (at s) at sep, a span per member under tmpl.
func (r *dockerPsRow) list(tmpl uint16, v, sep string, s int) []string {
	pos := 0
	out := make([]string, 0, strings.Count(v, sep)+1)
	for p := range strings.SplitSeq(v, sep) {
		r.rec.Add(tmpl, [4]int32{int32(r.ci), int32(len(out))}, catalog.NoLeaf, s+pos, s+pos+len(p), catalog.TrVerbatim)
		out = append(out, p)
		pos += len(p) + len(sep)
	}
	return out
}

// size reads "2B (virtual 7.8MB)".
func (r *dockerPsRow) size(v string, s, e int) {
	d, add := &r.d, r.rec.Field
	d.Size = v
	add(dvFSize, s, e, catalog.TrVerbatim)
	first, rest, _ := strings.Cut(v, " ")
	if n, ok := lex.Bytes(first); ok {
		d.SizeBytes = catalog.Intp(n)
		add(dvFSizeBytes, s, s+len(first), catalog.TrParseBytes)
	}
	if virt, ok := strings.CutPrefix(rest, "(virtual "); ok && strings.HasSuffix(virt, ")") {
		virt = virt[:len(virt)-1]
		if n, ok := lex.Bytes(virt); ok {
			d.VirtualSizeBytes = catalog.Intp(n)
			vs := s + len(first) + 1 + len("(virtual ")
			add(dvFVirtBytes, vs, vs+len(virt), catalog.TrParseBytes)
		}
	}
}

// dockerPsHeaders are the headers of docker ps's table columns.
var dockerPsHeaders = map[string]bool{"CONTAINER ID": true, "IMAGE": true, "COMMAND": true, "CREATED": true,
	"CREATED AT": true, "STATUS": true, "PORTS": true, "NAMES": true, "SIZE": true, "LABELS": true, "MOUNTS": true,
	"NETWORKS": true, "STATE": true, "RUNNING FOR": true, "LOCAL VOLUMES": true}

var dockerKnownKeys = map[string]bool{"container_id": true, "image": true, "command": true, "command_truncated": true,
	"created": true, "created_at": true, "status": true, "state": true, "exit_code": true, "health": true, "ports": true,
	"names": true, "size": true, "size_bytes": true, "virtual_size_bytes": true}

// dvIDList reads one ID per line (docker -q).
func dvIDList(c *catalog.Context, rec *catalog.SpanRec, add func(id string), n func() int, tmpl, leaf uint16, res any) (any, error) {
	it := lex.Lines{Raw: c.Raw}
	read := 0
	for l, start := range it.NonBlankLines() {
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
		rec.Add(tmpl, [4]int32{int32(n())}, leaf, s, s+len(id), catalog.TrVerbatim)
		add(id)
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output is an ID")
	}
	rec.Finish()
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
	MemUsage         string        `json:"mem_usage,omitempty"`
	MemUsageBytes    *int64        `json:"mem_usage_bytes,omitempty"`
	MemLimit         string        `json:"mem_limit,omitempty"`
	MemLimitBytes    *int64        `json:"mem_limit_bytes,omitempty"`
	MemPercent       *float64      `json:"mem_percent,omitempty"`
	NetIO            string        `json:"net_io,omitempty"`
	NetRxBytes       *int64        `json:"net_rx_bytes,omitempty"`
	NetTxBytes       *int64        `json:"net_tx_bytes,omitempty"`
	BlockIO          string        `json:"block_io,omitempty"`
	BlockReadBytes   *int64        `json:"block_read_bytes,omitempty"`
	BlockWriteBytes  *int64        `json:"block_write_bytes,omitempty"`
	PIDs             *int64        `json:"pids,omitempty"`
	PrivateWorkSet   string        `json:"private_working_set,omitempty"`
	PrivateWorkSetBy *int64        `json:"private_working_set_bytes,omitempty"`
	Extra            []kit.DvField `json:"-"`
}

type dockerStatJSON DockerStat

// MarshalJSON emits the known fields, then the other columns inline.
// ExtendSchema: the columns docker printed without a field here.
func (DockerStat) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	return catalog.ExtraColumns(s, "string")
}

func (d DockerStat) MarshalJSON() ([]byte, error) { return kit.MarshalInline(d.JSONInline()) }

// JSONInline is what MarshalJSON writes (kit.MarshalInline).
func (d *DockerStat) JSONInline() (any, iter.Seq2[string, any]) {
	return (*dockerStatJSON)(d), kit.DvInline(d.Extra)
}

// dvNames registers a table's known keys as span leaf names: their ids,
// and the set of them.
func dvNames(keys ...string) (map[string]uint16, map[string]bool) {
	ids, set := map[string]uint16{}, map[string]bool{}
	for _, k := range keys {
		ids[k], set[k] = catalog.SpanID(k), true
	}
	return ids, set
}

var dvTStat = catalog.SpanID("stats/*")

var dvStatIDs, dvStatKeys = dvNames("container_id", "container", "name", "cpu_percent", "mem_usage", "mem_usage_bytes",
	"mem_limit", "mem_limit_bytes", "mem_percent", "net_io", "net_rx_bytes", "net_tx_bytes", "block_io",
	"block_read_bytes", "block_write_bytes", "pids", "private_working_set", "private_working_set_bytes")

var dockerStatsParser = &catalog.Parser{
	ID:          "docker-stats",
	Command:     "docker",
	ShortEquals: true, // pflag
	Subcommand:  "stats",
	Version:     "1",
	Format:      "docker stats --no-stream table (Linux and Windows containers)",
	// Flags checked against docs.docker.com docker container stats (docker
	// 27): without --no-stream the table is redrawn forever (refused).
	Flags: catalog.Flags{
		"-H": catalog.Value, "--host": catalog.Value, "--context": catalog.Value, "-c": catalog.Value, "-l": catalog.Value, "--log-level": catalog.Value,
		"-D": catalog.Bool, "--debug": catalog.Bool,
		"--no-stream": catalog.Bool, "-a": catalog.Bool, "--all": catalog.Bool, "--no-trunc": catalog.Bool, "--format": catalog.Value,
	},
	MaxPositionals: -1,
	Result:         DockerStatsResult{},
	RowsKey:        "stats",
	KeyFields:      []string{"container_id"},
	Examples:       [][]string{{"stats", "--no-stream"}, {"stats", "--no-stream", "-a"}},
	Parse:          parseDockerStats,
}

// dockerStatsParsers wires the dockerStatsParser and returns it for the builtin list.
func dockerStatsParsers() []*catalog.Parser {
	dockerStatsParser.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		args := argv.Rest()
		if perr := dockerFormatCheck("stats", argv, map[string]bool{"--format": true}); perr != nil {
			return perr
		}
		if argv.Has("--no-stream") {
			return nil
		}
		hint := kit.DvHint([]string{"stats"}, args, dockerGlobal, func(f string) bool { return dockerGlobalValue[f] || f == "--format" },
			func(string) bool { return false }, nil)
		return catalog.Unsupported(append(hint, "--no-stream"), "docker stats without --no-stream redraws the screen forever")
	}
	return []*catalog.Parser{dockerStatsParser}
}

func parseDockerStats(c *catalog.Context) (any, error) {
	res := &DockerStatsResult{Stats: make([]DockerStat, 0, kit.RowCap(c))}
	rec := c.Rows(8)
	// One row value for every line, reset each time: a fresh one escaped
	// (its cells take pointers into it) and was half of the allocations.
	r := new(dockerStatRow)
	nlines, read, _ := dvTable(c, func(cols []lex.Column) bool { return cols[0].Header == "CONTAINER ID" || cols[0].Header == "CONTAINER" },
		nil, func(l string, start int, cols []lex.Column, cells [][2]int) bool {
			si := len(res.Stats)
			mark := rec.Mark()
			*r = dockerStatRow{rec: rec, si: si}
			for k, cell := range cells {
				v := l[cell[0]:cell[1]]
				if v == "" || v == "--" {
					continue
				}
				r.cell(cols[k].Header, v, start+cell[0], start+cell[1])
				if r.bad {
					break
				}
			}
			if r.bad {
				rec.Truncate(mark)
				return false
			}
			if c.Full(si) {
				rec.Truncate(mark)
				c.Omit(1)
				return true
			}
			res.Stats = append(res.Stats, r.d)
			return true
		})
	if nlines > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a docker stats table")
	}
	rec.Finish()
	return res, nil
}

// dockerStatRow is one row of docker stats being read: the stat, its index and whether a
// cell did not read.
type dockerStatRow struct {
	rec  *catalog.SpanRec
	si   int
	d    DockerStat
	used map[string]bool // extra columns' keys, made unique
	bad  bool
}

// dockerStatHalf is where one side of a "used / limit" cell goes: the text (nil: not
// kept), the bytes and the leaf's name.
type dockerStatHalf struct {
	str *string
	by  **int64
	k   string
}

// add records a span of the row. The leaf's id is looked up, and a "_bytes" name built,
// only when spans are recorded: a map lookup and a concatenation per value were a third
// of docker stats' time (48 MB/cpu-s on its 1 MB throughput input).
func (r *dockerStatRow) add(leaf string, s, e int, tr catalog.SpanTr) {
	if r.rec.On {
		r.rec.Add(dvTStat, [4]int32{int32(r.si)}, dvStatIDs[leaf], s, e, tr)
	}
}

// pair reads "1.5MiB / 7.6GiB" (at s) into its two halves; "--" halves are absent.
func (r *dockerStatRow) pair(v string, s int, ha, hb dockerStatHalf) {
	a, b, ok := strings.Cut(v, " / ")
	if !ok {
		r.bad = true
		return
	}
	for _, h := range []struct {
		v   string
		off int
		dockerStatHalf
	}{{a, 0, ha}, {b, len(a) + 3, hb}} {
		if h.v == "--" {
			continue
		}
		n, okb := lex.Bytes(h.v)
		if !okb {
			r.bad = true
			return
		}
		if h.str != nil {
			*h.str = h.v
			r.add(h.k, s+h.off, s+h.off+len(h.v), catalog.TrVerbatim)
		}
		*h.by = catalog.Intp(n)
		if r.rec.On {
			r.add(h.k+"_bytes", s+h.off, s+h.off+len(h.v), catalog.TrParseBytes)
		}
	}
}

// cell sets the field of column header from v at [s,e); r.bad when v does not read.
func (r *dockerStatRow) cell(header, v string, s, e int) {
	d := &r.d
	switch header {
	case "CONTAINER ID":
		d.ContainerID = v
		r.add("container_id", s, e, catalog.TrVerbatim)
	case "CONTAINER":
		d.Container = v
		r.add("container", s, e, catalog.TrVerbatim)
	case "NAME":
		d.Name = v
		r.add("name", s, e, catalog.TrVerbatim)
	case "CPU %", "MEM %":
		f, ok := dvPercent(v)
		if !ok {
			r.bad = true
			return
		}
		if header[0] == 'C' {
			d.CPUPercent = catalog.Floatp(f)
			r.add("cpu_percent", s, e, catalog.TrParseFloat)
		} else {
			d.MemPercent = catalog.Floatp(f)
			r.add("mem_percent", s, e, catalog.TrParseFloat)
		}
	case "MEM USAGE / LIMIT":
		r.pair(v, s, dockerStatHalf{&d.MemUsage, &d.MemUsageBytes, "mem_usage"}, dockerStatHalf{&d.MemLimit, &d.MemLimitBytes, "mem_limit"})
	case "NET I/O":
		d.NetIO = v
		r.add("net_io", s, e, catalog.TrVerbatim)
		r.pair(v, s, dockerStatHalf{nil, &d.NetRxBytes, "net_rx"}, dockerStatHalf{nil, &d.NetTxBytes, "net_tx"})
	case "BLOCK I/O":
		d.BlockIO = v
		r.add("block_io", s, e, catalog.TrVerbatim)
		r.pair(v, s, dockerStatHalf{nil, &d.BlockReadBytes, "block_read"}, dockerStatHalf{nil, &d.BlockWriteBytes, "block_write"})
	case "PIDS":
		n, ok := lex.Atoi(v)
		if !ok {
			r.bad = true
			return
		}
		d.PIDs = catalog.Intp(n)
		r.add("pids", s, e, catalog.TrParseInt)
	case "PRIV WORKING SET":
		n, ok := lex.Bytes(v)
		if !ok {
			r.bad = true
			return
		}
		d.PrivateWorkSet, d.PrivateWorkSetBy = v, catalog.Intp(n)
		r.add("private_working_set", s, e, catalog.TrVerbatim)
		r.add("private_working_set_bytes", s, e, catalog.TrParseBytes)
	default:
		key := catalog.SnakeCase(header)
		if dvStatKeys[key] {
			key += "_column"
		}
		if r.used == nil {
			r.used = map[string]bool{}
		}
		key = kit.DvUniqueKey(key, r.used)
		d.Extra = append(d.Extra, kit.DvField{Key: key, Value: v})
		r.rec.Add(dvTStat, [4]int32{int32(r.si)}, r.rec.LocalName(key), s, e, catalog.TrVerbatim)
	}
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
	Repository       string        `json:"repository,omitempty"`
	Tag              string        `json:"tag,omitempty"`
	Digest           string        `json:"digest,omitempty"`
	ImageID          string        `json:"image_id,omitempty"`
	Created          string        `json:"created,omitempty"`
	CreatedAt        string        `json:"created_at,omitempty"`
	Size             string        `json:"size,omitempty"`
	SizeBytes        *int64        `json:"size_bytes,omitempty"`
	DiskUsage        string        `json:"disk_usage,omitempty"`
	DiskUsageBytes   *int64        `json:"disk_usage_bytes,omitempty"`
	ContentSize      string        `json:"content_size,omitempty"`
	ContentSizeBytes *int64        `json:"content_size_bytes,omitempty"`
	InUse            bool          `json:"in_use,omitempty"`
	Dangling         bool          `json:"dangling,omitempty"`
	Extra            []kit.DvField `json:"-"`
}

type dockerImageJSON DockerImage

// MarshalJSON emits the known fields, then the other columns inline.
// ExtendSchema: the columns docker printed without a field here.
func (DockerImage) ExtendSchema(s *jsonschema.Schema) *jsonschema.Schema {
	return catalog.ExtraColumns(s, "string")
}

func (d DockerImage) MarshalJSON() ([]byte, error) { return kit.MarshalInline(d.JSONInline()) }

// JSONInline is what MarshalJSON writes (kit.MarshalInline).
func (d *DockerImage) JSONInline() (any, iter.Seq2[string, any]) {
	return (*dockerImageJSON)(d), kit.DvInline(d.Extra)
}

var dvTImage = catalog.SpanID("images/*")

var dvImageIDs, dvImageKeys = dvNames("repository", "tag", "digest", "image_id", "created", "created_at", "size", "size_bytes",
	"disk_usage", "disk_usage_bytes", "content_size", "content_size_bytes", "in_use", "dangling")

var dockerImagesParser = &catalog.Parser{
	ID:          "docker-images",
	Command:     "docker",
	ShortEquals: true, // pflag
	Subcommand:  "images",
	Version:     "1",
	Format:      "docker images table: classic (REPOSITORY TAG IMAGE ID ...) or newer (IMAGE ID DISK USAGE CONTENT SIZE EXTRA); -q",
	// Flags checked against docs.docker.com docker image ls (docker 27/28):
	// --tree (a tree, hint: without it) and non-table --format are
	// refused; the TLS and --config globals are not admitted.
	Flags: catalog.Flags{
		"-H": catalog.Value, "--host": catalog.Value, "--context": catalog.Value, "-c": catalog.Value, "-l": catalog.Value, "--log-level": catalog.Value,
		"-D": catalog.Bool, "--debug": catalog.Bool,
		"-a": catalog.Bool, "--all": catalog.Bool, "--digests": catalog.Bool, "--no-trunc": catalog.Bool, "-f": catalog.Value, "--filter": catalog.Value,
		"--format": catalog.Value, "-q": catalog.Bool, "--quiet": catalog.Bool,
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
func dockerImagesParsers() []*catalog.Parser {
	dockerImagesParser.Check = func(argv catalog.Args, _ catalog.OS) *catalog.ParseError {
		return dockerFormatCheck("images", argv, map[string]bool{"-f": true, "--filter": true, "--format": true})
	}
	return []*catalog.Parser{dockerImagesParser}
}

// dvSplitRef splits "registry:5000/app:v1" into repository and tag.
func dvSplitRef(ref string) (repo, tag string) {
	i := strings.LastIndexByte(ref, ':')
	if i < 0 || strings.Contains(ref[i:], "/") {
		return ref, ""
	}
	return ref[:i], ref[i+1:]
}

// dockerImagesState is what the steps of parseDockerImages share: the table's columns (the
// classic REPOSITORY table or the newer IMAGE table) and a long IMAGE name waiting on its
// own line.
type dockerImagesState struct {
	c        *catalog.Context
	rec      *catalog.SpanRec
	res      *DockerImagesResult
	cols     []lex.Column
	cells    [][2]int
	newForm  bool
	pending  string // a long IMAGE on its own line (newer table)
	pendingS int
}

func parseDockerImages(c *catalog.Context) (any, error) {
	res := &DockerImagesResult{Images: make([]DockerImage, 0, kit.RowCap(c))}
	rec := c.Rows(8)
	if c.Args.Has("--quiet", "-q") {
		return dvIDList(c, rec, func(id string) { res.Images = append(res.Images, DockerImage{ImageID: id}) },
			func() int { return len(res.Images) }, dvTImage, dvImageIDs["image_id"], res)
	}
	st := &dockerImagesState{c: c, rec: rec, res: res, pendingS: -1}
	it := lex.Lines{Raw: c.Raw}
	read := 0
	for l, start := range it.NonBlankLines() {
		if st.cols == nil {
			if st.header(l) {
				read++
			} else {
				c.Unread(start)
			}
			continue
		}
		mark := rec.Mark()
		var d DockerImage
		if st.newForm {
			ok, held := st.newRow(l, start, &d, mark)
			if held {
				read++
			}
			if !ok || held {
				continue
			}
		} else if !st.classicRow(l, start, &d, mark) {
			continue
		}
		read++
		if c.Full(len(res.Images)) {
			rec.Truncate(mark)
			c.Omit(1)
			continue
		}
		res.Images = append(res.Images, d)
	}
	if st.pending != "" {
		c.Unread(st.pendingS)
	}
	if it.NonBlank > 0 && read == 0 {
		return nil, catalog.Unrecognized("no line of the output reads as a docker images table")
	}
	rec.Finish()
	return res, nil
}

// add records the span of the image being read (the next row of res.Images).
func (st *dockerImagesState) add(k string, s, e int, tr catalog.SpanTr) {
	st.rec.Add(dvTImage, [4]int32{int32(len(st.res.Images))}, dvImageIDs[k], s, e, tr)
}

// setSize sets a size ("1.2GB", "~30MB") and its bytes.
func (st *dockerImagesState) setSize(dst *string, b **int64, k, v string, s, e int) bool {
	n, ok := lex.Bytes(strings.TrimPrefix(v, "~"))
	if !ok {
		return false
	}
	*dst = v
	st.add(k, s, e, catalog.TrVerbatim)
	*b = catalog.Intp(n)
	st.add(k+"_bytes", s, e, catalog.TrParseBytes)
	return true
}

// setRef sets repository and tag from the newer table's IMAGE ("app:v1", "<none>:<none>").
func (st *dockerImagesState) setRef(d *DockerImage, ref string, s int) {
	repo, tag := dvSplitRef(ref)
	if repo != "<none>" && repo != "" {
		d.Repository = repo
		st.add("repository", s, s+len(repo), catalog.TrVerbatim)
	}
	if tag != "<none>" && tag != "" {
		d.Tag = tag
		st.add("tag", s+len(repo)+1, s+len(repo)+1+len(tag), catalog.TrVerbatim)
	}
	if repo == "<none>" && (tag == "<none>" || tag == "") {
		d.Dangling = true
		st.add("dangling", s, s+len(ref), catalog.TrMarker)
	}
}

// header reads the lines before the table's heading; it reports whether l was read.
func (st *dockerImagesState) header(l string) bool {
	cs := lex.Columns(l)
	switch {
	case len(cs) > 1 && cs[0].Start == 0 && cs[0].Header == "REPOSITORY":
		st.cols = cs
	case len(cs) > 3 && cs[0].Start == 0 && cs[0].Header == "IMAGE" && cs[1].Header == "ID":
		st.cols, st.newForm = cs, true
	case strings.Contains(l, "Info →") || strings.Contains(l, "In Use"):
		// the legend the newer table prints on a terminal
	default:
		return false
	}
	return true
}

// newRow reads a row of the newer table ("IMAGE  ID  DISK USAGE  CONTENT SIZE  EXTRA");
// held says the line was a long IMAGE kept for the next line, !ok that it was not read.
func (st *dockerImagesState) newRow(l string, start int, d *DockerImage, mark int) (ok, held bool) {
	c := st.c
	f := lex.Fields(nil, l, 0)
	if len(f) == 1 && f[0].Start == 0 && st.pending == "" {
		st.pending, st.pendingS = l[f[0].Start:f[0].End], start
		return true, true
	}
	ref, refS := "", 0
	if st.pending != "" && len(f) >= 3 && f[0].Start > 0 {
		ref, refS = st.pending, st.pendingS
		f = append([]lex.Field{{}}, f...)
	} else if len(f) >= 4 && f[0].Start == 0 {
		ref, refS = l[f[0].Start:f[0].End], start
	} else {
		if st.pending != "" {
			c.Unread(st.pendingS)
		}
		st.pending = ""
		c.Unread(start)
		return false, false
	}
	st.pending = ""
	st.setRef(d, ref, refS)
	d.ImageID = l[f[1].Start:f[1].End]
	st.add("image_id", start+f[1].Start, start+f[1].End, catalog.TrVerbatim)
	good := st.setSize(&d.DiskUsage, &d.DiskUsageBytes, "disk_usage", l[f[2].Start:f[2].End], start+f[2].Start, start+f[2].End)
	if len(f) > 3 {
		good = good && st.setSize(&d.ContentSize, &d.ContentSizeBytes, "content_size", l[f[3].Start:f[3].End], start+f[3].Start, start+f[3].End)
	}
	for _, x := range f[min(4, len(f)):] {
		if l[x.Start:x.End] == "U" {
			d.InUse = true
			st.add("in_use", start+x.Start, start+x.End, catalog.TrMarker)
		}
	}
	if !good {
		st.rec.Truncate(mark)
		c.Unread(start)
		return false, false
	}
	return true, false
}

// classicRow reads a row of the REPOSITORY table by its columns; it reports whether the
// row was read.
func (st *dockerImagesState) classicRow(l string, start int, d *DockerImage, mark int) bool {
	c := st.c
	var okc bool
	st.cells, okc = lex.Cells(l, st.cols, st.cells)
	if !okc {
		c.Unread(start)
		return false
	}
	used := map[string]bool{}
	for k, cell := range st.cells {
		v := l[cell[0]:cell[1]]
		if v == "" {
			continue
		}
		if !st.classicCell(d, st.cols[k].Header, v, start+cell[0], start+cell[1], used) {
			st.rec.Truncate(mark)
			c.Unread(start)
			return false
		}
	}
	if d.Dangling {
		if d.Repository != "" || d.Tag != "" {
			d.Dangling = false
		} else {
			st.add("dangling", start, start+len(l), catalog.TrMarker)
		}
	}
	return true
}

// classicCell sets the field of column header from the cell's value v at [s,e).
func (st *dockerImagesState) classicCell(d *DockerImage, header, v string, s, e int, used map[string]bool) bool {
	switch header {
	case "REPOSITORY", "TAG", "DIGEST":
		key := strings.ToLower(header)
		if v == "<none>" {
			if key == "repository" {
				d.Dangling = true
			}
			return true
		}
		switch key {
		case "repository":
			d.Repository = v
		case "tag":
			d.Tag = v
		default:
			d.Digest = v
		}
		st.add(key, s, e, catalog.TrVerbatim)
	case "IMAGE ID":
		d.ImageID = v
		st.add("image_id", s, e, catalog.TrVerbatim)
	case "CREATED":
		d.Created = v
		st.add("created", s, e, catalog.TrVerbatim)
	case "CREATED AT":
		iso, ok := lex.GoTime(v)
		if !ok {
			return false
		}
		d.CreatedAt = iso
		st.add("created_at", s, e, catalog.TrTimestamp)
	case "SIZE":
		return st.setSize(&d.Size, &d.SizeBytes, "size", v, s, e)
	default:
		key := catalog.SnakeCase(header)
		if dvImageKeys[key] {
			key += "_column"
		}
		key = kit.DvUniqueKey(key, used)
		d.Extra = append(d.Extra, kit.DvField{Key: key, Value: v})
		st.rec.Add(dvTImage, [4]int32{int32(len(st.res.Images))}, st.rec.LocalName(key), s, e, catalog.TrVerbatim)
	}
	return true
}

// gmPrintable reports whether s holds no control character.
func gmPrintable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return false
		}
	}
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser {
	return slices.Concat(dockerPsParsers(), dockerStatsParsers(), dockerImagesParsers())
}
