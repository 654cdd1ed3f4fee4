package shaper

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
)

// Cursor is where a paged answer continues: rows from Offset of the
// retained result ResultID, shaped by the query whose hash is QueryHash.
type Cursor struct {
	ResultID  string
	QueryHash string
	Offset    int
}

// Signer issues and checks cursors. A cursor cannot be forged or altered
// without the key, and is only accepted for the result and query it was
// issued for.
type Signer struct {
	key []byte
}

// NewSigner returns a Signer with key. An empty key gets a random one:
// cursors then last as long as the process, like the results they point
// into.
func NewSigner(key []byte) *Signer {
	if len(key) == 0 {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			panic(err) // crypto/rand does not fail on supported platforms
		}
	}
	return &Signer{key: append([]byte(nil), key...)}
}

const (
	cursorVersion = 1
	// cursorTagLen is the HMAC-SHA256 tag truncated to 128 bits (RFC 2104
	// allows truncation to half the hash), which keeps cursors short in
	// every paged answer.
	cursorTagLen = 16
	// maxCursorLen bounds what Decode reads.
	maxCursorLen = 1024
)

func (s *Signer) tag(payload []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write(payload)
	return m.Sum(nil)[:cursorTagLen]
}

// Encode returns the cursor as a URL-safe token: base64url of the payload
// (version, result id, query hash, offset) and its HMAC-SHA256 tag.
func (s *Signer) Encode(c Cursor) string {
	p := []byte{cursorVersion}
	p = binary.AppendUvarint(p, uint64(len(c.ResultID)))
	p = append(p, c.ResultID...)
	p = binary.AppendUvarint(p, uint64(len(c.QueryHash)))
	p = append(p, c.QueryHash...)
	p = binary.AppendUvarint(p, uint64(max(c.Offset, 0)))
	return base64.RawURLEncoding.EncodeToString(append(p, s.tag(p)...))
}

// Decode checks tok and returns its cursor. A token that does not decode
// or whose tag does not match (altered, truncated, or signed with another
// key) is cursor_invalid; a genuine cursor for another result or another
// query is cursor_mismatch.
func (s *Signer) Decode(tok, resultID, queryHash string) (Cursor, error) {
	invalid := func(why string) (Cursor, error) {
		return Cursor{}, errorf(ReasonCursorInvalid, "cursor", "invalid cursor: %s", why)
	}
	if len(tok) > maxCursorLen {
		return invalid("too long")
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(tok)
	if err != nil {
		return invalid("not base64url")
	}
	if len(raw) < 1+cursorTagLen {
		return invalid("too short")
	}
	payload, tag := raw[:len(raw)-cursorTagLen], raw[len(raw)-cursorTagLen:]
	if !hmac.Equal(tag, s.tag(payload)) {
		return invalid("signature does not match")
	}
	c, ok := parseCursor(payload)
	if !ok {
		return invalid("malformed")
	}
	switch {
	case c.ResultID != resultID:
		return Cursor{}, errorf(ReasonCursorMismatch, "cursor", "the cursor belongs to result %q, not %q", c.ResultID, resultID)
	case c.QueryHash != queryHash:
		return Cursor{}, errorf(ReasonCursorMismatch, "cursor", "the cursor was issued for another query of result %q: repeat the query that returned it", resultID)
	}
	return c, nil
}

func parseCursor(p []byte) (Cursor, bool) {
	if len(p) == 0 || p[0] != cursorVersion {
		return Cursor{}, false
	}
	p = p[1:]
	str := func() (string, bool) {
		n, w := binary.Uvarint(p)
		if w <= 0 || n > uint64(len(p)-w) {
			return "", false
		}
		s := string(p[w : w+int(n)])
		p = p[w+int(n):]
		return s, true
	}
	var c Cursor
	var ok bool
	if c.ResultID, ok = str(); !ok {
		return c, false
	}
	if c.QueryHash, ok = str(); !ok {
		return c, false
	}
	off, w := binary.Uvarint(p)
	if w <= 0 || w != len(p) || off > math.MaxInt32 {
		return c, false
	}
	c.Offset = int(off)
	return c, true
}

// QueryHash identifies a query for cursors: equal queries hash equally
// (numbers by value, sort order "" as "asc"), and extra strings (the
// format, say) join in. Hash the query with its array resolved (from
// Summary.Array), so that naming the default array changes nothing.
func QueryHash(q Query, extra ...string) string {
	type cond struct {
		Field string `json:"f"`
		Op    string `json:"o"`
		Value string `json:"v"`
	}
	canon := struct {
		Where  []cond   `json:"w"`
		Filter string   `json:"x"`
		Sort   []string `json:"s"`
		Limit  *int     `json:"l"`
		Select []string `json:"p"`
		Array  string   `json:"a"`
		Extra  []string `json:"e"`
	}{Filter: q.Filter, Limit: q.Limit, Select: q.Select, Array: q.Array, Extra: extra}
	for _, c := range q.Where {
		canon.Where = append(canon.Where, cond{c.Field, c.Op, canonValue(c.Value)})
	}
	if q.SortBy != nil {
		order := q.SortBy.Order
		if order == "" {
			order = "asc"
		}
		canon.Sort = []string{q.SortBy.Field, order}
	}
	b, _ := json.Marshal(canon)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:12])
}

// canonValue writes a where value so that equal values read the same.
func canonValue(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case string:
		return "s:" + t
	case bool:
		return fmt.Sprintf("b:%t", t)
	}
	if text, ok := numberText(v); ok {
		if d, ok := parseDecimal(text); ok {
			sign := ""
			if d.neg && d.digits != "" {
				sign = "-"
			}
			return fmt.Sprintf("n:%s0.%se%d", sign, d.digits, d.exp)
		}
	}
	return "?:" + jsonText(v)
}
