package config_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/parism-go/parism/server/config"
)

func ExampleLoad() {
	root, _ := os.MkdirTemp("", "parism-example")
	defer os.RemoveAll(root)
	home := filepath.Join(root, "home")
	project := filepath.Join(root, "project")
	os.MkdirAll(filepath.Join(home, ".parism"), 0o755)
	os.MkdirAll(project, 0o755)

	// The operator's global file allows three commands.
	os.WriteFile(filepath.Join(home, ".parism", "prism.config.json"),
		[]byte(`{"guard": {"allowed_commands": ["ls", "git", "cat"], "timeout_ms": 20000}}`), 0o644)
	// The repository's file narrows to git, tries to add rm, and shortens
	// the timeout.
	os.WriteFile(filepath.Join(project, "prism.config.toml"),
		[]byte("[guard]\nallowed_commands = [\"git\", \"rm\"]\ntimeout_ms = 5000\n"), 0o644)

	env := map[string]string{"PARISM_MAX_ITEMS": "50"}
	cfg, err := config.Load(config.LoadOptions{
		Home: home,
		Cwd:  project,
		Env:  func(k string) (string, bool) { v, ok := env[k]; return v, ok },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("allowed:", cfg.Guard.AllowedCommands)
	fmt.Println("timeout_ms:", cfg.Guard.TimeoutMs, "max_items:", cfg.Guard.MaxItems)
	fmt.Println("sources:", len(cfg.Sources))
	for _, w := range cfg.Warnings {
		fmt.Println("warning:", strings.ReplaceAll(w, root, "…"))
	}
	// Output:
	// allowed: [git]
	// timeout_ms: 5000 max_items: 50
	// sources: 3
	// warning: project config …/project/prism.config.toml: guard.allowed_commands adds 'rm': ignored (set trust_project_config: true in the global config to allow)
}

func ExampleError() {
	dir, _ := os.MkdirTemp("", "parism-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "prism.config.toml")
	os.WriteFile(path, []byte("[guard]\ntimeout_ms = \"10s\"\n"), 0o644)

	_, err := config.Load(config.LoadOptions{ConfigPath: path, Env: func(string) (string, bool) { return "", false }})
	e := err.(*config.Error)
	fmt.Println(e.Key, e.Line)
	fmt.Println(e.Message)
	// Output:
	// guard.timeout_ms 2
	// expected an integer, got string "10s"
}
