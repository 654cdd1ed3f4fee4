package builtin

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func benchRows(row func(b *strings.Builder, i int)) string {
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		row(&b, i)
	}
	return b.String()
}

func benchFind() string {
	return benchRows(func(b *strings.Builder, i int) {
		switch i % 5 {
		case 0:
			fmt.Fprintf(b, "./src/pkg%d\n", i%97)
		case 1:
			fmt.Fprintf(b, "./src/pkg%d/dir with spaces/file_%06d.go\n", i%97, i)
		default:
			fmt.Fprintf(b, "./internal/service/handler_%d_test.go\n", i)
		}
	})
}

func benchGrepSingle() string {
	return benchRows(func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "%d:\tlog.Printf(\"request %%d took %%s\", id, time.Since(start)) // TODO %d\n", i+1, i)
	})
}

func benchGrepRecursive() string {
	return benchRows(func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "./internal/pkg%d/handler_%d.go:%d:\tif err != nil { return fmt.Errorf(\"at 12:30:45: %%w\", err) }\n", i%50, i%300, i%900+1)
	})
}

func benchWc() string {
	var b strings.Builder
	s := benchRows(func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "  %5d  %6d %8d src/pkg%d/file with spaces_%d.go\n", i%3000, i%30000, i*37%1000000, i%40, i)
	})
	b.WriteString(s)
	b.WriteString("  123456  1234567 12345678 total\n")
	return b.String()
}

func benchDf() string {
	var b strings.Builder
	b.WriteString("Filesystem                         1K-blocks     Used Available Use% Mounted on\n")
	b.WriteString(benchRows(func(b *strings.Builder, i int) {
		switch i % 3 {
		case 0:
			fmt.Fprintf(b, "/dev/nvme0n1p%-22d %9d %8d %9d %3d%% /mnt/data%d\n", i%9, 264212084, 16643388+i, 78857876-i, i%100, i)
		case 1:
			fmt.Fprintf(b, "tmpfs                               %8d        0  %8d   0%% /run/user/%d\n", 24683656, 24683656, i)
		default:
			fmt.Fprintf(b, "fs with space                           4096     %4d      4096  %2d%% /srv/volume %d\n", i%4096, i%100, i)
		}
	}))
	return b.String()
}

func benchDu() string {
	return benchRows(func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "%d\t./node_modules/pkg-%d/lib/dir with spaces %d\n", i*4%100000, i%500, i)
	})
}

func benchText() string {
	return benchRows(func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "2026-11-29T09:41:%02d.123Z INFO request id=%d path=/api/v1/items/%d status=200 duration=%dms\n", i%60, i, i%1000, i%500)
	})
}

func benchCatN() string {
	return benchRows(func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "%6d\tfunc handler%d(w http.ResponseWriter, r *http.Request) {\n", i+1, i)
	})
}

func BenchmarkParseFsTextEnv(b *testing.B) {
	catalogtest.RunParseBench(b, []catalogtest.BenchCase{
		{Name: "find", Parser: findParser(b, "find"), Args: []string{"."}, Raw: benchFind()},
		{Name: "grep-n", Parser: findParser(b, "grep"), Args: []string{"-n", "TODO", "main.go"}, Raw: benchGrepSingle()},
		{Name: "grep-rn", Parser: findParser(b, "grep"), Args: []string{"-rn", "err", "."}, Raw: benchGrepRecursive()},
		{Name: "wc", Parser: findParser(b, "wc"), Args: []string{"a", "b"}, Raw: benchWc()},
		{Name: "df", Parser: findParser(b, "df"), Args: nil, Raw: benchDf()},
		{Name: "du", Parser: findParser(b, "du"), Args: []string{"-a"}, Raw: benchDu()},
		{Name: "head", Parser: findParser(b, "head"), Args: []string{"-n", "100000", "app.log"}, Raw: benchText()},
		{Name: "cat", Parser: findParser(b, "cat"), Args: []string{"app.log"}, Raw: benchText()},
		{Name: "cat-n", Parser: findParser(b, "cat"), Args: []string{"-n", "main.go"}, Raw: benchCatN()},
	})
}
