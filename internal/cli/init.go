package cli

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/scaffold"
)

const initSynopsis = "init [--root DIR] [--force] [--with-commands] [--with-reverify] [--dry-run]"

func runInit(e env, args []string) int {
	fs := newFlagSet(e, "init", initSynopsis)
	root := fs.String("root", "", "repository root to write into (default: the git work tree containing the current directory)")
	force := fs.Bool("force", false, "replace files that differ from what init writes (never a story)")
	commands := fs.Bool("with-commands", false, "also write the slash-command workflow (storygate-commands.yml)")
	reverify := fs.Bool("with-reverify", false, "also write the scheduled re-verification workflow (storygate-reverify.yml)")
	dry := fs.Bool("dry-run", false, "say what would be written, write nothing")
	rest, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(e.stderr, "storygate init: takes no arguments, got %q\n", rest)
		fs.Usage()
		return ExitUsage
	}
	dir, code := scaffoldRoot(e, "init", *root)
	if code >= 0 {
		return code
	}
	res, err := scaffold.Init(scaffold.Options{Root: dir, Force: *force, WithCommands: *commands,
		WithReverify: *reverify, DryRun: *dry, Now: time.Now()})
	if err != nil {
		return scaffoldFailure(e, "init", err)
	}
	printInit(e, res, *dry)
	return ExitOK
}

// scaffoldRoot is the directory init and new write into: it must be a
// directory, not reached through a symlink inside its repository.
func scaffoldRoot(e env, cmd, flagRoot string) (string, int) {
	dir, err := repoRoot(flagRoot)
	if err == nil {
		err = safefile.CheckRoot(dir)
	}
	if err == nil {
		var info os.FileInfo
		if info, err = os.Stat(dir); err == nil && !info.IsDir() {
			err = fmt.Errorf("%s is not a directory: %w", dir, scaffold.ErrRefused)
		}
	}
	if err != nil {
		return "", scaffoldFailure(e, cmd, err)
	}
	return dir, -1
}

// scaffoldFailure reports err: a refusal is the user's to fix (2).
func scaffoldFailure(e env, cmd string, err error) int {
	if errors.Is(err, scaffold.ErrRefused) {
		fmt.Fprintf(e.stderr, "storygate %s: %v\n", cmd, err)
		return ExitUsage
	}
	return failure(e, cmd, err)
}

func printInit(e env, res *scaffold.Result, dry bool) {
	if res.Project.Kind != "" {
		fmt.Fprintf(e.stdout, "detected: a %s (%s); revert suite %q\n", res.Project.Kind, res.Project.Marker, res.Project.Suite)
	} else {
		fmt.Fprintln(e.stdout, "detected: no known project kind; revert.suite is left for you to set")
	}
	for _, n := range res.Project.Notes {
		fmt.Fprintf(e.stdout, "note: %s\n", n)
	}
	for _, f := range res.Files {
		line := fmt.Sprintf("%-9s %s", f.Action, f.Path)
		if f.Why != "" {
			line += " (" + f.Why + ")"
		}
		fmt.Fprintln(e.stdout, line)
	}
	if res.Story == "" {
		fmt.Fprintln(e.stdout, "no first story: the repository has stories already; `storygate new \"Title\"` adds one")
	}
	switch {
	case dry:
		fmt.Fprintln(e.stdout, "dry run: nothing was written")
	case !res.Changed():
		fmt.Fprintln(e.stdout, "nothing changed: every file is already there")
	}
	fmt.Fprintln(e.stdout, "\nnext steps:")
	for i, s := range scaffold.NextSteps(res) {
		fmt.Fprintf(e.stdout, "  %d. %s\n", i+1, s)
	}
}
