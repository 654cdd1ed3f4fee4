package top

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestOtherTopsRefused: FreeBSD top -b (top(1), machine.c's header) and
// macOS top -l (COMMAND second, names with spaces) are other tables; the
// registry falls back to this parser on those OSes, which must refuse
// them rather than read their cells into procps's fields.
func TestOtherTopsRefused(t *testing.T) {
	freebsd := "last pid:  4567;  load averages:  0.10,  0.15,  0.12  up 12+03:44:21    10:22:33\n" +
		"34 processes:  1 running, 33 sleeping\n" +
		"CPU:  0.2% user,  0.0% nice,  0.1% system,  0.0% interrupt, 99.7% idle\n" +
		"Mem: 21M Active, 402M Inact, 1234M Wired, 6123M Free\n" +
		"Swap: 2048M Total, 2048M Free\n\n" +
		"  PID USERNAME    THR PRI NICE   SIZE    RES STATE    C   TIME    WCPU COMMAND\n" +
		"  903 www           1  20    0    48M  9320K kqread   1   0:02   0.00% nginx\n"
	macos := "Processes: 512 total, 3 running, 509 sleeping, 2210 threads\n" +
		"PID    COMMAND      %CPU TIME     #TH   #WQ  #PORT MEM    PURG   CMPRS  PGRP  PPID  STATE\n" +
		"4821   Code Helper  2.1  01:12.09 21    1    211   231M   0B     12M    612   612   sleeping\n"
	r := catalogtest.Registry(Parsers())
	for _, tc := range []struct {
		os  catalog.OS
		raw string
	}{{catalog.FreeBSD, freebsd}, {catalog.Darwin, macos}} {
		res := catalogtest.Parse(t, r, "top", []string{"-b", "-n", "1"}, tc.os, tc.raw, 0)
		if res.Err == nil || res.Err.Reason != catalog.ReasonUnrecognizedOutput {
			t.Errorf("%s: got value %v, error %v; want unrecognized_output", tc.os, res.Value, res.Err)
		}
	}
}
