// Package bpe counts tiktoken tokens fast and exactly. It splits text with
// hand-written equivalents of the encodings' pre-tokenization expressions,
// caches the token count of each piece, and merges unseen pieces itself
// with the reference encoder's vocabulary (falling back to the encoder).
// Byte-pair encoding never crosses a piece boundary, so the sum is the
// encoder's count; the tests hold every step to the reference.
package bpe
