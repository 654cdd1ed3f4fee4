// Package guard decides whether a command may run: an allowlist of programs,
// bounds on the working directory and path-like arguments, per-argument
// injection patterns, per-command flag restrictions and profiles.
//
// It is a policy engine with no dependency on the rest of Parism: build a
// Policy (DefaultPolicy is a good start), compile it with New, and call
// Check before spawning anything. A Decision says which argument was refused
// and why, with a stable Reason code.
package guard
