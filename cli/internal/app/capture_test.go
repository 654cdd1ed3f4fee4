package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/pack"
	"github.com/parism-go/parism/server/config"
)

const fakeToken = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB"

// TestCaptureRealCommand captures a real `ls -l` of a folder under a
// temporary home holding a file named like a GitHub token, then reads the
// fixture back with pack.Load: every masking is in place and recorded,
// nothing secret or home-revealing is left in the file, and the parser's
// reading is an unreviewed proposal.
func TestCaptureRealCommand(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("PARISM_HOME", "")
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, fakeToken+".txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := Main([]string{"capture", "--cwd", proj, "ls -l " + proj}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d, stderr: %s", code, stderr.String())
	}
	m := regexp.MustCompile(`^Fixture saved: ~/\.parism/fixtures/(ls-\d{8}-\d{6}\.json)\n$`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("stdout %q", stdout.String())
	}
	path := filepath.Join(home, ".parism", "fixtures", m[1])
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{fakeToken, "abcdefghijklmnop", home} {
		if bytes.Contains(b, []byte(leak)) {
			t.Errorf("fixture contains %q:\n%s", leak, b)
		}
	}
	fx, err := pack.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	wantRedactions := []pack.Redaction{
		{Kind: pack.RedactHome, Where: "args[1]", Count: 1, Note: homeNote},
		{Kind: pack.RedactHome, Where: "cwd", Count: 1, Note: homeNote},
		{Kind: pack.RedactSecret, Where: "stdout", Count: 1, Note: "GitHub token (ghp_ gho_ ghu_ ghs_ ghr_)"},
	}
	if !reflect.DeepEqual(fx.Redactions, wantRedactions) {
		t.Errorf("redactions %+v\nwant %+v", fx.Redactions, wantRedactions)
	}
	if fx.Command != "ls" || !slices.Equal(fx.Args, []string{"-l", "~/proj"}) || fx.Cwd != "~/proj" || fx.ExitCode != 0 {
		t.Errorf("command %q args %q cwd %q exit %d", fx.Command, fx.Args, fx.Cwd, fx.ExitCode)
	}
	if !strings.Contains(fx.Raw, " "+config.RedactionMask+".txt\n") {
		t.Errorf("raw %q lacks the masked name", fx.Raw)
	}
	if fx.Parser == nil || fx.Parser.ID != "ls" || fx.Parser.Version == "" {
		t.Errorf("parser %+v", fx.Parser)
	}
	if fx.Expected == nil || fx.Expected.Reviewed() {
		t.Fatalf("expected %+v: want an unreviewed proposal", fx.Expected)
	}
	var parsed bytes.Buffer
	if err := json.Compact(&parsed, fx.Expected.Parsed); err != nil || !strings.Contains(parsed.String(), `"name":"[REDACTED].txt"`) {
		t.Errorf("expected.parsed %s (%v): want the parser's reading of the masked raw", parsed.String(), err)
	}
	if fx.CapturedAt.IsZero() || fx.OS == "" {
		t.Errorf("captured_at %v os %q", fx.CapturedAt, fx.OS)
	}
}

// TestToolkitExitCodes: 0 done, 1 refused or failed, 2 bad usage, for
// capture, inspect and eval.
func TestToolkitExitCodes(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("PARISM_HOME", filepath.Join(home, "ph"))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	failing := filepath.Join(dir, "failing.toml")
	if err := os.WriteFile(failing, []byte("name = \"f\"\n[[item]]\nname = \"x\"\ncmd = \"ls\"\nexecution = \"blocked\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want int
	}{
		{[]string{"capture", "--cwd", dir, "ls"}, exitOK},
		{[]string{"capture", "--cwd", dir, "ls nothing-here"}, exitOK}, // recorded, not refused
		{[]string{"capture", "rm -rf " + dir}, exitFailed},
		{[]string{"capture", "--out", filepath.Join(dir, "a.txt"), "ls"}, exitFailed},
		{[]string{"capture"}, exitUsage},
		{[]string{"capture", "ls | wc"}, exitUsage},
		{[]string{"capture", "--bogus", "ls"}, exitUsage},
		{[]string{"capture", "--help"}, exitOK},
		{[]string{"inspect", "--cwd", dir, "cat a.txt"}, exitOK},
		{[]string{"inspect", "--cwd", dir, "cat missing.txt"}, exitFailed},
		{[]string{"inspect", "rm -rf " + dir}, exitFailed},
		{[]string{"inspect", "--tokenizer", "gpt2", "ls"}, exitUsage},
		{[]string{"inspect", "ls $HOME"}, exitUsage},
		{[]string{"inspect"}, exitUsage},
		{[]string{"eval", "guard"}, exitOK},
		{[]string{"eval", "--file", failing}, exitFailed},
		{[]string{"eval", "no-such-scenario"}, exitUsage},
		{[]string{"eval", "--file", filepath.Join(dir, "none.toml")}, exitUsage},
		{[]string{"eval", "--list"}, exitOK},
	}
	for _, tc := range cases {
		var out, errb bytes.Buffer
		if got := Main(tc.args, nil, &out, &errb); got != tc.want {
			t.Errorf("parism %q: exit %d, want %d\nstdout: %s\nstderr: %s", tc.args, got, tc.want, out.String(), errb.String())
		}
	}
	if _, err := os.Stat(dir); err != nil {
		t.Errorf("the refused rm ran: %v", err)
	}
}

func TestReplaceHome(t *testing.T) {
	cases := []struct {
		in, want string
		n        int
	}{
		{"/home/al", "~", 1},
		{"/home/al/src and /home/al", "~/src and ~", 2},
		// A dot may start a name (/home/al.bak), so a path followed by one
		// is kept: masking too little here beats masking another path.
		{"cd /home/al/x; ls /home/al.", "cd ~/x; ls /home/al.", 1},
		{"/home/alice", "/home/alice", 0},
		{"/x/home/al/y", "/x/home/al/y", 0},
		{"HOME=/home/al:/home/al-2", "HOME=~:/home/al-2", 1},
		{"'/home/al/a b'", "'~/a b'", 1},
		{"", "", 0},
	}
	for _, tc := range cases {
		got, n := replaceHome(tc.in, "/home/al")
		if got != tc.want || n != tc.n {
			t.Errorf("replaceHome(%q) = %q, %d; want %q, %d", tc.in, got, n, tc.want, tc.n)
		}
	}
}

// TestMaskArgs: which arguments are masked and how each masking is
// recorded; the values also vanish from the output that repeats them.
func TestMaskArgs(t *testing.T) {
	patterns, err := config.CompileOutputPatterns(config.DefaultOutputPatterns())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want []string
		kind []string // redaction kind per masked arg, in order
		gone []string // values the output must not keep
	}{
		{[]string{"-l", "src"}, []string{"-l", "src"}, nil, nil},
		{[]string{"--token=abc123", "x"}, []string{"--token=[REDACTED]", "x"}, []string{"arg_value", "arg_value"}, []string{"abc123"}},
		{[]string{"--password", "hunter2", "x"}, []string{"--password", "[REDACTED]", "x"}, []string{"arg_value", "arg_value"}, []string{"hunter2"}},
		// "k1" is too short to hunt for in the output; "sss" is not.
		{[]string{"--api-key", "k1", "--client-secret=sss"}, []string{"--api-key", "[REDACTED]", "--client-secret=[REDACTED]"}, []string{"arg_value", "arg_value", "arg_value"}, []string{"sss"}},
		{[]string{"--auth-header", "abc"}, []string{"--auth-header", "[REDACTED]"}, []string{"arg_value", "arg_value"}, []string{"abc"}},
		{[]string{"GITHUB_TOKEN=zzz", "env"}, []string{"GITHUB_TOKEN=[REDACTED]", "env"}, []string{"arg_value", "arg_value"}, []string{"zzz"}},
		{[]string{"-p", "8080"}, []string{"-p", "8080"}, nil, nil}, // -p names no secret
		{[]string{"--keep", "x"}, []string{"--keep", "x"}, nil, nil},
		{[]string{"search", fakeToken}, []string{"search", "[REDACTED]"}, []string{"secret", "secret"}, []string{fakeToken}},
	}
	for _, tc := range cases {
		m := &masker{patterns: patterns}
		got := m.args(tc.args)
		// The output repeats the arguments, as echo would.
		out := m.text("stdout", strings.Join(tc.args, " "), true)
		var kinds []string
		for _, r := range m.done {
			kinds = append(kinds, r.Kind)
		}
		if !slices.Equal(got, tc.want) || !slices.Equal(kinds, tc.kind) {
			t.Errorf("args(%q) = %q %q; want %q %q", tc.args, got, kinds, tc.want, tc.kind)
		}
		for _, g := range tc.gone {
			if strings.Contains(out, g) {
				t.Errorf("args(%q): output %q still holds %q", tc.args, out, g)
			}
		}
	}
}
