package builtin_test

import (
	"fmt"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/builtin"
	"github.com/parism-go/parism/catalog/parsers/ls"
)

func Example() {
	out := "total 8\n" +
		"-rw-r--r--  1 alice staff 1234 Mar  6 09:23 notes with spaces.txt\n" +
		"lrwxrwxrwx  1 alice staff    9 Nov 28  2024 latest -> notes.txt\n"
	res := builtin.Default().Parse(catalog.Input{
		Cmd:      "ls",
		Args:     []string{"-l"},
		Raw:      out,
		OS:       catalog.Linux,
		Now:      time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC),
		Location: time.UTC,
	})
	if res.Err != nil {
		fmt.Println(res.Err)
		return
	}
	ls := res.Value.(*ls.LsResult)
	for _, e := range ls.Entries {
		fmt.Printf("%s %q %d %s\n", e.Type, e.Name, *e.SizeBytes, e.ModifiedAt)
	}
	fmt.Println(ls.Entries[1].SymlinkTarget, ls.YearInferred, ls.TimeZone)
	// Output:
	// file "notes with spaces.txt" 1234 2026-03-06T09:23:00+00:00
	// symlink "latest" 9 2024-11-28T00:00:00+00:00
	// notes.txt true UTC
}
