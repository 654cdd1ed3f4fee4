// Package lspci reads the output of `lspci` for the catalog: the parser lspci.
// Parsers returns it; catalog/builtin lists it with every other built-in.
package lspci

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// LspciResult is lspci's devices.
type LspciResult struct {
	Devices []LspciDevice `json:"devices"`
}

// LspciDevice is one PCI device.
type LspciDevice struct {
	// Slot is [domain:]bus:device.function.
	Slot string `json:"slot"`
	// Class is the device class (Ethernet controller), with its [code] under -nn.
	Class string `json:"class"`
	// Vendor is the vendor (the -mm form; the plain form joins vendor and device in Device).
	Vendor string `json:"vendor,omitempty"`
	// Device is the device (the plain form: vendor and device as printed).
	Device string `json:"device"`
	// Revision is the revision (rev 01), -rXX with -mm.
	Revision string `json:"revision,omitempty"`
	// ProgIf is -mm's -pXX programming interface.
	ProgIf string `json:"prog_if,omitempty"`
	// SubsystemVendor and SubsystemDevice are -mm's last two fields.
	SubsystemVendor string `json:"subsystem_vendor,omitempty"`
	SubsystemDevice string `json:"subsystem_device,omitempty"`
	// Details are -k's indented "Key: value" lines (Subsystem, Kernel driver in use, Kernel modules).
	Details map[string]string `json:"details,omitempty"`
}

// lspciFlags: lspci(8) of pciutils 3.9.0 (Debian 12): -mm (machine
// readable), -nn (names and codes), -n (codes only, same shape), -k
// (kernel driver lines), -D (domain), -s and -d (filters), -q/-qq; -m
// (the older quoted form of -mm) is read too; -v, -vv, -vvv, -t, -x print
// other forms (refused).
var lspciFlags = catalog.Flags{"-m": catalog.Bool, "-n": catalog.Bool, "-k": catalog.Bool, "-D": catalog.Bool, "-s": catalog.Value, "-d": catalog.Value, "-q": catalog.Bool, "-i": catalog.Value}

func lspciParsers() []*catalog.Parser {
	return []*catalog.Parser{{
		ID: "lspci", Command: "lspci", Version: "1", OS: []catalog.OS{catalog.Linux},
		Format: "pciutils lspci's \"slot class: device (rev xx)\" lines, -mm quoted fields, -k driver lines",
		Flags:  lspciFlags, MaxPositionals: 0, Result: LspciResult{}, RowsKey: "devices",
		Examples: [][]string{{}, {"-mm"}, {"-nn"}, {"-k"}},
		Table:    &catalog.TableLines{Skip: []string{"Subsystem:", "Kernel driver in use:", "Kernel modules:"}},
		Parse:    parseLspci,
	}}
}

func parseLspci(c *catalog.Context) (any, error) {
	res := &LspciResult{Devices: make([]LspciDevice, 0, kit.RowCap(c))}
	last := -1
	for l := range kit.EachLine(c.Raw) {
		t := l.Text
		if strings.TrimSpace(t) == "" {
			continue
		}
		if t[0] == '\t' || t[0] == ' ' {
			ks, ke, vs, ve, ok := lex.KeyValue(l, ":")
			if last < 0 || !ok {
				c.Unread(l.At)
				continue
			}
			d := &res.Devices[last]
			k := c.Raw[ks:ke]
			if _, dup := d.Details[k]; dup {
				c.Unread(l.At)
				continue
			}
			if d.Details == nil {
				d.Details = map[string]string{}
			}
			d.Details[k] = kit.Text(c, vs, ve, "devices", last, "details", k)
			continue
		}
		if c.Full(len(res.Devices)) {
			c.Omit(1)
			last = -1
			continue
		}
		i := len(res.Devices)
		mark := c.Mark()
		var d LspciDevice
		sp := strings.IndexByte(t, ' ')
		if sp <= 0 || !strings.Contains(t[:sp], ":") {
			c.Unread(l.At)
			last = -1
			continue
		}
		d.Slot = kit.Text(c, l.At, l.At+sp, "devices", i, "slot")
		var ok bool
		if sp+1 < len(t) && t[sp+1] == '"' {
			ok = lspciMachine(c, l, sp+1, &d, i)
		} else {
			ok = lspciPlain(c, l, sp+1, &d, i)
		}
		if !ok {
			c.Truncate(mark)
			c.Unread(l.At)
			last = -1
			continue
		}
		res.Devices = append(res.Devices, d)
		last = i
	}
	if len(res.Devices) == 0 && len(c.UnreadOffsets()) > 0 {
		return nil, kit.NoRows("lspci")
	}
	return res, nil
}

func lspciPlain(c *catalog.Context, l lex.Line, p int, d *LspciDevice, i int) bool {
	t := l.Text
	colon := strings.Index(t[p:], ": ")
	if colon <= 0 {
		return false
	}
	d.Class = kit.Text(c, l.At+p, l.At+p+colon, "devices", i, "class")
	ds, de := p+colon+2, len(t)
	if strings.HasSuffix(t, ")") {
		if r := strings.LastIndex(t, " (rev "); r >= ds && r+6 < len(t)-1 { // "(rev )": no revision
			d.Revision = kit.Text(c, l.At+r+6, l.At+len(t)-1, "devices", i, "revision")
			de = r
		}
	}
	if ds >= de {
		return false
	}
	d.Device = kit.Text(c, l.At+ds, l.At+de, "devices", i, "device")
	return true
}

// lspciMachine reads `"class" "vendor" "device" [-rXX] [-pXX] "subvendor" "subdevice"`.
func lspciMachine(c *catalog.Context, l lex.Line, p int, d *LspciDevice, i int) bool {
	t := l.Text
	var quoted [][2]int
	for p < len(t) {
		p = lex.SkipBlanks(t, p)
		if p >= len(t) {
			break
		}
		if t[p] == '"' {
			q := strings.IndexByte(t[p+1:], '"')
			if q < 0 {
				return false
			}
			quoted = append(quoted, [2]int{p + 1, p + 1 + q})
			p += q + 2
			continue
		}
		e := lex.SkipWord(t, p)
		w := t[p:e]
		switch {
		case strings.HasPrefix(w, "-r") && d.Revision == "" && len(w) > 2:
			d.Revision = kit.Text(c, l.At+p+2, l.At+e, "devices", i, "revision")
		case strings.HasPrefix(w, "-p") && d.ProgIf == "" && len(w) > 2:
			d.ProgIf = kit.Text(c, l.At+p+2, l.At+e, "devices", i, "prog_if")
		default:
			return false
		}
		p = e
	}
	if len(quoted) < 3 {
		return false
	}
	set := func(k int, leaf string) string {
		if k >= len(quoted) || quoted[k][0] == quoted[k][1] {
			return ""
		}
		return kit.Text(c, l.At+quoted[k][0], l.At+quoted[k][1], "devices", i, leaf)
	}
	d.Class = set(0, "class")
	d.Vendor = set(1, "vendor")
	d.Device = set(2, "device")
	d.SubsystemVendor = set(3, "subsystem_vendor")
	d.SubsystemDevice = set(4, "subsystem_device")
	if len(quoted) > 5 {
		return false
	}
	if d.Class == "" {
		c.Span(l.At+quoted[0][0], l.At+quoted[0][1], "", "devices", i, "class")
	}
	if d.Device == "" {
		c.Span(l.At+quoted[2][0], l.At+quoted[2][1], "", "devices", i, "device")
	}
	return true
}

// Parsers returns the parsers of this package, new values on each call.
func Parsers() []*catalog.Parser { return lspciParsers() }
