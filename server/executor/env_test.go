package executor

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/server/config"
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
		"GIT_SSH_COMMAND=evil", "GIT_CONFIG_KEY_19=alias.x", "GIT_CONFIG_VALUE_19=!evil", "POSIXLY_CORRECT=1", "GIT_DIR=/elsewhere", "PS_PERSONALITY=bsd", "CMD_ENV=bsd"}
	out := SafeEnv(in)
	want := map[string]string{
		"HOME": "/h", "USER": "u",
		"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8",
		"PAGER": "cat", "GIT_PAGER": "cat", "MANPAGER": "cat",
		"EDITOR": "true", "VISUAL": "true", "GIT_EDITOR": "true",
		"GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_NOSYSTEM": "1", "GIT_OPTIONAL_LOCKS": "0",
		"TERM": "dumb", "NO_COLOR": "1",
		"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_COUNT": "19", "GIT_ALLOW_PROTOCOL": "http:https",
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
		"GIT_CONFIG_KEY_11": "gpg.openpgp.program", "GIT_CONFIG_VALUE_11": "false",
		"GIT_CONFIG_KEY_12": "gpg.ssh.defaultKeyCommand", "GIT_CONFIG_VALUE_12": "",
		"GIT_CONFIG_KEY_13": "core.alternateRefsCommand", "GIT_CONFIG_VALUE_13": "",
		"GIT_CONFIG_KEY_14": "sequence.editor", "GIT_CONFIG_VALUE_14": "true",
		"GIT_CONFIG_KEY_15": "gc.auto", "GIT_CONFIG_VALUE_15": "0",
		"GIT_CONFIG_KEY_16": "maintenance.auto", "GIT_CONFIG_VALUE_16": "false",
		"GIT_CONFIG_KEY_17": "diff.autoRefreshIndex", "GIT_CONFIG_VALUE_17": "false",
		"GIT_CONFIG_KEY_18": "diff.submodule", "GIT_CONFIG_VALUE_18": "short",
		"LESSSECURE": "1",
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
	for _, name := range []string{"LESSOPEN", "LESSCLOSE", "GIT_SSH_COMMAND", "GIT_CONFIG_KEY_19", "GIT_CONFIG_VALUE_19", "POSIXLY_CORRECT", "GIT_DIR", "PS_PERSONALITY", "CMD_ENV"} {
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

// TestStripEnvRealNames runs the default env_patterns over the variable
// names popular SDKs and tools read their keys from (each must go) and the
// variables programs need to work (each must stay). Issue 14, item 3.
func TestStripEnvRealNames(t *testing.T) {
	secrets := []string{
		"OPENAI_API_KEY", "OPENAI_ORG_ID_KEY", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "GEMINI_API_KEY",
		"GOOGLE_API_KEY", "GOOGLE_APPLICATION_CREDENTIALS", "MISTRAL_API_KEY", "COHERE_API_KEY", "GROQ_API_KEY",
		"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_SECURITY_TOKEN",
		"AZURE_CLIENT_SECRET", "AZURE_OPENAI_API_KEY", "AZURE_STORAGE_KEY", "AZURE_STORAGE_CONNECTION_STRING",
		"ARM_CLIENT_SECRET", "ARM_ACCESS_KEY", "STRIPE_SECRET_KEY", "STRIPE_API_KEY", "SENTRY_DSN", "SENTRY_AUTH_TOKEN",
		"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "GITHUB_TOKEN", "GH_TOKEN", "GITLAB_TOKEN", "CI_JOB_TOKEN",
		"NPM_TOKEN", "NODE_AUTH_TOKEN", "npm_config__authToken", "YARN_NPM_AUTH_TOKEN", "CARGO_REGISTRY_TOKEN",
		"DOCKER_PASSWORD", "DOCKER_AUTH_CONFIG", "HELM_REPO_PASSWORD", "VAULT_TOKEN", "CONSUL_HTTP_TOKEN",
		"DIGITALOCEAN_ACCESS_TOKEN", "CLOUDFLARE_API_TOKEN", "CF_API_KEY", "HEROKU_API_KEY", "NETLIFY_AUTH_TOKEN",
		"VERCEL_TOKEN", "SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "TWILIO_AUTH_TOKEN", "SENDGRID_API_KEY",
		"MAILGUN_API_KEY", "DATADOG_API_KEY", "DD_API_KEY", "DD_APP_KEY", "NEW_RELIC_LICENSE_KEY",
		"FIREBASE_TOKEN", "SUPABASE_SERVICE_ROLE_KEY", "PGPASSWORD", "MYSQL_PWD", "MYSQL_ROOT_PASSWORD",
		"REDIS_PASSWORD", "SMTP_PASS", "JWT_SECRET", "SECRET_KEY_BASE", "DJANGO_SECRET_KEY", "SESSION_SECRET",
		"COOKIE_SECRET", "PRIVATE_KEY", "SSH_PRIVATE_KEY", "GPG_PRIVATE_KEY", "SSH_AUTH_SOCK", "GPG_AGENT_INFO",
		"DBUS_SESSION_BUS_ADDRESS", "KUBE_TOKEN", "TF_TOKEN_app_terraform_io", "PARISM_HTTP_TOKEN",
		"ARTIFACTORY_API_KEY", "SONAR_TOKEN", "CODECOV_TOKEN", "PULUMI_ACCESS_TOKEN", "LINEAR_API_KEY",
		"SSHPASS", "PASSPHRASE", "GPG_PASSPHRASE", "DB_PW", "DISCORD_WEBHOOK_URL", "SLACK_WEBHOOK", "CI_JOB_JWT",
	}
	keep := []string{
		"PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LC_ALL", "TERM", "TZ", "PWD", "OLDPWD", "TMPDIR",
		"HOSTNAME", "KUBECONFIG", "DOCKER_HOST", "GOPATH", "GOROOT", "GOCACHE", "GOFLAGS", "GOPROXY",
		"CARGO_HOME", "RUSTUP_HOME", "NODE_ENV", "NODE_PATH", "NVM_DIR", "JAVA_HOME", "VIRTUAL_ENV",
		"PYTHONPATH", "LD_LIBRARY_PATH", "MANPATH", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR",
		"XDG_DATA_DIRS", "CI", "GITHUB_ACTIONS", "GITHUB_WORKSPACE", "HTTP_PROXY", "NO_PROXY", "EDITOR",
		"COLORTERM", "DISPLAY", "AWS_REGION", "AWS_PROFILE", "AWS_DEFAULT_REGION", "GOOGLE_CLOUD_PROJECT",
		"HELM_CACHE_HOME", "SSL_CERT_FILE", "NPM_CONFIG_REGISTRY", "PAGER", "SHLVL",
	}
	var env []string
	for _, n := range secrets {
		env = append(env, n+"=v")
	}
	for _, n := range keep {
		env = append(env, n+"=v")
	}
	// Credentials recognised by their value, under harmless names.
	byValue := []string{
		"DATABASE_URL=postgres://app:hunter2@db.internal:5432/app",
		"HTTPS_PROXY=http://me:pw@proxy:3128",
		"REDIS_URL=redis://:pw@cache:6379/0",
		"MY_GH=ghp_" + strings.Repeat("a", 36),
		"DEPLOY=-----BEGIN OPENSSH PRIVATE KEY-----",
		"CI_VALUE=AKIAIOSFODNN7EXAMPLE",
		"PIP_EXTRA_INDEX_URL=https://CANARYPIPTOKEN0000000009@pypi.example.com/simple",
		"GOPROXY_MIRROR=https://abcdefghijklmnopqrstuvwx@proxy.example.com",
		"NOTIFY=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
		"CHAT=https://discord.com/api/webhooks/123/abcdef",
		"CI_ID=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJDQU5BUlkxOCJ9.c2ln",
		"PIP_INDEX=https://CANARYPIP0009@pypi.example.com/simple",
		"GOPROXY_ALT=https://CANARYGOP13@proxy.example.com",
		"HTTPS_PROXY_ALT=http://tok3n999@proxy.invalid:3128",
		"GIT_HTTP_EXTRAHEADER=Authorization: Basic Q0FOQVJZR0lUSERSOA==",
	}
	env = append(env, byValue...)
	// Plain URLs without a password stay.
	env = append(env, "REPO_URL=https://github.com/x/y.git", "PROXY=http://proxy:3128", "MIRROR=https://u@host/",
		"GIT_REMOTE=ssh://git@github.com/x/y.git", "DEPLOY_URL=https://deploy@example.com/")
	kept, removed := StripEnv(env, config.DefaultEnvPatterns())
	for _, n := range secrets {
		if !slices.Contains(removed, n) {
			t.Errorf("%s reaches the child", n)
		}
	}
	for _, kv := range byValue {
		if n := envName(kv); !slices.Contains(removed, n) {
			t.Errorf("%s (a credential value) reaches the child", n)
		}
	}
	for _, n := range append(keep, "REPO_URL", "PROXY", "MIRROR", "GIT_REMOTE", "DEPLOY_URL") {
		if _, ok := envValue(kept, n); !ok {
			t.Errorf("%s is withheld but programs need it", n)
		}
	}
}
