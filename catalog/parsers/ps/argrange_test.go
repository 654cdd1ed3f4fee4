package ps

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestArgumentRange pins which argument lists this package's parsers read
// and which they refuse, with which hint.
func TestArgumentRange(t *testing.T) {
	catalogtest.ArgCases(t, Parsers(), []catalogtest.ArgCase{
		{"ps", []string{"aux"}, catalog.Linux, catalogtest.Accepted},
		{"ps", []string{"-ef"}, catalog.Linux, catalogtest.Accepted},
		{"ps", []string{"-eo", "pid,ppid,user,comm,args"}, catalog.Linux, catalogtest.Accepted},
		{"ps", []string{"-o", "pid=,comm=", "-p", "1"}, catalog.Linux, catalogtest.Accepted},
		{"ps", []string{"axo", "pid,args"}, catalog.Linux, catalogtest.Accepted},
		{"ps", []string{"-p", "1,2", "-o", "pid,lstart,args"}, catalog.Linux, catalogtest.Accepted},
		{"ps", []string{"aux"}, catalog.Darwin, catalogtest.Accepted},
		{"ps", []string{"-eo", "args,pid"}, catalog.Linux, catalogtest.Hint("-o", "pid,args")},
		{"ps", []string{"-o", "pid,comm,args"}, catalog.Darwin, catalogtest.Hint("-o", "pid,args,comm")},
		{"ps", []string{"-o", "pid=PROCESS"}, catalog.Linux, catalogtest.Accepted},
		{"ps", []string{"-o", "pid=,comm"}, catalog.Linux, catalogtest.Accepted},
		{"ps", []string{"-o", "pid,user=USER NAME"}, catalog.Darwin, catalogtest.Accepted},
		{"ps", []string{"-ax", "-h"}, catalog.FreeBSD, catalogtest.Accepted},
		{"ps", []string{"-M"}, catalog.Darwin, catalogtest.Hint("aux")},
		{"ps", []string{"-e", "--headers"}, catalog.Linux, catalogtest.Accepted},
		{"ps", []string{"auxf"}, catalog.Linux, catalogtest.Hint("aux")},
		{"ps", []string{"-ef", "--forest"}, catalog.Linux, catalogtest.Hint("-ef")},
		{"ps", []string{"-eH"}, catalog.Linux, catalogtest.Hint("-e")},
		{"ps", []string{"-O", "rss"}, catalog.Linux, catalogtest.Hint("aux")},
		{"ps", []string{"aux", "--no-headers"}, catalog.Linux, catalogtest.Hint("-ef")},
	})
}
