package engine

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"

	"github.com/parism-go/parism/server/executor"
)

// keepBytes makes stdout.raw and stderr valid UTF-8, as JSON strings must
// be, without losing what a program wrote (see textOf). Valid text gets
// nothing more, so the common case costs nothing.
//
// out and errc are the captures the texts came from, or nil (run_paged
// judges a page by its own text).
func keepBytes(env *Envelope, out, errc *executor.Capture) {
	if r := env.Stdout.Raw; r != nil {
		if s, b64, _ := textOf(*r, out); b64 != "" || s != *r {
			env.Stdout.Raw, env.Stdout.RawBase64 = &s, b64
		}
	}
	env.Stderr, env.StderrB64, _ = textOf(env.Stderr, errc)
	if f := env.Failure; f != nil && !utf8.ValidString(f.Message) {
		// It quotes stderr; stderr_base64 has the bytes. A copy, because
		// run_paged shares the failure of its cached run between answers.
		c := *f
		c.Message = validUTF8(c.Message)
		env.Failure = &c
	}
}

// textOf is the text an answer carries for s, the bytes a program wrote
// (masked), and s in base64 when the text is not s. A text that is not
// valid UTF-8 has each invalid byte replaced by U+FFFD (what a JSON encoder
// would do silently). A binary text (isBinary) has each run of bytes that
// are not text replaced by one U+FFFD: JSON would escape a control
// character as six bytes, and NUL bytes made answers 12 times and the
// server's memory 180 times the output (issue 14). Either way the exact
// bytes go beside it in base64, so nothing is lost.
//
// c is the capture s came from, or nil. With a capture, a character that
// a truncation cut in two is not a reason for base64: those bytes are the
// cap's doing, Truncation already says so, and the rest of the text is
// valid.
func textOf(s string, c *executor.Capture) (text, b64 string, binary bool) {
	binary = isBinary(s)
	if !binary && utf8.ValidString(s) {
		return s, "", false
	}
	if binary || !cutOnly(c) {
		b64 = base64.StdEncoding.EncodeToString([]byte(s))
	}
	if binary {
		return render(s, true), b64, true
	}
	return validUTF8(s), b64, false
}

// isBinary reports whether more than half of s's bytes are not text:
// control characters other than tab, line feed and carriage return (bytes
// JSON escapes as six, \u0000) and bytes that are not part of valid UTF-8
// (each becomes a three-byte U+FFFD). Text below that is at most 3.5 times
// its size as a JSON string; NUL-separated lists (find -print0) and text
// in another encoding with a few bytes above 0x7f stay text.
func isBinary(s string) bool {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			n++
		}
		i += size
	}
	return n > len(s)/2
}

// cutOnly reports whether c's bytes are valid UTF-8 but for characters
// split where a truncation dropped the middle: an incomplete character at
// the end of the head, continuation bytes at the start of the tail.
func cutOnly(c *executor.Capture) bool {
	if c == nil || !c.Truncated || c.OmittedAt < 0 || c.OmittedAt > int64(len(c.Data)) {
		return false
	}
	head, tail := c.Data[:c.OmittedAt], c.Data[c.OmittedAt:]
	for k := 0; k < utf8.UTFMax-1 && len(tail) > 0 && !utf8.RuneStart(tail[0]); k++ {
		tail = tail[1:]
	}
	if !utf8.Valid(tail) {
		return false
	}
	// Drop a trailing lead byte and the continuation bytes after it, when
	// they do not form a whole character.
	for k := 1; k < utf8.UTFMax && k <= len(head); k++ {
		if b := head[len(head)-k]; utf8.RuneStart(b) {
			if !utf8.FullRune(head[len(head)-k:]) {
				head = head[:len(head)-k]
			}
			break
		}
	}
	return utf8.Valid(head)
}

// validUTF8 replaces each byte of s that is not part of a valid UTF-8
// sequence with U+FFFD, byte by byte as encoding/json does, so the text
// reads the same whichever JSON encoder writes it.
func validUTF8(s string) string { return render(s, false) }

// render is validUTF8, or with binary set, the reading of a binary text:
// each run of bytes that are not text (isBinary's: invalid bytes, control
// characters but tab, line feed and carriage return) becomes one U+FFFD,
// so that what text there is stays readable and the rest costs nothing
// (the bytes are in base64 beside it). It measures first, so that the
// text is built in one allocation of its size.
func render(s string, binary bool) string {
	notText := func(r rune, n int) bool {
		return r == utf8.RuneError && n == 1 || binary && r < 0x20 && r != '\t' && r != '\n' && r != '\r'
	}
	walk := func(emit func(string)) {
		inRun := false
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case !notText(r, n):
				emit(s[i : i+n])
				inRun = false
			case !binary || !inRun:
				emit(string(utf8.RuneError))
				inRun = true
			}
			i += n
		}
	}
	size := 0
	walk(func(p string) { size += len(p) })
	var b strings.Builder
	b.Grow(size)
	walk(func(p string) { b.WriteString(p) })
	return b.String()
}
