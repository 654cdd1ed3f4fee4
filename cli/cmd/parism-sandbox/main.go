// Command parism-sandbox is the sandbox helper parism starts each confined
// command through, on Linux: it sets no_new_privs, the Landlock rules, a
// seccomp filter and the resource limits on itself and then executes the
// command. It exists only to start faster than the full parism binary,
// which carries the same helper and is re-executed when this one is not
// installed next to it (see package server/executor). It is not meant to
// be run by hand.
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
