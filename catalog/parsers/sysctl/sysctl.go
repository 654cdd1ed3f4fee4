// Package sysctl reads the output of `sysctl` for the catalog: the parser sysctl.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package sysctl

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// SysctlResult is sysctl's settings, in the order printed.
type SysctlResult struct {
	Settings []SysctlSetting `json:"settings"`
}

// SysctlSetting is one "name = value" (Linux) or "name: value" (BSD) line.
type SysctlSetting struct {
	// Name is the dotted name (vm.swappiness).
	Name string `json:"name"`
	// Value is the value as printed (several numbers keep their tabs).
	Value string `json:"value"`
}

// sysctlFlags: sysctl(8) of procps-ng 4.0.2 (Debian 12): -a/-A/-X (all),
// -e (ignore unknown names), -r PATTERN (filter), --deprecated, names as
// positionals keep the "name = value" form; -n (values only), -N (names
// only), -b (binary) print other forms (refused with a hint); -w, -p and
// --system write settings (the guard refuses them). FreeBSD sysctl(8) and
// macOS sysctl(8): -a, -A, -e, -i, names; "name: value" lines.
var sysctlFlags = catalog.Flags{"-a": catalog.Bool, "--all": catalog.Bool, "-A": catalog.Bool, "-X": catalog.Bool, "-e": catalog.Bool, "--ignore": catalog.Bool,
	"-r": catalog.Value, "--pattern": catalog.Value, "--deprecated": catalog.Bool, "-i": catalog.Bool}

func sysctlParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "sysctl", Command: "sysctl", Version: "1",
		Format: "sysctl's \"name = value\" (Linux procps) and \"name: value\" (FreeBSD, macOS) lines; a value over several lines stays with its name",
		Flags:  sysctlFlags, MaxPositionals: -1, Result: SysctlResult{}, RowsKey: "settings", KeyFields: []string{"name"},
		Examples:     [][]string{{"-a"}, {"vm.swappiness"}, {"kernel.hostname", "vm.swappiness"}},
		Alternatives: map[string][]string{"-n": {}, "--values": {}, "-N": {}, "--names": {}},
		Parse:        parseSysctl,
	}}
}

func parseSysctl(c *catalog.Context) (any, error) {
	res := &SysctlResult{Settings: make([]SysctlSetting, 0, kit.RowCap(c))}
	data := 0
	for l := range kit.EachLine(c.Raw) {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		data++
		sep := " = "
		if i, j := strings.Index(l.Text, " = "), strings.Index(l.Text, ": "); i < 0 || (j >= 0 && j < i && !strings.ContainsAny(l.Text[:j], " \t")) {
			sep = ": "
		}
		ks, ke, vs, ve, ok := lex.KeyValue(l, sep)
		if !ok && strings.HasSuffix(l.Text, strings.TrimRight(sep, " ")) {
			// "name =" with an empty value
			ks, ke, ok = l.At, l.At+len(strings.TrimRight(l.Text, " =:")), true
			vs, ve = l.At+len(l.Text), l.At+len(l.Text)
		}
		if !ok || strings.ContainsAny(c.Raw[ks:ke], " \t") {
			c.Unread(l.At)
			continue
		}
		if c.Full(len(res.Settings)) {
			c.Omit(1)
			continue
		}
		i := len(res.Settings)
		res.Settings = append(res.Settings, SysctlSetting{
			Name:  kit.Text(c, ks, ke, "settings", i, "name"),
			Value: kit.Text(c, vs, ve, "settings", i, "value"),
		})
	}
	if data > 0 && len(res.Settings) == 0 && c.Omitted() == 0 {
		return nil, kit.NoRows("sysctl")
	}
	return res, nil
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return sysctlParsers() }
