//go:build !linux

package sandboxhelper

// Main does nothing outside Linux: no helper is ever started there.
func Main() {}
