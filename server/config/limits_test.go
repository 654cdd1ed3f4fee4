package config

import (
	"slices"
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
				f.global(t, FileJSON, tc.file)
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

// TestProjectCannotLiftLimits: an untrusted project file may lower every
// resource limit but raise none (nor lift the memory limit with 0, nor turn
// parser isolation off); a trusted one may do both. Issue 14, item 4.
func TestProjectCannotLiftLimits(t *testing.T) {
	raise := `{"guard": {"timeout_ms": 600000, "max_output_bytes": 1073741824, "max_items": 100000,
		"max_page_size": 100000, "max_memory_mb": 0, "max_concurrent_runs": 512, "max_queued_runs": 10000},
	  "parsers": {"external_isolation": "none", "external_time_limit_ms": 60000, "external_memory_limit_mb": 8192},
	  "results": {"max_result_bytes": 1073741824, "max_total_bytes": 1073741824, "max_results": 100000, "ttl_ms": 86400000}}`
	lower := `{"guard": {"timeout_ms": 500, "max_output_bytes": 1000, "max_items": 5, "max_page_size": 10,
		"max_memory_mb": 64, "max_concurrent_runs": 1, "max_queued_runs": 0},
	  "parsers": {"external_time_limit_ms": 100, "external_memory_limit_mb": 16},
	  "results": {"max_result_bytes": 1000, "max_total_bytes": 2000, "max_results": 1, "ttl_ms": 10}}`
	limits := func(c Config) []int {
		g, p, r := c.Guard, c.Parsers, c.Results
		return []int{g.TimeoutMs, g.MaxOutputBytes, g.MaxItems, g.MaxPageSize, g.MaxMemoryMb, g.MaxConcurrentRuns,
			g.MaxQueuedRuns, p.ExternalTimeLimitMs, p.ExternalMemoryLimitMb,
			r.MaxResultBytes, r.MaxTotalBytes, r.MaxResults, r.TTLMs}
	}
	def := limits(Default())
	t.Run("untrusted raise", func(t *testing.T) {
		f := newFixture(t)
		f.project(t, FileJSON, raise)
		cfg := f.load(t)
		if got := limits(cfg); !slices.Equal(got, def) {
			t.Errorf("limits = %v, want the defaults %v", got, def)
		}
		if cfg.Parsers.ExternalIsolation != IsolationProcess {
			t.Errorf("external_isolation = %q, want %q", cfg.Parsers.ExternalIsolation, IsolationProcess)
		}
		w := strings.Join(cfg.Warnings, "\n")
		for _, key := range []string{"guard.timeout_ms", "guard.max_memory_mb", "guard.max_concurrent_runs",
			"guard.max_output_bytes", "results.ttl_ms", "parsers.external_isolation"} {
			if !strings.Contains(w, key) {
				t.Errorf("no warning names %s:\n%s", key, w)
			}
		}
	})
	t.Run("untrusted lower", func(t *testing.T) {
		f := newFixture(t)
		f.project(t, FileJSON, lower)
		cfg := f.load(t)
		want := []int{500, 1000, 5, 10, 64, 1, 0, 100, 16, 1000, 2000, 1, 10}
		if got := limits(cfg); !slices.Equal(got, want) {
			t.Errorf("limits = %v, want %v", got, want)
		}
		if len(cfg.Warnings) != 0 {
			t.Errorf("warnings for a project that only tightens: %q", cfg.Warnings)
		}
	})
	t.Run("trusted raise", func(t *testing.T) {
		f := newFixture(t)
		f.global(t, FileJSON, `{"trust_project_config": true}`)
		f.project(t, FileJSON, raise)
		cfg := f.load(t)
		want := []int{600000, 1073741824, 100000, 100000, 0, 512, 10000, 60000, 8192, 1073741824, 1073741824, 100000, 86400000}
		if got := limits(cfg); !slices.Equal(got, want) {
			t.Errorf("limits = %v, want %v", got, want)
		}
	})
	t.Run("memory unlimited by the operator", func(t *testing.T) {
		// With no memory limit set by the operator, any value tightens.
		f := newFixture(t)
		f.global(t, FileJSON, `{"guard": {"max_memory_mb": 0}}`)
		f.project(t, FileJSON, `{"guard": {"max_memory_mb": 100000}}`)
		if got := f.load(t).Guard.MaxMemoryMb; got != 100000 {
			t.Errorf("max_memory_mb = %d, want 100000", got)
		}
	})
}
