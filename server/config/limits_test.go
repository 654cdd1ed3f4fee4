package config

import (
	"strings"
	"testing"
)

// The run limits: guard.max_concurrent_runs and guard.max_queued_runs.

func TestRunLimitsDefault(t *testing.T) {
	d := Default()
	if d.Guard.MaxConcurrentRuns != 8 || d.Guard.MaxQueuedRuns != 64 {
		t.Errorf("defaults = %d running, %d queued; want 8, 64", d.Guard.MaxConcurrentRuns, d.Guard.MaxQueuedRuns)
	}
}

func TestRunLimitsFromFiles(t *testing.T) {
	for _, tc := range []struct{ name, content string }{
		{FileJSON, `{"guard": {"max_concurrent_runs": 2, "max_queued_runs": 0}}`},
		{FileTOML, "[guard]\nmax_concurrent_runs = 2\nmax_queued_runs = 0\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.project(t, tc.name, tc.content)
			cfg := f.load(t)
			if cfg.Guard.MaxConcurrentRuns != 2 || cfg.Guard.MaxQueuedRuns != 0 {
				t.Errorf("got %d running, %d queued; want 2, 0", cfg.Guard.MaxConcurrentRuns, cfg.Guard.MaxQueuedRuns)
			}
		})
	}
}

func TestRunLimitsEnv(t *testing.T) {
	f := newFixture(t)
	f.global(t, FileJSON, `{"guard": {"max_concurrent_runs": 3, "max_queued_runs": 5}}`)
	f.env["PARISM_MAX_CONCURRENT_RUNS"] = "16"
	f.env["PARISM_MAX_QUEUED_RUNS"] = "0"
	cfg := f.load(t)
	if cfg.Guard.MaxConcurrentRuns != 16 || cfg.Guard.MaxQueuedRuns != 0 {
		t.Errorf("got %d running, %d queued; want the environment's 16, 0", cfg.Guard.MaxConcurrentRuns, cfg.Guard.MaxQueuedRuns)
	}
	for _, k := range Keys() {
		switch k.Key {
		case "guard.max_concurrent_runs":
			if k.Env != "PARISM_MAX_CONCURRENT_RUNS" {
				t.Errorf("%s Env = %q", k.Key, k.Env)
			}
		case "guard.max_queued_runs":
			if k.Env != "PARISM_MAX_QUEUED_RUNS" {
				t.Errorf("%s Env = %q", k.Key, k.Env)
			}
		}
	}
}

func TestRunLimitsBadValues(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		file    string // JSON project file, when set
		key     string
		message string
	}{
		{name: "env zero runs", env: map[string]string{"PARISM_MAX_CONCURRENT_RUNS": "0"},
			key: "guard.max_concurrent_runs", message: "must be a positive integer, got 0"},
		{name: "env not a number", env: map[string]string{"PARISM_MAX_CONCURRENT_RUNS": "many"},
			key: "guard.max_concurrent_runs", message: `expected an integer, got "many"`},
		{name: "env negative queue", env: map[string]string{"PARISM_MAX_QUEUED_RUNS": "-1"},
			key: "guard.max_queued_runs", message: "must be 0 (no queue) or a positive integer, got -1"},
		{name: "file negative runs", file: `{"guard": {"max_concurrent_runs": -2}}`,
			key: "guard.max_concurrent_runs", message: "must be a positive integer, got -2"},
		{name: "file string queue", file: `{"guard": {"max_queued_runs": "10"}}`,
			key: "guard.max_queued_runs", message: `expected an integer, got string "10"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			for k, v := range tc.env {
				f.env[k] = v
			}
			if tc.file != "" {
				f.project(t, FileJSON, tc.file)
			}
			err := f.loadErr(t)
			if err.Key != tc.key || !strings.Contains(err.Message, tc.message) {
				t.Errorf("got %v; want key %s and %q", err, tc.key, tc.message)
			}
		})
	}
}

func TestRunLimitsValidate(t *testing.T) {
	for _, tc := range []struct {
		edit func(*Config)
		key  string
	}{
		{func(c *Config) { c.Guard.MaxConcurrentRuns = 0 }, "guard.max_concurrent_runs"},
		{func(c *Config) { c.Guard.MaxQueuedRuns = -1 }, "guard.max_queued_runs"},
	} {
		c := Default()
		tc.edit(&c)
		err := c.Validate()
		ce, ok := err.(*Error)
		if !ok || ce.Key != tc.key {
			t.Errorf("Validate() = %v, want an error for %s", err, tc.key)
		}
	}
	c := Default()
	c.Guard.MaxQueuedRuns = 0
	if err := c.Validate(); err != nil {
		t.Errorf("max_queued_runs = 0 (no queue) must be valid: %v", err)
	}
}
