package bpe

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dlclark/regexp2/v2"
	"github.com/tiktoken-go/tokenizer/codec"
)

// The encodings' patterns, copied from tiktoken-go v0.10.0 (codec/o200k_base.go
// and codec/cl100k_base.go). regexp2 runs the generated matcher the library
// registers for these exact strings.
const (
	o200kPattern  = `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`
	cl100kPattern = `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`
)

var encodings = []struct {
	name    string
	split   Splitter
	pattern string
	codec   func() *codec.Codec
}{
	{"o200k_base", SplitO200k, o200kPattern, codec.NewO200kBase},
	{"cl100k_base", SplitCl100k, cl100kPattern, codec.NewCl100kBase},
}

func regexpPieces(t testing.TB, re *regexp2.Regexp, s string) []string {
	var out []string
	m, err := re.FindStringMatch(s)
	for ; m != nil && err == nil; m, err = re.FindNextMatch(m) {
		out = append(out, m.String())
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func splitPieces(split Splitter, s string) []string {
	var out []string
	for i := 0; i < len(s); {
		e := split(s, i)
		out = append(out, s[i:e])
		i = e
	}
	return out
}

// alphabet holds runes from every class the patterns distinguish, and the
// boundaries between them: ASCII letters of both cases, digits, spaces and
// newlines, punctuation and slash, apostrophes with contraction letters
// (and ſ, which folds to s), Latin-1 and other letters (Lu, Ll, Lt, Lm, Lo),
// combining and spacing marks, non-ASCII numbers (Nd, Nl, No), Unicode
// spaces, symbols and emoji.
var alphabet = []string{
	"a", "z", "e", "s", "t", "l", "d", "m", "r", "v", "A", "S", "T", "L", "D", "R", "E",
	"0", "7", "9", " ", " ", "  ", "\t", "\n", "\r", "\r\n", "\v", "\f",
	"'", "'", "\"", "{", "}", "[", "]", ":", ",", ".", "/", "-", "_", "\\", "!", "@", "#", "$", "%",
	"ſ", "é", "É", "ß", "ǅ", "ʰ", "ª", "中", "文", "ア", "한", "글", "Ж", "ж", "Ω", "ω",
	"\u0301", "\u0903", "\u20dd", "\u0663", "Ⅷ", "½", "²", "\u00a0", "\u2003", "\u3000", "\u0085", "\u2028",
	"€", "→", "😀", "🇰🇷", "\u200b", "\ufeff", "\u00ad",
}

var words = []string{
	`"name"`, `"size_bytes":`, `4096`, `"permissions":{"owner":"rwx"}`, "don't", "WE'LL",
	"it's", "I'M", "they've", "you'RE", "hello", "World", "HTTPServer", "camelCase",
	"/usr/local/bin", "2026-03-06T09:23:00", "4a90aa7d14e61028", "    ", "\n\n  ", "1234567",
	"README.md", "한국어 문서", "naïve café", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "x\u0301y", "ǅemal", "ʰello",
}

func randomText(r *rand.Rand, n int) string {
	var b strings.Builder
	for b.Len() < n {
		if r.IntN(4) == 0 {
			b.WriteString(words[r.IntN(len(words))])
		} else {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
	}
	return b.String()
}

func TestSplitMatchesRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, enc := range encodings {
		re := regexp2.MustCompile(enc.pattern, regexp2.None)
		t.Run(enc.name, func(t *testing.T) {
			inputs := append([]string{"", " ", "'s", "'S", "'ſ", "a'll", "x'LL", "\u0301", "\u03011"}, words...)
			for range 20000 {
				inputs = append(inputs, randomText(r, 1+r.IntN(40)))
			}
			for _, s := range inputs {
				want := regexpPieces(t, re, s)
				got := splitPieces(enc.split, s)
				if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
					t.Fatalf("split %q:\n got %q\nwant %q", s, got, want)
				}
			}
		})
	}
}
