package guard

import (
	"strings"
)

// blockedFlag is one compiled ArgRestriction entry.
type blockedFlag struct {
	flag string
	// short is the letter of a single-letter flag such as "-e", 0 otherwise.
	// Short flags need more than equality because getopt-style parsers
	// accept them bundled ("-pe") and with the value attached ("-e1").
	short byte
}

func compileFlag(f string) blockedFlag {
	if len(f) == 2 && f[0] == '-' && isAlnum(f[1]) {
		return blockedFlag{flag: f, short: f[1]}
	}
	return blockedFlag{flag: f}
}

// matches reports whether arg sets the flag. It errs towards refusing: a
// short flag's letter anywhere in a leading bundle of letters counts, even
// where the parser would have read it as the value of an earlier flag.
func (b blockedFlag) matches(arg string) bool {
	if arg == b.flag {
		return true
	}
	if b.short == 0 {
		// "--eval=code" is "--eval code" for every long-option parser.
		return len(arg) > len(b.flag) && arg[len(b.flag)] == '=' && strings.HasPrefix(arg, b.flag)
	}
	if len(arg) < 2 || arg[0] != '-' || arg[1] == '-' {
		return false
	}
	if arg[1] == b.short {
		return true // attached value: "-e1+1"
	}
	for j := 1; j < len(arg) && isAlnum(arg[j]); j++ {
		if arg[j] == b.short {
			return true // bundle: "-pe"
		}
	}
	return false
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// checkFlags is the first half of layer 4. Every argument is checked, also
// after "--": for a wrapper like npx the words after "--" are handed to
// another program, and refusing a stray flag there is cheap while missing
// one is not.
func (g *Guard) checkFlags(cmd string, args []string) Decision {
	blocked := g.flags[cmd]
	if len(blocked) == 0 {
		return allow()
	}
	for i, a := range args {
		for _, b := range blocked {
			if b.matches(a) {
				msg := "Flag " + quote(b.flag) + " is not allowed for " + quote(cmd) + " (argument " + itoa(i) + ")"
				if a != b.flag {
					msg = "Argument " + itoa(i) + " (" + quote(a) + ") sets the flag " + quote(b.flag) +
						", which is not allowed for " + quote(cmd)
				}
				return refuse(ReasonArgNotAllowed, detailBlockedFlag, i, a, msg)
			}
		}
	}
	return allow()
}

// checkProfile is the second half of layer 4.
func (g *Guard) checkProfile(cmd string, args []string) Decision {
	if g.profile == ProfileBuild {
		return allow()
	}
	form, idx, build := buildForm(cmd, args)
	if !build {
		return allow()
	}
	return profileRefusal(cmd, args, form, idx)
}

func profileRefusal(cmd string, args []string, form string, idx int) Decision {
	arg := cmd
	if idx >= 0 {
		arg = args[idx]
	}
	return refuse(ReasonArgNotAllowed, detailProfileBuildNeeded, idx, arg,
		quote(form)+" runs project code and needs the build profile; set guard.profile to \"build\" to allow it")
}

// BuildOnly reports whether this command form runs project code (builds,
// tests, scripts, package installs) and so needs the build profile. It
// depends on cmd and args only, not on any policy.
func BuildOnly(cmd string, args []string) bool {
	_, _, build := buildForm(cmd, args)
	return build
}

// buildOnlyCommands run project or downloaded code whatever their
// arguments. pnpm, pnpx, bun, bunx and deno are not in the original list;
// they are npm/npx/node siblings and would otherwise run scripts in the
// readonly profile as soon as someone allowlists them.
var buildOnlyCommands = map[string]bool{
	"node": true, "npx": true, "yarn": true, "cargo": true, "terraform": true,
	"pnpm": true, "pnpx": true, "bun": true, "bunx": true, "deno": true,
}

// buildForm says whether cmd+args is a build form, and names it for the
// message: the form as a string and the index of the argument that made it
// one (-1 when the command alone does).
func buildForm(cmd string, args []string) (form string, idx int, build bool) {
	if buildOnlyCommands[cmd] {
		return cmd, -1, true
	}
	if cmd != "npm" {
		return "", -1, false
	}
	return npmBuildCommand(args)
}

// npmBuildCommands are npm commands and aliases that run lifecycle scripts,
// package code or an editor/shell. The original list (run, run-script, rum,
// urn, test, tst, t, exec, x, start, stop, restart, install, i, ci, add,
// uninstall, remove, rm, update, up, publish, link, rebuild, prune, dedupe)
// is completed with npm's other aliases of the same commands (cmd-list.js)
// and with init/create (runs create-* packages), pack and version (run
// scripts), explore (opens a shell) and edit (opens an editor).
var npmBuildCommands = []string{
	"run", "run-script", "rum", "urn",
	"test", "tst", "t",
	"exec", "x",
	"start", "stop", "restart",
	"install", "i", "add", "in", "ins", "inst", "insta", "instal",
	"isnt", "isnta", "isntal", "isntall",
	"install-test", "it", "install-ci-test", "cit", "sit", "clean-install-test",
	"ci", "clean-install", "ic", "install-clean", "isntall-clean",
	"uninstall", "remove", "rm", "r", "un", "unlink",
	"update", "up", "upgrade", "udpate",
	"publish", "link", "ln", "rebuild", "rb", "prune", "dedupe", "ddp",
	"init", "create", "innit", "pack", "version", "verison", "explore", "edit",
}

// npmQueryShortNames are exact npm aliases for query commands that are also
// prefixes of a build command ("v" view vs version, "s" search vs start...).
// npm resolves an exact name before abbreviations, so these stay readonly.
var npmQueryShortNames = map[string]bool{"v": true, "c": true, "s": true, "star": true}

// isNpmBuildCommand mirrors npm's own command lookup (utils/deref-cmd.js):
// camelCase is folded to kebab-case and any unambiguous prefix of a command
// or alias is accepted, so "tes" and "installTest" must be caught as well as
// "test". A prefix of a build command is refused even when npm would find it
// ambiguous: npm then fails anyway.
func isNpmBuildCommand(c string) bool {
	if c == "" {
		return false
	}
	c = kebab(c)
	if npmQueryShortNames[c] {
		return false
	}
	for _, b := range npmBuildCommands {
		if strings.HasPrefix(b, c) {
			return true
		}
	}
	return false
}

func kebab(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' }) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			sb.WriteByte('-')
			sb.WriteByte(c + ('a' - 'A'))
		} else {
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// npmBuildCommand finds npm's command word and reports whether it is a
// build command, returning its index.
//
// The command is the first non-flag argument, except that npm's option
// parser lets a flag consume the next word as its value ("npm --prefix
// /x test" runs test). Without npm's table of which flags take values, a
// word right after a bare flag may be either a value or the command: it is
// checked as a command (refusing if it names one) and the search goes on.
// "npm audit fix" installs packages, so it is a build form too.
func npmBuildCommand(args []string) (form string, idx int, build bool) {
	afterFlag := false
	for i, a := range args {
		if len(a) >= 2 && strings.Trim(a, "-") == "" {
			// End of options: what follows is positional, and the first word
			// is the command if none was found before.
			if i+1 < len(args) && isNpmBuildCommand(args[i+1]) {
				return "npm " + args[i+1], i + 1, true
			}
			return "", -1, false
		}
		if len(a) > 1 && a[0] == '-' {
			afterFlag = !strings.Contains(a, "=")
			continue
		}
		if isNpmBuildCommand(a) {
			return "npm " + a, i, true
		}
		if !afterFlag {
			if kebab(a) == "audit" {
				for j := i + 1; j < len(args); j++ {
					if args[j] == "fix" {
						return "npm " + a + " fix", j, true
					}
				}
			}
			return "", -1, false
		}
		afterFlag = false
	}
	return "", -1, false
}
