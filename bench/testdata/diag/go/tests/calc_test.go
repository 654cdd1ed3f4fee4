package tests

import "testing"

func TestAdd(t *testing.T) {
	if got := Add(2, 3); got != 5 {
		t.Errorf("Add(2, 3) = %d, want 5", got)
	}
}

func TestMul(t *testing.T) {
	if got := Mul(2, 3); got != 6 {
		t.Errorf("Mul(2, 3) = %d, want 6", got)
	}
}

func TestDiv(t *testing.T) {
	if got := Div(6, 3); got != 2 {
		t.Fatalf("Div(6, 3) = %d, want 2", got)
	}
}

func TestAbs(t *testing.T) {
	for _, c := range []struct{ in, want int }{{1, 1}, {-2, 2}, {-7, 7}} {
		if got := Abs(c.in); got != c.want {
			t.Errorf("Abs(%d) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestPanics(t *testing.T) {
	var m map[string]int
	m["x"] = 1
}

func TestSkipped(t *testing.T) {
	t.Skip("seeded skip")
}
