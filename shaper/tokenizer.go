package shaper

import (
	"fmt"
	"strings"
	"sync"

	"github.com/parism-go/parism/shaper/internal/bpe"
	"github.com/tiktoken-go/tokenizer"
)

// A Tokenizer counts the tokens of a text. Implementations are safe for
// concurrent use.
type Tokenizer interface {
	Name() string
	Count(b []byte) int
}

// Tokenizer names.
const (
	TokenizerO200k  = "o200k_base"
	TokenizerCl100k = "cl100k_base"
	TokenizerApprox = "parism/approx"
	TokenizerByte   = "byte"
)

// DefaultTokenizer is the tokenizer a Budget uses when it names none.
const DefaultTokenizer = TokenizerApprox

// TokenizerNames lists the names TokenizerByName accepts.
func TokenizerNames() []string {
	return []string{TokenizerO200k, TokenizerCl100k, TokenizerApprox, TokenizerByte}
}

// TokenizerByName returns the named tokenizer; "" is DefaultTokenizer. An
// unknown name is an *Error with reason invalid_argument.
//
// The exact encodings are loaded on their first Count, not here: loading
// one builds its vocabulary (about 50 ms), which a process that never
// counts exactly should not pay.
func TokenizerByName(name string) (Tokenizer, error) {
	switch name {
	case TokenizerO200k:
		return o200k, nil
	case TokenizerCl100k:
		return cl100k, nil
	case TokenizerApprox, "":
		return approxTokenizer{}, nil
	case TokenizerByte:
		return byteTokenizer{}, nil
	}
	return nil, &Error{Reason: ReasonInvalidArgument, Field: "tokenizer",
		Message: fmt.Sprintf("unknown tokenizer %q; tokenizers: %s", name, strings.Join(TokenizerNames(), ", "))}
}

var (
	o200k  = &exactTokenizer{name: TokenizerO200k, load: loader(tokenizer.O200kBase, bpe.SplitO200k)}
	cl100k = &exactTokenizer{name: TokenizerCl100k, load: loader(tokenizer.Cl100kBase, bpe.SplitCl100k)}
)

// exactTokenizer counts exactly what github.com/tiktoken-go/tokenizer
// counts, ten to twenty times faster once its piece cache is warm (see
// package internal/bpe). The cache is shared by the process and bounded
// (65,536 pieces of at most 32 bytes).
type exactTokenizer struct {
	name string
	load func() (*bpe.Counter, error)
}

func loader(enc tokenizer.Encoding, split bpe.Splitter) func() (*bpe.Counter, error) {
	return sync.OnceValues(func() (*bpe.Counter, error) {
		codec, err := tokenizer.Get(enc)
		if err != nil {
			return nil, err
		}
		return bpe.NewCounter(split, codec, bpe.VocabularyOf(codec)), nil
	})
}

func (t *exactTokenizer) Name() string { return t.name }

// Count returns the exact token count. Special tokens such as
// <|endoftext|> are counted as plain text, as the reference does.
func (t *exactTokenizer) Count(b []byte) int {
	c, err := t.load()
	if err != nil {
		// The encodings are compiled in; this cannot happen short of a
		// broken build. Bytes bound any byte-level BPE count from above.
		return len(b)
	}
	return c.Count(string(b))
}

// byteTokenizer counts bytes: every byte-level BPE token holds at least one
// byte, so this bounds every such tokenizer from above.
type byteTokenizer struct{}

func (byteTokenizer) Name() string       { return TokenizerByte }
func (byteTokenizer) Count(b []byte) int { return len(b) }
