package ls

import (
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// BenchmarkSpanRead is what reading every span of 1 MB of ls -l costs
// after the parse (SpanSet.Slice: pointers, line numbers); explain_result
// reads a few hundred instead.
func BenchmarkSpanRead(b *testing.B) {
	c := &catalog.Context{Raw: catalogtest.BenchLs(), Args: lsParserDef.ReadArgs([]string{"-la"}), OS: catalog.Linux, Now: time.Now(), Location: time.UTC}
	c.RecordSpans()
	if _, err := ParseLs(c); err != nil {
		b.Fatal(err)
	}
	set := c.SpanSet()
	b.ReportAllocs()
	for b.Loop() {
		if n := len(set.Slice()); n != set.Len() {
			b.Fatal(n)
		}
	}
	b.ReportMetric(float64(set.Len()), "spans/op")
}

// BenchmarkLsFloor is what this machine charges for producing []LsEntry
// from the same 1 MB as BenchmarkGolden/ls-golden, with none of the
// parser's checks: split each line at blanks, fill the fields the parser
// fills for a common long line (type, name, mode, the three permission
// triads, links, owner, group, size, the time text as printed), integers
// from one slab. It is no parser (it accepts anything and formats no
// timestamp); it is the ceiling the row type and the memory system put on
// any parser that returns these rows, so that the parser's MB/s can be
// read against it. On the 2-core VM this project is measured on, the
// floor is memory-bound: the rows alone are 272 bytes each.
func BenchmarkLsFloor(b *testing.B) {
	tc := catalogtest.BenchGolden(b, "ls", catalogtest.ByID(b, Parsers(), "ls"), "linux/ls/long_all", 1, 0)
	raw := tc.Raw
	n := strings.Count(raw, "\n")
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	cpu0 := catalogtest.BenchCPU()
	for b.Loop() {
		entries := make([]LsEntry, 0, n)
		ints := make([]int64, 0, 2*n)
		it := lex.Lines{Raw: raw}
		for {
			line, _, ok := it.Next()
			if !ok {
				break
			}
			if len(line) < 11 || len(entries) == cap(entries) {
				continue
			}
			entries = entries[:len(entries)+1]
			e := &entries[len(entries)-1]
			e.Type = kit.FileType(line[0])
			e.Mode = line[:10]
			e.Permissions.Owner, e.Permissions.Group, e.Permissions.Other = line[1:4], line[4:7], line[7:10]
			i := 10
			for f := 0; f < 7 && i < len(line); f++ {
				for i < len(line) && line[i] == ' ' {
					i++
				}
				s := i
				for i < len(line) && line[i] != ' ' {
					i++
				}
				switch f {
				case 0, 3:
					v, _ := lex.Atoi(line[s:i])
					ints = append(ints, v)
					if f == 0 {
						e.Links = &ints[len(ints)-1]
					} else {
						e.SizeBytes = &ints[len(ints)-1]
					}
				case 1:
					e.Owner = line[s:i]
				case 2:
					e.Group = line[s:i]
				case 6:
					e.ModifiedAt = line[s-9 : i]
				}
			}
			if i < len(line) {
				e.Name = line[i+1:]
			}
		}
		if len(entries) < n/2 {
			b.Fatalf("%d rows of %d lines", len(entries), n)
		}
	}
	if cpu := catalogtest.BenchCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(raw))*float64(b.N)/cpu.Seconds()/1e6, "MB/cpu-s")
	}
}
