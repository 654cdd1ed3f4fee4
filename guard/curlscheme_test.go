package guard

import (
	"fmt"
	"net"
	"strings"
	"testing"
	"time"
)

// TestCurlSpeaksOnlyHTTP: curl guesses a URL's protocol from its host
// name, which comes after slashes and a user part (u@dict.x/d:word is a
// DICT request to dict.x). The guard reads the host as curl does, and the
// rewrite's --proto =http,https makes curl itself refuse any other
// protocol, whatever the guard's reading: with it curl does not connect,
// without it (the premise) it speaks DICT to the listener.
func TestCurlSpeaksOnlyHTTP(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	for _, u := range []string{"u@dict.x/d:hello", "//ftp.x/", "user@ftp.example.com/", "x@LDAP.example.com", "a@b@pop3.x/", "//u@smtp.x"} {
		if d := g.Check("curl", []string{"-s", u}, proj); d.Allowed {
			t.Errorf("curl -s %s passed: curl reads it as another protocol", u)
		}
	}
	for _, u := range []string{"example.com/ftp.x", "u@example.com/", "https://dict.x/", "http://u@ftp.x/"} {
		if d := g.Check("curl", []string{"-s", u}, proj); !d.Allowed {
			t.Errorf("curl -s %s refused: %s", u, d.Message)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback listener:", err)
	}
	defer ln.Close()
	got := make(chan string, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			_ = c.SetDeadline(time.Now().Add(3 * time.Second))
			_, _ = c.Write([]byte("220 hello\r\n"))
			buf := make([]byte, 4096)
			n, _ := c.Read(buf)
			got <- string(buf[:n])
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	args := []string{"-s", "-m", "3", "--resolve", fmt.Sprintf("dict.x:%d:127.0.0.1", port), fmt.Sprintf("u@dict.x:%d/d:hello", port)}
	heard := func() string {
		select {
		case s := <-got:
			return s
		case <-time.After(500 * time.Millisecond):
			return ""
		}
	}
	runReal(t, proj, nil, "curl", append([]string{"-q"}, args...)...)
	if s := heard(); !strings.Contains(s, "hello") {
		t.Fatalf("curl without --proto sent %q, not a DICT request: the premise changed", s)
	}
	rw := Rewrite("curl", args)
	out := runReal(t, proj, nil, "curl", rw...)
	if s := heard(); s != "" {
		t.Errorf("rewritten curl %q spoke to the listener: %q (curl: %s)", rw, s, out)
	}
	if d := g.Check("curl", Rewrite("curl", []string{"-s", "https://example.com/"}), proj); !d.Allowed {
		t.Errorf("the rewrite of an allowed curl is refused: %s", d.Message)
	}
}
