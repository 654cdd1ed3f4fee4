package builtin

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func benchNetstat() string {
	var b strings.Builder
	b.WriteString("Active Internet connections (servers and established)\n")
	b.WriteString("Proto Recv-Q Send-Q Local Address           Foreign Address         State       PID/Program name    \n")
	for i := 0; b.Len() < 1<<20; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "tcp        0      0 127.0.0.1:%-5d         0.0.0.0:*               LISTEN      %d/web server    \n", 1024+i%60000, 1000+i%30000)
		case 1:
			fmt.Fprintf(&b, "tcp      100      0 10.0.%d.%d:%-5d        192.0.2.%d:443        ESTABLISHED %d/python3         \n", i%256, i%200, 30000+i%30000, i%250, 2000+i%30000)
		case 2:
			fmt.Fprintf(&b, "tcp6       0      0 :::%-5d                 :::*                    LISTEN      -                   \n", 2000+i%60000)
		default:
			fmt.Fprintf(&b, "udp        0      0 0.0.0.0:%-5d           0.0.0.0:*                           %d/dnsmasq         \n", 3000+i%60000, 300+i%30000)
		}
	}
	return b.String()
}

func benchSs() string {
	var b strings.Builder
	b.WriteString("Netid State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process                               \n")
	for i := 0; b.Len() < 1<<20; i++ {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "tcp   LISTEN 0      511          0.0.0.0:%-5d       0.0.0.0:*     users:((\"nginx\",pid=%d,fd=6),(\"nginx\",pid=%d,fd=6))\n", 1024+i%60000, 800+i, 801+i)
		case 1:
			fmt.Fprintf(&b, "tcp   ESTAB  0      0         10.0.0.%d:%-5d  192.0.2.%d:443   users:((\"curl\",pid=%d,fd=5))\n", i%250, 30000+i%30000, i%250, 5000+i)
		default:
			fmt.Fprintf(&b, "udp   UNCONN 0      0        127.0.0.1:%-5d       0.0.0.0:*                                          \n", 2000+i%60000)
		}
	}
	return b.String()
}

func benchLsof() string {
	var b strings.Builder
	b.WriteString("COMMAND     PID USER   FD   TYPE  DEVICE SIZE/OFF NODE NAME\n")
	for i := 0; b.Len() < 1<<20; i++ {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "nginx   %7d root   %2du  IPv4 %7d      0t0  TCP *:%d (LISTEN)\n", 800+i%90000, 3+i%90, 100000+i%900000, 1024+i%60000)
		case 1:
			fmt.Fprintf(&b, "web\\x20se %6d www    %2du  IPv6 %7d      0t0  TCP [::1]:%d->[::1]:%d (ESTABLISHED)\n", 900+i%90000, 3+i%90, 100000+i%900000, 30000+i%30000, 8080)
		default:
			fmt.Fprintf(&b, "dnsmasq %7d nobody %2du  IPv4 %7d      0t0  UDP 127.0.0.1:%d \n", 300+i%90000, 3+i%90, 100000+i%900000, 1024+i%60000)
		}
	}
	return b.String()
}

func benchJournal() string {
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "2026-11-29T22:%02d:%02d+0000 web-01 nginx[%d]: GET /api/items/%d 200 %d bytes\n", i/60%60, i%60, 800+i%50, i, 100+i%9000)
		if i%10 == 0 {
			b.WriteString("                                            continued line of a multi-line message\n")
		}
	}
	return b.String()
}

func benchApt() string {
	var b strings.Builder
	b.WriteString("Listing...\n")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "lib-package-%d/oldstable,now 1.%d.%d-2+deb12u1 amd64 [installed,automatic]\n", i, i%40, i%7)
	}
	return b.String()
}

func BenchmarkNetsys(b *testing.B) {
	catalogtest.RunParseBench(b, []catalogtest.BenchCase{
		{Name: "netstat", Parser: findParser(b, "netstat"), Args: []string{"-tunap"}, Raw: benchNetstat()},
		{Name: "ss", Parser: findParser(b, "ss"), Args: []string{"-tunap"}, Raw: benchSs()},
		{Name: "lsof", Parser: findParser(b, "lsof"), Args: []string{"-i", "-n", "-P"}, Raw: benchLsof()},
		{Name: "journalctl", Parser: findParser(b, "journalctl"), Args: []string{"-o", "short-iso"}, Raw: benchJournal()},
		{Name: "apt-list", Parser: findParser(b, "apt-list"), Args: []string{"list", "--installed"}, Raw: benchApt()},
	})
}
