// Package tests holds a small calculator whose seeded bugs its tests catch.
package tests

// Add returns a+b (seeded bug: subtracts).
func Add(a, b int) int { return a - b }

// Mul returns a*b.
func Mul(a, b int) int { return a * b }

// Div returns a/b (seeded bug: integer division of the wrong order).
func Div(a, b int) int { return b / a }

// Abs returns |a| (seeded bug: wrong for negatives).
func Abs(a int) int { return a }
