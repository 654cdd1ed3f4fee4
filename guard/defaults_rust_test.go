package guard

import "testing"

// TestCargoPolicies: cargo build, check, clippy and test run in the build
// profile with the options the diagnostics parsers read; what runs a
// program other than the project's, or writes outside it, is refused.
func TestCargoPolicies(t *testing.T) {
	root, proj := project(t)
	ro := mustNew(t, policy(paths(proj)), WithHomeDir(root))
	if d := ro.Check("cargo", []string{"build"}, proj); d.Allowed || d.Detail != detailProfileBuildNeeded {
		t.Errorf("cargo build in readonly: %+v", d)
	}
	g := mustNew(t, policy(paths(proj), profile(ProfileBuild)), WithHomeDir(root))
	checkSpellings(t, g, proj, []spelled{
		{"diagnostics forms", "", [][]string{
			argv("cargo", "build"), argv("cargo", "build", "--message-format=json"), argv("cargo", "build", "--message-format", "short"),
			argv("cargo", "check", "--message-format=json-diagnostic-rendered-ansi", "--all-targets"),
			argv("cargo", "clippy", "--workspace", "--", "-D", "warnings"), argv("cargo", "clippy", "--", "-Wclippy::pedantic", "-A", "dead_code"),
			argv("cargo", "test", "--no-fail-fast"), argv("cargo", "test", "parser::", "--", "--test-threads", "1"),
			argv("cargo", "test", "--message-format=json", "-p", "app", "--features", "x,y"),
			argv("cargo", "-q", "build", "--release", "-j", "2"), argv("cargo", "build", "--manifest-path", "sub/Cargo.toml"),
			argv("cargo", "build", "--target-dir", "target2"), argv("cargo", "tree"), argv("cargo", "tree", "-e", "features"),
			argv("cargo", "metadata", "--format-version", "1"), argv("cargo", "--color", "never", "check"),
		}},
		{"a program other than the project's", detailRunsProgram, [][]string{
			argv("cargo", "--config", "build.rustc-wrapper='/bin/sh'", "build"), argv("cargo", "build", "--config=target.x.runner='sh'"),
			argv("cargo", "-Zunstable-options", "build"), argv("cargo", "build", "-Z", "script"),
			argv("cargo", "clippy", "--", "-Clinker=/bin/sh"), argv("cargo", "clippy", "--", "-Clinker=/tmp/my_sh"),
			argv("cargo", "clippy", "--", "-C", "codegen-backend=/tmp/x.so"),
			argv("cargo", "clippy", "--", "--extern", "x=/tmp/libx.so"), argv("cargo", "clippy", "--", "@/tmp/args"),
			argv("cargo", "clippy", "--", "-Zcodegen-backend=/tmp/x.so"), argv("cargo", "clippy", "--", "-L", "/tmp"),
			argv("cargo", "rustc", "--", "-C", "linker=/bin/sh"), argv("cargo", "rustdoc"),
		}},
		{"options the parsers were not verified for", detailFlagNotAllowed, [][]string{
			argv("cargo", "build", "--unit-graph"), argv("cargo", "build", "--artifact-dir", "out"),
			argv("cargo", "clippy", "--fix"),
		}},
		{"a message format cargo has not", detailFlagValueNotAllowed, [][]string{
			argv("cargo", "build", "--message-format=xml"),
		}},
		{"writes outside the allowed paths", detailOutsidePaths, [][]string{
			argv("cargo", "build", "--target-dir=/tmp/t"), argv("cargo", "test", "--target-dir", "../../x"),
			argv("cargo", "build", "--manifest-path", "/etc/Cargo.toml"), argv("cargo", "-C", "/etc", "check"),
		}},
		{"libtest's logfile", detailWritesFiles, [][]string{
			argv("cargo", "test", "--", "--logfile=/tmp/x"), argv("cargo", "test", "--", "--logfile", "x"),
		}},
	})
}
