// Command parism-sandbox is the sandbox helper parism can start confined
// commands through, on Linux: it sets no_new_privs, the Landlock rules, a
// seccomp filter and the resource limits on itself and then executes the
// command. parism normally confines commands without it, from a
// restricted thread (no second exec); the helper is the fallback, used
// when PARISM_SANDBOX_BINARY names it or the host forbids stopping a child
// at its exec (see package server/executor). It only starts faster than
// the full parism binary, which carries the same helper. It is not meant
// to be run by hand.
package main

import (
	"os"

	"github.com/parism-go/parism/server/sandboxhelper"
)

func main() {
	sandboxhelper.Main() // never returns when started by the executor
	_, _ = os.Stderr.WriteString("parism-sandbox: this is parism's sandbox helper, started by parism for each confined command; it is not run by hand\n")
	os.Exit(2)
}
