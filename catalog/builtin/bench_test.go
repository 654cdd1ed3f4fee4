package builtin

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func benchPs() string {
	var b strings.Builder
	b.WriteString("USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n")
	for i := 0; b.Len() < 1<<20; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "root     %7d  0.0  0.0      0     0 ?        I<   Nov29   0:00 [kworker/R-rcu_gp-%d]\n", i+2, i)
		case 1:
			fmt.Fprintf(&b, "postgres %7d  1.3  2.4 215660 49712 ?        Ss   09:41   1:02 postgres: 15/main: checkpointer %d\n", i+2, i)
		default:
			fmt.Fprintf(&b, "alice    %7d 12.5  3.1 1184320 253912 pts/%d  Sl+  Nov28  13:37 /usr/bin/python3 -m http.server --bind 127.0.0.1 %d\n", i+2, i%9, 8000+i%1000)
		}
	}
	return b.String()
}

func benchGit() string {
	var b strings.Builder
	b.WriteString("## main...origin/main [ahead 3, behind 1]\n")
	codes := []string{" M", "M ", "A ", "??", "MM", " D", "R "}
	for i := 0; b.Len() < 1<<20; i++ {
		c := codes[i%len(codes)]
		if c == "R " {
			fmt.Fprintf(&b, "%s src/pkg%d/old_%d.go -> src/pkg%d/new_%d.go\n", c, i%50, i, i%50, i)
		} else if i%11 == 0 {
			fmt.Fprintf(&b, "%s \"docs/caf\\303\\251 %d.md\"\n", c, i)
		} else {
			fmt.Fprintf(&b, "%s internal/service/handler_%d.go\n", c, i)
		}
	}
	return b.String()
}

func BenchmarkParse(b *testing.B) {
	catalogtest.RunParseBench(b, []catalogtest.BenchCase{
		{Name: "ls", Parser: findParser(b, "ls"), Args: []string{"-la"}, Raw: catalogtest.BenchLs()},
		{Name: "ps", Parser: findParser(b, "ps"), Args: []string{"aux"}, Raw: benchPs()},
		{Name: "git-status", Parser: findParser(b, "git-status"), Args: []string{"status", "--porcelain", "-b"}, Raw: benchGit()},
	})
}

// BenchmarkGolden parses the real captures of the line and column parsers
// the speed target covers, their data lines repeated to 1 MB.
func BenchmarkGolden(b *testing.B) {
	catalogtest.RunParseBench(b, []catalogtest.BenchCase{
		catalogtest.BenchGolden(b, "ls", findParser(b, "ls"), "linux/ls/long_all", 1, 0),
		catalogtest.BenchGolden(b, "ps", findParser(b, "ps"), "linux/ps/aux", 1, 0),
		catalogtest.BenchGolden(b, "df", findParser(b, "df"), "linux/df/default", 1, 0),
		catalogtest.BenchGolden(b, "find", findParser(b, "find"), "linux/find/dot", 0, 0),
		catalogtest.BenchGolden(b, "grep-rn", findParser(b, "grep"), "linux/grep/recursive_n", 0, 0),
		catalogtest.BenchGolden(b, "wc", findParser(b, "wc"), "linux/wc/many", 0, 1),
		catalogtest.BenchGolden(b, "git-log-oneline", findParser(b, "git-log"), "linux/git-log/oneline", 0, 0),
	})
}
