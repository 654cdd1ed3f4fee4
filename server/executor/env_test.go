package executor

import (
	"slices"
	"testing"
)

func TestStripEnv(t *testing.T) {
	tests := []struct {
		name        string
		env         []string
		patterns    []string
		wantKept    []string
		wantRemoved []string
	}{
		{
			name:        "substring any case",
			env:         []string{"PATH=/bin", "MY_TOKEN=a", "my_secret_x=b", "GitHub_Token=c", "HOME=/h"},
			patterns:    []string{"TOKEN", "secret"},
			wantKept:    []string{"PATH=/bin", "HOME=/h"},
			wantRemoved: []string{"MY_TOKEN", "my_secret_x", "GitHub_Token"},
		},
		{
			name:        "value is not matched, duplicates reported once",
			env:         []string{"A=TOKEN", "API_KEY=1", "API_KEY=2"},
			patterns:    []string{"KEY", ""},
			wantKept:    []string{"A=TOKEN"},
			wantRemoved: []string{"API_KEY"},
		},
		{
			name:     "no patterns keeps all, odd entries survive",
			env:      []string{"NOEQUALS", "=C:=C:\\x", "E="},
			wantKept: []string{"NOEQUALS", "=C:=C:\\x", "E="},
		},
		{name: "nil env", patterns: []string{"X"}, wantKept: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept, removed := StripEnv(tt.env, tt.patterns)
			if !slices.Equal(kept, tt.wantKept) {
				t.Errorf("kept = %q, want %q", kept, tt.wantKept)
			}
			if !slices.Equal(removed, tt.wantRemoved) {
				t.Errorf("removed = %q, want %q", removed, tt.wantRemoved)
			}
		})
	}
}

func TestStripEnvDoesNotAlias(t *testing.T) {
	env := []string{"A=1", "TOKEN=2", "B=3"}
	kept, _ := StripEnv(env, []string{"token"})
	kept[0] = "changed"
	if env[0] != "A=1" || env[1] != "TOKEN=2" {
		t.Errorf("input modified: %q", env)
	}
}

func TestSafeEnv(t *testing.T) {
	in := []string{"HOME=/h", "PAGER=less", "LESSOPEN=|lesspipe %s", "LESSCLOSE=x", "LANG=de_DE.UTF-8", "TERM=xterm-256color", "USER=u",
		"GIT_SSH_COMMAND=evil", "GIT_CONFIG_KEY_19=alias.x", "GIT_CONFIG_VALUE_19=!evil", "POSIXLY_CORRECT=1", "GIT_DIR=/elsewhere"}
	out := SafeEnv(in)
	want := map[string]string{
		"HOME": "/h", "USER": "u",
		"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8",
		"PAGER": "cat", "GIT_PAGER": "cat", "MANPAGER": "cat",
		"EDITOR": "true", "VISUAL": "true", "GIT_EDITOR": "true",
		"GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_NOSYSTEM": "1", "GIT_OPTIONAL_LOCKS": "0",
		"TERM": "dumb", "NO_COLOR": "1",
		"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_COUNT": "11", "GIT_ALLOW_PROTOCOL": "http:https:file",
		"npm_config_update_notifier": "false", "npm_config_logs_max": "0", "npm_config_fund": "false",
		"GIT_CONFIG_KEY_0": "core.fsmonitor", "GIT_CONFIG_VALUE_0": "false",
		"GIT_CONFIG_KEY_1": "core.hooksPath", "GIT_CONFIG_VALUE_1": "/dev/null",
		"GIT_CONFIG_KEY_2": "core.pager", "GIT_CONFIG_VALUE_2": "cat",
		"GIT_CONFIG_KEY_3": "core.editor", "GIT_CONFIG_VALUE_3": "true",
		"GIT_CONFIG_KEY_4": "core.sshCommand", "GIT_CONFIG_VALUE_4": "false",
		"GIT_CONFIG_KEY_5": "credential.helper", "GIT_CONFIG_VALUE_5": "",
		"GIT_CONFIG_KEY_6": "gpg.program", "GIT_CONFIG_VALUE_6": "false",
		"GIT_CONFIG_KEY_7": "gpg.ssh.program", "GIT_CONFIG_VALUE_7": "false",
		"GIT_CONFIG_KEY_8": "gpg.x509.program", "GIT_CONFIG_VALUE_8": "false",
		"GIT_CONFIG_KEY_9": "log.showSignature", "GIT_CONFIG_VALUE_9": "false",
		"GIT_CONFIG_KEY_10": "core.askPass", "GIT_CONFIG_VALUE_10": "false",
	}
	seen := map[string]int{}
	for _, kv := range out {
		seen[envName(kv)]++
	}
	for name, n := range seen {
		if n != 1 {
			t.Errorf("%s appears %d times", name, n)
		}
	}
	for name, v := range want {
		if got, ok := envValue(out, name); !ok || got != v {
			t.Errorf("%s = %q (present %v), want %q", name, got, ok, v)
		}
	}
	for _, name := range []string{"LESSOPEN", "LESSCLOSE", "GIT_SSH_COMMAND", "GIT_CONFIG_KEY_19", "GIT_CONFIG_VALUE_19", "POSIXLY_CORRECT", "GIT_DIR"} {
		if _, ok := envValue(out, name); ok {
			t.Errorf("%s still set", name)
		}
	}
	if len(out) != len(want) {
		t.Errorf("got %d entries, want %d: %q", len(out), len(want), out)
	}
	if in[1] != "PAGER=less" {
		t.Errorf("input modified: %q", in)
	}
}

func TestWithPWD(t *testing.T) {
	got := withPWD([]string{"A=1", "PWD=/elsewhere", "B=2"}, "/work/x")
	want := []string{"A=1", "B=2", "PWD=/work/x"}
	if !slices.Equal(got, want) {
		t.Fatalf("withPWD = %q, want %q", got, want)
	}
}
