package shaper

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parism-go/parism/shaper/internal/bpe"
	"github.com/tiktoken-go/tokenizer"
)

func mustTokenizer(t testing.TB, name string) Tokenizer {
	t.Helper()
	tok, err := TokenizerByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestTokenizerByName(t *testing.T) {
	for _, name := range TokenizerNames() {
		if tok := mustTokenizer(t, name); tok.Name() != name {
			t.Errorf("%s: Name() = %s", name, tok.Name())
		}
	}
	if tok := mustTokenizer(t, ""); tok.Name() != DefaultTokenizer {
		t.Errorf("default is %s", tok.Name())
	}
	_, err := TokenizerByName("gpt2")
	if ReasonOf(err) != ReasonInvalidArgument || !strings.Contains(err.Error(), "o200k_base") {
		t.Fatalf("got %v", err)
	}
	if n := mustTokenizer(t, TokenizerByte).Count([]byte("héllo")); n != 6 {
		t.Fatalf("byte count %d", n)
	}
}

// TestExactTokenizers holds the fast exact counts to the library's, on the
// corpus (json and compact) and on text built to reach every branch of the
// pre-tokenizer: mixed scripts, marks, contractions, whitespace runs,
// invalid UTF-8, long pieces. internal/bpe checks the split itself.
func TestExactTokenizers(t *testing.T) {
	var inputs [][]byte
	for _, d := range corpus(11, 40) {
		inputs = append(inputs, d.data, compactJSON(d.data))
	}
	r := rand.New(rand.NewPCG(12, 13))
	pieces := []string{"hello", " World", "don't", "WE'LL", "ſ", "é", "e\u0301", "中文", "한국어", "🇰🇷", "😀", "١٢٣", "½", "Ⅻ",
		"  ", "\n", "\r\n", "\t", " \n ", "\u00a0", "\u3000", "{", "\":\"", "},{", "//", "1234567", "0.5", "-", "'s", "'S", "\xff", "\xe2\x82"}
	for range 500 {
		var b strings.Builder
		for range 1 + r.IntN(60) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		inputs = append(inputs, []byte(b.String()))
	}
	inputs = append(inputs, bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz"), 40), bytes.Repeat([]byte(" "), 300), []byte{})
	for _, enc := range []struct {
		name string
		ref  tokenizer.Encoding
	}{{TokenizerO200k, tokenizer.O200kBase}, {TokenizerCl100k, tokenizer.Cl100kBase}} {
		codec, err := tokenizer.Get(enc.ref)
		if err != nil {
			t.Fatal(err)
		}
		tok := mustTokenizer(t, enc.name)
		for _, in := range inputs {
			want, err := codec.Count(string(in))
			if err != nil {
				t.Fatal(err)
			}
			if got := tok.Count(in); got != want {
				t.Fatalf("%s: Count(%.80q) = %d, library %d", enc.name, in, got, want)
			}
		}
	}
}

// TestApproxBound measures parism/approx against both exact encodings.
// On the corpus (every shape, sizes 1 to 200 rows, five seeds, json and
// compact) it must never count less than either, and at most 1.7 times
// o200k_base. On text unlike Parism's answers it may undercount; the
// margins measured are asserted so that a change shows.
func TestApproxBound(t *testing.T) {
	o, c, a := mustTokenizer(t, TokenizerO200k), mustTokenizer(t, TokenizerCl100k), mustTokenizer(t, TokenizerApprox)
	lo, hi := 10.0, 0.0
	for _, n := range []int{1, 3, 20, 200} {
		for seed := uint64(1); seed <= 5; seed++ {
			for _, d := range corpus(seed, n) {
				for _, data := range [][]byte{d.data, compactJSON(d.data)} {
					ov, cv, av := o.Count(data), c.Count(data), a.Count(data)
					if av < ov || av < cv {
						t.Errorf("%s n=%d seed=%d: approx %d < o200k %d or cl100k %d", d.name, n, seed, av, ov, cv)
					}
					lo = min(lo, float64(av)/float64(max(ov, cv)))
					hi = max(hi, float64(av)/float64(ov))
				}
			}
		}
	}
	t.Logf("corpus: approx / max(o200k, cl100k) >= %.3f; approx / o200k <= %.3f", lo, hi)
	if hi > 1.7 {
		t.Errorf("approx overcounts by %.2fx", hi)
	}

	r := rand.New(rand.NewPCG(1, 1))
	letters := func(alphabet string, n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	runes := func(lo, n, count int) string {
		var b strings.Builder
		for range count {
			b.WriteRune(rune(lo + r.IntN(n)))
		}
		return b.String()
	}
	adversarial := []struct {
		name  string
		gen   func() string
		floor float64 // approx / o200k at least
	}{
		{"random lowercase", func() string { return letters("abcdefghijklmnopqrstuvwxyz", 40) }, 0.85},
		{"base64", func() string { return base64.StdEncoding.EncodeToString([]byte(letters(string(allBytes), 60))) }, 0.85},
		{"hex", func() string { return hexString(r, 64) }, 0.95},
		{"printable ASCII", func() string {
			return letters("!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~", 40)
		}, 0.75},
		{"punctuation", func() string { return letters("!#$%&()*+,-./:;<=>?@[]^_`{|}~", 40) }, 0.45},
		{"random CJK", func() string { return runes(0x4e00, 0x5000, 20) }, 1.0},
		{"random Hangul", func() string { return runes(0xac00, 11172, 20) }, 0.85},
		{"random emoji", func() string { return runes(0x1f300, 0x300, 20) }, 1.0},
	}
	for _, adv := range adversarial {
		vals := make([]string, 100)
		for i := range vals {
			vals[i] = adv.gen()
		}
		data := mustJSON(map[string]any{"values": vals})
		ratio := float64(a.Count(data)) / float64(o.Count(data))
		t.Logf("%-16s approx / o200k = %.2f", adv.name, ratio)
		if ratio < adv.floor {
			t.Errorf("%s: approx / o200k = %.2f, below %.2f", adv.name, ratio, adv.floor)
		}
	}
}

func benchData() []byte {
	var buf bytes.Buffer
	for _, d := range corpus(1, 300) {
		buf.Write(d.data)
	}
	return buf.Bytes()
}

// BenchmarkCount measures the tokenizers on the corpus, the exact ones
// with a warm piece cache (the steady state of a server), next to the
// library they reproduce.
func BenchmarkCount(b *testing.B) {
	data := benchData()
	for _, name := range TokenizerNames() {
		tok, _ := TokenizerByName(name)
		tok.Count(data) // load and warm
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				tok.Count(data)
			}
		})
	}
	codec, _ := tokenizer.Get(tokenizer.O200kBase)
	b.Run("tiktoken-go/o200k_base", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		s := string(data)
		for b.Loop() {
			codec.Count(s)
		}
	})
}

// BenchmarkCountCold counts each corpus document with an empty piece
// cache: the first answer of a process.
func BenchmarkCountCold(b *testing.B) {
	codec, _ := tokenizer.Get(tokenizer.O200kBase)
	ranks := bpe.VocabularyOf(codec)
	for _, d := range corpus(1, 300) {
		b.Run(d.name, func(b *testing.B) {
			b.SetBytes(int64(len(d.data)))
			for b.Loop() {
				bpe.NewCounter(bpe.SplitO200k, codec, ranks).Count(string(d.data))
			}
		})
	}
}

var allBytes = func() []byte {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}()

// TestApproxBoundGolden measures parism/approx on the parsers' golden
// outputs, when the repository around this module has them: each expected
// value as json and compact, and in an envelope with its raw text. It is
// a check on real data for the corpus-tuned charges; the module does not
// depend on the catalog.
func TestApproxBoundGolden(t *testing.T) {
	files, _ := filepath.Glob("../catalog/parsers/*/testdata/*/*/*.json")
	if len(files) == 0 {
		t.Skip("no golden files next to this module")
	}
	o, c, a := mustTokenizer(t, TokenizerO200k), mustTokenizer(t, TokenizerCl100k), mustTokenizer(t, TokenizerApprox)
	lo, hi, n := 10.0, 0.0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var golden struct {
			Expected json.RawMessage `json:"expected"`
		}
		if json.Unmarshal(b, &golden) != nil || len(golden.Expected) == 0 {
			continue
		}
		raw, _ := os.ReadFile(strings.TrimSuffix(f, ".json") + ".txt")
		parsed, err := Decode(golden.Expected)
		if err != nil {
			t.Fatal(err)
		}
		envelope := mustJSON(map[string]any{"ok": true, "stdout": map[string]any{"raw": string(raw), "parsed": parsed}})
		for _, data := range [][]byte{mustJSON(parsed), mustJSON(Compact(parsed)), envelope} {
			ov, cv, av := o.Count(data), c.Count(data), a.Count(data)
			if av < ov || av < cv {
				t.Errorf("%s: approx %d < o200k %d or cl100k %d", f, av, ov, cv)
			}
			lo = min(lo, float64(av)/float64(max(ov, cv)))
			hi = max(hi, float64(av)/float64(ov))
			n++
		}
	}
	t.Logf("%d golden documents: approx / max(o200k, cl100k) >= %.3f; approx / o200k <= %.3f", n, lo, hi)
}
