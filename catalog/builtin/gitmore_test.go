package builtin

import (
	"testing"
)

// TestGitMoreDevopsDescribe: each of these parsers declares what describe
// needs (examples, format, result, rows key, key fields). That every
// example is read each package's TestCatalog checks (catalogtest.Examples).
func TestGitMoreDevopsDescribe(t *testing.T) {
	for _, id := range []string{"git-log", "git-diff", "git-show", "git-branch", "git-remote", "kubectl-get", "docker-ps",
		"docker-stats", "docker-images", "gh-pr-list", "helm-list", "helm-ls", "terraform-plan"} {
		p := findParser(t, id)
		if len(p.Examples) == 0 || p.Format == "" || p.Result == nil || p.RowsKey == "" || len(p.KeyFields) == 0 {
			t.Errorf("%s: examples, format, result, rows key or key fields missing", id)
		}
	}
}
