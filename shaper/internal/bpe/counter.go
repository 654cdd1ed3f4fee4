package bpe

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// Encoder is the reference: it counts the tokens of a string exactly.
type Encoder interface {
	Count(string) (int, error)
}

// Cache bounds. JSON repeats a small set of pieces (keys, punctuation,
// common words, digit groups), so a modest cache holds nearly all of them;
// long pieces are rare and mostly unique.
const (
	maxPieceLen  = 32
	maxEntries   = 1 << 16
	promoteEvery = 1 << 10
)

// Counter counts tokens with a splitter and a piece cache in front of an
// Encoder. It is safe for concurrent use. Readers look pieces up in an
// immutable map without locking; new pieces collect in a small locked map
// that is merged into a fresh immutable map every promoteEvery entries.
type Counter struct {
	split Splitter
	enc   Encoder
	ranks Ranks // nil: ask enc for every unseen piece

	frozen atomic.Pointer[table]

	mu      sync.Mutex
	young   table
	entries int // frozen + young
}

// table maps pieces to token counts. Pieces of up to seven bytes, nearly
// all of them in JSON, are packed into an integer key, which hashes and
// compares faster than a string.
type table struct {
	short map[uint64]int32
	long  map[string]int32
}

func newTable(short, long int) table {
	return table{short: make(map[uint64]int32, short), long: make(map[string]int32, long)}
}

// pack returns the integer key of a piece of at most seven bytes.
func pack(p string) (uint64, bool) {
	if len(p) > 7 {
		return 0, false
	}
	k := uint64(len(p)) << 56
	for i := 0; i < len(p); i++ {
		k |= uint64(p[i]) << (8 * i)
	}
	return k, true
}

func (t *table) get(p string) (int32, bool) {
	if k, ok := pack(p); ok {
		n, found := t.short[k]
		return n, found
	}
	n, found := t.long[p]
	return n, found
}

func (t *table) put(p string, n int32) {
	if k, ok := pack(p); ok {
		t.short[k] = n
		return
	}
	t.long[strings.Clone(p)] = n
}

func (t *table) len() int { return len(t.short) + len(t.long) }

// NewCounter returns a Counter for the encoding whose pre-tokenizer split
// implements, with enc's vocabulary when ranks is not nil.
func NewCounter(split Splitter, enc Encoder, ranks Ranks) *Counter {
	c := &Counter{split: split, enc: enc, ranks: ranks, young: newTable(0, 0)}
	empty := newTable(0, 0)
	c.frozen.Store(&empty)
	return c
}

// Count returns the number of tokens the encoder would produce for s.
func (c *Counter) Count(s string) int {
	if !utf8.ValidString(s) {
		// The reference decodes its input to runes first, which turns each
		// invalid byte into U+FFFD; do the same.
		s = string([]rune(s))
	}
	frozen := c.frozen.Load()
	total := 0
	for i := 0; i < len(s); {
		e := c.split(s, i)
		piece := s[i:e]
		if n, ok := frozen.get(piece); ok {
			total += int(n)
		} else {
			total += c.miss(piece)
		}
		i = e
	}
	return total
}

func (c *Counter) miss(piece string) int {
	c.mu.Lock()
	n, ok := c.young.get(piece)
	c.mu.Unlock()
	if ok {
		return int(n)
	}
	var count int
	if c.ranks != nil && len(piece) <= maxMergeLen {
		count = c.ranks.count(piece)
	} else {
		var err error
		if count, err = c.enc.Count(piece); err != nil {
			// The reference fails only on invalid UTF-8 in strict mode,
			// which we never set. A byte count is still an upper bound.
			return len(piece)
		}
	}
	if len(piece) > maxPieceLen {
		return count
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries >= maxEntries {
		return count
	}
	if _, dup := c.young.get(piece); !dup {
		c.young.put(piece, int32(count))
		c.entries++
	}
	if c.young.len() >= promoteEvery {
		old := c.frozen.Load()
		next := newTable(len(old.short)+len(c.young.short), len(old.long)+len(c.young.long))
		for _, t := range []*table{old, &c.young} {
			for k, v := range t.short {
				next.short[k] = v
			}
			for k, v := range t.long {
				next.long[k] = v
			}
		}
		c.frozen.Store(&next)
		c.young = newTable(0, 0)
	}
	return count
}
