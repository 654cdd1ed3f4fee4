package catalog

import "math"

// findFast keeps, from offset pos of the output on, the lines that
// parseFindWith's general loop keeps without a second thought: non-empty
// paths under a starting point while MaxItems is not reached. It stops at
// the first other line (empty, the rest of a name holding a newline, over
// MaxItems), for the general loop to take, and returns the paths, the
// start of the last path it kept (-1 for none) and where it stopped.
// starts is nil when no prefix is checked.
//
// Lines of find run about a dozen bytes, so the per-line costs are what
// counts: the newline is found inline (nextNL), a single starting point is
// compared without a loop, MaxItems is read once.
func findFast(c *Context, r *fsRec, key uint16, paths, starts []string, pos int) ([]string, int, int) {
	raw := c.Raw
	limit := c.MaxItems
	if limit <= 0 {
		limit = math.MaxInt
	}
	last := -1
	single := len(starts) == 1
	for pos < len(raw) {
		end := nextNL(raw, pos)
		line := raw[pos:end]
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		if line == "" || len(paths) >= limit {
			break
		}
		if single {
			if !findUnderOne(line, starts[0]) {
				break
			}
		} else if starts != nil && !findUnder(line, starts) {
			break
		}
		r.add(key, len(paths), 0, pos, pos+len(line), 0)
		paths = append(paths, line)
		last = pos
		pos = end + 1
	}
	return paths, last, pos
}

// findUnderOne is findUnder for one non-empty starting point s.
func findUnderOne(path, s string) bool {
	if len(path) < len(s) {
		return false
	}
	if len(s) == 1 {
		if path[0] != s[0] {
			return false
		}
	} else if path[:len(s)] != s {
		return false
	}
	return len(path) == len(s) || s[len(s)-1] == '/' || path[len(s)] == '/'
}
