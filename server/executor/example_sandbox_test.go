package executor_test

import (
	"context"
	"fmt"
	"time"

	"github.com/parism-go/parism/server/executor"
)

// Confine a build step: it may write only in the project, bind no port and
// use at most 2 GiB of address space. On a host without Landlock the run
// still happens, with the resource limits, unless Mode is SandboxRequired.
func ExampleConfinement() {
	fmt.Printf("%+v\n", executor.SandboxStatus())
	r := executor.Run(context.Background(), executor.Spec{
		Path:    "make",
		Dir:     "/home/me/project",
		Timeout: time.Minute,
		Confine: &executor.Confinement{
			WritePaths:     []string{"/home/me/project"},
			PrivateTmp:     true,
			MaxMemoryBytes: 2 << 30,
		},
	})
	if r.SpawnErr != nil {
		fmt.Println(r.SpawnErr)
	}
}
