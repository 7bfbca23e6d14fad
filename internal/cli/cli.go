// Package cli holds storygate's subcommands, their flags and the named exit
// codes of the CLI contract.
package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/progress"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/rundir"
	"github.com/storygate/storygate/internal/version"
)

// Exit codes of the CLI contract.
const (
	// ExitOK means nothing was found at error severity.
	ExitOK = 0
	// ExitFindings means at least one finding has error severity.
	ExitFindings = 1
	// ExitUsage means the command line or the configuration is wrong.
	ExitUsage = 2
	// ExitInternal means storygate itself failed (I/O, git).
	ExitInternal = 3
)

// env carries the streams a subcommand may use, and the context every
// command's work runs under: a signal cancels it (stopOnSignal).
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	ui     ui
	// flagSets, when set, is handed each flag set a --help asks for,
	// which then prints nothing: completion reads the flag tables so.
	flagSets func(*flag.FlagSet)
}

// ui is what decides how the CLI talks to a person: whether a stream is a
// terminal, the environment (NO_COLOR, FORCE_COLOR, TERM) and how long a
// run stays silent before its progress shows (0: progress.New's default
// for the stream); tests inject them.
type ui struct {
	terminal func(io.Writer) bool
	getenv   func(string) string
	delay    time.Duration
}

// realUI looks at the real streams and environment.
func realUI() ui {
	return ui{terminal: progress.Terminal, getenv: os.Getenv}
}

type command struct {
	run     func(e env, args []string) int
	summary string
}

// signalEnds are the commands a signal ends normally, not half-way: the
// server drains its in-flight deliveries and exits by its own code.
var signalEnds = map[string]bool{"serve": true}

// commands is the subcommand table; each entry lives in its own file.
var commands = map[string]command{
	"validate":      {runValidate, "check story files against enso.story/v1 and the rule catalog"},
	"transition":    {runTransition, "apply the orchestrator's legal move to a story"},
	"stage":         {runStage, "validate or compile AI-DLC stage definitions"},
	"version":       {runVersion, "print the storygate version"},
	"checks":        {runChecks, "run declarative record-check suites over records"},
	"step":          {runStep, "atomic-step helpers: check-patch, break-even"},
	"protect":       {runProtect, "make the gate checks required status checks on a branch"},
	"action":        {runAction, "the PR gate: run every gate for a GitHub event (or locally) and report it"},
	"publish":       {runPublish, "post a results document as check runs and the sticky comment"},
	"verify":        {runVerify, "rerun story verification commands and compare with their evidence"},
	"revert-check":  {runRevertCheck, "decide governed test edits by reverting them"},
	"merge-results": {runMergeResults, "combine sharded verify results"},
	"init":          {runInit, "adopt storygate: write the configuration, the workflows and a first story"},
	"new":           {runNew, "write the next story (next free ID) from the enso.story/v1 template"},
	"serve":         {runServe, "run the GitHub App's webhook server (POST /webhook, /healthz, /readyz, /metrics)"},
}

// Main runs storygate with args (args[0] is the program name) and returns
// the process exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return mainWith(env{stdin: stdin, stdout: stdout, stderr: stderr, ui: realUI()}, args)
}

// mainWith is Main with the streams and the ui chosen.
func mainWith(e env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	if len(args) < 2 {
		usage(stderr)
		return ExitUsage
	}
	name := args[1]
	switch {
	case isHelp(name) && len(args) > 2:
		return commandHelp(e, args[2])
	case isHelp(name):
		usage(stdout)
		return ExitOK
	case name == "--version":
		return runVersion(e, nil)
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "storygate: unknown command %q\n", name)
		usage(stderr)
		return ExitUsage
	}
	ctx, release := stopOnSignal()
	defer release()
	// Before anything of this run is made: what killed runs left.
	rundir.Sweep()
	e.ctx = ctx
	return exitAfter(e, name, ctx, cmd.run(e, args[2:]))
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: storygate <command> [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-14s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\n"+exitSummary())
}

func runVersion(e env, args []string) int {
	fs := newFlagSet(e, "version", "version")
	rest, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(e.stderr, "storygate version: takes no arguments, got %q\n", rest)
		fs.Usage()
		return ExitUsage
	}
	fmt.Fprintf(e.stdout, "storygate %s\n", version.String())
	return ExitOK
}

// commandHelp is "storygate help COMMAND": the command's own --help.
func commandHelp(e env, name string) int {
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(e.stderr, "storygate help: unknown command %q\n", name)
		usage(e.stderr)
		return ExitUsage
	}
	return cmd.run(e, []string{"--help"})
}

// isHelp reports whether arg asks for help. Help a user asks for goes to
// stdout (so `storygate verify --help | less` shows it) and exits 0; the
// usage after a mistake goes to stderr with it.
func isHelp(arg string) bool {
	return arg == "help" || arg == "-h" || arg == "--help" || arg == "-help"
}

// flagOutput is where a flag set writes: errors, and the usage after
// them, to stderr; parseFlags sends the usage -h asks for to stdout.
type flagOutput struct {
	stdout, stderr io.Writer
	flagSets       func(*flag.FlagSet)
}

// Write writes to stderr: what the flag package writes unasked is an error.
func (o flagOutput) Write(p []byte) (int, error) { return o.stderr.Write(p) }

// newFlagSet builds a flag set that reports errors to e.stderr instead of
// exiting the process.
func newFlagSet(e env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(flagOutput{stdout: e.stdout, stderr: e.stderr, flagSets: e.flagSets})
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: storygate %s\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and returns the exit code to use on failure, or -1.
// Flags may follow positional arguments, as users expect from git-like tools.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, int) {
	var positional []string
	for {
		if err := parseRouted(fs, args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, ExitOK
			}
			return nil, ExitUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, emptyArgument(fs, positional)
		}
		if rest[0] == "--" {
			positional = append(positional, rest[1:]...)
			return positional, emptyArgument(fs, positional)
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// emptyArgument refuses an empty positional argument (exit 2): it names
// no file, and taking it for "no path given" would run the command on
// everything (`validate ""` validated every story); -1 when there is none.
func emptyArgument(fs *flag.FlagSet, positional []string) int {
	for i, p := range positional {
		if p == "" {
			fmt.Fprintf(fs.Output(), "storygate %s: argument %d is empty; it names no file\n", fs.Name(), i+1)
			return ExitUsage
		}
	}
	return -1
}

// parseRouted parses args once, holding back the usage the flag package
// prints: to stdout when -h asked for it, to stderr after an error (which
// the flag package has written there first).
func parseRouted(fs *flag.FlagSet, args []string) error {
	out, usage := fs.Output(), fs.Usage
	var held bytes.Buffer
	fs.Usage = func() {
		fs.SetOutput(&held)
		usage()
		fs.SetOutput(out)
	}
	err := fs.Parse(args)
	fs.Usage = usage
	dst := out
	if o, ok := out.(flagOutput); ok && errors.Is(err, flag.ErrHelp) {
		if o.flagSets != nil {
			o.flagSets(fs)
			return err
		}
		dst = o.stdout
	}
	if _, werr := dst.Write(held.Bytes()); werr != nil && err == nil {
		return werr
	}
	return err
}

// multiFlag collects a repeatable string flag.
type multiFlag []string

// String joins the values given, for the flag package.
func (m *multiFlag) String() string { return strings.Join(*m, ",") }

// Set appends one value.
func (m *multiFlag) Set(v string) error {
	*m = append(*m, v)
	return nil
}

// printReport prints doc in format, stamped with this binary's version.
func printReport(w io.Writer, format string, doc report.Document) error {
	doc.Version = version.String()
	return report.Print(w, format, doc)
}
