package catalog

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// fteParse parses raw through the registry with spans on and checks the
// span contract on the result, for the filesystem, text and env tests.
func fteParse(t *testing.T, cmd string, args []string, os OS, raw string, maxItems int) Result {
	t.Helper()
	in := Input{Cmd: cmd, Args: args, OS: os, Raw: raw, Spans: true, MaxItems: maxItems,
		Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), Location: time.UTC}
	res := Default().Parse(in)
	if res.Err == nil && res.Value != nil && !res.Passthrough {
		if err := checkSpans(raw, res.Value, res.Spans); err != nil {
			t.Fatalf("%s %q: %v", cmd, args, err)
		}
		in.Spans = false
		if off := Default().Parse(in); !jsonEqual(off.Value, res.Value) {
			t.Fatalf("%s %q: the value differs with spans off", cmd, args)
		}
	}
	return res
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFsTextEnvArgumentRange pins which argument lists the filesystem, text
// and environment parsers read, and the hints of those they refuse.
func TestFsTextEnvArgumentRange(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd  string
		args []string
		os   OS
		hint []string // nil: accepted; non-nil: refused with this hint ([] = none)
	}{
		{"find", []string{".", "-name", "*.go", "-type", "f"}, Linux, nil},
		{"find", []string{"-L", "src", "docs", "-maxdepth", "2", "-newermt", "2026-01-01", "-print0"}, Linux, nil},
		{"find", []string{".", "(", "-name", "a", "-o", "-name", "b", ")", "!", "-empty"}, Linux, nil},
		{"find", []string{".", "-size", "-10k", "-mtime", "-5", "-perm", "-u+x"}, Linux, nil},
		{"find", []string{"-s", ".", "-Bmin", "5"}, Darwin, nil},
		{"find", []string{".", "-printf", "%p %s\n"}, Linux, []string{".", "-print"}},
		{"find", []string{".", "-name", "x", "-ls"}, Linux, []string{".", "-name", "x", "-print"}},
		{"find", []string{".", "-print", "-print0"}, Linux, []string{".", "-print0", "-print0"}},
		{"find", []string{".", "-exec", "rm", "{}", ";"}, Linux, []string{}},
		{"find", []string{".", "-bogus"}, Linux, []string{}},

		{"stat", []string{"a", "b"}, Linux, nil},
		{"stat", []string{"-L", "-t", "a"}, Linux, nil},
		{"stat", []string{"-c", "%s %Y %n", "a"}, Linux, nil},
		{"stat", []string{"--format=%y %n", "a"}, Linux, nil},
		{"stat", []string{"-c", "%n %s", "a"}, Linux, []string{"a"}},
		{"stat", []string{"-c", "size=%s", "a"}, Linux, []string{"a"}},
		{"stat", []string{"--printf", "%s\n", "-L", "a"}, Linux, []string{"-L", "a"}},
		{"stat", []string{"-f", "/"}, Linux, []string{}},
		{"stat", []string{"a"}, Darwin, nil},
		{"stat", []string{"-x", "-L", "a"}, Darwin, nil},
		{"stat", []string{"-f", "%z", "a"}, Darwin, []string{"-x", "a"}},
		{"stat", []string{"-L", "-s", "a"}, FreeBSD, []string{"-x", "-L", "a"}},
		{"stat", []string{"-t", "%s", "a"}, Darwin, []string{"-x", "a"}},
		{"stat", []string{"-c", "%s", "a"}, Darwin, []string{}},

		{"du", []string{"-sh", "."}, Linux, nil},
		{"du", []string{"-ac", "--max-depth=2", "--exclude", "*.o"}, Linux, nil},
		{"du", []string{"-B1", "-s"}, Linux, nil},
		{"du", []string{"-d", "1", "-k"}, Darwin, nil},
		{"du", []string{"-sg"}, FreeBSD, nil},
		{"du", []string{"-s", "."}, Darwin, nil},
		{"du", []string{"-B", "4K", "-s"}, Linux, nil},
		{"du", []string{"-BM", "--apparent-size", "-s"}, Linux, nil},
		{"du", []string{"--block-size=1MiB", "-s"}, Linux, nil},
		{"du", []string{"-B", "1024", "-s"}, FreeBSD, nil},
		{"du", []string{"-B", "4K", "-s"}, FreeBSD, []string{"-s", "-k"}},
		{"du", []string{"-B", "'1K", "-s"}, Linux, []string{"-s", "-k"}},
		{"du", []string{"-B", "3X", "-s"}, Linux, []string{"-s", "-k"}},
		{"du", []string{"-sg"}, Linux, []string{"-s", "-k"}},
		{"du", []string{"--time", "-s"}, Linux, nil},
		{"du", []string{"--time=ctime", "--time-style=full-iso", "-s"}, Linux, nil},
		{"du", []string{"--time", "--time-style=iso", "-s"}, Linux, []string{"--time", "-s", "--time-style=full-iso"}},
		{"du", []string{"--time=birth", "-s"}, Linux, []string{"-s", "-k"}},

		{"df", []string{"-hT"}, Linux, nil},
		{"df", []string{"-i", "/"}, Linux, nil},
		{"df", []string{"--total", "-x", "tmpfs"}, Linux, nil},
		{"df", []string{"-h"}, Darwin, nil},
		{"df", []string{"-T"}, FreeBSD, nil},
		{"df", []string{"-T", "apfs"}, Darwin, []string{"apfs"}},
		{"df", []string{"-ih"}, Linux, []string{"-i"}},
		{"df", []string{"--output=source,target"}, Linux, []string{"-T"}},
		{"df", []string{"-BM"}, Linux, nil},
		{"df", []string{"--block-size=1KiB", "-P"}, Linux, nil},
		{"df", []string{"-B", "3X", "/"}, Linux, []string{"-k", "/"}},

		{"tree", []string{"-a", "-L", "2", "src"}, Linux, nil},
		{"tree", []string{"-d", "--noreport", "-I", "node_modules"}, Linux, nil},
		{"tree", []string{"-J"}, Linux, []string{}},
		{"tree", []string{"-p"}, Linux, []string{"-J", "-p"}},
		{"tree", []string{"-aL", "2"}, Linux, nil},
		{"tree", []string{"-La", "2"}, Linux, []string{}},

		{"grep", []string{"-n", "x", "f"}, Linux, nil},
		{"grep", []string{"-rn", "--include=*.go", "-e", "x", "."}, Linux, nil},
		{"grep", []string{"-c", "x", "a", "b"}, Linux, nil},
		{"grep", []string{"-rlZ", "x"}, Linux, nil},
		{"grep", []string{"-n", "-C2", "x", "f"}, Linux, nil},
		{"grep", []string{"-n", "-3", "x", "f"}, Linux, nil},
		{"grep", []string{"-n3", "x", "f"}, Linux, []string{}},
		{"grep", []string{"x", "f", "--color=auto"}, Linux, nil},
		{"grep", []string{"-r", "x", "."}, Linux, []string{"-r", "-n", "x", "."}},
		{"grep", []string{"-r", "-e", "x", "--", "-dir"}, Linux, []string{"-r", "-e", "x", "-n", "--", "-dir"}},
		{"grep", []string{"-C", "2", "x", "f"}, Linux, []string{"-C", "2", "-n", "x", "f"}},
		{"grep", []string{"--color=always", "-n", "x", "f"}, Linux, []string{"-n", "--color=never", "x", "f"}},
		{"grep", []string{"-T", "-n", "x", "f"}, Linux, []string{"-n", "x", "f"}},
		{"grep", []string{"-z", "x", "f"}, Linux, []string{}},

		{"wc", []string{"-l", "a", "b"}, Linux, nil},
		{"wc", []string{"--total=never", "-lwcmL", "a"}, Linux, nil},
		{"wc", []string{"-L", "a"}, Darwin, []string{}},
		{"wc", []string{"--total=sometimes", "a"}, Linux, []string{}},

		{"head", []string{"-n", "5", "a"}, Linux, nil},
		{"head", []string{"-20", "a", "b"}, Linux, nil},
		{"head", []string{"-c", "100", "a"}, Linux, []string{}},
		{"head", []string{"-z", "a", "b"}, Linux, []string{"a", "b"}},
		{"tail", []string{"-n", "+3", "a"}, Linux, nil},
		{"tail", []string{"-r", "a"}, FreeBSD, nil},
		{"tail", []string{"-f", "a"}, Linux, []string{}},
		{"tail", []string{"-r", "a"}, Linux, []string{}},
		{"cat", []string{"-n", "a", "b"}, Linux, nil},
		{"cat", []string{"-A", "a"}, Linux, nil},

		{"env", []string{}, Linux, nil},
		{"env", []string{"-0", "-u", "PAGER", "A=1"}, Linux, nil},
		{"env", []string{"A=1", "ls"}, Linux, []string{"A=1"}},
		{"env", []string{"A=1", "ls", "-l"}, Linux, []string{}},
		{"env", []string{"-S", "ls"}, Linux, []string{}},
		{"pwd", []string{"-P"}, Linux, nil},
		{"pwd", []string{"x"}, Linux, []string{}},
		{"which", []string{"-a", "go", "gofmt"}, Linux, nil},
		{"which", []string{"--read-alias", "go"}, Linux, []string{}},
	}
	for _, tc := range tests {
		res := r.Parse(Input{Cmd: tc.cmd, Args: tc.args, OS: tc.os, Raw: "x\n"})
		name := tc.cmd + " " + strings.Join(tc.args, " ") + " (" + string(tc.os) + ")"
		refused := res.Err != nil && res.Err.Reason == ReasonUnsupportedFormat
		if tc.hint == nil {
			if refused {
				t.Errorf("%s: refused: %s", name, res.Err.Message)
			}
			continue
		}
		if !refused {
			t.Errorf("%s: accepted (err %v)", name, res.Err)
			continue
		}
		got := []string{}
		if res.Err.Hint != nil {
			got = res.Err.Hint.Args
		}
		if !slices.Equal(got, tc.hint) {
			t.Errorf("%s: hint %q, want %q (%s)", name, got, tc.hint, res.Err.Message)
		}
	}
}

func TestFindShapes(t *testing.T) {
	// -print0 keeps every byte, newlines included; a stray empty record is
	// reported, not dropped silently.
	res := fteParse(t, "find", []string{".", "-print0"}, Linux, "./a\x00./new\nline\x00\x00./b c", 0)
	if got := res.Value.(*FindResult).Paths; !slices.Equal(got, []string{"./a", "./new\nline", "./b c"}) {
		t.Fatalf("print0: %q", got)
	}
	if !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("empty record: unread %v", res.UnreadLines)
	}
	// A line outside every starting point continues the path before it.
	res = fteParse(t, "find", []string{"src", "docs/", "-type", "f"}, Linux, "src/a\nb\ndocs/x\ndocs/y\n", 0)
	if got := res.Value.(*FindResult).Paths; !slices.Equal(got, []string{"src/a\nb", "docs/x", "docs/y"}) {
		t.Fatalf("continuation: %q", got)
	}
	if len(res.Warnings) != 1 {
		t.Fatalf("warnings %q", res.Warnings)
	}
	// max_items counts what is left out.
	res = fteParse(t, "find", []string{"."}, Linux, ".\n./a\n./b\n./c\n", 2)
	if got := res.Value.(*FindResult).Paths; len(got) != 2 || res.RowsOmitted != 2 {
		t.Fatalf("max items: %q omitted %d", got, res.RowsOmitted)
	}
	// Empty output is an empty list.
	res = fteParse(t, "find", []string{".", "-name", "x"}, Linux, "", 0)
	if jsonOf(t, res.Value) != `{"paths":[]}` {
		t.Fatalf("empty: %s", jsonOf(t, res.Value))
	}
}

func TestStatForms(t *testing.T) {
	// A symlink whose name and target both hold " -> ": the size (the
	// target's length) says where to split.
	raw := "  File: a -> b -> c -> d\n" +
		"  Size: 6         \tBlocks: 0          IO Block: 4096   symbolic link\n" +
		"Device: 254,0\tInode: 12          Links: 1\n" +
		"Access: (0777/lrwxrwxrwx)  Uid: ( 1000/   alice)   Gid: ( 1000/   alice)\n" +
		"Context: unconfined_u:object_r:user_home_t:s0\n" +
		"Access: 2026-11-29 09:41:07.123456789 +0530\n" +
		"Modify: 2026-11-29 09:41:07.123456789 +0530\n" +
		"Change: 2026-11-29 09:41:07.123456789 +0530\n" +
		" Birth: -\n"
	res := fteParse(t, "stat", []string{"a -> b"}, Linux, raw, 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	e := res.Value.(*StatResult).Entries[0]
	if e.File != "a -> b" || e.SymlinkTarget != "c -> d" || e.BornAt != "" || e.SecurityContext == "" ||
		e.AccessedAt != "2026-11-29T09:41:07.123456789+05:30" {
		t.Fatalf("got %+v", e)
	}
	// An unreadable block is reported and the next one still read.
	bad := strings.Replace(raw, "Inode: 12", "Inode: x", 1)
	res = fteParse(t, "stat", []string{"a", "b"}, Linux, bad+raw, 0)
	if n := len(res.Value.(*StatResult).Entries); n != 1 || !slices.Equal(res.UnreadLines, []int{1}) {
		t.Fatalf("%d entries, unread %v", n, res.UnreadLines)
	}
	// BSD's one line is refused nowhere, but a line that does not follow
	// the documented field order is not guessed at.
	res = fteParse(t, "stat", []string{"f"}, Darwin, `16777233 1 -rw-r--r-- 1 alice staff 0 12 "Nov 29 09:41:07 2026" f`+"\n", 0)
	if res.Err == nil || res.Err.Reason != ReasonUnrecognizedOutput {
		t.Fatalf("short BSD line: %+v", res)
	}
	// GNU terse lines that read both as GNU and as BusyBox are refused.
	res = fteParse(t, "stat", []string{"-t", "x 5"}, Linux, "x 18 8 8000 8000 0 65 9 1 0 0 1 2 3 4 4096\n", 0)
	if res.Err == nil {
		t.Fatalf("ambiguous terse line read as %s", jsonOf(t, res.Value))
	}
}

func TestDuTotalAndNull(t *testing.T) {
	// A directory named total is an entry; only the last line is the total.
	raw := "8\t./total\n4\t./a b\n12\t.\n12\ttotal\n"
	res := fteParse(t, "du", []string{"-c", "."}, Linux, raw, 0)
	d := res.Value.(*DuResult)
	if len(d.Entries) != 3 || d.Entries[0].Path != "./total" || d.Total == nil || *d.Total.SizeBytes != 12*1024 || d.Total.Path != "" {
		t.Fatalf("got %s", jsonOf(t, d))
	}
	// A path holding newlines is kept whole by the line shape: the lines
	// that do not start with a size continue the path before.
	res = fteParse(t, "du", []string{"-a"}, Linux, "4\t./ok\n4\t./new\nline\nthree\n8\t.\n", 0)
	if d := res.Value.(*DuResult); len(d.Entries) != 3 || d.Entries[1].Path != "./new\nline\nthree" ||
		*d.Entries[1].SizeBytes != 4096 || d.Entries[2].Path != "." || len(res.UnreadLines) != 0 || len(res.Warnings) != 1 {
		t.Fatalf("got %s unread %v warnings %v", jsonOf(t, d), res.UnreadLines, res.Warnings)
	}
	// du's own message in the same stream is not the rest of a path.
	res = fteParse(t, "du", []string{"-a"}, Linux, "4\t./ok\ndu: cannot read directory './x': Permission denied\n8\t.\n", 0)
	if d := res.Value.(*DuResult); len(d.Entries) != 2 || d.Entries[0].Path != "./ok" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", jsonOf(t, d), res.UnreadLines)
	}
	// A piece of a line where a capture was cut is not the rest of a path.
	res = fteParse(t, "du", []string{"-a"}, Linux, "4\t./ok\n12", 0)
	if d := res.Value.(*DuResult); len(d.Entries) != 1 || d.Entries[0].Path != "./ok" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", jsonOf(t, d), res.UnreadLines)
	}
	// Text before any entry is not a path.
	res = fteParse(t, "du", []string{"-a"}, Linux, "du: cannot read\n4\t./ok\n", 0)
	if d := res.Value.(*DuResult); len(d.Entries) != 1 || !slices.Equal(res.UnreadLines, []int{1}) {
		t.Fatalf("got %s unread %v", jsonOf(t, d), res.UnreadLines)
	}
	// Without -c, "total" is just a path.
	res = fteParse(t, "du", []string{"-s", "total"}, Linux, "8\ttotal\n", 0)
	if d := res.Value.(*DuResult); d.Total != nil || len(d.Entries) != 1 {
		t.Fatalf("got %s", jsonOf(t, d))
	}
	// -0 keeps newlines in names; max_items applies before the total.
	res = fteParse(t, "du", []string{"-0ac"}, Linux, "4\ta\nb\x004\tc\x008\t.\x008\ttotal\x00", 1)
	d = res.Value.(*DuResult)
	if len(d.Entries) != 1 || d.Entries[0].Path != "a\nb" || d.Total == nil || res.RowsOmitted != 2 {
		t.Fatalf("got %s omitted %d", jsonOf(t, d), res.RowsOmitted)
	}
}

func TestDfShapes(t *testing.T) {
	// CRLF output reads like LF output. A name line no numbers follow is
	// reported; right after a row it may be the rest of that row's mount
	// point (holding a newline), so that row is reported too.
	raw := "Filesystem     1K-blocks  Used Available Use% Mounted on\r\n" +
		"orphan-name-without-numbers\r\n" +
		"/dev/mapper/a-very-long-volume-group-name\r\n" +
		"                  10240  1024      9216  10% /srv/data files\r\n" +
		"tmpfs               100     0       100   0% /run/new\r\n" +
		"line\r\n"
	res := fteParse(t, "df", nil, Linux, raw, 0)
	fs := res.Value.(*DfResult).Filesystems
	if len(fs) != 1 || fs[0].Filesystem != "/dev/mapper/a-very-long-volume-group-name" || fs[0].MountedOn != "/srv/data files" ||
		!slices.Equal(res.UnreadLines, []int{2, 6, 5}) {
		t.Fatalf("got %s unread %v", jsonOf(t, fs), res.UnreadLines)
	}
	// The row dropped with an orphan line leaves nothing behind in the
	// row read after it.
	raw = "Filesystem 1K-blocks Used Available Use% Mounted on\n" +
		"tmpfs 100 0 100 7% /run/new\nline\nproc 0 0 0 - /proc\n"
	res = fteParse(t, "df", nil, Linux, raw, 0)
	if got := jsonOf(t, res.Value); got != `{"filesystems":[{"filesystem":"proc","size_bytes":0,"used_bytes":0,"available_bytes":0,"mounted_on":"/proc"}]}` ||
		!slices.Equal(res.UnreadLines, []int{3, 2}) {
		t.Fatalf("got %s unread %v", got, res.UnreadLines)
	}
	// Other block sizes are multiplied out to bytes, with the transform said.
	res = fteParse(t, "df", []string{"-B", "4K"}, Linux, "Filesystem 4K-blocks Used Available Use% Mounted on\n/dev/x 10 2 8 20% /\n", 0)
	f := res.Value.(*DfResult).Filesystems[0]
	if *f.SizeBytes != 40960 || *f.UsedBytes != 8192 {
		t.Fatalf("got %s", jsonOf(t, f))
	}
	if !slices.ContainsFunc(res.Spans, func(s Span) bool { return s.Transform == "parseInt*4096" }) {
		t.Fatalf("no parseInt*4096 span")
	}
	// GNU -BM appends the unit to each value; --block-size=1M does not.
	for _, args := range [][]string{{"-BM"}, {"--block-size=1M"}} {
		v := "258020"
		if args[0] == "-BM" {
			v += "M"
		}
		res = fteParse(t, "df", args, Linux, "Filesystem     1M-blocks   Used Available Use% Mounted on\n/dev/vda "+v+" 0M 7 27% /\n", 0)
		if res.Err != nil || *res.Value.(*DfResult).Filesystems[0].SizeBytes != 258020<<20 {
			t.Fatalf("%v: got %s", args, jsonOf(t, res))
		}
	}
	// A suffix other than the header's is not read.
	res = fteParse(t, "df", []string{"-BM"}, Linux, "Filesystem 1M-blocks Used Available Use% Mounted on\n/dev/vda 25G 0 7 27% /\n", 0)
	if res.Err == nil {
		t.Fatalf("25G under 1M-blocks read: %s", jsonOf(t, res.Value))
	}
	// -h sizes are powers of 1024, -H (and --si) of 1000, converted with
	// the printed text kept.
	human := "Filesystem      Size  Used Avail Use% Mounted on\n/dev/vda        252G   25G   67G  27% /\n"
	for _, tc := range []struct {
		args []string
		want int64
	}{{[]string{"-h"}, 252 << 30}, {[]string{"-H"}, 252e9}, {[]string{"--si"}, 252e9}, {[]string{"-H", "-h"}, 252 << 30}} {
		res = fteParse(t, "df", tc.args, Linux, human, 0)
		f := res.Value.(*DfResult).Filesystems[0]
		if *f.SizeBytes != tc.want || f.SizeHuman != "252G" || len(res.Warnings) != 1 {
			t.Fatalf("%v: got %s %v", tc.args, jsonOf(t, f), res.Warnings)
		}
	}
	// Not a df header at all.
	res = fteParse(t, "df", nil, Linux, "hello world\n", 0)
	if res.Err == nil || res.Err.Reason != ReasonUnrecognizedOutput {
		t.Fatalf("got %+v", res)
	}
}

func TestTreeShapes(t *testing.T) {
	raw := ".\n" +
		"├── a\n" +
		"│\u00a0\u00a0 ├── b\n" +
		"│\u00a0\u00a0 │\u00a0\u00a0 └── c.txt\n" +
		"│\u00a0\u00a0 └── locked  [error opening dir]\n" +
		"└── d -> a\n" +
		"\n" +
		"3 directories, 1 file\n"
	res := fteParse(t, "tree", nil, Linux, raw, 0)
	want := `{"root":".","tree":[{"name":"a","children":[{"name":"b","children":[{"name":"c.txt"}]},` +
		`{"name":"locked","error":"error opening dir"}]},{"name":"d","symlink_target":"a"}],"total_dirs":3,"total_files":1}`
	if got := jsonOf(t, res.Value); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// A line deeper than its parent allows is reported.
	res = fteParse(t, "tree", nil, Linux, ".\n│\u00a0\u00a0 │\u00a0\u00a0 └── x\n", 0)
	if !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("unread %v", res.UnreadLines)
	}
	// -J output passes through as JSON.
	res = Default().Parse(Input{Cmd: "tree", Args: []string{"-J"}, Raw: `[{"type":"directory","name":".","contents":[]}]`, OS: Linux})
	if !res.Passthrough {
		t.Fatalf("tree -J did not pass through: %+v", res.Err)
	}
}

// TestFsTextEnvExamples checks that every example a parser shows in
// describe is one it reads, on each OS it is for.
func TestFsTextEnvExamples(t *testing.T) {
	ids := []string{"find", "stat", "stat-bsd", "du", "df", "tree", "grep", "wc", "head", "tail", "cat", "env", "pwd", "which"}
	for _, id := range ids {
		p := findParser(t, id)
		oses := p.OS
		if len(oses) == 0 {
			oses = []OS{Linux, Darwin, FreeBSD}
		}
		if len(p.Examples) == 0 {
			t.Errorf("%s has no examples", id)
		}
		for _, os := range oses {
			for _, ex := range p.Examples {
				if perr := p.checkArgs(ex, os); perr != nil {
					t.Errorf("%s (%s): example %q refused: %s", id, os, ex, perr.Message)
				}
			}
		}
	}
}

func TestStatNamesWithNewlines(t *testing.T) {
	// BSD's line ends with the name: the line before a broken one is not
	// whole either. GNU -t starts with it: the line after is not.
	line := `16777233 1 -rw-r--r-- 1 alice staff 0 12 "Nov 29 09:41:07 2026" "Nov 29 09:41:07 2026" "Nov 29 09:41:07 2026" "Nov 29 09:41:07 2026" 4096 8 0 `
	res := fteParse(t, "stat", []string{"ok", "new\nline"}, Darwin, line+"ok\n"+line+"new\nline\n", 0)
	if e := res.Value.(*StatResult).Entries; len(e) != 1 || e[0].File != "ok" || !slices.Equal(res.UnreadLines, []int{2, 3}) {
		t.Fatalf("got %s unread %v", jsonOf(t, e), res.UnreadLines)
	}
	terse := " 18 8 81a4 0 0 fe00 9 1 0 0 1 2 3 4 4096\n"
	res = fteParse(t, "stat", []string{"-t", "new\nline", "ok"}, Linux, "new\nline"+terse+"ok"+terse, 0)
	if e := res.Value.(*StatResult).Entries; len(e) != 1 || e[0].File != "ok" || !slices.Equal(res.UnreadLines, []int{1, 2}) {
		t.Fatalf("got %s unread %v", jsonOf(t, e), res.UnreadLines)
	}
}

// TestLsNamesWithNewlines: a long listing's line that does not start like
// an entry is the rest of the name (or link target) before it, as ls
// prints names as they are; the line count stays accounted for.
func TestLsNamesWithNewlines(t *testing.T) {
	raw := "total 0\n" +
		"-rw-r--r-- 1 a b 0 Mar  6 09:23 new\nline\n" +
		"lrwxrwxrwx 1 a b 6 Mar  6 09:23 l -> tgt\nab\n" +
		"lrwxrwxrwx 1 a b 1 Mar  6 09:23 two\nlines -> c\n" +
		"lrwxrwxrwx 1 a b 6 Mar  6 09:23 a -> b -> x -> y\n" +
		"-rw-r--r-- 1 a b 0 Mar  6 09:23 plain\n"
	res := fteParse(t, "ls", []string{"-l"}, Linux, raw, 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	es := res.Value.(*LsResult).Entries
	type nt struct{ name, target string }
	var got []nt
	for _, e := range es {
		got = append(got, nt{e.Name, e.SymlinkTarget})
	}
	want := []nt{{"new\nline", ""}, {"l", "tgt\nab"}, {"two\nlines", "c"}, {"a -> b", "x -> y"}, {"plain", ""}}
	if !slices.Equal(got, want) || len(res.UnreadLines) != 0 || res.JoinedLines != 3 {
		t.Fatalf("got %q unread %v joined %d", got, res.UnreadLines, res.JoinedLines)
	}
	// ls's own message in the same stream is not the rest of a name.
	res = fteParse(t, "ls", []string{"-l"}, Linux, "-rw-r--r-- 1 a b 0 Mar  6 09:23 x\nls: cannot open directory 'd': Permission denied\n", 0)
	if es := res.Value.(*LsResult).Entries; len(es) != 1 || es[0].Name != "x" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", jsonOf(t, es), res.UnreadLines)
	}
	// A line with a mode of a type the parser does not take is an entry
	// it cannot read, not the rest of the name before.
	res = fteParse(t, "ls", []string{"-l"}, Linux, "-rw-r--r-- 1 a b 0 Mar  6 09:23 x\nerw-r--r-- 1 a b 0 Mar  6 09:23 y\n", 0)
	if es := res.Value.(*LsResult).Entries; len(es) != 1 || es[0].Name != "x" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", jsonOf(t, es), res.UnreadLines)
	}
	// A piece of a line where a capture was cut is not the rest of a name.
	res = fteParse(t, "ls", []string{"-l"}, Linux, "-rw-r--r-- 1 a b 0 Mar  6 09:23 x\n-rw", 0)
	if es := res.Value.(*LsResult).Entries; len(es) != 1 || es[0].Name != "x" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", jsonOf(t, es), res.UnreadLines)
	}
	// A line shaped like an entry that does not read is unread alone.
	res = fteParse(t, "ls", []string{"-l"}, Linux, "-rw-r--r-- 1 a b 0 Mar  6 09:23 x\n-rw-r--r-- 1 a b ? Mar  6 09:23 y\n", 0)
	if es := res.Value.(*LsResult).Entries; len(es) != 1 || es[0].Name != "x" || !slices.Equal(res.UnreadLines, []int{2}) {
		t.Fatalf("got %s unread %v", jsonOf(t, es), res.UnreadLines)
	}
}
