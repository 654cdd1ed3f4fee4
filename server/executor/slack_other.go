//go:build !linux

package executor

// RaiseTimerSlack does nothing off Linux (see slack_linux.go).
func RaiseTimerSlack() (restore func()) { return func() {} }

// SettleTimerSlack does nothing off Linux.
func SettleTimerSlack() {}
