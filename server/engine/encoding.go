package engine

import (
	"encoding/base64"
	"unicode/utf8"

	"github.com/parism-go/parism/server/executor"
)

// keepBytes makes stdout.raw and stderr valid UTF-8, as JSON strings must
// be, without losing what a program wrote. A text that is not valid UTF-8
// has each invalid byte replaced by U+FFFD (what a JSON encoder would do
// silently), and its exact bytes are kept beside it in base64:
// stdout.raw_base64 and stderr_base64. Valid text gets neither, so the
// common case costs nothing.
//
// out and errc are the captures the texts came from, or nil (run_paged
// judges a page by its own text). With a capture, a character that a
// truncation cut in two is not a reason for base64: those bytes are the
// cap's doing, Truncation already says so, and the rest of the text is
// valid.
func keepBytes(env *Envelope, out, errc *executor.Capture) {
	if r := env.Stdout.Raw; r != nil && !utf8.ValidString(*r) {
		if !cutOnly(out) {
			env.Stdout.RawBase64 = base64.StdEncoding.EncodeToString([]byte(*r))
		}
		s := validUTF8(*r)
		env.Stdout.Raw = &s
	}
	if !utf8.ValidString(env.Stderr) {
		if !cutOnly(errc) {
			env.StderrB64 = base64.StdEncoding.EncodeToString([]byte(env.Stderr))
		}
		env.Stderr = validUTF8(env.Stderr)
	}
	if f := env.Failure; f != nil && !utf8.ValidString(f.Message) {
		// It quotes stderr; stderr_base64 has the bytes. A copy, because
		// run_paged shares the failure of its cached run between answers.
		c := *f
		c.Message = validUTF8(c.Message)
		env.Failure = &c
	}
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
func validUTF8(s string) string {
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = utf8.AppendRune(b, utf8.RuneError)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}
