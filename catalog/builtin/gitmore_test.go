package builtin

import (
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestGitMoreDevopsExamples: every example these parsers show is one they
// read, and each declares what describe needs.
func TestGitMoreDevopsExamples(t *testing.T) {
	r := Default()
	for _, id := range []string{"git-log", "git-diff", "git-show", "git-branch", "git-remote", "kubectl-get", "docker-ps",
		"docker-stats", "docker-images", "gh-pr-list", "helm-list", "helm-ls", "terraform-plan"} {
		p := findParser(t, id)
		if len(p.Examples) == 0 || p.Format == "" || p.Result == nil || p.RowsKey == "" || len(p.KeyFields) == 0 {
			t.Errorf("%s: examples, format, result, rows key or key fields missing", id)
		}
		for _, ex := range p.Examples {
			res := r.Parse(catalog.Input{Cmd: p.Command, Args: ex, OS: catalog.Linux, Raw: "\n"})
			if res.Err != nil && res.Err.Reason == catalog.ReasonUnsupportedFormat || res.Parser != p {
				t.Errorf("%s: example %q not read: %+v", id, ex, res.Err)
			}
		}
	}
}
