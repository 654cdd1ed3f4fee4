package bpe

import (
	"math"
	"reflect"
	"unsafe"
)

// Ranks maps token bytes to their rank (their id). With it the counter
// merges unseen pieces itself instead of asking the encoder, which pays
// for a regular expression match and several allocations per piece.
type Ranks map[string]uint

// VocabularyOf returns the vocabulary inside a tiktoken-go codec, or nil.
//
// The library keeps it in an unexported field. Reading it through the
// public Decode, token by token, costs 200 ms and 8 MiB on first use;
// borrowing it costs nothing. The field's name and type are checked before
// the map is read, so a library that changes them gives nil, and the
// counter falls back to asking the encoder for every unseen piece: slower,
// still exact. TestVocabularyOf fails loudly when that happens.
func VocabularyOf(codec any) Ranks {
	v := reflect.ValueOf(codec)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	f := v.Elem().FieldByName("vocabulary")
	if !f.IsValid() || f.Kind() != reflect.Map || f.Type().Key().Kind() != reflect.String || f.Type().Elem().Kind() != reflect.Uint {
		return nil
	}
	return *(*map[string]uint)(unsafe.Pointer(f.UnsafeAddr()))
}

// maxMergeLen bounds the pieces Count merges itself: merging is quadratic
// in the piece's length, and longer pieces, rare, go to the encoder.
const maxMergeLen = 256

// count returns the number of tokens byte-pair encoding makes of piece:
// starting from single bytes, merge the adjacent pair whose concatenation
// has the lowest rank, the leftmost on ties, until no pair is a token. It
// follows tiktoken-go's mergePairsScan step for step.
func (r Ranks) count(piece string) int {
	if _, ok := r[piece]; ok {
		return 1
	}
	var buf [maxMergeLen + 1]int32
	bounds := buf[:len(piece)+1] // part boundaries
	for i := range bounds {
		bounds[i] = int32(i)
	}
	var rbuf [maxMergeLen]uint
	rank := rbuf[:len(piece)] // rank of merging part i with part i+1
	pairRank := func(i int) uint {
		if i+2 >= len(bounds) {
			return math.MaxUint
		}
		if v, ok := r[piece[bounds[i]:bounds[i+2]]]; ok {
			return v
		}
		return math.MaxUint
	}
	for i := range len(bounds) - 1 {
		rank[i] = pairRank(i)
	}
	for len(bounds) > 2 {
		best, at := uint(math.MaxUint), -1
		for i := 0; i < len(bounds)-2; i++ {
			if rank[i] < best {
				best, at = rank[i], i
			}
		}
		if at < 0 {
			break
		}
		bounds = append(bounds[:at+1], bounds[at+2:]...)
		rank = append(rank[:at+1], rank[at+2:]...)
		rank[at] = pairRank(at)
		if at > 0 {
			rank[at-1] = pairRank(at - 1)
		}
	}
	return len(bounds) - 1
}
