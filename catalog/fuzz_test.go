package catalog

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// The fuzz targets call each Parse function directly (not through the
// registry, whose recover would hide a panic) and check that it returns in
// bounded time, leaves its input alone, and keeps the span contract.

var (
	lsFuzzArgs = [][]string{
		{"-l"}, {"-la"}, {"-lh"}, {"-l", "--full-time"}, {"-lis"}, {"-ln"}, {"-lg"}, {"-lgo"},
		{"-lQ"}, {"-1"}, {"-1pQ"}, {"-1i"}, {"-1s"}, {"-lR"}, {"-l", "a", "b"}, {}, {"-lT"},
		{"-lcZ"}, {"-lb"}, {"-1b"}, {"-lu"}, {"-1Z"},
	}
	gitFuzzArgs = [][]string{
		{"status"}, {"status", "-s"}, {"status", "--porcelain", "-b"}, {"status", "--porcelain", "-z"},
		{"status", "--long"}, {"-C", "d", "status", "-sb"}, {"status", "--porcelain=v2", "--branch"},
		{"status", "--porcelain=v2", "-z"},
	}
	psFuzzArgs = [][]string{
		{"aux"}, {"-ef"}, {"-eo", "pid,ppid,user,comm,args"}, {"-el"}, {"-o", "pid=,comm="},
		{"-eo", "pid,lstart,etime,etimes,nice,args"}, {}, {"-eLf"}, {"-o", "pid,wchan,label,args"},
		{"-ax", "-o", "pid", "-o", "user=USER NAME"}, {"-ax", "-h"},
	}
	fuzzOSes = []OS{Linux, Darwin, FreeBSD}
)

func seedGolden(f *testing.F, parser string, argSets [][]string) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*", parser, "*.txt"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for i := range argSets {
			f.Add(string(b), uint8(i), true)
		}
	}
	f.Add("", uint8(0), false)
	f.Add("\n\n \n", uint8(1), true)
	f.Add("\x00", uint8(2), true)
}

func fuzzParse(t *testing.T, parse func(*Context) (any, error), raw string, argSets [][]string, sel uint8, spans bool) {
	args := argSets[int(sel)%len(argSets)]
	osv := fuzzOSes[int(sel)/len(argSets)%len(fuzzOSes)]
	orig := strings.Clone(raw)
	mk := func(rec bool) *Context {
		c := &Context{Raw: raw, Args: slices.Clone(args), OS: osv, Location: time.UTC,
			Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
		if rec {
			c.RecordSpans()
		}
		return c
	}
	start := time.Now()
	cOff := mk(false)
	vOff, errOff := parse(cOff)
	if d := time.Since(start); d > 2*time.Second+time.Duration(len(raw))*time.Microsecond {
		t.Fatalf("parse took %v for %d bytes", d, len(raw))
	}
	if raw != orig {
		t.Fatal("the input changed")
	}
	if (errOff == nil) == (vOff == nil) {
		t.Fatalf("value %v with error %v", vOff, errOff)
	}
	if errOff != nil {
		if _, ok := errOff.(*ParseError); !ok {
			t.Fatalf("error of type %T: %v", errOff, errOff)
		}
	}
	for _, off := range cOff.UnreadOffsets() {
		if off < 0 || off > len(raw) {
			t.Fatalf("unread offset %d outside the input", off)
		}
	}
	if !spans {
		return
	}
	cOn := mk(true)
	vOn, errOn := parse(cOn)
	if !reflect.DeepEqual(errOff, errOn) || !reflect.DeepEqual(vOff, vOn) {
		t.Fatalf("recording spans changed the result")
	}
	if errOn == nil {
		if err := checkSpans(raw, vOn, cOn.spanSet().Slice()); err != nil {
			t.Fatal(err)
		}
	}
}

func FuzzLs(f *testing.F) {
	seedGolden(f, "ls", lsFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseLs, raw, lsFuzzArgs, sel, spans)
	})
}

func FuzzGitStatus(f *testing.F) {
	seedGolden(f, "git-status", gitFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseGitStatus, raw, gitFuzzArgs, sel, spans)
	})
}

func FuzzPs(f *testing.F) {
	seedGolden(f, "ps", psFuzzArgs)
	for _, s := range psEdgeSeeds {
		f.Add(s.raw, uint8(s.args), true)
	}
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parsePs, raw, psFuzzArgs, sel, spans)
	})
}
