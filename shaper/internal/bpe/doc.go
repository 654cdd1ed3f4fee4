// Package bpe counts tiktoken tokens fast and exactly. It splits text with
// hand-written equivalents of the encodings' pre-tokenization expressions and
// caches the token count of each piece, asking the reference encoder only
// for pieces it has not seen; byte-pair encoding never crosses a piece
// boundary, so the sum is the encoder's count.
package bpe
