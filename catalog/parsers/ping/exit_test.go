package ping

import (
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestPingExitAnswers: no reply is an answer where ping says so with its
// statistics (iputils 1, BSD 2, Windows 1), never an error status with
// nothing on stdout (iputils 2: unknown host).
func TestPingExitAnswers(t *testing.T) {
	stats := "--- h ping statistics ---\n1 packets transmitted, 0 received, 100% packet loss, time 0ms\n"
	r := catalogtest.Registry(Parsers())
	for _, tc := range []struct {
		cmd    string
		os     catalog.OS
		code   int
		stdout string
		want   bool
	}{
		{"ping", catalog.Linux, 1, stats, true}, {"ping6", catalog.Linux, 1, stats, true}, {"ping", catalog.Linux, 1, "", false},
		{"ping", catalog.Linux, 2, stats, false}, {"ping", catalog.Darwin, 2, stats, true}, {"ping", catalog.FreeBSD, 1, stats, false},
		{"ping6", catalog.FreeBSD, 2, stats, true}, {"ping", catalog.Windows, 1, "Request timed out.\r\n", true},
	} {
		p, _ := r.Lookup(tc.cmd, []string{"-c", "1", "h"}, tc.os)
		if p == nil {
			t.Fatalf("no parser for %s on %s", tc.cmd, tc.os)
		}
		if _, got := p.ExitAnswer([]string{"-c", "1", "h"}, tc.code, tc.os, tc.stdout); got != tc.want {
			t.Errorf("%s on %s, exit %d, stdout %q: answer %v, want %v", tc.cmd, tc.os, tc.code, tc.stdout, got, tc.want)
		}
	}
}
