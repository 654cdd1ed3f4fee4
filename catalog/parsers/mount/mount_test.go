package mount

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestTypeFormWithoutOptions: OpenBSD and NetBSD prmount print the
// " (...)" only when an option is shown (mount.c: ")" only "if f"), so a
// BSD line may end after its type; Linux always prints the options.
func TestTypeFormWithoutOptions(t *testing.T) {
	r := catalogtest.Registry(Parsers())
	raw := "/dev/sd0a on / type ffs (local, nodev)\nfdesc on /dev/fd type fdesc\n"
	res := catalogtest.Parse(t, r, "mount", nil, catalog.FreeBSD, raw, 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	got := res.Value.(*MountResult).Mounts
	if len(got) != 2 || got[1].Type != "fdesc" || got[1].MountPoint != "/dev/fd" || len(got[1].Options) != 0 ||
		len(got[0].Options) != 2 || got[0].Options[1] != "nodev" {
		t.Fatalf("got %+v", got)
	}
	res = catalogtest.Parse(t, r, "mount", nil, catalog.Linux, raw, 0)
	if res.Err != nil || len(res.Value.(*MountResult).Mounts) != 1 || len(res.UnreadLines) != 1 {
		t.Fatalf("linux: %v %+v unread %v", res.Err, res.Value, res.UnreadLines)
	}
}
