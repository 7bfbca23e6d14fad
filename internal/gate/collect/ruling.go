package collect

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/revert"
)

// RevertRuled is the verdict of a revert check whose every escalated or
// undecided edit a human ruled on (`/allow-test-edit`).
const RevertRuled = "ruled"

// Ruling is what the pull request's human rulings say about one path: By
// (@login) and Source (the comment) when one holds for the gated edits,
// else Why none does.
type Ruling struct {
	By, Source, Why string
}

// Holds reports whether a ruling permits the path.
func (r Ruling) Holds() bool { return r.By != "" }

// RulingsFunc returns, for each of paths (relative to the root) that a
// human ruling names, what the rulings say. An error fails the gate run:
// a ruling that cannot be checked never passes.
type RulingsFunc func(ctx context.Context, paths []string) (map[string]Ruling, error)

// rulable are the revert findings a human may rule on: an edit the check
// escalated, left undecided or could not decide. Creating a governed file
// (revert/may-not-create) is a scope question, never ruled here.
var rulable = []string{revert.RuleNotLoadBearing, revert.RuleUndecided, revert.RuleCouldNotRun}

// applyRulings turns the findings of paths a holding ruling covers into
// revert/ruled notices naming who ruled, adds why to those whose rulings
// do not hold (stale), and makes the verdict ruled when nothing rulable
// is left.
func (r *run) applyRulings(v gate.Revert, ds []diag.Diagnostic) (gate.Revert, []diag.Diagnostic, error) {
	if r.opts.Rulings == nil || (v.Verdict != RevertEscalate && v.Verdict != RevertCouldNotRun) {
		return v, ds, nil
	}
	var paths []string
	for _, d := range ds {
		if slices.Contains(rulable, d.Rule) && !slices.Contains(paths, d.File) {
			paths = append(paths, d.File)
		}
	}
	if len(paths) == 0 {
		return v, ds, nil
	}
	rulings, err := r.opts.Rulings(r.ctx, paths)
	if err != nil {
		return v, nil, fmt.Errorf("human rulings on the revert check: %w", err)
	}
	out := make([]diag.Diagnostic, 0, len(ds))
	for _, d := range ds {
		rl, named := rulings[d.File]
		switch {
		case !slices.Contains(rulable, d.Rule):
			out = append(out, d)
		case !named:
			d.Message += "; " + rulingHint(d.File)
			out = append(out, d)
		case rl.Holds():
			out = append(out, diag.New(revert.RuleRuled, diag.SeverityNotice, d.File, diag.Pos{Line: d.Line, Column: d.Column},
				"%s permitted this edit by a ruling (%s); the revert check said: %s", rl.By, rl.Source, strings.TrimSuffix(d.Message, ".")))
			v.Ruled = addRuled(v.Ruled, gate.RevertRuled{Path: d.File, By: rl.By, Source: rl.Source})
		default:
			d.Message += "; " + rl.Why + "; " + rulingHint(d.File)
			out = append(out, d)
		}
	}
	if !slices.ContainsFunc(out, func(d diag.Diagnostic) bool { return slices.Contains(rulable, d.Rule) }) {
		v.Verdict = RevertRuled
	}
	return v, out, nil
}

func addRuled(list []gate.RevertRuled, r gate.RevertRuled) []gate.RevertRuled {
	if slices.ContainsFunc(list, func(e gate.RevertRuled) bool { return e.Path == r.Path }) {
		return list
	}
	return append(list, r)
}

// rulingHint names the command a human types to rule on path, so a
// finding the gate reports on a pull request says what would end it.
func rulingHint(path string) string {
	return "an authorized human may permit it on the pull request: `" + command.RevertRuling([]string{path}) + "`"
}
