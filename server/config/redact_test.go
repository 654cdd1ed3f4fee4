package config

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// lsOutput is about n bytes of `ls -la` output with no secret in it: what
// masking costs on the common output.
func lsOutput(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "-rw-r--r--  1 user staff %8d Nov 30 12:%02d file-%05d_report.txt\n", i*37%100000, i%60, i)
	}
	return b.String()
}

// BenchmarkRedact100K masks 100 KB of ls output with the default patterns.
func BenchmarkRedact100K(b *testing.B) {
	res, err := CompileOutputPatterns(DefaultOutputPatterns())
	if err != nil {
		b.Fatal(err)
	}
	s := lsOutput(100 << 10)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if Redact(s, res) != s {
			b.Fatal("ls output changed")
		}
	}
}

// redactEveryPattern is Redact without prefilters: every pattern runs.
func redactEveryPattern(s string, res []*regexp.Regexp) string {
	for _, re := range res {
		g := re.SubexpIndex("secret")
		var b strings.Builder
		last := 0
		for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
			start, end := m[0], m[1]
			if g >= 0 && m[2*g] >= 0 {
				start, end = m[2*g], m[2*g+1]
			}
			b.WriteString(s[last:start])
			b.WriteString(RedactionMask)
			last = end
		}
		b.WriteString(s[last:])
		s = b.String()
	}
	return s
}

// TestRedactPrefilterSameResult compares Redact with every pattern run
// on texts made of secret-shaped pieces, their case flipped, non-ASCII
// letters that fold to ASCII ones (the Kelvin sign, the long s), and
// noise: a prefilter that skipped a pattern which matches fails it.
func TestRedactPrefilterSameResult(t *testing.T) {
	patterns := append(DefaultOutputPatterns(),
		// Patterns a user might add: folded, optional, empty-matching.
		`(?i)internal-[a-z]{4}`, `(?:ab|cd)?ef`, `(?i)ſecret\d+`, `[Kk]ey-\d{3}`, `(?:[0-9]+|qqq)zz`,
		// Classes and alternations a prefilter expands into literals.
		`(?i)zq[ab]_\d`, `m[0-2]n`, `(?:p|q)[rs]t`, `v[a-z]w`, `(?i)(?:on|off)[xy]`,
		`x*`) // last: it masks every gap between characters
	res, err := CompileOutputPatterns(patterns)
	if err != nil {
		t.Fatal(err)
	}
	pieces := []string{
		"sk-proj-abcdefghijklmnopqrstuvwxyz012345", "ghp_" + strings.Repeat("a1B2", 9), "github_pat_11ABCDEFG0123456789_abcdefghij",
		"glpat-abcdefghij0123456789", "AKIAIOSFODNN7EXAMPLE", "ASIAIOSFODNN7EXAMPLE", "xoxb-123456789012-abcdef",
		"Authorization: Bearer abc.DEF-123_xyz==", "BEARER tok123456", "-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----",
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk", "sk_live_" + strings.Repeat("a", 24),
		"rk_test_" + strings.Repeat("b", 20), "hf_" + strings.Repeat("Q", 34), "npm_" + strings.Repeat("n", 36), "AIza" + strings.Repeat("g", 35),
		"postgres://app:hunter2@db:5432/app", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		"//registry.npmjs.org/:_authToken=abcdef0123456789abcdef", `"client_secret": "0123456789abcdefABCDEF"`, "token: 0123456789abcdefABCDEF",
		"PassWord=0123456789abcdefABCDEF", "API_KEY: 0123456789abcdefABCDEF", "INTERNAL-abcd", "key-123", "Key-456", "ſecret42", "cdef", "xxxx", "123zz", "qqqzz",
		"to\u212aen: 0123456789abcdefABCDEF", "\u017fecret=0123456789abcdefABCDEF", "bearer\u212a", "tok\u212aen", "passwd:\u212a0123456789abcdefABCD",
		"-rw-r--r--  1 user staff 1234 Nov 30 12:00 file.txt", "héllo wörld", "日本語", "\x00\xff\xfe", " ", "\n", "=", ":", "\"", "_", "-", "sk", "gh",
		"ZQA_1", "zqb_2", "zQc_3", "m1n", "m3n", "qst", "prt", "pxt", "vqw", "ONX", "offy", "OfFz",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	flip := func(s string) string {
		b := []byte(s)
		for i, c := range b {
			if rng.IntN(4) == 0 && c < utf8.RuneSelf && unicode.IsLetter(rune(c)) {
				b[i] = c ^ 0x20
			}
		}
		return string(b)
	}
	texts := []string{"", lsOutput(2000)}
	for range 3000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(3) == 0 {
				p = flip(p)
			}
			if rng.IntN(5) == 0 && len(p) > 2 { // cut a piece short
				p = p[:rng.IntN(len(p))]
			}
			b.WriteString(p)
			b.WriteString([]string{"", " ", "\n", "x", "é"}[rng.IntN(5)])
		}
		texts = append(texts, b.String())
	}
	matched := 0
	for _, s := range texts {
		want, got := redactEveryPattern(s, res), Redact(s, res)
		if got != want {
			t.Fatalf("Redact(%q)\n = %q\nwant %q (every pattern run)", s, got, want)
		}
		if got != s {
			matched++
		}
	}
	if matched < len(texts)/2 {
		t.Errorf("only %d of %d texts had something masked: the texts do not exercise the patterns", matched, len(texts))
	}
	// The default patterns all have a prefilter: a pattern edited so that
	// it loses its prefilter is slow again on every output. And none lets
	// through text that only shares its first letters: "gh" is in
	// ordinary words, and the GitHub pattern, run on every byte, cost
	// 0.6 ms on the 7 KB of ps aux (its prefilter now wants ghp_, gho_...).
	defaults, _ := CompileOutputPatterns(DefaultOutputPatterns())
	ordinary := "high fight night ghost sky-blue sk_ hf ok npm xoxo AIz beyJ https://example.com/ a:b@c " + lsOutput(2000)
	for _, re := range defaults {
		p := prefilterOf(re)
		if p == nil {
			t.Errorf("default pattern %q has no prefilter", re)
			continue
		}
		lower := ""
		if p.mayMatch(ordinary, &lower) && !re.MatchString(ordinary) && !strings.Contains(re.String(), "://") {
			t.Errorf("default pattern %q: its prefilter %q lets ordinary text through", re, p.lits)
		}
	}
}

// asciiLowerRef is asciiLower's definition: A-Z lowered, every other
// byte kept.
func asciiLowerRef(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func FuzzASCIILower(f *testing.F) {
	for _, s := range []string{"", "a", "A", "abc", "ABC", "aBc", "Zz", "token=AKIA1234", "ÉtÉ Kelvin\u212a", "\xffA\x00Z", "-rw-r--r-- 1 root root 0 Dec  2 04:29 X"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := asciiLower(s), asciiLowerRef(s); got != want {
			t.Fatalf("asciiLower(%q) = %q, want %q", s, got, want)
		}
	})
}
