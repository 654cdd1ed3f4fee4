// Package vetwarn compiles, but go vet reports each seeded mistake.
package vetwarn

import (
	"fmt"
	"sync"
)

type Counter struct {
	mu sync.Mutex
	n  int
}

func Printf(name string, n int) string {
	return fmt.Sprintf("%d items for %s", name, n)
}

func Missing(n int) string {
	return fmt.Sprintf("%d and %d", n)
}

func Copy(c Counter) int {
	return c.n
}

func Self(x int) int {
	x = x
	return x
}

type Tagged struct {
	Name string `json:name`
}

func Println(n int) {
	fmt.Println("count: %d", n)
}

func Unreachable() int {
	return 1
	fmt.Println("never")
	return 2
}

func Errorf(err error) error {
	return fmt.Errorf("wrapping %w and %w", err)
}
