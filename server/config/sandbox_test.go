package config

import (
	"strings"
	"testing"
)

// guard.sandbox and guard.max_memory_mb: the kernel layer's keys.

func TestSandboxDefault(t *testing.T) {
	d := Default()
	if d.Guard.Sandbox != SandboxAuto || d.Guard.MaxMemoryMb != 4096 {
		t.Errorf("defaults = sandbox %q, %d MiB; want auto, 4096", d.Guard.Sandbox, d.Guard.MaxMemoryMb)
	}
	for _, k := range Keys() {
		switch k.Key {
		case "guard.sandbox":
			if k.Env != "PARISM_SANDBOX" || k.Default != `"auto"` || len(k.Values) != 3 {
				t.Errorf("%s: %+v", k.Key, k)
			}
		case "guard.max_memory_mb":
			if k.Env != "PARISM_MAX_MEMORY_MB" || k.Default != "4096" {
				t.Errorf("%s: %+v", k.Key, k)
			}
		}
	}
}

func TestSandboxLayers(t *testing.T) {
	tests := []struct {
		name     string
		global   string            // JSON global file, when set
		project  string            // JSON project file, when set
		env      map[string]string // environment
		want     string
		memory   int
		warnings string // a substring of the warnings, or "" for none
	}{
		{name: "project tightens", project: `{"guard": {"sandbox": "required"}}`, want: SandboxRequired, memory: 4096},
		{name: "project cannot loosen", project: `{"guard": {"sandbox": "off"}}`, want: SandboxAuto, memory: 4096,
			warnings: "guard.sandbox loosens the sandbox from 'auto' to 'off': ignored"},
		{name: "project cannot loosen required", global: `{"guard": {"sandbox": "required"}}`,
			project: `{"guard": {"sandbox": "auto"}}`, want: SandboxRequired, memory: 4096, warnings: "guard.sandbox"},
		{name: "trusted project loosens", global: `{"trust_project_config": true}`,
			project: `{"guard": {"sandbox": "off"}}`, want: SandboxOff, memory: 4096},
		{name: "global turns it off", global: `{"guard": {"sandbox": "off", "max_memory_mb": 0}}`, want: SandboxOff},
		{name: "environment", env: map[string]string{"PARISM_SANDBOX": "required", "PARISM_MAX_MEMORY_MB": "8192"},
			want: SandboxRequired, memory: 8192},
		{name: "project sets memory", project: `{"guard": {"max_memory_mb": 1024}}`, want: SandboxAuto, memory: 1024},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			if tc.global != "" {
				f.global(t, FileJSON, tc.global)
			}
			if tc.project != "" {
				f.project(t, FileJSON, tc.project)
			}
			for k, v := range tc.env {
				f.env[k] = v
			}
			cfg := f.load(t)
			if cfg.Guard.Sandbox != tc.want || cfg.Guard.MaxMemoryMb != tc.memory {
				t.Errorf("got sandbox %q, %d MiB; want %q, %d", cfg.Guard.Sandbox, cfg.Guard.MaxMemoryMb, tc.want, tc.memory)
			}
			got := strings.Join(cfg.Warnings, "\n")
			if (tc.warnings == "") != (got == "") || !strings.Contains(got, tc.warnings) {
				t.Errorf("warnings %q; want %q", got, tc.warnings)
			}
		})
	}
}

func TestSandboxBadValues(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		file    string // TOML project file, when set
		key     string
		message string
	}{
		{name: "env unknown mode", env: map[string]string{"PARISM_SANDBOX": "on"},
			key: "guard.sandbox", message: `must be "auto", "off" or "required", got "on"`},
		{name: "file unknown mode", file: "[guard]\nsandbox = \"strict\"\n",
			key: "guard.sandbox", message: `got "strict"`},
		{name: "file boolean mode", file: "[guard]\nsandbox = true\n",
			key: "guard.sandbox", message: "expected a string, got boolean true"},
		{name: "env negative memory", env: map[string]string{"PARISM_MAX_MEMORY_MB": "-1"},
			key: "guard.max_memory_mb", message: "got -1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			for k, v := range tc.env {
				f.env[k] = v
			}
			if tc.file != "" {
				f.global(t, FileTOML, tc.file)
			}
			err := f.loadErr(t)
			if err.Key != tc.key || !strings.Contains(err.Message, tc.message) {
				t.Errorf("got %v; want key %s and %q", err, tc.key, tc.message)
			}
		})
	}
	c := Default()
	c.Guard.Sandbox = "sometimes"
	if err, ok := c.Validate().(*Error); !ok || err.Key != "guard.sandbox" {
		t.Errorf("Validate() = %v, want an error for guard.sandbox", c.Validate())
	}
}
