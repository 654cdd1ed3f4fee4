package guard

import "path/filepath"

// Inside reports whether the absolute path p, with its symbolic links
// resolved as the kernel would, lies under an allowed path; always true
// when allowed_paths is empty. It lets later layers check the paths a
// program takes from elsewhere than its argv (the git directory a .git
// file names, for instance) by the guard's own rule.
func (g *Guard) Inside(p string) bool {
	if len(g.roots) == 0 {
		return true
	}
	if !filepath.IsAbs(p) {
		return false
	}
	r, fail := resolve("/", p)
	return fail == resolvedOK && g.inside(r)
}
