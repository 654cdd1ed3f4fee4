package catalog

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// FuzzDfRow checks that dfParser.row, which reads a line's middle
// columns before storing any and splits and converts eight bytes at a
// time, reads every line as dfRowRef, the reader it replaced (kept here
// as it was), does: the same result, spans and unread lines, on every
// golden df capture and argument set and on fuzzed input.
func FuzzDfRow(f *testing.F) {
	seedGolden(f, "df", dfFuzzArgs)
	for _, s := range []string{
		"Filesystem 1K-blocks Used Available Use% Mounted on\nfs with space 4096 0 4096 0% /mnt with space\n",
		"Filesystem 1K-blocks Used Available Use% Mounted on\n/dev/x 12345678901234567 123456789 - 1% /\n/dev/y 1 2 3 4 5% /a b \n",
		"Filesystem 512-blocks Used Available Capacity iused ifree %iused Mounted on\n/dev/disk 976490576 20171 9223372036854775807 1% 35G 4.3Ki 0% /\n",
		"Filesystem Size Used Avail Use% Mounted on\n/dev/sda1 1.0Ki 12M 0 99% /\nlong-device-name\n 1G 2G 3G 1% /x\n",
		"Filesystem Type 1M-blocks Used Available Use% Mounted on\ntmpfs tmpfs 1 0 1 0% /run\n",
		"Filesystem 1G-blocks Used Available Use% Mounted on\nx 1 0 1 %  /\nx 1 0 1 +1% /\nx\t1\t0\t1\t0%\t/t\n",
	} {
		for i := range dfFuzzArgs {
			f.Add(s, uint8(i), true)
		}
	}
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		args := dfFuzzArgs[int(sel)%len(dfFuzzArgs)]
		osv := fuzzOSes[int(sel)/len(dfFuzzArgs)%len(fuzzOSes)]
		run := func(row dfRowFunc) (*Context, any, error) {
			c := &Context{Raw: raw, Args: args, OS: osv, Location: time.UTC,
				Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), recording: spans}
			v, err := parseDfWith(c, row)
			return c, v, err
		}
		cNew, vNew, errNew := run((*dfParser).row)
		cRef, vRef, errRef := run(dfRowRef)
		if !reflect.DeepEqual(errNew, errRef) || !reflect.DeepEqual(vNew, vRef) {
			t.Fatalf("row: %+v %v\nreference: %+v %v", vNew, errNew, vRef, errRef)
		}
		if !reflect.DeepEqual(cNew.unread, cRef.unread) || !reflect.DeepEqual(cNew.warnings, cRef.warnings) {
			t.Fatalf("unread %v/%v warnings %v/%v", cNew.unread, cRef.unread, cNew.warnings, cRef.warnings)
		}
		if spans && errNew == nil {
			if a, b := cNew.spanSet().Slice(), cRef.spanSet().Slice(); !reflect.DeepEqual(a, b) {
				t.Fatalf("spans differ:\n%v\n%v", a, b)
			}
		}
	})
}

// FuzzDfAtoi checks dfAtoi, eight digits at a time, against atoi.
func FuzzDfAtoi(f *testing.F) {
	for _, s := range []string{"264212084 x", "0% ", "1234567890123456", "12345678901234567", "99999999", "1a", "", "18446744073709551615"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, line string, cut uint8) {
		e := strings.IndexAny(line, " \t%")
		if e < 0 {
			e = len(line)
		}
		s := int(cut) % (e + 1)
		n, ok := dfAtoi(line, s, e)
		wn, wok := atoi(line[s:e])
		if n != wn || ok != wok {
			t.Fatalf("dfAtoi(%q, %d, %d) = %d %v, atoi %d %v", line, s, e, n, ok, wn, wok)
		}
	})
}

// FuzzDfDigits checks the eight-bytes-at-a-time digit reading of
// psRowFast against a byte at a time.
func FuzzDfDigits(f *testing.F) {
	for _, s := range []string{"12345678", "0.0     ", "1234567 ", "9/      ", ":0000000", "\xff\xff9999999", "00000001", "99999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) < 8 {
			s += strings.Repeat(" ", 8-len(s))
		}
		x := load64(s, 0)
		want := 0
		for want < 8 && s[want] >= '0' && s[want] <= '9' {
			want++
		}
		if got := dfDigitRun(x); got != want {
			t.Fatalf("dfDigitRun(%q) = %d, want %d", s[:8], got, want)
		}
		if want == 0 {
			return
		}
		v, ok := atoi(s[:want])
		if got := dfDigitsValue(x, want); !ok || got != v {
			t.Fatalf("dfDigitsValue(%q, %d) = %d, want %d", s[:8], want, got, v)
		}
	})
}

// dfRowRef is dfParser.row before it read the middle columns apart from
// storing them: the reference FuzzDfRow holds the reader to.
func dfRowRef(p *dfParser, fsys *DfFilesystem, line string, base int, wrapped string, wrappedAt, idx int) bool {
	f := splitFields(p.f[:0], line, 0)
	p.f = f
	k := len(p.mids)
	front := 1
	if wrappedAt >= 0 {
		front = 0
	}
	if p.typed {
		front++
	}
	// The numbers start at the first field from which every middle column
	// reads: tried in place, undone when a column does not read.
	r := p.r
	at := -1
	for i := front; i+k < len(f) && at < 0; i++ {
		m := r.mark()
		at = i
		for j, col := range p.mids {
			w := f[i+j]
			if !dfSetRef(p, fsys, col, line[w.start:w.end], base+w.start, idx) {
				*fsys = DfFilesystem{}
				r.truncate(m)
				at = -1
				break
			}
		}
		if at < 0 && wrappedAt >= 0 {
			return false // the numbers must come first
		}
	}
	if at < 0 {
		return false
	}
	if wrappedAt >= 0 {
		fsys.Filesystem = wrapped
		r.add(p.key, idx, p.ids[dfcFilesystem][0], wrappedAt, wrappedAt+len(wrapped), 0)
	} else {
		last := at - 1
		if p.typed {
			last--
		}
		fsys.Filesystem = line[f[0].start:f[last].end]
		r.add(p.key, idx, p.ids[dfcFilesystem][0], base+f[0].start, base+f[last].end, 0)
	}
	if p.typed {
		t := f[at-1]
		fsys.Type = line[t.start:t.end]
		r.add(p.key, idx, p.ids[dfcType][0], base+t.start, base+t.end, 0)
	}
	m := f[at+k]
	fsys.MountedOn = line[m.start:]
	r.add(p.key, idx, p.ids[dfcMount][0], base+m.start, base+len(line), 0)
	return true
}

func dfSetRef(p *dfParser, fsys *DfFilesystem, col dfCol, v string, at, idx int) bool {
	if v == "-" {
		return true
	}
	r := p.r
	switch col {
	case dfcUsePct, dfcIUsePct:
		if len(v) < 2 || v[len(v)-1] != '%' {
			return false
		}
		n, ok := atoi(v[:len(v)-1])
		if !ok {
			return false
		}
		ptr := p.ints.new(n)
		if col == dfcUsePct {
			fsys.UsePercent = ptr
		} else {
			fsys.InodesUsePercent = ptr
		}
		r.add(p.key, idx, p.ids[col][0], at, at+len(v)-1, p.trInt)
		return true
	case dfcInodes, dfcIUsed, dfcIFree:
		if n, ok := atoi(v); ok {
			ptr := p.ints.new(n)
			switch col {
			case dfcInodes:
				fsys.InodesTotal = ptr
			case dfcIUsed:
				fsys.InodesUsed = ptr
			default:
				fsys.InodesFree = ptr
			}
			r.add(p.key, idx, p.ids[col][0], at, at+len(v), p.trInt)
			return true
		}
		if !fsHumanSize(v) {
			return false
		}
		switch col {
		case dfcInodes:
			fsys.InodesTotalHuman = v
		case dfcIUsed:
			fsys.InodesUsedHuman = v
		default:
			fsys.InodesFreeHuman = v
		}
		r.add(p.key, idx, p.ids[col][1], at, at+len(v), 0)
		return true
	}
	// size, used, available
	if p.unit.human {
		if !fsHumanSize(v) {
			return false
		}
		switch col {
		case dfcSize:
			fsys.SizeHuman = v
		case dfcUsed:
			fsys.UsedHuman = v
		default:
			fsys.AvailableHuman = v
		}
		r.add(p.key, idx, p.ids[col][0], at, at+len(v), 0)
		return true
	}
	n, ok := atoi(v)
	if !ok {
		return false
	}
	tr := p.trInt
	var dst [3]**int64
	switch p.unit.factor {
	case 1024:
		dst = [3]**int64{&fsys.SizeKiB, &fsys.UsedKiB, &fsys.AvailableKiB}
	case 1 << 20:
		dst = [3]**int64{&fsys.SizeMiB, &fsys.UsedMiB, &fsys.AvailableMiB}
	case 1 << 30:
		dst = [3]**int64{&fsys.SizeGiB, &fsys.UsedGiB, &fsys.AvailableGiB}
	default:
		dst = [3]**int64{&fsys.SizeBytes, &fsys.UsedBytes, &fsys.AvailableBytes}
		if f := p.unit.factor; f != 1 {
			if n > (1<<62)/f {
				return false
			}
			n *= f
			tr = p.trMul
		}
	}
	*dst[col-dfcSize] = p.ints.new(n)
	r.add(p.key, idx, p.ids[col][0], at, at+len(v), tr)
	return true
}

// TestDfFastTaken makes sure dfParser.fast is not a dead branch that
// FuzzDfRow compares with itself: it reads the lines of the common shapes
// (device names with spaces too), as the benchmarks' rows, and leaves the
// unusual ones (a tab, a number that is none) to row.
func TestDfFastTaken(t *testing.T) {
	tests := []struct {
		raw  string
		fast []bool // per data line
	}{
		{"Filesystem 1K-blocks Used Available Use% Mounted on\n" +
			"/dev/vda                           264212084 17791032  77710232  19% /\n" +
			"fs with space                           4096        0      4096   0% /tmp/mnt with space\n" +
			"tmpfs                               24683656     3156  24680500   1% /dev/shm\n" +
			"/dev/x\t1 2 3 4% /\n" +
			"/dev/y 1.0K 2 3 4% /\n", []bool{true, true, true, false, false}},
		{"Filesystem      Size  Used Avail Use% Mounted on\n" +
			"/dev/vda        252G   17G   75G  19% /\n" +
			"tmpfs            24G  3.1M   24G   1% /dev/shm\n", []bool{true, true}},
		{"Filesystem        Size    Used   Avail Capacity iused      ifree %iused  Mounted on\n" +
			"/dev/disk3s1s1   460Gi   9.4Gi   215Gi     5%  404167 2257384840    0%   /\n" +
			"devfs           207Ki   207Ki     0Bi   100%     714          0  100%   /dev\n", []bool{true, true}},
		{"Filesystem     Type  1K-blocks     Used Available Use% Mounted on\n" +
			"/dev/vda       ext4  264212084 17791032  77710232  19% /\n", []bool{true}},
	}
	for i, tc := range tests {
		lines := strings.Split(strings.TrimSuffix(tc.raw, "\n"), "\n")
		cols, unit, ok := dfHeader(lines[0])
		if !ok {
			t.Fatalf("case %d: header %q", i, lines[0])
		}
		c := &Context{Raw: tc.raw}
		p := &dfParser{c: c, r: newFsRec(c, 7)}
		p.setColumns(cols, unit)
		for j, line := range lines[1:] {
			var fast, ref DfFilesystem
			got := p.fast(&fast, line, 0, j)
			if got != tc.fast[j] {
				t.Fatalf("case %d line %q: fast %v, want %v", i, line, got, tc.fast[j])
			}
			if got && (!dfRowRef(p, &ref, line, 0, "", -1, j) || !reflect.DeepEqual(fast, ref)) {
				t.Fatalf("case %d line %q: fast %+v, reference %+v", i, line, fast, ref)
			}
		}
	}
}
