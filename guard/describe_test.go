package guard

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"
)

func TestDescribe(t *testing.T) {
	g := mustNew(t, DefaultPolicy())

	git := g.Describe("git")
	if !git.Allowed || !git.Policy || git.Profile != ProfileReadonly || git.Active != ProfileReadonly {
		t.Errorf("Describe(git) = %+v", git)
	}
	for _, s := range []string{"status", "log", "diff", "stash"} {
		if !slices.Contains(git.Subcommands, s) {
			t.Errorf("Describe(git).Subcommands lacks %s: %v", s, git.Subcommands)
		}
	}
	if !slices.Contains(git.Refused[detailRunsProgram], "-c") {
		t.Errorf("Describe(git).Refused = %v, want -c as runs_program", git.Refused)
	}

	log := g.Describe("git", "log")
	if log.Cmd != "git log" || !slices.Contains(log.Grammar, "abbrev") || log.Positionals != "any PATH" {
		t.Errorf("Describe(git log) = %+v", log)
	}
	for _, f := range []string{"--format TEXT", "-n|--max-count NUMBER", "--stat[=TEXT]", "--graph"} {
		if !slices.Contains(log.Flags, f) {
			t.Errorf("Describe(git log).Flags lacks %q: %v", f, log.Flags)
		}
	}

	tail := g.Describe("tail")
	if !slices.Contains(tail.Flags, "-n|--lines SIZE") || !slices.Contains(tail.Refused[detailUnbounded], "-f") {
		t.Errorf("Describe(tail) = %+v", tail)
	}
	if p := g.Describe("ping"); !slices.Equal(p.Require, []string{"-c", "-w"}) || p.Positionals != "≤1 TEXT" {
		t.Errorf("Describe(ping) = %+v", p)
	}
	if v := g.Describe("grep"); v.Positionals != "TEXT then any PATH" {
		t.Errorf("Describe(grep).Positionals = %q", v.Positionals)
	}
	if v := g.Describe("npm"); !slices.Contains(v.NeedsBuild, "exec") || slices.Contains(v.Subcommands, "test") || !slices.Contains(v.Subcommands, "view") {
		t.Errorf("Describe(npm) build split: %v / %v", v.Subcommands, v.NeedsBuild)
	}
	if v := g.Describe("cargo"); v.Profile != ProfileBuild {
		t.Errorf("Describe(cargo).Profile = %q", v.Profile)
	}
	if v := g.Describe("rm"); v.Allowed || v.Policy {
		t.Errorf("Describe(rm) = %+v", v)
	}
	if v := g.Describe("git", "stash", "nope"); v.Cmd != "git stash" {
		t.Errorf("Describe(git stash nope).Cmd = %q", v.Cmd)
	}
	var nilGuard *Guard
	if v := nilGuard.Describe("ls"); v.Allowed {
		t.Error("nil guard describes ls as allowed")
	}

	// Every command and subcommand of the defaults fits, and the view is
	// deterministic.
	var walk func(cmd string, path []string, p CommandPolicy)
	count := 0
	walk = func(cmd string, path []string, p CommandPolicy) {
		v := g.Describe(cmd, path...)
		b, err := json.Marshal(v)
		must(t, err)
		if len(b) > DescribeLimit {
			t.Errorf("Describe(%s %v) is %d bytes", cmd, path, len(b))
		}
		again, _ := json.Marshal(g.Describe(cmd, path...))
		if string(again) != string(b) {
			t.Errorf("Describe(%s %v) not deterministic", cmd, path)
		}
		count++
		for _, s := range slices.Sorted(maps.Keys(p.Subcommands)) {
			walk(cmd, append(slices.Clone(path), s), p.Subcommands[s])
		}
	}
	defs := DefaultCommandPolicies()
	for _, cmd := range slices.Sorted(maps.Keys(defs)) {
		walk(cmd, nil, defs[cmd])
	}
	if count < 200 {
		t.Errorf("walked only %d levels", count)
	}
}

func TestRewrite(t *testing.T) {
	cases := []struct{ in, want []string }{
		{argv("npx", "tsc"), argv("npx", "--no", "tsc")},
		{argv("flake8", "pkg"), argv("flake8", "--jobs=1", "pkg")},
		{argv("flake8", "-j", "4", "pkg"), argv("flake8", "-j", "4", "pkg")},
		{argv("npx", "--no", "tsc"), argv("npx", "--no", "tsc")},
		{argv("git", "log", "-p"), argv("git", "log", "--no-ext-diff", "--no-textconv", "-p")},
		{argv("git", "-C", "src", "diff", "--", "x"), argv("git", "-C", "src", "diff", "--no-ext-diff", "--no-textconv", "--", "x")},
		{argv("git", "--no-pager", "show", "HEAD"), argv("git", "--no-pager", "show", "--no-ext-diff", "--no-textconv", "HEAD")},
		{argv("git", "diff", "--no-textconv"), argv("git", "diff", "--no-ext-diff", "--no-textconv")},
		{argv("git", "reflog", "show", "-1"), argv("git", "reflog", "show", "--no-ext-diff", "--no-textconv", "-1")},
		{argv("git", "blame", "f"), argv("git", "blame", "--no-ext-diff", "--no-textconv", "--no-ignore-revs-file", "f")},
		{argv("git", "-C", "d", "blame", "--ignore-revs-file", "r", "f"), argv("git", "-C", "d", "blame", "--no-ext-diff", "--no-textconv", "--no-ignore-revs-file", "--ignore-revs-file", "r", "f")},
		{argv("git", "status"), argv("git", "status")},
		{argv("git", "stash", "show"), argv("git", "stash", "show")},
		{argv("git"), argv("git")},
		{argv("ls", "-la"), argv("ls", "-la")},
	}
	for _, c := range cases {
		args := slices.Clone(c.in[1:])
		got := Rewrite(c.in[0], args)
		if !slices.Equal(got, c.want[1:]) {
			t.Errorf("Rewrite(%q) = %q, want %q", c.in, got, c.want[1:])
		}
		if !slices.Equal(args, c.in[1:]) {
			t.Errorf("Rewrite(%q) modified its input", c.in)
		}
	}

	// What passes Check still passes once rewritten.
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	lines, nums := readCorpus(t, "allowed_corpus.txt")
	for k, line := range lines {
		var a []string
		must(t, json.Unmarshal([]byte(line), &a))
		if d := g.Check(a[0], Rewrite(a[0], a[1:]), proj); !d.Allowed {
			t.Errorf("allowed_corpus.txt:%d: Rewrite(%q) refused: %s", nums[k], a, d.Message)
		}
	}
}
