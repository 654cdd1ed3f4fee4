package shaper

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// kinds of JSON values, as bits so that a field's kinds across rows form a
// set.
type kinds uint8

const (
	kNull kinds = 1 << iota
	kBool
	kNumber
	kString
	kObject
	kArray
)

func kindOf(v any) kinds {
	switch v.(type) {
	case json.Number: // first: the common case, no need for numberText
		return kNumber
	case nil:
		return kNull
	case bool:
		return kBool
	case string:
		return kString
	case *Object:
		return kObject
	case []any:
		return kArray
	}
	if _, ok := numberText(v); ok {
		return kNumber
	}
	return kObject // any other value marshals as something structured
}

// String lists the kinds in a set, for messages: "number or string".
func (k kinds) String() string {
	var names []string
	for _, n := range []struct {
		k    kinds
		name string
	}{{kString, "string"}, {kNumber, "number"}, {kBool, "boolean"}, {kNull, "null"}, {kObject, "object"}, {kArray, "array"}} {
		if k&n.k != 0 {
			names = append(names, n.name)
		}
	}
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, " or ")
}

// numberText returns the decimal text of a number: a json.Number as it is,
// Go numbers (from a caller's decoded arguments) formatted exactly.
func numberText(v any) (string, bool) {
	switch n := v.(type) {
	case json.Number:
		return string(n), true
	case float64:
		if math.IsInf(n, 0) || math.IsNaN(n) {
			return "", false
		}
		return strconv.FormatFloat(n, 'g', -1, 64), true
	case float32:
		return numberText(float64(n))
	case int:
		return strconv.Itoa(n), true
	case int64:
		return strconv.FormatInt(n, 10), true
	case int32:
		return strconv.FormatInt(int64(n), 10), true
	case uint64:
		return strconv.FormatUint(n, 10), true
	case uint:
		return strconv.FormatUint(uint64(n), 10), true
	}
	return "", false
}

// decimal is an exact decimal number: 0.digits × 10^exp, negative when neg.
// digits has no leading or trailing zeros; zero has no digits. Comparing
// decimals is exact for any JSON number, however long or large, with no
// rounding through float64.
type decimal struct {
	neg    bool
	digits string
	exp    int
}

// maxExp clamps exponents so that absurd ones ("1e99999999999") cannot
// overflow; numbers beyond it compare as equal to each other.
const maxExp = 1 << 30

// parseDecimal reads a JSON number (also accepting Go's "1e+06" and a
// leading "+").
func parseDecimal(s string) (decimal, bool) {
	var d decimal
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		d.neg = s[i] == '-'
		i++
	}
	intStart := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	intPart := s[intStart:i]
	var frac string
	if i < len(s) && s[i] == '.' {
		i++
		fs := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		frac = s[fs:i]
		if frac == "" {
			return d, false
		}
	}
	if intPart == "" {
		return d, false
	}
	e := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			eneg = s[i] == '-'
			i++
		}
		es := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if e < maxExp {
				e = e*10 + int(s[i]-'0')
			}
			i++
		}
		if i == es {
			return d, false
		}
		if eneg {
			e = -e
		}
	}
	if i != len(s) {
		return d, false
	}
	// Significant digits: strip leading zeros (moving the point) and
	// trailing zeros.
	point := len(intPart)
	digits := intPart
	if frac != "" {
		digits = intPart + frac
	}
	lead := 0
	for lead < len(digits) && digits[lead] == '0' {
		lead++
	}
	digits = digits[lead:]
	point -= lead
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		return decimal{}, true // zero, of either sign
	}
	d.digits = digits
	d.exp = max(min(point+e, maxExp), -maxExp)
	return d, true
}

func (a decimal) sign() int {
	switch {
	case a.digits == "":
		return 0
	case a.neg:
		return -1
	}
	return 1
}

// cmp returns -1, 0 or +1 as a is less than, equal to or greater than b.
func (a decimal) cmp(b decimal) int {
	sa, sb := a.sign(), b.sign()
	if sa != sb {
		if sa < sb {
			return -1
		}
		return 1
	}
	if sa == 0 {
		return 0
	}
	m := 0 // magnitude comparison
	switch {
	case a.exp != b.exp:
		if a.exp < b.exp {
			m = -1
		} else {
			m = 1
		}
	default:
		m = strings.Compare(a.digits, b.digits)
	}
	return m * sa
}

// lookup resolves a field path in a row: a key, or keys joined by dots into
// nested objects ("permissions.owner"), or an index into an array
// ("containers.0.name"). A key that itself contains dots is found too:
// the whole remaining path is tried as a key first, then each split at a
// dot from the left.
func lookup(v any, path string) (any, bool) {
	return lookupFrom(v, path, nil)
}

// getHint is Get starting at *hint, where the previous row held key, and
// updating it.
func (o *Object) getHint(key string, hint *int) (any, bool) {
	if h := *hint; h < len(o.Keys) && o.Keys[h] == key {
		return o.Vals[h], true
	}
	for i, k := range o.Keys {
		if k == key {
			*hint = i
			return o.Vals[i], true
		}
	}
	return nil, false
}

// lookupFrom is lookup with a hint: the index at which the previous row
// held path as a key. Rows of a listing share their key order, so the hint
// nearly always saves the search.
func lookupFrom(v any, path string, hint *int) (any, bool) {
	switch t := v.(type) {
	case *Object:
		var h int
		if hint == nil {
			hint = &h
		}
		if val, ok := t.getHint(path, hint); ok {
			return val, true
		}
		for i := 0; i < len(path); i++ {
			if path[i] != '.' {
				continue
			}
			if val, ok := t.Get(path[:i]); ok {
				if found, ok := lookup(val, path[i+1:]); ok {
					return found, true
				}
			}
		}
	case []any:
		head, rest, more := strings.Cut(path, ".")
		n, err := strconv.Atoi(head)
		if err != nil || n < 0 || n >= len(t) || head != strconv.Itoa(n) {
			return nil, false
		}
		if !more {
			return t[n], true
		}
		return lookup(t[n], rest)
	}
	return nil, false
}

// fieldNames lists the fields of object rows, in first-seen order: the
// keys, and one level of nested keys as "key.sub", for messages.
func fieldNames(rows []any) []string {
	seen := map[string]bool{}
	var names []string
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, r := range rows {
		o, ok := r.(*Object)
		if !ok {
			continue
		}
		for i, k := range o.Keys {
			add(k)
			if sub, ok := o.Vals[i].(*Object); ok {
				for _, sk := range sub.Keys {
					add(k + "." + sk)
				}
			}
		}
		if len(names) > 200 {
			break
		}
	}
	return names
}
