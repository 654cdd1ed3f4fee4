package catalogtest

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
)

// ByID is the parser of ps with id; the test fails without one.
func ByID(t testing.TB, ps []*catalog.Parser, id string) *catalog.Parser {
	t.Helper()
	for _, p := range ps {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("no parser %q", id)
	return nil
}

var fuzzOSes = []catalog.OS{catalog.Linux, catalog.Darwin, catalog.FreeBSD}

func SeedGolden(f *testing.F, parser string, argSets [][]string) {
	files := Glob(filepath.Join("*", parser, "*.txt"))
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

// FuzzParse runs p's Parse on raw with one of argSets (the subcommand
// token included, as the registry gives them), read by p.ReadArgs as the
// registry reads them, on one of the OSes chosen by sel.
func FuzzParse(t *testing.T, p *catalog.Parser, raw string, argSets [][]string, sel uint8, spans bool) {
	parse := p.Parse
	args := argSets[int(sel)%len(argSets)]
	osv := fuzzOSes[int(sel)/len(argSets)%len(fuzzOSes)]
	orig := strings.Clone(raw)
	mk := func(rec bool) *catalog.Context {
		c := &catalog.Context{Raw: raw, Args: p.ReadArgs(slices.Clone(args)), OS: osv, Location: time.UTC,
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
		if _, ok := errOff.(*catalog.ParseError); !ok {
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
		if err := CheckSpans(raw, vOn, cOn.SpanSet().Slice()); err != nil {
			t.Fatal(err)
		}
	}
}

// Fuzz is a parser's fuzz test: seeded with the goldens of the parsers
// named in dirs, each read with every argument list of args, it checks
// FuzzParse's properties. Seeds of the test's own are added before it.
//
// The parser fuzzed is the one of ps whose ID is dirs[0].
func Fuzz(f *testing.F, dirs []string, ps []*catalog.Parser, args [][]string) {
	p := ByID(f, ps, dirs[0])
	for _, d := range dirs {
		SeedGolden(f, d, args)
	}
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		FuzzParse(t, p, raw, args, sel, spans)
	})
}
