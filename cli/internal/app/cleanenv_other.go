//go:build !linux

package app

// reexec does nothing off Linux: the server's environment is not
// re-executed away there (SECURITY.md).
func (c *cli) reexec(string) {}

// inheritedToken has no pipe to read off Linux.
func inheritedToken() (string, bool) { return "", false }
