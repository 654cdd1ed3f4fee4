package lsblk

import (
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestLsblkEscapes(t *testing.T) {
	raw := "NAME FSTYPE LABEL      MOUNTPOINT\n" +
		"sdb  vfat   My\\x20Disk /media/My\\x20Disk\n"
	res := catalogtest.ParseWith(t, testRegistry(), "lsblk", []string{"-o", "NAME,FSTYPE,LABEL,MOUNTPOINT"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	d := res.Value.(*LsblkResult).Devices
	if len(d) != 1 || d[0].Label != "My Disk" || !slices.Equal(d[0].MountPoints, []string{"/media/My Disk"}) {
		t.Fatalf("got %+v", d)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}
