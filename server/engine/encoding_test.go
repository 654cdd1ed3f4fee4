package engine

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/executor"
)

func TestBinaryStdoutKeptExactly(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	data := "ok\xff\xfe\x00end\n\xc3(\n"
	writeFile(t, filepath.Join(dir, "bin"), data)
	env := e.Run(t.Context(), Request{Cmd: "cat", Args: []string{"bin"}})
	if env.Stdout.Parser == "" { // the catalog may gain a cat parser: the raw text is what matters here
		wantFailure(t, env, KindParse, ReasonParserNotFound)
	}
	if got, want := raw(t, env), "ok\uFFFD\uFFFD\x00end\n\uFFFD(\n"; got != want {
		t.Errorf("raw = %q, want %q", got, want)
	}
	exact, err := base64.StdEncoding.DecodeString(env.Stdout.RawBase64)
	if err != nil || string(exact) != data {
		t.Errorf("raw_base64 = %q (%v), want the exact bytes %q", exact, err, data)
	}
	// The JSON an agent reads holds both, and is valid UTF-8.
	b, err := Marshal(env)
	if err != nil || !utf8.Valid(b) {
		t.Fatalf("Marshal: %v, valid UTF-8 %v", err, utf8.Valid(b))
	}
	m := asJSON(t, env)
	if m["stdout"].(map[string]any)["raw_base64"] != env.Stdout.RawBase64 {
		t.Errorf("stdout.raw_base64 missing from the JSON: %s", b)
	}
}

func TestTextStdoutHasNoBase64(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir, "t"), "héllo wörld ✓\n")
	env := e.Run(t.Context(), Request{Cmd: "cat", Args: []string{"t"}})
	if env.Stdout.RawBase64 != "" || env.StderrB64 != "" {
		t.Errorf("valid UTF-8 got base64: %s", mustMarshal(t, env))
	}
	if b, _ := Marshal(env); strings.Contains(string(b), "base64") {
		t.Errorf("base64 fields must be absent: %s", b)
	}
}

func TestBinaryStderrKeptExactly(t *testing.T) {
	// coreutils quote odd bytes in their messages, so a script of ours
	// writes them; it is found through PATH like any allowed command.
	bin := t.TempDir()
	writeFile(t, filepath.Join(bin, "errbytes"), "#!/bin/sh\nprintf 'a\\377b\\n' >&2\nexit 3\n")
	if err := os.Chmod(filepath.Join(bin, "errbytes"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	e, _ := newTestEngine(t, allowing("errbytes"))
	env := e.Run(t.Context(), Request{Cmd: "errbytes"})
	wantFailure(t, env, KindExec, ReasonNonZeroExit)
	if env.Stderr != "a\uFFFDb\n" {
		t.Errorf("stderr = %q, want the text with U+FFFD", env.Stderr)
	}
	if exact, _ := base64.StdEncoding.DecodeString(env.StderrB64); string(exact) != "a\xffb\n" {
		t.Errorf("stderr_base64 = %q, want the exact bytes", exact)
	}
	if !utf8.ValidString(env.Failure.Message) {
		t.Errorf("failure.message is not valid UTF-8: %q", env.Failure.Message)
	}
}

// TestTruncationSplitsNoBase64: a cap that cuts a character in two makes
// raw invalid only at the cut; that is not binary output.
func TestTruncationSplitsNoBase64(t *testing.T) {
	e, dir := newTestEngine(t, func(c *config.Config) { c.Guard.MaxOutputBytes = 101 })
	writeFile(t, filepath.Join(dir, "e"), strings.Repeat("é", 500)) // no newline
	env := e.Run(t.Context(), Request{Cmd: "cat", Args: []string{"e"}})
	if !env.Truncated {
		t.Fatalf("not truncated: %s", mustMarshal(t, env))
	}
	if env.Stdout.RawBase64 != "" {
		t.Errorf("a cut character must not bring base64: %s", mustMarshal(t, env))
	}
	if r := raw(t, env); !utf8.ValidString(r) || !strings.Contains(r, "\uFFFD") {
		t.Errorf("raw = %q, want valid UTF-8 with U+FFFD at the cut", r)
	}
}

func TestPagedBinary(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir, "bin"), "a\n\xff\xfe\nc\n")
	env := e.RunPaged(t.Context(), PagedRequest{Cmd: "cat", Args: []string{"bin"}, PageSize: 1, Page: 1})
	// The page is judged on its own: two of its three bytes are not text,
	// so it is binary, its run of them one U+FFFD.
	if got := raw(t, env); got != "\uFFFD\n" {
		t.Errorf("page raw = %q", got)
	}
	if exact, _ := base64.StdEncoding.DecodeString(env.Stdout.RawBase64); string(exact) != "\xff\xfe\n" {
		t.Errorf("page raw_base64 = %q", exact)
	}
	env = e.RunPaged(t.Context(), PagedRequest{Cmd: "cat", Args: []string{"bin"}, PageSize: 1, Page: 2})
	if env.Stdout.RawBase64 != "" {
		t.Errorf("a valid page got base64: %s", mustMarshal(t, env))
	}
}

// TestValidUTF8MatchesEncodingJSON: the replacement is the one
// encoding/json makes, so both encoders write the same text.
func TestValidUTF8MatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "abc", "\xff", "a\xc3", "\xe2\x82", "\xed\xa0\x80x", "é\xffé", "\xf4\x90\x80\x80"} {
		b, _ := json.Marshal(s)
		var want string
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		if got := validUTF8(s); got != want {
			t.Errorf("validUTF8(%q) = %q, encoding/json writes %q", s, got, want)
		}
	}
}

func TestCutOnly(t *testing.T) {
	c := func(data string, at int64) *executor.Capture {
		return &executor.Capture{Data: []byte(data), Truncated: true, OmittedAt: at}
	}
	for _, tc := range []struct {
		c    *executor.Capture
		want bool
	}{
		{nil, false},
		{&executor.Capture{Data: []byte("\xff"), OmittedAt: -1}, false},
		{c("ab\xc3"+"\xa9cd", 3), true},     // é split: lead at head end, continuation at tail start
		{c("ab\xe2\x82"+"\xaccd", 4), true}, // € split after two bytes
		{c("a\xffb"+"cd", 3), false},        // an invalid byte inside the head
		{c("ab"+"c\xffd", 2), false},        // inside the tail
		{c("ab\xc3"+"cd", 3), true},         // lead without its continuation
	} {
		if got := cutOnly(tc.c); got != tc.want {
			t.Errorf("cutOnly(%+v) = %v, want %v", tc.c, got, tc.want)
		}
	}
}

func TestTextOf(t *testing.T) {
	for _, tc := range []struct {
		in, text string
		b64      bool
		binary   bool
	}{
		{"plain\n", "plain\n", false, false},
		{"./a\x00./bb\x00", "./a\x00./bb\x00", false, false}, // find -print0: text
		{"caf\xe9 au lait\n", "caf\ufffd au lait\n", true, false},
		{"\x1b[31mred\x1b[0m\n", "\x1b[31mred\x1b[0m\n", false, false},
		{"\x00\x00\x00a", "\ufffda", true, true}, // a run of non-text is one U+FFFD
		{"\xff\xfe\x00a\x01\x02b\n", "\ufffda\ufffdb\n", true, true},
		{"\xff\xfeab", "\ufffd\ufffdab", true, false}, // text: byte by byte
		{"ab\x00\x00", "ab\x00\x00", false, false},    // half is not more than half
		{"", "", false, false},
	} {
		text, b64, binary := textOf(tc.in, nil)
		if text != tc.text || (b64 != "") != tc.b64 || binary != tc.binary {
			t.Errorf("textOf(%q) = %q, base64 %v, binary %v; want %q, %v, %v", tc.in, text, b64 != "", binary, tc.text, tc.b64, tc.binary)
		}
		if b64 != "" {
			if got, err := base64.StdEncoding.DecodeString(b64); err != nil || string(got) != tc.in {
				t.Errorf("textOf(%q): base64 %q does not hold the bytes", tc.in, b64)
			}
		}
	}
}

// Binary output is not parsed; NUL-separated text still is.
func TestBinaryOutput(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	writeFile(t, filepath.Join(dir, "zeros"), strings.Repeat("\x00", 4096))
	writeFile(t, filepath.Join(dir, "sub", "a.txt"), "x")
	env := e.Run(testCtx(t), Request{Cmd: "cat", Args: []string{"zeros"}})
	wantFailure(t, env, KindParse, ReasonBinaryOutput)
	if !env.OK || env.Stdout.Parsed != nil || raw(t, env) != "\ufffd" || env.Stdout.RawBase64 == "" {
		t.Errorf("cat of NUL bytes: %s", mustMarshal(t, env)[:300])
	}
	env = e.Run(testCtx(t), Request{Cmd: "find", Args: []string{"sub", "-print0"}})
	if !env.OK || env.Stdout.Parsed == nil || env.Stdout.Parser != "find" || env.Stdout.RawBase64 != "" {
		t.Errorf("find -print0: %s", mustMarshal(t, env))
	}
}
