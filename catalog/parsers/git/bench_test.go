package git

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog/catalogtest"
)

func benchGitLogOneline() string {
	var b strings.Builder
	subjects := []string{
		"Fix race in the session cache", "Merge pull request #%d from example/feature-%d",
		"docs: explain the new config layering", "Bump golang.org/x/net from 0.30.0 to 0.31.%d",
		"refactor(parser): split the hunk reader into its own function (%d)",
	}
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "%07x ", (i*2654435761)&0xfffffff)
		fmt.Fprintf(&b, subjects[i%len(subjects)], i, i)
		b.WriteByte('\n')
	}
	return b.String()
}

func benchGitLogDecorated() string {
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		switch {
		case i%50 == 0:
			fmt.Fprintf(&b, "%07x (HEAD -> main, origin/main, tag: v1.%d.0) Release 1.%d.0\n", (i*2654435761)&0xfffffff, i, i)
		default:
			fmt.Fprintf(&b, "%07x Change number %d of the parser family\n", (i*2654435761)&0xfffffff, i)
		}
	}
	return b.String()
}

func benchGitDiff() string {
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "diff --git a/pkg/mod%d/file_%d.go b/pkg/mod%d/file_%d.go\n", i%40, i, i%40, i)
		fmt.Fprintf(&b, "index %07x..%07x 100644\n--- a/pkg/mod%d/file_%d.go\n+++ b/pkg/mod%d/file_%d.go\n", i, i+1, i%40, i, i%40, i)
		for h := 0; h < 3; h++ {
			fmt.Fprintf(&b, "@@ -%d,7 +%d,8 @@ func handler%d(w http.ResponseWriter, r *http.Request) {\n", 10+h*40, 10+h*40, h)
			b.WriteString("\tctx := r.Context()\n\tlog := logger.From(ctx)\n\tif err := validate(r); err != nil {\n")
			b.WriteString("-\t\treturn err\n+\t\tlog.Error(\"validate\", \"err\", err)\n+\t\treturn fmt.Errorf(\"validate: %w\", err)\n")
			b.WriteString("\t}\n\treturn nil\n")
		}
	}
	// The context lines above lack their leading space on purpose? No:
	// every context line starts with a tab after the space prefix.
	return strings.ReplaceAll(b.String(), "\n\t", "\n \t")
}

func BenchmarkGitMore(b *testing.B) {
	catalogtest.RunParseBench(b, []catalogtest.BenchCase{
		{Name: "git-log-oneline", Parser: catalogtest.ByID(b, Parsers(), "git-log"), Args: []string{"log", "--oneline"}, Raw: benchGitLogOneline()},
		{Name: "git-log-oneline-decorate", Parser: catalogtest.ByID(b, Parsers(), "git-log"), Args: []string{"log", "--oneline", "--decorate"}, Raw: benchGitLogDecorated()},
		{Name: "git-diff", Parser: catalogtest.ByID(b, Parsers(), "git-diff"), Args: []string{"diff"}, Raw: benchGitDiff()},
	})
}
