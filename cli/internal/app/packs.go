package app

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/parism-go/parism/catalog/builtin"
	"github.com/parism-go/parism/catalog/pack"
)

const initParserAbout = `Create a parser pack in DIR/NAME: parser.toml (the manifest), a parser
(declarative rules, or parse.sh for --kind exec), schema.json and fixtures/
with a placeholder fixture marked unreviewed. It passes 'parism test' as is;
replace the placeholder with 'parism capture' output, write the expectation,
add "reviewed_by", then 'parism add'.`

func (c *cli) initParser(args []string) int {
	fs := c.flags("init-parser", "<name> [--dir DIR] [--kind declarative|exec]", initParserAbout)
	dir := fs.String("dir", ".", "create the pack under this `directory`")
	kind := fs.String("kind", pack.KindDeclarative, "pack `kind`: declarative (rules, no code) or exec (any program)")
	name, rest, ok := leadingName(args)
	if code, done := c.parseFlags(fs, rest); done {
		return code
	}
	if !ok {
		if fs.NArg() != 1 {
			return c.usageError("init-parser: want one pack name (usage: parism init-parser <name> [--dir DIR] [--kind declarative|exec])")
		}
		name = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return c.usageError("init-parser: unexpected argument %q", fs.Arg(0))
	}
	if *kind != pack.KindDeclarative && *kind != pack.KindExec {
		return c.usageError("init-parser: --kind must be declarative or exec, got %q", *kind)
	}
	files, err := pack.Scaffold(name, *kind, time.Now())
	if err != nil {
		return c.usageError("init-parser: %v", err)
	}
	target := filepath.Join(*dir, name)
	if _, err := os.Stat(target); err == nil {
		fmt.Fprintf(c.stderr, "parism: init-parser: %s already exists; nothing was written\n", target)
		return exitFailed
	}
	for _, f := range files {
		p := filepath.Join(target, f.Path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Fprintf(c.stderr, "parism: init-parser: %v\n", err)
			return exitIOError
		}
		if err := os.WriteFile(p, []byte(f.Content), f.Mode); err != nil {
			fmt.Fprintf(c.stderr, "parism: init-parser: %v\n", err)
			return exitIOError
		}
	}
	fmt.Fprintf(c.stdout, "Pack %s (%s) created in %s\nNext: put a real output in fixtures/ (parism capture), review it, then:\n  parism test %s\n  parism add %s\n",
		name, *kind, target, target, target)
	return exitOK
}

// leadingName takes a positional name given before the flags.
func leadingName(args []string) (string, []string, bool) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return args[0], args[1:], true
	}
	return "", args, false
}

const testAbout = `Replay fixtures offline against the current catalog and installed packs:
nothing is run and no expectation is rewritten. DIR defaults to
~/.parism/fixtures ($PARISM_HOME/fixtures); a pack directory tests that pack's
fixtures with the pack loaded. Exit 1 when a reviewed fixture changed or a
manifest or fixture is invalid; unreviewed expectations are proposals.`

func (c *cli) test(args []string) int {
	fs := c.flags("test", "[DIR]", testAbout)
	verbose := fs.Bool("v", false, "also list matched and unreviewed fixtures' differences")
	dirArg, rest, ok := leadingName(args)
	if code, done := c.parseFlags(fs, rest); done {
		return code
	}
	dir, explicit := pack.FixturesDir(), true
	switch {
	case ok && fs.NArg() > 0, !ok && fs.NArg() > 1:
		return c.usageError("test: want at most one directory (usage: parism test [DIR])")
	case ok:
		dir = dirArg
	case fs.NArg() == 1:
		dir = fs.Arg(0)
	default:
		explicit = false
	}
	st, err := os.Stat(dir)
	switch {
	case err != nil && !explicit && errors.Is(err, os.ErrNotExist):
		// Nothing captured yet: nothing to replay, and a first step to take.
		fmt.Fprintf(c.stdout, "parism test: no fixtures yet (%s does not exist). Save one with\n"+
			"  parism capture \"CMD ARGS\"\nor replay a directory of fixtures or a pack: parism test DIR\n", dir)
		return exitOK
	case err != nil || !st.IsDir():
		return c.usageError("test: %s is not a directory: give a directory of fixtures (saved by parism capture) or a parser pack (see parism test --help)", dir)
	}
	rep := runFixtures(dir)
	rep.print(c.stdout, *verbose)
	if rep.failed() {
		return exitFailed
	}
	return exitOK
}

// fixtureReport is the result of `parism test`.
type fixtureReport struct {
	outcomes       []pack.Outcome
	manifestErrors []string
	fixtureErrors  []string
}

func (r *fixtureReport) failed() bool {
	if len(r.manifestErrors) > 0 || len(r.fixtureErrors) > 0 {
		return true
	}
	for _, o := range r.outcomes {
		if o.Failed() {
			return true
		}
	}
	return false
}

// runFixtures replays dir's fixtures. With a pack directory, the pack is
// loaded over the installed ones and its fixtures are replayed.
func runFixtures(dir string) *fixtureReport {
	rep := &fixtureReport{}
	reg := builtin.Default()
	opts := pack.Options{StrictSchemas: true}
	installed, errs := pack.LoadPacks(pack.ParsersDir(), opts)
	for _, err := range errs {
		rep.manifestErrors = append(rep.manifestErrors, err.Error())
	}
	var own *pack.Pack
	fixDir := dir
	if _, err := os.Stat(filepath.Join(dir, pack.ManifestFile)); err == nil {
		p, err := pack.LoadPack(dir, opts)
		if err != nil {
			rep.manifestErrors = append(rep.manifestErrors, err.Error())
			return rep
		}
		own, fixDir = p, p.FixturesDir()
	}
	builtin := map[string]bool{}
	for _, p := range reg.Parsers() {
		builtin[p.ID] = true
	}
	for _, p := range installed {
		if own != nil && p.Manifest.Name == own.Manifest.Name {
			continue // the pack under test replaces its installed copy
		}
		if !builtin[p.Parser.ID] {
			reg.Register(p.Parser)
		}
	}
	if own != nil {
		if builtin[own.Parser.ID] {
			rep.manifestErrors = append(rep.manifestErrors, fmt.Sprintf("%s: a built-in parser is already named %q; rename the pack", own.Dir, own.Parser.ID))
			return rep
		}
		reg.Register(own.Parser)
	}
	fixtures, paths, ferrs := pack.LoadDir(fixDir)
	for _, err := range ferrs {
		rep.fixtureErrors = append(rep.fixtureErrors, err.Error())
	}
	for i, f := range fixtures {
		rep.outcomes = append(rep.outcomes, pack.Replay(reg, f, paths[i]))
	}
	return rep
}

func (r *fixtureReport) print(w io.Writer, verbose bool) {
	var reviewed, matched, changed, unreviewed int
	for _, o := range r.outcomes {
		switch o.Status {
		case pack.StatusMatched:
			reviewed++
			matched++
		case pack.StatusChanged:
			reviewed++
			changed++
		default:
			unreviewed++
		}
	}
	fmt.Fprintf(w, "%d fixture(s)\n", len(r.outcomes))
	fmt.Fprintf(w, "  reviewed: %d (matched %d, changed %d)\n", reviewed, matched, changed)
	fmt.Fprintf(w, "  unreviewed: %d (proposals: a human must review them to make them a contract)\n", unreviewed)
	fmt.Fprintf(w, "  manifest errors: %d\n", len(r.manifestErrors))
	if len(r.fixtureErrors) > 0 {
		fmt.Fprintf(w, "  invalid fixture files: %d\n", len(r.fixtureErrors))
	}
	for _, e := range r.manifestErrors {
		fmt.Fprintf(w, "\nmanifest error: %s\n", e)
	}
	for _, e := range r.fixtureErrors {
		fmt.Fprintf(w, "\ninvalid fixture: %s\n", e)
	}
	for _, o := range r.outcomes {
		if o.Status == pack.StatusMatched && !verbose {
			continue
		}
		if o.Status == pack.StatusUnreviewed && !verbose {
			fmt.Fprintf(w, "\n%s  (%s)  unreviewed: add \"reviewed_by\" once the expectation is right\n", fixtureName(o.Path), o.Command)
			continue
		}
		parser := o.Parser
		if parser == "" {
			parser = "no parser"
		}
		fmt.Fprintf(w, "\n%s  (%s, %s)  %s\n", fixtureName(o.Path), o.Command, parser, o.Status)
		printDiffs(w, "parsed", o.Parsed)
		printDiffs(w, "evidence", o.Evid)
	}
}

func printDiffs(w io.Writer, what string, ds []pack.Difference) {
	if len(ds) == 0 {
		return
	}
	fmt.Fprintf(w, "  [%s] %d difference(s)\n", what, len(ds))
	for _, d := range ds {
		ptr := d.Pointer
		if ptr == "" {
			ptr = "(document)"
		}
		switch d.Kind {
		case "missing":
			fmt.Fprintf(w, "    %s  missing  expected %s -> not produced\n", ptr, d.Expected)
		case "extra", "evidence_extra":
			fmt.Fprintf(w, "    %s  %s  not expected -> actual %s\n", ptr, d.Kind, d.Actual)
		default:
			fmt.Fprintf(w, "    %s  %s  expected %s -> actual %s\n", ptr, d.Kind, d.Expected, d.Actual)
		}
		if d.TextDiff != "" {
			fmt.Fprintf(w, "      diff: %s\n", d.TextDiff)
		}
	}
}

func fixtureName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), ".json")
}

const addAbout = `Validate a parser pack (manifest, schema, its fixtures) and install it in
~/.parism/parsers/NAME ($PARISM_HOME/parsers). A running server uses it on the
next call, without a restart. An installed pack of the same name is replaced.`

func (c *cli) add(args []string) int {
	fs := c.flags("add", "<pack-dir>", addAbout)
	src, rest, ok := leadingName(args)
	if code, done := c.parseFlags(fs, rest); done {
		return code
	}
	if !ok {
		if fs.NArg() != 1 {
			return c.usageError("add: want one pack directory (usage: parism add <pack-dir>)")
		}
		src = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return c.usageError("add: unexpected argument %q", fs.Arg(0))
	}
	if st, err := os.Stat(src); err != nil || !st.IsDir() {
		return c.usageError("add: %s is not a directory", src)
	}
	rep := runFixtures(src)
	if rep.failed() {
		rep.print(c.stderr, false)
		fmt.Fprintf(c.stderr, "parism: add: %s was not installed: fix the errors above\n", src)
		return exitFailed
	}
	p, err := pack.LoadPack(src, pack.Options{})
	if err != nil { // runFixtures reported it; kept for safety
		fmt.Fprintf(c.stderr, "parism: add: %v\n", err)
		return exitFailed
	}
	dest, err := install(p)
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: add: %v\n", err)
		return exitIOError
	}
	reviewed := 0
	for _, o := range rep.outcomes {
		if o.Status == pack.StatusMatched {
			reviewed++
		}
	}
	fmt.Fprintf(c.stdout, "Pack %s (%s, %s) installed in %s\n", p.Manifest.Name, p.Kind(), p.Parser.Key(), dest)
	fmt.Fprintf(c.stdout, "Fixtures: %d reviewed and matching, %d unreviewed\n", reviewed, len(rep.outcomes)-reviewed)
	if reviewed == 0 {
		fmt.Fprintf(c.stdout, "Warning: no reviewed fixture proves this pack yet\n")
	}
	return exitOK
}

// install copies the pack into the parsers directory under a hidden name
// and renames it into place, so a server never loads half a pack.
func install(p *pack.Pack) (string, error) {
	root := pack.ParsersDir()
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	dest := filepath.Join(root, p.Manifest.Name)
	tmp, err := os.MkdirTemp(root, ".add-"+p.Manifest.Name+"-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	staged := filepath.Join(tmp, "pack")
	if err := os.CopyFS(staged, os.DirFS(p.Dir)); err != nil {
		return "", fmt.Errorf("copying %s: %w", p.Dir, err)
	}
	old := filepath.Join(tmp, "old")
	if err := os.Rename(dest, old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if err := os.Rename(staged, dest); err != nil {
		os.Rename(old, dest)
		return "", err
	}
	return dest, nil
}
