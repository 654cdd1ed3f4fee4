package df

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

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
	res := catalogtest.Parse(t, testRegistry(), "df", nil, catalog.Linux, raw, 0)
	fs := res.Value.(*DfResult).Filesystems
	if len(fs) != 1 || fs[0].Filesystem != "/dev/mapper/a-very-long-volume-group-name" || fs[0].MountedOn != "/srv/data files" ||
		!slices.Equal(res.UnreadLines, []int{2, 6, 5}) {
		t.Fatalf("got %s unread %v", catalogtest.JsonOf(t, fs), res.UnreadLines)
	}
	// The row dropped with an orphan line leaves nothing behind in the
	// row read after it.
	raw = "Filesystem 1K-blocks Used Available Use% Mounted on\n" +
		"tmpfs 100 0 100 7% /run/new\nline\nproc 0 0 0 - /proc\n"
	res = catalogtest.Parse(t, testRegistry(), "df", nil, catalog.Linux, raw, 0)
	if got := catalogtest.JsonOf(t, res.Value); got != `{"filesystems":[{"filesystem":"proc","size_bytes":0,"used_bytes":0,"available_bytes":0,"mounted_on":"/proc"}]}` ||
		!slices.Equal(res.UnreadLines, []int{3, 2}) {
		t.Fatalf("got %s unread %v", got, res.UnreadLines)
	}
	// Other block sizes are multiplied out to bytes, with the transform said.
	res = catalogtest.Parse(t, testRegistry(), "df", []string{"-B", "4K"}, catalog.Linux, "Filesystem 4K-blocks Used Available Use% Mounted on\n/dev/x 10 2 8 20% /\n", 0)
	f := res.Value.(*DfResult).Filesystems[0]
	if *f.SizeBytes != 40960 || *f.UsedBytes != 8192 {
		t.Fatalf("got %s", catalogtest.JsonOf(t, f))
	}
	if !slices.ContainsFunc(res.Spans, func(s catalog.Span) bool { return s.Transform == "parseInt*4096" }) {
		t.Fatalf("no parseInt*4096 span")
	}
	// GNU -BM appends the unit to each value; --block-size=1M does not.
	for _, args := range [][]string{{"-BM"}, {"--block-size=1M"}} {
		v := "258020"
		if args[0] == "-BM" {
			v += "M"
		}
		res = catalogtest.Parse(t, testRegistry(), "df", args, catalog.Linux, "Filesystem     1M-blocks   Used Available Use% Mounted on\n/dev/vda "+v+" 0M 7 27% /\n", 0)
		if res.Err != nil || *res.Value.(*DfResult).Filesystems[0].SizeBytes != 258020<<20 {
			t.Fatalf("%v: got %s", args, catalogtest.JsonOf(t, res))
		}
	}
	// A suffix other than the header's is not read.
	res = catalogtest.Parse(t, testRegistry(), "df", []string{"-BM"}, catalog.Linux, "Filesystem 1M-blocks Used Available Use% Mounted on\n/dev/vda 25G 0 7 27% /\n", 0)
	if res.Err == nil {
		t.Fatalf("25G under 1M-blocks read: %s", catalogtest.JsonOf(t, res.Value))
	}
	// -h sizes are powers of 1024, -H (and --si) of 1000, converted with
	// the printed text kept.
	human := "Filesystem      Size  Used Avail Use% Mounted on\n/dev/vda        252G   25G   67G  27% /\n"
	for _, tc := range []struct {
		args []string
		want int64
	}{{[]string{"-h"}, 252 << 30}, {[]string{"-H"}, 252e9}, {[]string{"--si"}, 252e9}, {[]string{"-H", "-h"}, 252 << 30}} {
		res = catalogtest.Parse(t, testRegistry(), "df", tc.args, catalog.Linux, human, 0)
		f := res.Value.(*DfResult).Filesystems[0]
		if *f.SizeBytes != tc.want || f.SizeHuman != "252G" || len(res.Warnings) != 1 {
			t.Fatalf("%v: got %s %v", tc.args, catalogtest.JsonOf(t, f), res.Warnings)
		}
	}
	// Not a df header at all.
	res = catalogtest.Parse(t, testRegistry(), "df", nil, catalog.Linux, "hello world\n", 0)
	if res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
		t.Fatalf("got %+v", res)
	}
}
