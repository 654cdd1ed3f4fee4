package diag

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestVitestClaimByName: each FAIL block takes the first unclaimed failed
// test of its file whose name is the block's or its end after a " > ";
// blocks in any order, names printed twice, a test whose own name holds
// " > ", and many failures read in linear time.
func TestVitestClaimByName(t *testing.T) {
	var b strings.Builder
	b.WriteString(" RUN  v4.1.12 /p\n\n ❯ a.test.js (5 tests | 5 failed) 9ms\n")
	for _, n := range []string{"x > t", "t", "same", "same", "other"} {
		fmt.Fprintf(&b, "   × %s 1ms\n", n)
	}
	const many = 20000
	b.WriteString(" ❯ b.test.js (20000 tests | 20000 failed) 9ms\n")
	for i := range many {
		fmt.Fprintf(&b, "   × case %d 1ms\n", i)
	}
	b.WriteString("\n⎯⎯⎯⎯⎯⎯⎯ Failed Tests ⎯⎯⎯⎯⎯⎯⎯\n\n")
	// "d > x > t" may be "x > t" (test 0) or "t" (test 1): the first in
	// order wins; then "d > t" can only be "t".
	for _, h := range []string{"a.test.js > other", "a.test.js > d > x > t", "a.test.js > d > t",
		"a.test.js > s1 > same", "a.test.js > s2 > same"} {
		fmt.Fprintf(&b, " FAIL  %s\nError: boom\n\n", h)
	}
	for i := many - 1; i >= 0; i-- {
		fmt.Fprintf(&b, " FAIL  b.test.js > suite > case %d\nError: boom %d\n\n", i, i)
	}
	start := time.Now()
	res := parseReal(t, "vitest", []string{"run"}, b.String())
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("parse took %v: a scan per block is back", d)
	}
	want := []string{"d > x > t", "d > t", "s1 > same", "s2 > same", "other"}
	if len(res.Tests) != 5+many {
		t.Fatalf("%d tests, want %d (a block not matched made a test of its own)", len(res.Tests), 5+many)
	}
	for i, w := range want {
		if got := res.Tests[i].Name; got != w {
			t.Errorf("test %d named %q, want %q", i, got, w)
		}
	}
	for i := range many {
		if got, w := res.Tests[5+i].Name, fmt.Sprintf("suite > case %d", i); got != w {
			t.Fatalf("test %d named %q, want %q", 5+i, got, w)
		}
	}
}
