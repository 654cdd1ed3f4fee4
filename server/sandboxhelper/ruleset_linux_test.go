//go:build linux

package sandboxhelper

import "testing"

// TestRulesetKey: the cache's key tells apart every difference that gives
// another ruleset, and only those (the rights the ABI does not handle are
// dropped by the ruleset, so they do not count).
func TestRulesetKey(t *testing.T) {
	base := Config{ABI: 4, Connect: true, Ports: []uint16{443}, Rules: []Rule{
		{Path: "/usr", Rights: AccessRead | AccessExecute}, {Path: "/etc/hosts", Rights: AccessReadFile}}}
	edits := map[string]func(c *Config){
		"another path":    func(c *Config) { c.Rules[1].Path = "/etc/passwd" },
		"other rights":    func(c *Config) { c.Rules[0].Rights = AccessRead },
		"one rule less":   func(c *Config) { c.Rules = c.Rules[:1] },
		"rules reordered": func(c *Config) { c.Rules[0], c.Rules[1] = c.Rules[1], c.Rules[0] },
		"another port":    func(c *Config) { c.Ports = []uint16{80} },
		"any port":        func(c *Config) { c.Ports = nil },
		"bind allowed":    func(c *Config) { c.Bind = true },
		"another ABI":     func(c *Config) { c.ABI = 6 },
	}
	clone := func() Config {
		c := base
		c.Rules = append([]Rule(nil), base.Rules...)
		c.Ports = append([]uint16(nil), base.Ports...)
		return c
	}
	k := keyOf(base)
	if c := clone(); !k.same(keyOf(c)) || k.hash() != keyOf(c).hash() {
		t.Fatal("a copy of the configuration has another key")
	}
	for name, edit := range edits {
		c := clone()
		edit(&c)
		if k.same(keyOf(c)) || keyOf(c).same(k) {
			t.Errorf("%s: the same key", name)
		}
	}
	// Rights past what ABI 4 handles (ioctl on devices, ABI 5) are not in
	// the ruleset: the same one.
	c := clone()
	c.Rules[0].Rights |= 1 << 15
	if !k.same(keyOf(c)) || k.hash() != keyOf(c).hash() {
		t.Error("a right the ABI does not handle changed the key")
	}
	// Ports count only where the kernel filters connect by port.
	c, d := clone(), clone()
	c.ABI, d.ABI, d.Ports = 3, 3, []uint16{80}
	if !keyOf(c).same(keyOf(d)) {
		t.Error("ports changed the key of an ABI without TCP rules")
	}
}
