package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
)

// TestDescribeParsersMatchGuard holds describe's parser lists to the
// guard: every parser's command has a command policy; a parser listed as
// available has a form the guard lets run, one listed in
// parsers_not_allowed has none; and following the enable texts (adding
// the commands to guard.allowed_commands, the build profile) makes every
// parser available.
func TestDescribeParsersMatchGuard(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	o := e.Describe()
	passes := func(e *Engine, key string) bool {
		for _, p := range e.reg.Parsers() {
			if p.Key() != key {
				continue
			}
			forms := p.Examples
			if len(forms) == 0 {
				forms = [][]string{nil}
			}
			for _, args := range forms {
				if e.guard.Check(p.Command, args, e.workdir).Allowed {
					return true
				}
			}
		}
		return false
	}
	var notAllowed, commands []string
	build := false
	for _, g := range o.ParsersNotAllowed {
		if len(g.Parsers) == 0 || g.Enable == "" || g.Reason == "" {
			t.Errorf("empty group: %+v", g)
		}
		switch g.Reason {
		case "not_in_allowlist":
			if !strings.Contains(g.Enable, "guard.allowed_commands") || !strings.Contains(g.Enable, "PARISM_ALLOWED_COMMANDS") {
				t.Errorf("enable names no key: %q", g.Enable)
			}
		case "profile_build_required":
			build = true
			if !strings.Contains(g.Enable, "guard.profile") {
				t.Errorf("enable names no key: %q", g.Enable)
			}
		}
		for _, k := range g.Parsers {
			notAllowed = append(notAllowed, k)
			cmd, _, _ := strings.Cut(k, " ")
			commands = append(commands, cmd)
			if passes(e, k) {
				t.Errorf("%s is in parsers_not_allowed (%s) but the guard lets one of its forms run", k, g.Reason)
			}
		}
	}
	for _, k := range o.AvailableParsers {
		if slices.Contains(notAllowed, k) {
			t.Errorf("%s is both available and not allowed", k)
		}
		if !passes(e, k) {
			t.Errorf("%s is listed as available but the guard refuses every form it reads", k)
		}
	}
	for _, want := range []string{"date", "uptime", "w", "ip", "lsblk", "mount"} {
		if !slices.Contains(notAllowed, want) {
			t.Errorf("%s is refused by default but not in parsers_not_allowed: %q", want, notAllowed)
		}
	}
	seen := map[string]bool{}
	for _, p := range e.reg.Parsers() {
		if !e.guard.Describe(p.Command).Policy {
			t.Errorf("parser %s: the command %s has no guard policy (only the allowlist would apply)", p.ID, p.Command)
		}
		seen[p.Key()] = true
	}
	if len(seen) != len(o.AvailableParsers)+len(notAllowed) {
		t.Errorf("%d parser keys, %d available + %d not allowed", len(seen), len(o.AvailableParsers), len(notAllowed))
	}

	// Doing what enable says makes them available.
	wide, _ := newTestEngine(t, func(c *config.Config) {
		c.Guard.AllowedCommands = append(c.Guard.AllowedCommands, commands...)
		if build {
			c.Guard.Profile = guard.ProfileBuild
		}
	})
	if w := wide.Describe(); len(w.ParsersNotAllowed) != 0 || len(w.AvailableParsers) != len(seen) {
		t.Errorf("with the commands allowed and the build profile: not allowed %+v", w.ParsersNotAllowed)
	}
	// describe({cmd}) says the same per parser.
	if info := e.DescribeCommand("uptime"); len(info.Parsers) == 0 || info.Parsers[0].Usable || !strings.Contains(info.Parsers[0].Enable, "guard.allowed_commands") {
		t.Errorf("describe(uptime): %s", mustMarshal(t, info))
	}
	if info := e.DescribeCommand("ls"); len(info.Parsers) == 0 || !info.Parsers[0].Usable || info.Parsers[0].Enable != "" {
		t.Errorf("describe(ls): %s", mustMarshal(t, info))
	}
}
