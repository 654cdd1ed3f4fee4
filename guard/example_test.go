package guard_test

import (
	"errors"
	"fmt"

	"github.com/parism-go/parism/guard"
)

func ExampleGuard_Check() {
	g, err := guard.New(guard.DefaultPolicy())
	if err != nil {
		panic(err)
	}
	for _, c := range []struct {
		cmd  string
		args []string
	}{
		{"ls", []string{"-la"}},
		{"rm", []string{"-rf", "/"}},
		{"grep", []string{"x", "a;b"}},
		{"npm", []string{"test"}},
	} {
		d := g.Check(c.cmd, c.args, "")
		if d.Allowed {
			fmt.Println(c.cmd, "allowed")
			continue
		}
		fmt.Printf("%s refused: %s/%s at %d: %s\n", c.cmd, d.Reason, d.Detail, d.ArgIndex, d.Message)
	}
	// Output:
	// ls allowed
	// rm refused: command_not_allowed/not_in_allowlist at -1: Command 'rm' is not in the allowed list
	// grep refused: injection_pattern/pattern at 1: Argument 1 ('a;b') contains the blocked pattern ';'
	// npm refused: arg_not_allowed/profile_build_required at 0: 'npm test' runs project code and needs the build profile; set guard.profile to "build" to allow it
}

func ExampleNew() {
	p := guard.DefaultPolicy()
	p.AllowedPaths = []string{"/example/project"} // need not exist yet
	p.Profile = "debug"
	_, err := guard.New(p)

	var pe *guard.PolicyError
	if errors.As(err, &pe) {
		fmt.Println("field:", pe.Field)
		fmt.Println(err)
	}

	p.Profile = guard.ProfileBuild
	g, err := guard.New(p)
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Check("cat", []string{"/example/project/README.md"}, "/example/project").Allowed)
	fmt.Println(g.Check("cat", []string{"../other/secret"}, "/example/project").Err())
	// Output:
	// field: profile
	// guard: profile: must be "readonly" or "build", got 'debug'
	// true
	// Path '../other/secret' (argument 0) resolves to '/example/other/secret', which is outside the allowed paths
}
