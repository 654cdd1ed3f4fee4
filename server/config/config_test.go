package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/guard"
)

// testEnv is a fake environment.
type testEnv map[string]string

func (e testEnv) lookup(k string) (string, bool) {
	v, ok := e[k]
	return v, ok
}

func writeFile(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// fixture is a home and a project directory, with optional files.
type fixture struct {
	home, cwd string
	env       testEnv
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	root := t.TempDir()
	f := &fixture{home: filepath.Join(root, "home"), cwd: filepath.Join(root, "proj"), env: testEnv{}}
	for _, d := range []string{f.home, f.cwd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// global writes the global file; name is FileJSON or FileTOML.
func (f *fixture) global(t *testing.T, name, content string) string {
	return writeFile(t, filepath.Join(f.home, GlobalDirName, name), content)
}

func (f *fixture) project(t *testing.T, name, content string) string {
	return writeFile(t, filepath.Join(f.cwd, name), content)
}

func (f *fixture) opts() LoadOptions {
	return LoadOptions{Home: f.home, Cwd: f.cwd, Env: f.env.lookup}
}

func (f *fixture) load(t *testing.T) Config {
	t.Helper()
	cfg, err := Load(f.opts())
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return cfg
}

// loadErr loads and requires a *Error.
func (f *fixture) loadErr(t *testing.T) *Error {
	t.Helper()
	_, err := Load(f.opts())
	if err == nil {
		t.Fatal("Load: want an error, got none")
	}
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("Load: want *Error, got %T %v", err, err)
	}
	return ce
}

func TestDefault(t *testing.T) {
	d := Default()
	checks := []struct {
		name      string
		got, want any
	}{
		{"trust", d.TrustProjectConfig, false},
		{"allowed_commands", d.Guard.AllowedCommands, guard.DefaultAllowedCommands()},
		{"allowed_paths", len(d.Guard.AllowedPaths), 0},
		{"profile", d.Guard.Profile, guard.ProfileReadonly},
		{"timeout_ms", d.Guard.TimeoutMs, 10000},
		{"max_output_bytes", d.Guard.MaxOutputBytes, 102400},
		{"max_items", d.Guard.MaxItems, 500},
		{"default_page_size", d.Guard.DefaultPageSize, 100},
		{"max_page_size", d.Guard.MaxPageSize, 1000},
		{"block_patterns", d.Guard.BlockPatterns, []string{";", "$(", "`", "&&", "||", ">", ">>", "<", "|"}},
		{"command_arg_restrictions", d.Guard.CommandArgRestrictions, guard.DefaultArgRestrictions()},
		{"env_patterns", d.Guard.Secrets.EnvPatterns, []string{"TOKEN", "SECRET", "AUTHZ", "PASSWORD", "PASSWD", "CREDENTIAL",
			"KEY", "API", "AUTH", "PRIVATE", "SESSION", "COOKIE", "DSN", "CREDS", "CONNECTION_STRING", "_PWD", "_PASS", "GPG_AGENT", "PASS", "_PW", "WEBHOOK", "JWT"}},
		{"output_redaction_enabled", d.Guard.Secrets.OutputRedactionEnabled, true},
		{"output_patterns", d.Guard.Secrets.OutputPatterns, DefaultOutputPatterns()},
		{"output_patterns_set", d.Guard.Secrets.OutputPatternsSet, false},
		{"strict_schemas", d.Parsers.StrictSchemas, false},
		{"external_isolation", d.Parsers.ExternalIsolation, "process"},
		{"external_time_limit_ms", d.Parsers.ExternalTimeLimitMs, 500},
		{"external_memory_limit_mb", d.Parsers.ExternalMemoryLimitMb, 128},
		{"threshold json", d.Parsers.AdaptiveFormatThreshold.JSON, 0},
		{"threshold compact", d.Parsers.AdaptiveFormatThreshold.Compact, 50},
		{"threshold json_no_raw", d.Parsers.AdaptiveFormatThreshold.JSONNoRaw, 200},
		{"telemetry", d.Telemetry.Enabled, false},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %#v, want %#v", c.name, c.got, c.want)
		}
	}
	if err := d.Validate(); err != nil {
		t.Errorf("Default().Validate() = %v", err)
	}
}

func TestLoadNoFilesGivesDefaults(t *testing.T) {
	f := newFixture(t)
	got := f.load(t)
	if !reflect.DeepEqual(got, Default()) {
		t.Errorf("Load with no files and no env:\n got %#v\nwant %#v", got, Default())
	}
}

func TestGlobalOnly(t *testing.T) {
	for _, tc := range []struct{ name, content string }{
		{FileJSON, `{"guard": {"timeout_ms": 20000, "allowed_commands": ["ls", "git"], "profile": "build"},
		             "parsers": {"strict_schemas": true}, "telemetry": {"enabled": true}}`},
		{FileTOML, "[guard]\ntimeout_ms = 20000\nallowed_commands = [\"ls\", \"git\"]\nprofile = \"build\"\n" +
			"[parsers]\nstrict_schemas = true\n[telemetry]\nenabled = true\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			path := f.global(t, tc.name, tc.content)
			cfg := f.load(t)
			want := Default()
			want.Guard.TimeoutMs = 20000
			want.Guard.AllowedCommands = []string{"ls", "git"}
			want.Guard.Profile = guard.ProfileBuild
			want.Parsers.StrictSchemas = true
			want.Telemetry.Enabled = true
			want.Sources = []string{path}
			if !reflect.DeepEqual(cfg, want) {
				t.Errorf("got  %#v\nwant %#v", cfg, want)
			}
		})
	}
}

func TestProjectOverridesOnlyWhatItSets(t *testing.T) {
	f := newFixture(t)
	g := f.global(t, FileJSON, `{"guard": {"timeout_ms": 20000, "max_items": 50}}`)
	p := f.project(t, FileTOML, "[guard]\ntimeout_ms = 3000\n")
	cfg := f.load(t)
	if cfg.Guard.TimeoutMs != 3000 {
		t.Errorf("timeout_ms = %d, want the project's 3000", cfg.Guard.TimeoutMs)
	}
	if cfg.Guard.MaxItems != 50 {
		t.Errorf("max_items = %d, want the global 50", cfg.Guard.MaxItems)
	}
	if cfg.Guard.MaxOutputBytes != 102400 {
		t.Errorf("max_output_bytes = %d, want the default", cfg.Guard.MaxOutputBytes)
	}
	if want := []string{g, p}; !slices.Equal(cfg.Sources, want) {
		t.Errorf("Sources = %q, want %q", cfg.Sources, want)
	}
	if len(cfg.Warnings) != 0 {
		t.Errorf("Warnings = %q, want none", cfg.Warnings)
	}
}

// TestProjectWidening checks each widening: ignored with a warning without
// trust, obeyed with trust.
func TestProjectWidening(t *testing.T) {
	tests := []struct {
		name    string
		global  string // guard keys of the global file (JSON object body)
		project string // JSON project file
		// untrusted: what the config must hold, and the warning fragment
		check       func(c Config) any
		wantIgnored any
		warning     string
		wantTrusted any
	}{
		{
			name:        "add command",
			global:      `"allowed_commands": ["ls", "git"]`,
			project:     `{"guard": {"allowed_commands": ["ls", "rm", "git", "sh"]}}`,
			check:       func(c Config) any { return c.Guard.AllowedCommands },
			wantIgnored: []string{"ls", "git"},
			warning:     "guard.allowed_commands adds 'rm', 'sh': ignored",
			wantTrusted: []string{"ls", "rm", "git", "sh"},
		},
		{
			name:        "add command keeps the intersection",
			global:      `"allowed_commands": ["ls", "git", "cat"]`,
			project:     `{"guard": {"allowed_commands": ["git", "rm"]}}`,
			check:       func(c Config) any { return c.Guard.AllowedCommands },
			wantIgnored: []string{"git"},
			warning:     "guard.allowed_commands adds 'rm': ignored",
			wantTrusted: []string{"git", "rm"},
		},
		{
			name:        "add path outside",
			global:      `"allowed_paths": ["/srv/app"]`,
			project:     `{"guard": {"allowed_paths": ["/srv/app/sub", "/etc"]}}`,
			check:       func(c Config) any { return c.Guard.AllowedPaths },
			wantIgnored: []string{"/srv/app/sub"},
			warning:     "guard.allowed_paths adds '/etc' (not under '/srv/app'): ignored",
			wantTrusted: []string{"/srv/app/sub", "/etc"},
		},
		{
			name:        "sibling with common prefix is outside",
			global:      `"allowed_paths": ["/srv/app"]`,
			project:     `{"guard": {"allowed_paths": ["/srv/application"]}}`,
			check:       func(c Config) any { return c.Guard.AllowedPaths },
			wantIgnored: []string{"/srv/app"},
			warning:     "guard.allowed_paths adds '/srv/application' (not under '/srv/app'): ignored",
			wantTrusted: []string{"/srv/application"},
		},
		{
			name:        "clear paths",
			global:      `"allowed_paths": ["/srv/app"]`,
			project:     `{"guard": {"allowed_paths": []}}`,
			check:       func(c Config) any { return c.Guard.AllowedPaths },
			wantIgnored: []string{"/srv/app"},
			warning:     "guard.allowed_paths clears the path restriction: ignored",
			wantTrusted: []string{},
		},
		{
			name:        "profile build",
			project:     `{"guard": {"profile": "build"}}`,
			check:       func(c Config) any { return c.Guard.Profile },
			wantIgnored: guard.ProfileReadonly,
			warning:     "guard.profile switches from 'readonly' to 'build': ignored",
			wantTrusted: guard.ProfileBuild,
		},
		{
			name:        "remove block pattern",
			project:     `{"guard": {"block_patterns": [";", "$(", "` + "`" + `", "&&", "||", ">", ">>", "<", "rm -rf"]}}`,
			check:       func(c Config) any { return c.Guard.BlockPatterns },
			wantIgnored: []string{";", "$(", "`", "&&", "||", ">", ">>", "<", "rm -rf", "|"},
			warning:     "guard.block_patterns removes '|': ignored",
			wantTrusted: []string{";", "$(", "`", "&&", "||", ">", ">>", "<", "rm -rf"},
		},
		{
			name:        "remove blocked flag",
			project:     `{"guard": {"command_arg_restrictions": {"node": {"blocked_flags": ["-e", "--eval"]}}}}`,
			check:       func(c Config) any { return c.Guard.CommandArgRestrictions["node"].BlockedFlags },
			wantIgnored: []string{"-e", "--eval", "-r", "--require", "-p", "--print", "--input-type"},
			warning:     "guard.command_arg_restrictions.node removes blocked flags '-r', '--require', '-p', '--print', '--input-type': ignored",
			wantTrusted: []string{"-e", "--eval"},
		},
		{
			name:        "remove command restriction",
			project:     `{"guard": {"command_arg_restrictions": {"npx": {"blocked_flags": []}}}}`,
			check:       func(c Config) any { return c.Guard.CommandArgRestrictions["npx"].BlockedFlags },
			wantIgnored: []string{"--yes", "-y"},
			warning:     "guard.command_arg_restrictions.npx removes blocked flags '--yes', '-y': ignored",
			wantTrusted: []string{},
		},
	}
	for _, tc := range tests {
		for _, trusted := range []bool{false, true} {
			name := tc.name + "/untrusted"
			if trusted {
				name = tc.name + "/trusted"
			}
			t.Run(name, func(t *testing.T) {
				f := newFixture(t)
				body := tc.global
				if trusted {
					body = strings.TrimPrefix(strings.Join([]string{body, `"profile": "readonly"`}, ", "), ", ")
					f.global(t, FileJSON, `{"trust_project_config": true, "guard": {`+body+`}}`)
				} else if body != "" {
					f.global(t, FileJSON, `{"guard": {`+body+`}}`)
				}
				p := f.project(t, FileJSON, tc.project)
				cfg := f.load(t)
				got := tc.check(cfg)
				if !trusted {
					if !reflect.DeepEqual(got, tc.wantIgnored) {
						t.Errorf("got %#v, want %#v", got, tc.wantIgnored)
					}
					want := "project config " + p + ": " + tc.warning + " (set trust_project_config: true in the global config to allow)"
					if !slices.Contains(cfg.Warnings, want) {
						t.Errorf("Warnings = %q\nwant one equal to %q", cfg.Warnings, want)
					}
					if len(cfg.Warnings) != 1 {
						t.Errorf("want exactly one warning, got %q", cfg.Warnings)
					}
					return
				}
				if !reflect.DeepEqual(got, tc.wantTrusted) {
					t.Errorf("got %#v, want %#v", got, tc.wantTrusted)
				}
				if len(cfg.Warnings) != 0 {
					t.Errorf("trusted: Warnings = %q, want none", cfg.Warnings)
				}
				if !cfg.TrustProjectConfig {
					t.Error("TrustProjectConfig = false, want true")
				}
			})
		}
	}
}

func TestProjectNarrowingApplies(t *testing.T) {
	f := newFixture(t)
	f.global(t, FileJSON, `{"guard": {"allowed_commands": ["ls", "git", "cat"], "allowed_paths": ["/srv"], "profile": "build"}}`)
	f.project(t, FileTOML, `
[guard]
allowed_commands = ["git"]
allowed_paths = ["/srv/app", "/srv/lib/x/.."]
profile = "readonly"
block_patterns = [";", "$(", "`+"`"+`", "&&", "||", ">", ">>", "<", "|", "rm"]
timeout_ms = 100

[guard.command_arg_restrictions.node]
blocked_flags = ["-e", "--eval", "-r", "--require", "-p", "--print", "--input-type", "--inspect"]

[guard.command_arg_restrictions.python]
blocked_flags = ["-c"]
`)
	cfg := f.load(t)
	if len(cfg.Warnings) != 0 {
		t.Errorf("Warnings = %q, want none", cfg.Warnings)
	}
	g := cfg.Guard
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"allowed_commands", g.AllowedCommands, []string{"git"}},
		{"allowed_paths", g.AllowedPaths, []string{"/srv/app", "/srv/lib/x/.."}},
		{"profile", g.Profile, guard.ProfileReadonly},
		{"block_patterns", g.BlockPatterns[len(g.BlockPatterns)-1], "rm"},
		{"node", len(g.CommandArgRestrictions["node"].BlockedFlags), 8},
		{"python", g.CommandArgRestrictions["python"].BlockedFlags, []string{"-c"}},
		{"npx kept", g.CommandArgRestrictions["npx"], guard.DefaultArgRestrictions()["npx"]},
		{"timeout_ms", g.TimeoutMs, 100},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %#v, want %#v", c.name, c.got, c.want)
		}
	}
}

func TestProjectPathsWithoutGlobalRestriction(t *testing.T) {
	// No current restriction: any list narrows and is obeyed untrusted.
	f := newFixture(t)
	f.project(t, FileJSON, `{"guard": {"allowed_paths": ["."]}}`)
	cfg := f.load(t)
	if !slices.Equal(cfg.Guard.AllowedPaths, []string{f.cwd}) || len(cfg.Warnings) != 0 {
		t.Errorf("AllowedPaths = %q, Warnings = %q", cfg.Guard.AllowedPaths, cfg.Warnings)
	}
}

func TestProjectRelativePathUnderGlobal(t *testing.T) {
	f := newFixture(t)
	f.global(t, FileJSON, `{"guard": {"allowed_paths": [`+quoteJSON(f.cwd)+`]}}`)
	f.project(t, FileJSON, `{"guard": {"allowed_paths": ["src", "../elsewhere"]}}`)
	cfg := f.load(t)
	if want := []string{filepath.Join(f.cwd, "src")}; !slices.Equal(cfg.Guard.AllowedPaths, want) {
		t.Errorf("AllowedPaths = %q, want %q", cfg.Guard.AllowedPaths, want)
	}
	if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "adds '../elsewhere'") {
		t.Errorf("Warnings = %q", cfg.Warnings)
	}
}

func TestProjectPathThroughSymlinkIsOutside(t *testing.T) {
	f := newFixture(t)
	allowed := filepath.Join(f.cwd, "allowed")
	outside := filepath.Join(f.cwd, "outside")
	for _, d := range []string{allowed, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(allowed, "link")); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	f.global(t, FileJSON, `{"guard": {"allowed_paths": [`+quoteJSON(allowed)+`]}}`)
	f.project(t, FileJSON, `{"guard": {"allowed_paths": ["allowed/link/sub", "allowed/real", "allowed/../outside"]}}`)
	cfg := f.load(t)
	if want := []string{filepath.Join(f.cwd, "allowed/real")}; !slices.Equal(cfg.Guard.AllowedPaths, want) {
		t.Errorf("AllowedPaths = %q, want %q", cfg.Guard.AllowedPaths, want)
	}
	if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "adds 'allowed/link/sub', 'allowed/../outside'") {
		t.Errorf("Warnings = %q", cfg.Warnings)
	}
}

func TestProjectAllPathsOutsideKeepsCurrent(t *testing.T) {
	f := newFixture(t)
	f.global(t, FileJSON, `{"guard": {"allowed_paths": ["/srv"]}}`)
	f.project(t, FileJSON, `{"guard": {"allowed_paths": ["/etc"]}}`)
	cfg := f.load(t)
	if !slices.Equal(cfg.Guard.AllowedPaths, []string{"/srv"}) {
		t.Errorf("AllowedPaths = %q, want the global [/srv] (an empty result would lift the restriction)", cfg.Guard.AllowedPaths)
	}
}

func TestProjectCannotTrustItself(t *testing.T) {
	f := newFixture(t)
	p := f.project(t, FileJSON, `{"trust_project_config": true, "guard": {"profile": "build"}}`)
	cfg := f.load(t)
	if cfg.TrustProjectConfig || cfg.Guard.Profile != guard.ProfileReadonly {
		t.Errorf("TrustProjectConfig = %v, Profile = %q: the project file trusted itself", cfg.TrustProjectConfig, cfg.Guard.Profile)
	}
	want := "project config " + p + ": trust_project_config: ignored (it is only read from the global config)"
	if !slices.Contains(cfg.Warnings, want) {
		t.Errorf("Warnings = %q, want %q", cfg.Warnings, want)
	}
}

func TestArgRestrictionsMergeKeepsNodeDefaults(t *testing.T) {
	for _, tc := range []struct{ name, content string }{
		{FileJSON, `{"guard": {"command_arg_restrictions": {"npx": {"blocked_flags": ["--yes", "-y", "--package"]}}}}`},
		{FileTOML, "[guard.command_arg_restrictions]\nnpx = { blocked_flags = [\"--yes\", \"-y\", \"--package\"] }\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.project(t, tc.name, tc.content)
			cfg := f.load(t)
			r := cfg.Guard.CommandArgRestrictions
			if !reflect.DeepEqual(r["node"], guard.DefaultArgRestrictions()["node"]) {
				t.Errorf("node = %#v, want the default", r["node"])
			}
			if !slices.Equal(r["npx"].BlockedFlags, []string{"--yes", "-y", "--package"}) {
				t.Errorf("npx = %#v", r["npx"])
			}
			if len(cfg.Warnings) != 0 {
				t.Errorf("Warnings = %q", cfg.Warnings)
			}
		})
	}
}

func TestOutputPatterns(t *testing.T) {
	tests := []struct {
		name    string
		content string
		want    []string
		wantSet bool
	}{
		{"absent", `{"guard": {"secrets": {"output_redaction_enabled": true}}}`, DefaultOutputPatterns(), false},
		{"empty turns masking off", `{"guard": {"secrets": {"output_patterns": []}}}`, []string{}, true},
		{"custom", `{"guard": {"secrets": {"output_patterns": ["acme_[0-9a-f]{32}"]}}}`, []string{"acme_[0-9a-f]{32}"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Masking is on by default, so only a trusted layer may replace
			// the patterns (TestTrustRuleSecrets covers the project file).
			f := newFixture(t)
			f.global(t, FileJSON, tc.content)
			s := f.load(t).Guard.Secrets
			if !reflect.DeepEqual(s.OutputPatterns, tc.want) || s.OutputPatternsSet != tc.wantSet {
				t.Errorf("OutputPatterns = %#v (set %v), want %#v (set %v)", s.OutputPatterns, s.OutputPatternsSet, tc.want, tc.wantSet)
			}
		})
	}
}

func TestBothFilesInOneDirectory(t *testing.T) {
	for _, where := range []string{"global", "project"} {
		t.Run(where, func(t *testing.T) {
			f := newFixture(t)
			write := f.global
			if where == "project" {
				write = f.project
			}
			j := write(t, FileJSON, `{}`)
			tm := write(t, FileTOML, ``)
			e := f.loadErr(t)
			if msg := e.Error(); !strings.Contains(msg, j) || !strings.Contains(msg, tm) {
				t.Errorf("error %q does not name both %s and %s", msg, j, tm)
			}
		})
	}
}

func TestConfigPathIgnoresGlobalAndProject(t *testing.T) {
	f := newFixture(t)
	f.global(t, FileJSON, `{"guard": {"timeout_ms": 1}, "telemetry": {"enabled": true}}`)
	f.project(t, FileJSON, `{"guard": {"max_items": 1}}`)
	explicit := writeFile(t, filepath.Join(f.cwd, "conf", "custom.toml"), "trust_project_config = true\n[guard]\nmax_page_size = 77\nprofile = \"build\"\n")
	f.env["PARISM_MAX_ITEMS"] = "9"

	for _, path := range []string{explicit, filepath.Join("conf", "custom.toml")} {
		opts := f.opts()
		opts.ConfigPath = path
		cfg, err := Load(opts)
		if err != nil {
			t.Fatal(err)
		}
		want := Default()
		want.TrustProjectConfig = true
		want.Guard.MaxPageSize = 77
		want.Guard.Profile = guard.ProfileBuild
		want.Guard.MaxItems = 9
		want.Sources = []string{explicit, "env PARISM_MAX_ITEMS"}
		if !reflect.DeepEqual(cfg, want) {
			t.Errorf("ConfigPath %s:\n got %#v\nwant %#v", path, cfg, want)
		}
	}

	for _, bad := range []struct{ path, msg string }{
		{filepath.Join(f.cwd, "missing.json"), "cannot read"},
		{writeFile(t, filepath.Join(f.cwd, "conf.yaml"), "a: 1"), "must end in .json or .toml"},
	} {
		opts := f.opts()
		opts.ConfigPath = bad.path
		_, err := Load(opts)
		var ce *Error
		if !errors.As(err, &ce) || ce.File != bad.path || !strings.Contains(ce.Message, bad.msg) {
			t.Errorf("ConfigPath %s: err = %v, want *Error naming the file with %q", bad.path, err, bad.msg)
		}
	}
}

func TestEnvOverridesFiles(t *testing.T) {
	f := newFixture(t)
	g := f.global(t, FileJSON, `{"guard": {"timeout_ms": 20000, "allowed_commands": ["ls"]}}`)
	p := f.project(t, FileJSON, `{"guard": {"timeout_ms": 3000}}`)
	f.env["PARISM_TIMEOUT_MS"] = "42"
	f.env["PARISM_ALLOWED_COMMANDS"] = "ls, rm ,git"
	f.env["PARISM_PROFILE"] = "build"
	cfg := f.load(t)
	if cfg.Guard.TimeoutMs != 42 {
		t.Errorf("timeout_ms = %d, want the env's 42", cfg.Guard.TimeoutMs)
	}
	// The environment is trusted: it may widen.
	if !slices.Equal(cfg.Guard.AllowedCommands, []string{"ls", "rm", "git"}) || cfg.Guard.Profile != guard.ProfileBuild {
		t.Errorf("allowed_commands = %q, profile = %q", cfg.Guard.AllowedCommands, cfg.Guard.Profile)
	}
	want := []string{g, p, "env PARISM_ALLOWED_COMMANDS", "env PARISM_PROFILE", "env PARISM_TIMEOUT_MS"}
	if !slices.Equal(cfg.Sources, want) {
		t.Errorf("Sources = %q, want %q", cfg.Sources, want)
	}
	if len(cfg.Warnings) != 0 {
		t.Errorf("Warnings = %q", cfg.Warnings)
	}
}

func TestEnvVars(t *testing.T) {
	tests := []struct {
		name, value string
		get         func(Config) any
		want        any
	}{
		{"PARISM_ALLOWED_COMMANDS", "ls,git", func(c Config) any { return c.Guard.AllowedCommands }, []string{"ls", "git"}},
		{"PARISM_ALLOWED_PATHS", "/srv, /tmp/x", func(c Config) any { return c.Guard.AllowedPaths }, []string{"/srv", "/tmp/x"}},
		{"PARISM_PROFILE", "build", func(c Config) any { return c.Guard.Profile }, guard.ProfileBuild},
		{"PARISM_TIMEOUT_MS", "1500", func(c Config) any { return c.Guard.TimeoutMs }, 1500},
		{"PARISM_MAX_OUTPUT_BYTES", "2048", func(c Config) any { return c.Guard.MaxOutputBytes }, 2048},
		{"PARISM_MAX_ITEMS", "7", func(c Config) any { return c.Guard.MaxItems }, 7},
		{"PARISM_DEFAULT_PAGE_SIZE", "25", func(c Config) any { return c.Guard.DefaultPageSize }, 25},
		{"PARISM_STRICT_SCHEMAS", "true", func(c Config) any { return c.Parsers.StrictSchemas }, true},
		{"PARISM_STRICT_SCHEMAS", "1", func(c Config) any { return c.Parsers.StrictSchemas }, true},
		{"PARISM_STRICT_SCHEMAS", "0", func(c Config) any { return c.Parsers.StrictSchemas }, false},
		{"PARISM_ADAPTIVE_FORMAT_JSON", "10", func(c Config) any { return c.Parsers.AdaptiveFormatThreshold.JSON }, 10},
		{"PARISM_ADAPTIVE_FORMAT_COMPACT", "0", func(c Config) any { return c.Parsers.AdaptiveFormatThreshold.Compact }, 0},
		{"PARISM_ADAPTIVE_FORMAT_JSON_NO_RAW", "300", func(c Config) any { return c.Parsers.AdaptiveFormatThreshold.JSONNoRaw }, 300},
		{"PARISM_TELEMETRY_ENABLED", "true", func(c Config) any { return c.Telemetry.Enabled }, true},
		{"PARISM_TELEMETRY_ENABLED", "false", func(c Config) any { return c.Telemetry.Enabled }, false},
		{"PARISM_TIMEOUT_MS", "", func(c Config) any { return c.Guard.TimeoutMs }, 10000}, // empty = unset
	}
	for _, tc := range tests {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			f := newFixture(t)
			if tc.name == "PARISM_STRICT_SCHEMAS" || tc.name == "PARISM_TELEMETRY_ENABLED" {
				// Start from the opposite value so "false" is seen to apply.
				f.global(t, FileJSON, `{"parsers": {"strict_schemas": true}, "telemetry": {"enabled": true}}`)
			}
			f.env[tc.name] = tc.value
			cfg := f.load(t)
			if got := tc.get(cfg); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

func TestEnvBadValue(t *testing.T) {
	tests := []struct{ name, value, key, msg string }{
		{"PARISM_TIMEOUT_MS", "10s", "guard.timeout_ms", `expected an integer, got "10s"`},
		{"PARISM_TIMEOUT_MS", "0", "guard.timeout_ms", "must be a positive integer, got 0"},
		{"PARISM_MAX_OUTPUT_BYTES", "-1", "guard.max_output_bytes", "must be a positive integer"},
		{"PARISM_MAX_ITEMS", "1.5", "guard.max_items", "expected an integer"},
		{"PARISM_DEFAULT_PAGE_SIZE", "x", "guard.default_page_size", "expected an integer"},
		{"PARISM_STRICT_SCHEMAS", "yes", "parsers.strict_schemas", `expected "true", "1", "false" or "0", got "yes"`},
		{"PARISM_TELEMETRY_ENABLED", "TRUE", "telemetry.enabled", "expected"},
		{"PARISM_ADAPTIVE_FORMAT_JSON", "-5", "parsers.adaptive_format_threshold.json", "must be 0 (unset) or a positive integer"},
		{"PARISM_ADAPTIVE_FORMAT_COMPACT", "many", "parsers.adaptive_format_threshold.compact", "expected an integer"},
		{"PARISM_ADAPTIVE_FORMAT_JSON_NO_RAW", "2e3", "parsers.adaptive_format_threshold.json_no_raw", "expected an integer"},
		{"PARISM_PROFILE", "admin", "guard.profile", `must be "readonly" or "build", got "admin"`},
		{"PARISM_ALLOWED_COMMANDS", " , ", "guard.allowed_commands", "expected a comma-separated list"},
		{"PARISM_ALLOWED_COMMANDS", "ls,/bin/rm", "guard.allowed_commands", "bare command name"},
		{"PARISM_ALLOWED_PATHS", ",,", "guard.allowed_paths", "expected a comma-separated list"},
	}
	for _, tc := range tests {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			f := newFixture(t)
			f.env[tc.name] = tc.value
			e := f.loadErr(t)
			if e.File != "env "+tc.name || e.Key != tc.key || !strings.Contains(e.Message, tc.msg) {
				t.Errorf("got %#v\nwant File %q Key %q Message containing %q", e, "env "+tc.name, tc.key, tc.msg)
			}
			if !strings.HasPrefix(e.Error(), "env "+tc.name+": "+tc.key+": ") {
				t.Errorf("Error() = %q", e.Error())
			}
		})
	}
}

// TestFileErrors: each mistake is an *Error with the file, the key and,
// where known, the line.
func TestFileErrors(t *testing.T) {
	tests := []struct {
		name    string
		file    string // FileJSON or FileTOML
		content string
		key     string
		line    int
		msg     string
	}{
		{"json unknown top key", FileJSON, `{"gaurd": {}}`, "gaurd", 1, "unknown key"},
		{"json unknown nested key", FileJSON, "{\n  \"guard\": {\n    \"secrets\": {\n      \"foo\": 1\n    }\n  }\n}", "guard.secrets.foo", 4, "unknown key"},
		{"json key case matters", FileJSON, `{"guard": {"Timeout_MS": 5}}`, "guard.Timeout_MS", 1, `unknown key (did you mean "timeout_ms"?)`},
		{"json unknown key in restriction", FileJSON, `{"guard": {"command_arg_restrictions": {"node": {"flags": []}}}}`, "guard.command_arg_restrictions.node.flags", 1, "unknown key"},
		{"json wrong type", FileJSON, "{\"guard\": {\n\"timeout_ms\": \"10s\"}}", "guard.timeout_ms", 2, `expected an integer, got string "10s"`},
		{"json float for int", FileJSON, `{"guard": {"max_items": 1.5}}`, "guard.max_items", 1, "expected an integer, got number 1.5"},
		{"json int overflow", FileJSON, `{"guard": {"max_items": 99999999999999999999}}`, "guard.max_items", 1, "expected an integer"},
		{"json null", FileJSON, `{"guard": {"timeout_ms": null}}`, "guard.timeout_ms", 1, "expected an integer, got null"},
		{"json list entry type", FileJSON, `{"guard": {"allowed_commands": ["ls", 3]}}`, "guard.allowed_commands", 1, "entry 2 is number 3"},
		{"json string for list", FileJSON, `{"guard": {"allowed_commands": "ls"}}`, "guard.allowed_commands", 1, "expected a list of strings"},
		{"json bool type", FileJSON, `{"telemetry": {"enabled": "yes"}}`, "telemetry.enabled", 1, "expected a boolean"},
		{"json section type", FileJSON, `{"guard": []}`, "guard", 1, "expected an object, got a list"},
		{"json restriction flags type", FileJSON, `{"guard": {"command_arg_restrictions": {"node": {"blocked_flags": [1]}}}}`, "guard.command_arg_restrictions.node.blocked_flags", 1, "entry 1 is number 1"},
		{"json restriction without flags", FileJSON, `{"guard": {"command_arg_restrictions": {"node": {}}}}`, "guard.command_arg_restrictions.node", 1, "blocked_flags is missing"},
		{"json invalid profile", FileJSON, `{"guard": {"profile": "admin"}}`, "guard.profile", 1, `must be "readonly" or "build", got "admin"`},
		{"json invalid isolation", FileJSON, `{"parsers": {"external_isolation": "docker"}}`, "parsers.external_isolation", 1, `must be "process", "worker" or "none"`},
		{"json zero limit", FileJSON, `{"guard": {"timeout_ms": 0}}`, "guard.timeout_ms", 1, "must be a positive integer, got 0"},
		{"json negative limit", FileJSON, "{\n\"parsers\": {\"external_memory_limit_mb\": -1}}", "parsers.external_memory_limit_mb", 2, "must be a positive integer"},
		{"json negative threshold", FileJSON, `{"parsers": {"adaptive_format_threshold": {"compact": -1}}}`, "parsers.adaptive_format_threshold.compact", 1, "must be 0 (unset)"},
		{"json empty block pattern", FileJSON, `{"guard": {"block_patterns": [";", ""]}}`, "guard.block_patterns", 1, "entry 2 is empty"},
		{"json invalid regex", FileJSON, "{\"guard\": {\"secrets\": {\n\"output_patterns\": [\"ok\", \"(unclosed\"]}}}", "guard.secrets.output_patterns", 2, "invalid regular expression: pattern 2"},
		{"json duplicate key", FileJSON, "{\"guard\": {\"timeout_ms\": 1,\n\"timeout_ms\": 2}}", "guard.timeout_ms", 2, "duplicate key (first set on line 1)"},
		{"json malformed", FileJSON, "{\n\"guard\": {,}\n}", "", 2, "malformed JSON"},
		{"json truncated", FileJSON, "{\"guard\": {", "", 1, "malformed JSON: unexpected end of file"},
		{"json empty file", FileJSON, "", "", 0, "the file is empty"},
		{"json top level not object", FileJSON, `["ls"]`, "", 1, "expected an object, got a list"},
		{"json trailing data", FileJSON, "{}\n{}", "", 2, "after the top-level object"},

		{"toml unknown top key", FileTOML, "telemetri = 1\n", "telemetri", 1, "unknown key"},
		{"toml unknown nested key", FileTOML, "[guard]\ntimeout_ms = 5\n\n[guard.secrets]\nfoo = 1\n", "guard.secrets.foo", 5, "unknown key"},
		{"toml unknown dotted key", FileTOML, "[guard]\nsecrets.foo = 1\n", "guard.secrets.foo", 2, "unknown key"},
		{"toml unknown inline key", FileTOML, "[guard]\nsecrets = { foo = 1 }\n", "guard.secrets.foo", 2, "unknown key"},
		{"toml key case matters", FileTOML, "[Guard]\ntimeout_ms = 5\n", "Guard", 1, `unknown key (did you mean "guard"?)`},
		{"toml wrong type", FileTOML, "# comment\n[guard]\ntimeout_ms = \"10s\"\n", "guard.timeout_ms", 3, `expected an integer, got string "10s"`},
		{"toml float for int", FileTOML, "[guard]\n\nmax_items = 1.5\n", "guard.max_items", 3, "expected an integer, got float 1.5"},
		{"toml date for bool", FileTOML, "[telemetry]\nenabled = 2024-01-01\n", "telemetry.enabled", 2, "expected a boolean, got a date/time"},
		{"toml table for list", FileTOML, "[guard.allowed_commands]\nls = true\n", "guard.allowed_commands", 1, "expected a list of strings, got a table"},
		{"toml restriction without flags", FileTOML, "[guard.command_arg_restrictions.node]\n", "guard.command_arg_restrictions.node", 1, "blocked_flags is missing"},
		{"toml invalid profile", FileTOML, "[guard]\n\nprofile = \"Build\"\n", "guard.profile", 3, `must be "readonly" or "build", got "Build"`},
		{"toml zero limit", FileTOML, "[parsers]\nexternal_time_limit_ms = 0\n", "parsers.external_time_limit_ms", 2, "must be a positive integer"},
		{"toml invalid regex", FileTOML, "[guard.secrets]\noutput_patterns = ['a(?<x>b)c', '[z-a]']\n", "guard.secrets.output_patterns", 2, "invalid regular expression"},
		{"toml duplicate key", FileTOML, "[guard]\ntimeout_ms = 5\ntimeout_ms = 6\n", "timeout_ms", 3, "already defined"},
		{"toml malformed", FileTOML, "[guard]\ntimeout_ms = \n", "", 2, "malformed TOML"},
		{"toml int overflow", FileTOML, "[guard]\nmax_items = 99999999999999999999\n", "", 2, "malformed TOML"},
		{"toml array of tables", FileTOML, "[[guard]]\ntimeout_ms = 5\n", "guard", 1, "expected a table, got a list"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			path := f.global(t, tc.file, tc.content)
			e := f.loadErr(t)
			if e.File != path || e.Key != tc.key || e.Line != tc.line || !strings.Contains(e.Message, tc.msg) {
				t.Errorf("got  File %q Key %q Line %d Message %q\nwant File %q Key %q Line %d Message containing %q",
					e.File, e.Key, e.Line, e.Message, path, tc.key, tc.line, tc.msg)
			}
		})
	}
}

func TestErrorString(t *testing.T) {
	for _, tc := range []struct {
		e    Error
		want string
	}{
		{Error{File: "/home/u/.parism/prism.config.json", Key: "guard.timeout_ms", Message: "expected an integer, got string"},
			"/home/u/.parism/prism.config.json: guard.timeout_ms: expected an integer, got string"},
		{Error{File: "/p/prism.config.toml", Key: "guard.secrets.foo", Line: 4, Message: "unknown key"},
			"/p/prism.config.toml:4: guard.secrets.foo: unknown key"},
		{Error{File: "/p/prism.config.json", Line: 2, Message: "malformed JSON: x"}, "/p/prism.config.json:2: malformed JSON: x"},
		{Error{Key: "guard.max_items", Message: "must be a positive integer, got 0"}, "guard.max_items: must be a positive integer, got 0"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}

func TestProjectFileErrorNamesProjectFile(t *testing.T) {
	f := newFixture(t)
	f.global(t, FileJSON, `{"trust_project_config": true}`)
	p := f.project(t, FileTOML, "[guard]\ntimeout_ms = -3\n")
	e := f.loadErr(t)
	if want := p + ":2: guard.timeout_ms: must be a positive integer, got -3"; e.Error() != want {
		t.Errorf("Error() = %q, want %q", e.Error(), want)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Config)
		key    string
	}{
		{"zero timeout", func(c *Config) { c.Guard.TimeoutMs = 0 }, "guard.timeout_ms"},
		{"negative page size", func(c *Config) { c.Guard.MaxPageSize = -1 }, "guard.max_page_size"},
		{"bad profile", func(c *Config) { c.Guard.Profile = "root" }, "guard.profile"},
		{"empty profile", func(c *Config) { c.Guard.Profile = "" }, "guard.profile"},
		{"bad isolation", func(c *Config) { c.Parsers.ExternalIsolation = "" }, "parsers.external_isolation"},
		{"bad regex", func(c *Config) { c.Guard.Secrets.OutputPatterns = []string{"*"} }, "guard.secrets.output_patterns"},
		{"empty pattern", func(c *Config) { c.Guard.BlockPatterns = append(c.Guard.BlockPatterns, " ") }, "guard.block_patterns"},
		{"path command", func(c *Config) { c.Guard.AllowedCommands = []string{"/bin/ls"} }, "guard.allowed_commands"},
		{"empty flag", func(c *Config) {
			c.Guard.CommandArgRestrictions = map[string]guard.ArgRestriction{"x": {BlockedFlags: []string{""}}}
		}, "guard.command_arg_restrictions"},
		{"negative threshold", func(c *Config) { c.Parsers.AdaptiveFormatThreshold.JSON = -1 }, "parsers.adaptive_format_threshold.json"},
		{"zero memory", func(c *Config) { c.Parsers.ExternalMemoryLimitMb = 0 }, "parsers.external_memory_limit_mb"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Default()
			tc.mutate(&c)
			err := c.Validate()
			var ce *Error
			if !errors.As(err, &ce) || ce.Key != tc.key || ce.File != "" {
				t.Errorf("Validate() = %v, want *Error for key %s", err, tc.key)
			}
		})
	}
}

func TestDefaultOutputPatterns(t *testing.T) {
	res, err := CompileOutputPatterns(DefaultOutputPatterns())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"key=sk-proj-abcdefghijklmnopqrstuvwxyz012345", "key=[REDACTED]"},
		{"OPENAI sk-abcdefghijklmnopqrstuvwx done", "OPENAI [REDACTED] done"},
		{"ghp_" + strings.Repeat("a1B2", 9), "[REDACTED]"},
		{"token gho_" + strings.Repeat("Z", 36) + " end", "token [REDACTED] end"},
		{"ghs_" + strings.Repeat("9", 36) + " ghu_" + strings.Repeat("x", 36) + " ghr_" + strings.Repeat("y", 40), "[REDACTED] [REDACTED] [REDACTED]"},
		{"github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", "[REDACTED]"},
		{"glpat-abcdefghij0123456789", "[REDACTED]"},
		{"aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "aws_access_key_id = [REDACTED]"},
		{"xoxb-123456789012-abcdefABCDEF", "[REDACTED]"},
		{"Authorization: Bearer abc.DEF-123_xyz==", "Authorization: Bearer [REDACTED]"},
		{"authorization: bearer tok123456", "authorization: bearer [REDACTED]"},
		{"a\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\nabc\n-----END RSA PRIVATE KEY-----\nb", "a\n[REDACTED]\nb"},
		{"-----BEGIN OPENSSH PRIVATE KEY-----\nx\n-----END OPENSSH PRIVATE KEY-----", "[REDACTED]"},
		{"-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY----- and -----BEGIN PUBLIC KEY-----", "[REDACTED] and -----BEGIN PUBLIC KEY-----"},
		{"jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk end", "jwt [REDACTED] end"},
		{"sk_live_" + strings.Repeat("a", 24), "[REDACTED]"},
		{"HF hf_" + strings.Repeat("Q", 34), "HF [REDACTED]"},
		{"npm_" + strings.Repeat("n", 36), "[REDACTED]"},
		{"AIza" + strings.Repeat("g", 35), "[REDACTED]"},
		{"DATABASE_URL=postgres://app:hunter2@db:5432/app", "DATABASE_URL=postgres://app:[REDACTED]@db:5432/app"},
		{"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_secret_access_key = [REDACTED]"},
		{"//registry.npmjs.org/:_authToken=abcdef0123456789abcdef", "//registry.npmjs.org/:_authToken=[REDACTED]"},
		{`"client_secret": "0123456789abcdefABCDEF"`, `"client_secret": "[REDACTED]"`},
		{"    token: 0123456789abcdefABCDEF", "    token: [REDACTED]"},
		// Not secrets: left alone.
		{"ls -la /tmp && git status: task-1234 desk-lamp", "ls -la /tmp && git status: task-1234 desk-lamp"},
		{"https://github.com/x/y.git token: short", "https://github.com/x/y.git token: short"},
		{"AKIA too short, sk-short, ghp_short, Bearer", "AKIA too short, sk-short, ghp_short, Bearer"},
	}
	for _, tc := range tests {
		if got := Redact(tc.in, res); got != tc.want {
			t.Errorf("Redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func quoteJSON(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// An untrusted project file cannot take secret protection away: the
// patterns it drops stay and masking stays on.
func TestProjectCannotWeakenSecrets(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(home, ".parism", "prism.config.json"),
		`{"guard": {"secrets": {"output_redaction_enabled": true}}}`)
	writeFile(t, filepath.Join(proj, "prism.config.json"),
		`{"guard": {"secrets": {"env_patterns": ["MINE"], "output_redaction_enabled": false, "output_patterns": []}}}`)
	cfg, err := Load(LoadOptions{Home: home, Cwd: proj, Env: testEnv{}.lookup})
	if err != nil {
		t.Fatal(err)
	}
	s := cfg.Guard.Secrets
	if !s.OutputRedactionEnabled {
		t.Error("project turned masking off")
	}
	for _, p := range DefaultEnvPatterns() {
		if !slices.Contains(s.EnvPatterns, p) {
			t.Errorf("env pattern %q was dropped", p)
		}
	}
	if !slices.Contains(s.EnvPatterns, "MINE") {
		t.Error("the added env pattern is missing")
	}
	if len(s.OutputPatterns) != len(DefaultOutputPatterns()) {
		t.Errorf("output patterns = %d, want the %d defaults kept", len(s.OutputPatterns), len(DefaultOutputPatterns()))
	}
	if len(cfg.Warnings) != 3 {
		t.Errorf("warnings = %q, want 3", cfg.Warnings)
	}
}

// Relative allowed paths are the project directory's: the guard gets them
// absolute.
func TestRelativeAllowedPaths(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(proj, "prism.config.json"), `{"guard": {"allowed_paths": ["src", "~/x", "/abs"]}}`)
	cfg, err := Load(LoadOptions{Home: home, Cwd: proj, Env: testEnv{}.lookup})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(proj, "src"), "~/x", "/abs"}
	if !slices.Equal(cfg.Guard.AllowedPaths, want) {
		t.Fatalf("allowed_paths = %q, want %q", cfg.Guard.AllowedPaths, want)
	}
}

// command_policies is read from the global file, merged per command, and
// ignored (reported) in an untrusted project file.
func TestCommandPolicies(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(home, ".parism", "prism.config.json"),
		`{"guard": {"command_policies": {"ls": {"positionals": {"max": 1}}}}}`)
	writeFile(t, filepath.Join(proj, "prism.config.json"),
		`{"guard": {"command_policies": {"rm": {"positionals": {"max": -1}}}}}`)
	cfg, err := Load(LoadOptions{Home: home, Cwd: proj, Env: testEnv{}.lookup})
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Guard.CommandPolicies["ls"].Positionals; got.Max != 1 {
		t.Errorf("ls policy = %+v, want positionals.max 1", cfg.Guard.CommandPolicies["ls"])
	}
	if _, ok := cfg.Guard.CommandPolicies["rm"]; ok {
		t.Error("an untrusted project set a command policy")
	}
	if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "guard.command_policies") {
		t.Errorf("warnings = %q", cfg.Warnings)
	}
	// An unknown key inside a policy names its full path.
	writeFile(t, filepath.Join(home, ".parism", "prism.config.json"),
		`{"guard": {"command_policies": {"ls": {"flagz": {}}}}}`)
	_, err = Load(LoadOptions{Home: home, Cwd: proj, Env: testEnv{}.lookup})
	if err == nil || !strings.Contains(err.Error(), "guard.command_policies.ls.flagz") {
		t.Errorf("error = %v, want one naming guard.command_policies.ls.flagz", err)
	}
}

// A hostile repository must not stop Parism in its directory with one bad
// value: an untrusted project file with a mistake is left out, with a
// warning naming it; a trusted one is the operator's and stays an error.
func TestBrokenProjectFile(t *testing.T) {
	f := newFixture(t)
	f.project(t, FileJSON, `{"guard": {"timeout_ms": 0, "allowed_commands": ["ls"]}}`)
	cfg := f.load(t)
	if !slices.Contains(cfg.Guard.AllowedCommands, "git") {
		t.Errorf("the broken project file was applied: allowed_commands %v", cfg.Guard.AllowedCommands)
	}
	if len(cfg.Warnings) == 0 || !strings.Contains(strings.Join(cfg.Warnings, "\n"), "project config") ||
		!strings.Contains(strings.Join(cfg.Warnings, "\n"), "timeout_ms") {
		t.Errorf("warnings %q, want one naming the project file and its mistake", cfg.Warnings)
	}
	f.global(t, FileJSON, `{"trust_project_config": true}`)
	if err := f.loadErr(t); err.Key != "guard.timeout_ms" {
		t.Errorf("trusted broken project file: %v, want an error on guard.timeout_ms", err)
	}
}
