package cli

import (
	"flag"
	"fmt"
	"io"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/progress"
	"github.com/storygate/storygate/internal/report"
)

// outputFlags are --quiet and --color, for the commands that print a text
// report or run long enough to show progress.
type outputFlags struct {
	quiet bool
	color string
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&o.quiet, "quiet", false, "no progress on stderr")
	fs.StringVar(&o.color, "color", progress.ColorAuto, "colour: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or never")
}

// check refuses an unknown --color (exit 2), or returns -1.
func (o outputFlags) check(e env, name string) int {
	if _, err := progress.UseColor(o.color, false, e.ui.getenv); err != nil {
		fmt.Fprintf(e.stderr, "storygate %s: %v\n", name, err)
		return ExitUsage
	}
	return -1
}

// palette colours what goes to stream w (check refused a bad --color).
func (o outputFlags) palette(e env, w io.Writer) progress.Palette {
	on, _ := progress.UseColor(o.color, e.ui.terminal(w), e.ui.getenv)
	return progress.Palette{On: on}
}

// reporter is the progress of task on stderr: nil (silent) with --quiet
// and when the report is JSON (json, sarif), whose readers are programs.
func (o outputFlags) reporter(e env, format, task string) *progress.Reporter {
	if o.quiet || format == "json" || format == "sarif" {
		return nil
	}
	return progress.New(e.stderr, progress.Options{Task: task, Terminal: e.ui.terminal(e.stderr), Palette: o.palette(e, e.stderr), Delay: e.ui.delay})
}

// paint colours the text report on stdout by severity, or nil for plain.
func (o outputFlags) paint(e env, format string) func(diag.Severity, string) string {
	if format != "text" && format != "" {
		return nil
	}
	p := o.palette(e, e.stdout)
	if !p.On {
		return nil
	}
	return p.Severity
}

// printReportPainted is printReport with the text format coloured as o says.
func (o outputFlags) printReport(e env, format string, doc report.Document) error {
	doc.Paint = o.paint(e, format)
	return printReport(e.stdout, format, doc)
}
