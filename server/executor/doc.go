// Package executor runs one program directly (never through a shell) in its
// own process group, with a timeout, a clean environment and bounded
// head-and-tail capture of stdout and stderr.
//
// Run never panics and never hangs on a child's descendants: every failure
// is reported in the Result, and the whole process group is killed before
// Run returns so an agent cannot leave daemons behind.
package executor
