// Package app is the parism command line: argument parsing and the
// subcommands, kept out of main so tests run it in process.
package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/server/engine"
	"github.com/parism-go/parism/server/mcpserver"
)

// Exit codes.
const (
	exitOK      = 0
	exitFailed  = 1 // the command failed or was blocked; the JSON says why
	exitUsage   = 2 // the parism command line itself was wrong
	exitConfig  = 3 // the configuration could not be loaded
	exitIOError = 4
)

const usage = `parism runs shell commands for AI agents without a shell, behind a guard,
and answers with JSON: {ok, exitCode, stdout:{raw, parsed}, failure}.

Usage:
  parism                          serve MCP on stdio (same as: parism serve)
  parism serve [--config F]       serve MCP on stdio
  parism serve --http ADDR [--token-file F] [--allow-origin O]...
                                  serve MCP over HTTP (see parism serve --help)
  parism run [flags] -- CMD ARGS  run a command, print its envelope
  parism check [flags] -- CMD ARGS
                                  print the guard's verdict (exit 0 pass, 1 blocked)
  parism parse [--os OS] -- CMD ARGS
                                  parse CMD's output read from stdin, run nothing
  parism describe [CMD]           allowed commands and parsers, or one command
  parism demo                     run 'ls -l' here and show how to register the server
  parism capture "CMD ARGS"       run CMD and save its output as a fixture (masked)
  parism inspect "CMD ARGS"       raw, parsed and compact output with token counts
  parism eval [SCENARIO]          check execution, parsing and tasks on this host
  parism init-parser NAME         scaffold a parser pack (manifest, parser, schema, fixtures)
  parism test [DIR]               replay fixtures offline; exit 1 if a reviewed one changed
  parism add PACK-DIR             validate a parser pack and install it (no restart needed)
  parism --version

Run 'parism <subcommand> --help' for its flags.
Configuration: ~/.parism/prism.config.json, ./prism.config.json, PARISM_* variables.
`

// Main runs the command line and returns the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		return c.serve(nil)
	}
	switch args[0] {
	case "serve":
		return c.serve(args[1:])
	case "run":
		return c.run(args[1:])
	case "check":
		return c.check(args[1:])
	case "parse":
		return c.parse(args[1:])
	case "describe":
		return c.describe(args[1:])
	case "demo":
		return c.demo(args[1:])
	case "capture":
		return c.capture(args[1:])
	case "inspect":
		return c.inspect(args[1:])
	case "eval":
		return c.eval(args[1:])
	case "init-parser":
		return c.initParser(args[1:])
	case "test":
		return c.test(args[1:])
	case "add":
		return c.add(args[1:])
	case "--version", "-version", "version":
		fmt.Fprintf(stdout, "parism %s\n", engine.Version)
		return exitOK
	case "-h", "--help", "-help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	return c.usageError("unknown subcommand %q (see parism --help)", args[0])
}

type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func (c *cli) usageError(format string, a ...any) int {
	fmt.Fprintf(c.stderr, "parism: "+format+"\n", a...)
	return exitUsage
}

// flags builds a subcommand's flag set whose --help prints to stdout and
// whose errors are one line on stderr.
func (c *cli) flags(name, synopsis, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(c.stdout, "Usage: parism %s %s\n\n%s\n\nFlags:\n", name, synopsis, about)
		fs.SetOutput(c.stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parseFlags parses args; done is true when the caller should return code.
// --help prints the usage once, on stdout; a mistake is one line on
// stderr (the flag package would print the whole usage for both, and
// parseFlags print it again for --help).
func (c *cli) parseFlags(fs *flag.FlagSet, args []string) (code int, done bool) {
	help := fs.Usage
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.Usage = help
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			help()
			return exitOK, true
		}
		return c.usageError("%s: %v (see parism %s --help)", fs.Name(), err, fs.Name()), true
	}
	return 0, false
}

type common struct {
	config *string
	cwd    *string
}

func (c *cli) commonFlags(fs *flag.FlagSet) common {
	return common{
		config: fs.String("config", "", "read only this config `file` (JSON or TOML) instead of the global and project layers"),
		cwd:    fs.String("cwd", "", "working `dir`ectory of the command (default: the current one)"),
	}
}

// engine loads the configuration, lets edit change it (the one-shot
// commands' own settings), and builds the engine.
func (c *cli) engine(cm common, edit ...func(*config.Config)) (*engine.Engine, int) {
	lo := config.LoadOptions{}
	if cm.config != nil {
		lo.ConfigPath = *cm.config
	}
	cfg, err := config.Load(lo)
	if err == nil {
		for _, f := range edit {
			f(&cfg)
		}
	}
	var e *engine.Engine
	if err == nil {
		e, err = engine.New(cfg)
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: configuration: %v\n", err)
		return nil, exitConfig
	}
	return e, 0
}

func (c *cli) print(v any) int {
	b, err := engine.Marshal(v)
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: encoding the answer: %v\n", err)
		return exitIOError
	}
	if _, err := fmt.Fprintf(c.stdout, "%s\n", b); err != nil {
		return exitIOError
	}
	return exitOK
}

// CleanServerEnv lets serve re-execute the process without its secrets
// (reexec). The parism program sets it; Main called inside another
// program (a test) must not replace that program.
var CleanServerEnv bool

// serverGCPercent is the collector setting a server runs with: 200 unless
// the operator chose one with GOGC (then set is false and the runtime has
// already read it). Measured on the built binary (issue 19, 2 cores): 200
// cuts the server's own CPU per call by 12-20 % (run pwd 1.58 -> 1.39 ms)
// for about 3 MB more peak memory while calls run; the idle memory is the
// same, since the idle trim collects and returns it (mcpserver/idle.go).
func serverGCPercent(getenv func(string) string) (pct int, set bool) {
	if getenv("GOGC") != "" {
		return 0, false
	}
	return 200, true
}

func (c *cli) serve(args []string) int {
	fs := c.flags("serve", "[--config FILE] [--http HOST:PORT [--token-file FILE] [--allow-origin ORIGIN]...]", serveAbout)
	cm := common{config: fs.String("config", "", "read only this config `file` (JSON or TOML)")}
	hf := addHTTPFlags(fs)
	if code, done := c.parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		return c.usageError("serve: unexpected argument %q", fs.Arg(0))
	}
	c.reexec(*cm.config)
	if CleanServerEnv {
		// The parism program only: a test calling Main keeps its own.
		if pct, set := serverGCPercent(os.Getenv); set {
			debug.SetGCPercent(pct)
		}
	}
	plan, code := hf.plan(c)
	if code != exitOK {
		return code
	}
	e, code := c.engine(cm)
	if e == nil {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if plan != nil {
		return c.serveHTTP(ctx, e, plan)
	}
	if err := mcpserver.ServeStdio(ctx, e); err != nil && !errors.Is(err, context.Canceled) && !isEOF(err) {
		fmt.Fprintf(c.stderr, "parism: serve: %v\n", err)
		return exitFailed
	}
	return exitOK
}

func isEOF(err error) bool {
	return errors.Is(err, io.EOF) || strings.Contains(err.Error(), "EOF") || strings.Contains(err.Error(), "closed")
}

// command splits "-- CMD ARGS..." from a flag set's remaining arguments.
func (c *cli) command(fs *flag.FlagSet) (string, []string, bool) {
	rest := fs.Args()
	if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	}
	if len(rest) == 0 {
		c.usageError("%s: missing command (usage: parism %s [flags] -- CMD ARGS...)", fs.Name(), fs.Name())
		return "", nil, false
	}
	return rest[0], rest[1:], true
}

func (c *cli) run(args []string) int {
	fs := c.flags("run", "[flags] -- CMD [ARGS...]", "Run CMD through the guard (no shell) and print its JSON envelope.\nExit 0 when ok, 1 when the command failed or was blocked, 2 on bad usage.")
	cm := c.commonFlags(fs)
	format := fs.String("format", "json", "output `format`: json, compact or json-no-raw")
	diff := fs.Bool("diff", false, "report files created, deleted or modified under cwd")
	maxItems := fs.Int("max-items", 0, "answer at most `n` rows, the rest counted in omission (default 0: every row that max_output_bytes captured)")
	if code, done := c.parseFlags(fs, args); done {
		return code
	}
	cmd, cargs, ok := c.command(fs)
	if !ok {
		return exitUsage
	}
	if !validFormat(*format) {
		return c.usageError("run: --format must be json, compact or json-no-raw, got %q", *format)
	}
	if *maxItems < 0 {
		return c.usageError("run: --max-items must be 0 (every row) or more, got %d", *maxItems)
	}
	// Over MCP, rows past guard.max_items wait in the result store for
	// fetch_result; this process ends with its answer, so a continuation
	// could never be followed: every row is printed instead (the output
	// cap bounds them), unless --max-items says otherwise.
	e, code := c.engine(cm, func(cfg *config.Config) {
		cfg.Guard.MaxItems = math.MaxInt32
		if *maxItems > 0 {
			cfg.Guard.MaxItems = *maxItems
		}
	})
	if e == nil {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	env := e.Run(ctx, engine.Request{Cmd: cmd, Args: cargs, Cwd: *cm.cwd, Format: *format, IncludeDiff: *diff})
	if code := c.print(env); code != exitOK {
		return code
	}
	if !env.OK {
		return exitFailed
	}
	return exitOK
}

func (c *cli) check(args []string) int {
	fs := c.flags("check", "[flags] -- CMD [ARGS...]", "Print the guard's verdict on CMD ARGS as JSON without running anything.\nExit 0 when it would pass, 1 when blocked.")
	cm := c.commonFlags(fs)
	if code, done := c.parseFlags(fs, args); done {
		return code
	}
	cmd, cargs, ok := c.command(fs)
	if !ok {
		return exitUsage
	}
	e, code := c.engine(cm)
	if e == nil {
		return code
	}
	r := e.DryRun(cmd, cargs, *cm.cwd)
	if code := c.print(r); code != exitOK {
		return code
	}
	if !r.WouldPass {
		return exitFailed
	}
	return exitOK
}

func (c *cli) parse(args []string) int {
	fs := c.flags("parse", "[--os OS] [--format F] [--max-items N] -- CMD [ARGS...]", "Read CMD's output from stdin and print the envelope, as if parism had run it.\nNothing is run and the guard is not consulted. Example: ls -l | parism parse -- ls -l")
	osName := fs.String("os", "", "parse as this `os`'s output: linux, darwin, freebsd or windows (default: this machine's)")
	format := fs.String("format", "json", "output `format`: json, compact or json-no-raw")
	maxItems := fs.Int("max-items", 0, "keep at most `n` rows, counting the others in omission (default 0: every row)")
	cfg := fs.String("config", "", "read only this config `file`")
	if code, done := c.parseFlags(fs, args); done {
		return code
	}
	if *maxItems < 0 {
		return c.usageError("parse: --max-items must be 0 (every row) or more, got %d", *maxItems)
	}
	cmd, cargs, ok := c.command(fs)
	if !ok {
		return exitUsage
	}
	if !validFormat(*format) {
		return c.usageError("parse: --format must be json, compact or json-no-raw, got %q", *format)
	}
	var os catalog.OS
	if *osName != "" {
		o, err := catalog.ParseOS(*osName)
		if err != nil {
			return c.usageError("parse: --os: %v", err)
		}
		os = o
	}
	e, code := c.engine(common{config: cfg})
	if e == nil {
		return code
	}
	raw, err := io.ReadAll(c.stdin)
	if err != nil {
		fmt.Fprintf(c.stderr, "parism: reading stdin: %v\n", err)
		return exitIOError
	}
	env := e.Parse(engine.ParseRequest{Cmd: cmd, Args: cargs, Raw: string(raw), OS: os, Format: *format, MaxItems: *maxItems})
	if code := c.print(env); code != exitOK {
		return code
	}
	if !env.OK {
		return exitFailed
	}
	return exitOK
}

func (c *cli) describe(args []string) int {
	fs := c.flags("describe", "[--config FILE] [CMD]", "Without CMD: version, allowed commands, parsers and guard limits.\nWith CMD: its policy, parser fields, alternatives and examples.")
	cfg := fs.String("config", "", "read only this config `file`")
	if code, done := c.parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() > 1 {
		return c.usageError("describe: takes at most one command, got %d", fs.NArg())
	}
	e, code := c.engine(common{config: cfg})
	if e == nil {
		return code
	}
	if fs.NArg() == 1 {
		return c.print(e.DescribeCommand(fs.Arg(0)))
	}
	return c.print(e.Describe())
}

func validFormat(f string) bool {
	return f == engine.FormatJSON || f == engine.FormatCompact || f == engine.FormatJSONNoRaw
}
