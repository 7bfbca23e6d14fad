package cli

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/bot"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/version"
)

const actionSynopsis = "action [--root DIR] [--config FILE] [--gates LIST] [--report-only] [--base REV] [--filter changed|all] [--all] [--event-name NAME --event-path FILE] [--results FILE] [--sarif FILE] [--markdown FILE|-] [--quiet] [--color auto|always|never]"

// actionFlags are the command line; each unset one falls back to an action
// input.
type actionFlags struct {
	root, cfg, gates, base, eventName, eventPath string
	results, sarif, markdown, reportOnly         string
	filter                                       string
	all                                          bool
	output                                       outputFlags
}

func runAction(e env, args []string) int {
	fs := newFlagSet(e, "action", actionSynopsis)
	var f actionFlags
	fs.StringVar(&f.root, "root", "", "repository root (default GITHUB_WORKSPACE, else the enclosing git work tree)")
	fs.StringVar(&f.cfg, "config", "", "configuration file (input config; default .github/storygate.yml)")
	fs.StringVar(&f.gates, "gates", "", "comma-separated gates to run (input gates; default stories,verify,revert-check plus stages/records when their files change)")
	fs.Var((*boolOrAuto)(&f.reportOnly), "report-only", "never write to GitHub (=false: always write; =auto, the default: when there is no write-capable token)")
	fs.StringVar(&f.base, "base", "", "base revision for a run outside Actions or a workflow_dispatch (input base)")
	fs.StringVar(&f.eventName, "event-name", "", "event name (default GITHUB_EVENT_NAME; none or local: a local run that prints the report)")
	fs.StringVar(&f.eventPath, "event-path", "", "event payload file (default GITHUB_EVENT_PATH)")
	fs.StringVar(&f.results, "results", "", "where to write the results document (input results; default RUNNER_TEMP or the temp dir)")
	fs.StringVar(&f.sarif, "sarif", "", "where to write SARIF (default next to the results document)")
	fs.StringVar(&f.markdown, "markdown", "", "write the PR comment's Markdown to FILE, or - for stdout (default - for a local run)")
	fs.StringVar(&f.filter, "filter", "", "changed: judge the stories the change touched, report the others apart; all: judge every story (default gate.filter, changed)")
	fs.BoolVar(&f.all, "all", false, "the same as --filter all: judge every story and rerun every story's verification")
	f.output.register(fs)
	var gf githubFlags
	gf.register(fs)
	timeouts, code := gf.parse(e, "action", fs, args)
	if code < 0 {
		code = f.output.check(e, "action")
	}
	if code >= 0 {
		return code
	}
	opts, err := f.options()
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate action: %v\n", err)
		return ExitUsage
	}
	p := f.output.reporter(e, "text", "gate")
	opts.Progress = p
	be := e
	be.stderr = p.Interleaved(e.stderr) // the bot's messages never land inside the live line
	b, err := newBot(be, timeouts)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate action: %v\n", err)
		return ExitInternal
	}
	p.Begin(0)
	outcome, err := b.Action(e.ctx, opts)
	p.End()
	return botExit(outcome, err)
}

// boolOrAuto is a flag that reads "--report-only" as true and also takes
// =true, =false or =auto.
type boolOrAuto string

// String returns the flag value as given.
func (b *boolOrAuto) String() string { return string(*b) }

// IsBoolFlag lets the flag stand alone.
func (b *boolOrAuto) IsBoolFlag() bool { return true }

// Set accepts true, false and auto.
func (b *boolOrAuto) Set(v string) error {
	switch strings.ToLower(v) {
	case "true", "false", "auto":
		*b = boolOrAuto(strings.ToLower(v))
		return nil
	}
	return fmt.Errorf("want true, false or auto, not %q", v)
}

// options hands the flags to the bot, which fills the unset ones from the
// action's inputs and takes the Actions workspace for an unset root.
// Outside Actions the root defaults to the enclosing work tree.
func (f actionFlags) options() (bot.ActionOptions, error) {
	root := f.root
	if root == "" && os.Getenv("GITHUB_WORKSPACE") == "" {
		var err error
		if root, err = repoRoot(""); err != nil {
			return bot.ActionOptions{}, err
		}
	}
	if f.all {
		if f.filter != "" && config.FilterMode(f.filter) != config.FilterAll {
			return bot.ActionOptions{}, fmt.Errorf("--all and --filter %s contradict each other", f.filter)
		}
		f.filter = string(config.FilterAll)
	}
	return bot.ActionOptions{Filter: f.filter, Root: root, ConfigFile: f.cfg, Gates: f.gates, Base: f.base, EventName: f.eventName,
		EventPath: f.eventPath, Results: f.results, SARIF: f.sarif, Markdown: f.markdown, ReportOnly: f.reportOnly}, nil
}

// newBot builds the bot with its real dependencies. The bot reads a
// snapshot of the environment, and storygate then drops the tokens from its
// own (and becomes non-dumpable), so nothing the gate runs can read them
// through /proc, sandbox or not.
func newBot(e env, timeouts github.Timeouts) (*bot.Bot, error) {
	osEnv := bot.TakeEnv()
	if err := sandbox.ProtectSelf(nil); err != nil {
		return nil, err
	}
	return bot.New(bot.Deps{
		Env:     osEnv,
		GitHub:  bot.Credentials{Env: osEnv, Version: version.String(), Timeouts: timeouts},
		Revert:  bot.RevertCheck,
		Now:     time.Now,
		Stdout:  e.stdout,
		Stderr:  e.stderr,
		Version: version.String(),
	}), nil
}

// botExit maps what the bot concluded to the CLI's exit codes; the bot
// has reported any error already.
func botExit(outcome bot.Outcome, err error) int {
	switch {
	case errors.Is(err, bot.ErrUsage):
		return ExitUsage
	case err != nil:
		return ExitInternal
	case outcome == bot.Failed:
		return ExitFindings
	}
	return ExitOK
}
