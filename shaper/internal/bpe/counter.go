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

	frozen atomic.Pointer[map[string]int32]

	mu      sync.Mutex
	young   map[string]int32
	entries int // frozen + young
}

// NewCounter returns a Counter for the encoding whose pre-tokenizer split
// implements.
func NewCounter(split Splitter, enc Encoder) *Counter {
	c := &Counter{split: split, enc: enc, young: map[string]int32{}}
	c.frozen.Store(&map[string]int32{})
	return c
}

// Count returns the number of tokens the encoder would produce for s.
func (c *Counter) Count(s string) int {
	if !utf8.ValidString(s) {
		// The reference decodes its input to runes first, which turns each
		// invalid byte into U+FFFD; do the same.
		s = string([]rune(s))
	}
	frozen := *c.frozen.Load()
	total := 0
	for i := 0; i < len(s); {
		e := c.split(s, i)
		piece := s[i:e]
		if n, ok := frozen[piece]; ok {
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
	n, ok := c.young[piece]
	c.mu.Unlock()
	if ok {
		return int(n)
	}
	count, err := c.enc.Count(piece)
	if err != nil {
		// The reference fails only on invalid UTF-8 in strict mode, which
		// we never set. A byte count is still an upper bound.
		return len(piece)
	}
	if len(piece) > maxPieceLen {
		return count
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries >= maxEntries {
		return count
	}
	if _, dup := c.young[piece]; !dup {
		c.young[strings.Clone(piece)] = int32(count)
		c.entries++
	}
	if len(c.young) >= promoteEvery {
		old := *c.frozen.Load()
		next := make(map[string]int32, len(old)+len(c.young))
		for k, v := range old {
			next[k] = v
		}
		for k, v := range c.young {
			next[k] = v
		}
		c.frozen.Store(&next)
		c.young = map[string]int32{}
	}
	return count
}
