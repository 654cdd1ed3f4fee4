package config

import (
	"strings"
	"testing"
)

// The result store's limits: results.*.

func TestResultsDefault(t *testing.T) {
	r := Default().Results
	if r.MaxResultBytes != 2<<20 || r.MaxTotalBytes != 32<<20 || r.MaxResults != 16 || r.TTLMs != 60000 {
		t.Errorf("defaults = %+v; want 2 MiB, 32 MiB, 16, 60000 ms", r)
	}
}

func TestResultsFromFiles(t *testing.T) {
	for _, tc := range []struct{ name, content string }{
		{FileJSON, `{"results": {"max_result_bytes": 1000, "max_total_bytes": 5000, "max_results": 3, "ttl_ms": 250}}`},
		{FileTOML, "[results]\nmax_result_bytes = 1000\nmax_total_bytes = 5000\nmax_results = 3\nttl_ms = 250\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.project(t, tc.name, tc.content)
			got := f.load(t).Results
			want := Results{MaxResultBytes: 1000, MaxTotalBytes: 5000, MaxResults: 3, TTLMs: 250}
			if got != want {
				t.Errorf("got %+v; want %+v", got, want)
			}
		})
	}
}

func TestResultsBadValues(t *testing.T) {
	for _, tc := range []struct {
		name, file, key, message string
	}{
		{"zero result bytes", `{"results": {"max_result_bytes": 0}}`, "results.max_result_bytes", "must be a positive integer, got 0"},
		{"negative total", `{"results": {"max_total_bytes": -1}}`, "results.max_total_bytes", "must be a positive integer, got -1"},
		{"zero results", `{"results": {"max_results": 0}}`, "results.max_results", "must be a positive integer, got 0"},
		{"zero ttl", `{"results": {"ttl_ms": 0}}`, "results.ttl_ms", "must be a positive integer, got 0"},
		{"string ttl", `{"results": {"ttl_ms": "60s"}}`, "results.ttl_ms", `expected an integer, got string "60s"`},
		{"unknown key", `{"results": {"max_bytes": 1}}`, "results.max_bytes", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.global(t, FileJSON, tc.file) // a layer's values are checked alike; an untrusted project file is left out instead (TestBrokenProjectFile)
			err := f.loadErr(t)
			if err.Key != tc.key || !strings.Contains(err.Message, tc.message) {
				t.Errorf("got %v; want key %s and %q", err, tc.key, tc.message)
			}
		})
	}
}

func TestResultsValidate(t *testing.T) {
	for _, tc := range []struct {
		edit func(*Results)
		key  string
	}{
		{func(r *Results) { r.MaxResultBytes = 0 }, "results.max_result_bytes"},
		{func(r *Results) { r.MaxTotalBytes = 0 }, "results.max_total_bytes"},
		{func(r *Results) { r.MaxResults = -1 }, "results.max_results"},
		{func(r *Results) { r.TTLMs = 0 }, "results.ttl_ms"},
	} {
		c := Default()
		tc.edit(&c.Results)
		ce, ok := c.Validate().(*Error)
		if !ok || ce.Key != tc.key {
			t.Errorf("Validate() = %v, want an error for %s", ce, tc.key)
		}
	}
}

// TestResultsFromEnv: each results.* key has a PARISM_RESULTS_* variable,
// which overrides the files and is validated like them.
func TestResultsFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		get         func(Results) int
		want        int
		key, msg    string // an error
	}{
		{name: "PARISM_RESULTS_MAX_RESULT_BYTES", value: "4096", get: func(r Results) int { return r.MaxResultBytes }, want: 4096},
		{name: "PARISM_RESULTS_MAX_TOTAL_BYTES", value: "65536", get: func(r Results) int { return r.MaxTotalBytes }, want: 65536},
		{name: "PARISM_RESULTS_MAX_RESULTS", value: "4", get: func(r Results) int { return r.MaxResults }, want: 4},
		{name: "PARISM_RESULTS_TTL_MS", value: " 1500 ", get: func(r Results) int { return r.TTLMs }, want: 1500},
		{name: "PARISM_RESULTS_TTL_MS", value: "60s", key: "results.ttl_ms", msg: `expected an integer, got "60s"`},
		{name: "PARISM_RESULTS_MAX_RESULTS", value: "0", key: "results.max_results", msg: "must be a positive integer, got 0"},
		{name: "PARISM_RESULTS_MAX_TOTAL_BYTES", value: "-1", key: "results.max_total_bytes", msg: "must be a positive integer"},
	} {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			f := newFixture(t)
			f.project(t, FileJSON, `{"results": {"max_result_bytes": 1000, "max_total_bytes": 5000, "max_results": 3, "ttl_ms": 250}}`)
			f.env[tc.name] = tc.value
			if tc.key != "" {
				err := f.loadErr(t)
				if err.File != "env "+tc.name || err.Key != tc.key || !strings.Contains(err.Message, tc.msg) {
					t.Errorf("got %v; want %s: %s", err, tc.key, tc.msg)
				}
				return
			}
			cfg := f.load(t)
			if got := tc.get(cfg.Results); got != tc.want {
				t.Errorf("got %d, want %d (%+v)", got, tc.want, cfg.Results)
			}
			if !strings.Contains(strings.Join(cfg.Sources, " "), "env "+tc.name) {
				t.Errorf("Sources = %q", cfg.Sources)
			}
		})
	}
	for _, k := range Keys() {
		if strings.HasPrefix(k.Key, "results.") && k.Env != "PARISM_RESULTS_"+strings.ToUpper(strings.TrimPrefix(k.Key, "results.")) {
			t.Errorf("key %s documents env %q", k.Key, k.Env)
		}
	}
}
