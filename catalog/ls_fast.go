package catalog

import "encoding/binary"

// rowFast reads the most common long line whole, in one forward pass: the
// mode first (no -i or -s column before it), no device numbers, exactly
// owner, group and size between the links and a time in the default
// twelve-column form ("Nov 29 09:41", "Mar  6  2024"), and no -Q quoting.
// It checks the whole line before it writes anything, then fills e and
// its spans as longTail does, field for field and in the same order; when
// it returns false it has written nothing, and longEntry goes on with
// fastLong and the general scan. FuzzLsFastPath checks that the paths
// agree.
//
// What it saves over fastLong+longTail: the columns' positions are not
// stored and read back, the size is parsed while it is scanned, the
// options are not asked again per column, and a timestamp whose text was
// seen a few rows before is not read or written again (lsTimeCache).
func (p *lsParser) rowFast(e *LsEntry, line string, base int, rec bool) bool {
	n := len(line)
	if n < 12 || line[1] == '?' || p.o.quoted {
		return false
	}
	typ := line[0]
	if typ == 'b' || typ == 'c' || !validMode(line[:10]) {
		return false
	}
	// Columns are separated by spaces only here: a tab or another control
	// byte where a column ends sends the line to the general scan, which
	// splits at tabs too. That leaves one comparison per byte.
	modeEnd := 10
	if c := line[10]; c != ' ' {
		if c != '+' && c != '@' && c != '.' || line[11] != ' ' {
			return false
		}
		modeEnd = 11
	}
	i := modeEnd + 1
	for i < n && line[i] == ' ' {
		i++
	}
	ls := i
	links, i := scanDigits(line, i)
	if i == ls || i-ls > 18 || i >= n || line[i] != ' ' {
		return false
	}
	le := i
	// Owner, and group: the general scan would try the group as a time.
	os, oe := spaceWord(line, i)
	gs, ge := spaceWord(line, oe)
	if os == oe || gs == ge || ge >= n || line[oe] != ' ' || line[ge] != ' ' || timeCandidate(line[gs:ge]) {
		return false
	}
	i = ge
	// Size, parsed while scanned (whether it is all digits is known at
	// its end).
	for i < n && line[i] == ' ' {
		i++
	}
	ss := i
	var size int64
	digits := true
	for i < n && line[i] > ' ' {
		d := line[i] - '0'
		if d > 9 {
			digits = false
		}
		size = size*10 + int64(d)
		i++
	}
	se := i
	if ss == se || i >= n || line[i] != ' ' || timeCandidate(line[ss:se]) {
		return false
	}
	human := p.o.human || !digits || se-ss > 18
	if human && !isHumanSize(line[ss:se]) {
		return false
	}
	var uid, gid int64
	if p.o.numeric {
		var ok1, ok2 bool
		uid, ok1 = atoi(line[os:oe])
		gid, ok2 = atoi(line[gs:ge])
		if !ok1 || !ok2 {
			return false
		}
	}
	// The time, at fixed offsets: "Mmm dd hh:mm" or "Mmm dd  yyyy", then
	// a blank and at least one byte of name. Its ISO form is looked up
	// first among the last ones made (see lsTimeCache).
	for i < n && line[i] == ' ' {
		i++
	}
	s1 := i
	if s1+13 >= n || line[s1] < 'A' || line[s1] > 'Z' || line[s1+12] != ' ' {
		return false
	}
	slot, hit := p.times.lookup(line, s1)
	var st lsStamp
	if !hit {
		var ok bool
		if st, ok = p.readStamp(line, s1); !ok {
			return false
		}
	}
	nameAt := s1 + 13

	// The line is an entry: write it as longTail does.
	mode := line[:modeEnd]
	lp, sp := p.ints.pair(links, size)
	if human {
		e.SizeHuman = line[ss:se]
		if rec {
			p.rec.add(sfSizeHuman, base+ss, base+se, trVerbatim)
		}
	} else {
		e.SizeBytes = sp
		if rec {
			p.rec.add(sfSizeBytes, base+ss, base+se, trParseInt)
		}
	}
	if p.o.numeric {
		e.UID, e.GID = p.ints.pair(uid, gid)
		if rec {
			p.rec.add(sfUID, base+os, base+oe, trParseInt)
			p.rec.add(sfGID, base+gs, base+ge, trParseInt)
		}
	} else {
		e.Owner, e.Group = line[os:oe], line[gs:ge]
		if rec {
			p.rec.add(sfOwner, base+os, base+oe, trVerbatim)
			p.rec.add(sfGroup, base+gs, base+ge, trVerbatim)
		}
	}
	p.name(e, line, base, nameAt, typ, rec) // cannot fail: nameAt < n, no quoting
	p.setMode(e, mode, base, rec, true)
	e.Links = lp
	if rec {
		p.rec.add(sfLinks, base+ls, base+le, trParseInt)
	}
	if hit {
		e.ModifiedAt = slot.iso
		if rec {
			p.rec.add(sfModifiedAt, base+s1, base+s1+12, trTimestamp)
		}
	} else {
		p.emitStamp(e, line, base, s1, rec, st)
		slot.iso = e.ModifiedAt
	}
	return true
}

// spaceWord returns the word after the spaces at line[i:]: up to the
// next byte that is a space or below one (a tab, a control byte), which
// the caller checks is a space.
func spaceWord(line string, i int) (int, int) {
	for i < len(line) && line[i] == ' ' {
		i++
	}
	s := i
	for i < len(line) && line[i] > ' ' {
		i++
	}
	return s, i
}

// lsStamp is a default-style time as readStamp reads it: small enough
// to be passed in registers, where filling an lsTime in memory cost a
// tenth of the time spent on a timestamp.
type lsStamp struct {
	w1                       uint64 // the middle word of the ISO form, "ddThh:mm"
	year                     int    // negative: inferred
	month, day, hour, minute int
}

// readStamp reads the default-style time at line[s1:s1+12] as fixedTime
// and parseTime do. The middle word of its ISO form is made from the
// text's own "dd hh:mm" (a blank day tens made '0', the blank after the
// day made 'T'). The caller checked that line[s1+12] is a blank and a
// name follows.
func (p *lsParser) readStamp(line string, s1 int) (lsStamp, bool) {
	var st lsStamp
	st.month = monthIndex(line[s1 : s1+3])
	x := load64(line, s1+4) // "dd hh:mm" or "dd  yyyy"
	if st.month == 0 || line[s1+3] != ' ' || byte(x>>16) != ' ' {
		return st, false
	}
	if byte(x) == ' ' {
		x |= '0' - ' '
	}
	d1, d2 := byte(x)-'0', byte(x>>8)-'0'
	st.day = int(d1)*10 + int(d2)
	if d1 > 9 || d2 > 9 || st.day < 1 || st.day > 31 {
		return st, false
	}
	if byte(x>>40) == ':' {
		h1, h2, m1, m2 := byte(x>>24)-'0', byte(x>>32)-'0', byte(x>>48)-'0', byte(x>>56)-'0'
		if h1 > 2 || h2 > 9 || m1 > 5 || m2 > 9 {
			return st, false
		}
		st.hour, st.minute = int(h1)*10+int(h2), int(m1)*10+int(m2)
		if st.hour >= 24 {
			return st, false
		}
		st.w1 = x&^(0xff<<16) | 'T'<<16
	} else {
		y, ok := year4(line[s1+8 : s1+12])
		if byte(x>>24) != ' ' || !ok {
			return st, false
		}
		st.year = y // 0 ("0000") is inferred, as fixedTime leaves it
		st.w1 = x&0xffff | 'T'<<16 | '0'<<24 | '0'<<32 | ':'<<40 | '0'<<48 | '0'<<56
	}
	var ok bool
	st.year, ok = p.yearFor(st.year, st.month, st.day, st.hour, st.minute)
	return st, ok
}

// emitStamp sets e.ModifiedAt to the ISO form of st, the time at
// line[s1:s1+12], as emitTime does (whose general form takes what is not
// four-digit years and "+hh:mm" offsets), storing three words straight
// into the arena.
func (p *lsParser) emitStamp(e *LsEntry, line string, base, s1 int, rec bool, st lsStamp) {
	y := st.year
	if y < 0 {
		y = -y
	}
	z := p.zoneOffset(y, st.month, st.day, st.hour, st.minute)
	if y > 9999 || len(z) != 6 {
		p.tm = lsTime{start: s1, end: s1 + 12, nameAt: s1 + 13, year: st.year, month: st.month, day: st.day,
			hour: st.hour, minute: st.minute, sec: -1, frac: [2]int{-1, -1}, offset: [2]int{-1, -1}}
		p.emitTime(e, &p.tm, line, base, rec)
		return
	}
	if st.year < 0 && !p.infers {
		p.infers = true
		p.firstInferred = [2]int{base + s1, base + s1 + 12}
	}
	if !p.assumed {
		p.assumed = true
		p.firstAssumed = [2]int{base + s1, base + s1 + 12}
	}
	mo := st.month * 2
	b := p.ts.take(25)
	binary.LittleEndian.PutUint64(b, p.yearWordOf(y)|uint64(twoDigits[mo])<<40|uint64(twoDigits[mo+1])<<48|'-'<<56)
	binary.LittleEndian.PutUint64(b[8:], st.w1)
	binary.LittleEndian.PutUint64(b[16:], ':'|'0'<<8|'0'<<16|
		uint64(z[0])<<24|uint64(z[1])<<32|uint64(z[2])<<40|uint64(z[3])<<48|uint64(z[4])<<56)
	b[24] = z[5]
	e.ModifiedAt = p.ts.str(b)
	if rec {
		p.rec.add(sfModifiedAt, base+s1, base+s1+12, trTimestamp)
	}
}

// lsTimeCache keeps the ISO forms of the last default-style times rowFast
// read, by their twelve bytes of text, in a small table indexed by a hash
// of them (a later text takes the slot of an earlier one). A text's ISO
// form depends on nothing else within one parse (Now and Location are
// fixed), so a hit replaces reading the time, inferring its year, finding
// its zone offset and writing 25 bytes: files created together (a
// checkout, an unpacked archive, a build's outputs) share their minute,
// and their rows share one string.
type lsTimeCache [16]lsTimeSlot

type lsTimeSlot struct {
	lo  uint64 // the text's first eight bytes
	hi  uint32 // and its last four
	iso string // "" while the slot is empty
}

// lookup returns the slot of line[at:at+12] (the caller checked the
// bounds) and whether it holds that text's ISO form; on a miss the slot
// is taken for the text, its iso left for the caller to set.
func (c *lsTimeCache) lookup(line string, at int) (*lsTimeSlot, bool) {
	lo := load64(line, at)
	hi := uint32(load64(line, at+4) >> 32)
	h := (lo ^ uint64(hi)*0x9E3779B97F4A7C15) * 0xFF51AFD7ED558CCD >> 60
	slot := &c[h]
	if slot.iso != "" && slot.lo == lo && slot.hi == hi {
		return slot, true
	}
	slot.lo, slot.hi, slot.iso = lo, hi, ""
	return slot, false
}
