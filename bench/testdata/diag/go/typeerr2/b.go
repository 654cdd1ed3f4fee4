// Package typeerr2 holds more seeded type errors, in a second package so
// that go build's limit of 10 errors a package is never reached.
package typeerr2

type Shape interface {
	Area() float64
}

type Square struct{ side float64 }

func (s *Square) Area() float64 { return s.side * s.side }

func Use() Shape {
	var s Shape = Square{2}
	return s
}

func Index() int {
	m := map[string]int{}
	return m[1]
}

func Deref() int {
	x := 5
	return *x
}

func Args() {
	f := func(a, b int) int { return a + b }
	f("a", 2)
}

func Return() (int, error) {
	return 1
}

func Method() {
	var s Square
	s.Perimeter()
}

func Neg() string {
	return -"x"
}

func Loop() {
	for i := range 3.5 {
		_ = i
	}
}
