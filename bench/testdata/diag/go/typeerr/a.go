// Package typeerr holds seeded type errors: go build reports each with its
// file, line and column (at most 10 a package, so 9 here).
package typeerr

import "strconv"

func Count() int {
	var n int = "three"
	return n
}

func Name() string {
	return 42
}

func Sum(xs []int) (total int) {
	for _, x := range xs {
		total += x
	}
	return total, nil
}

func Parse(s string) int {
	v := strconv.Atoi(s)
	return v
}

func Call() {
	Count(1)
}

func Field() int {
	type point struct{ x, y int }
	p := point{1, 2}
	return p.z
}

func Undefined() int {
	return missing + 1
}

func Assign() {
	const c = 1
	c = 2
}

func Mismatch() bool {
	return "yes" == 1
}
