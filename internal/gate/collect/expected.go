package collect

import (
	"sort"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/verify"
)

// Expected is what the gates a NoExecution run leaves out (verify and
// revert-check) would have written on the stories, found without running
// anything: publish holds the unprivileged run's document to it. Every
// path is a repository path, as the document names stories.
type Expected struct {
	// Stories are the files of every story found.
	Stories []string
	// Items are, for every story claiming work, the check rows the verify
	// gate writes on it when it reruns its verification.
	Items map[string][]Row
	// Rerun are the stories whose verification the verify gate reruns.
	Rerun []string
	// Changed are the stories the revert check's verdict is shown on.
	Changed []string
}

// Row is a verification check row as the document names it, before any
// rerun: the item's id and command.
type Row struct{ ID, Command string }

// RowOf is the row the verify gate writes for an item (checkOf names its
// rows the same way).
func RowOf(id, command string) Row {
	return Row{ID: gate.CleanShort(id), Command: gate.CleanText(command)}
}

// VerifyOutcome is what decides the verify gate's conclusion: its reruns
// (one check row each) and its findings. Publish decides a document's
// verify gate again from it.
func VerifyOutcome(rows int, ds []diag.Diagnostic) gate.Outcome {
	return gate.Outcome{Checked: rows, Diagnostics: ds}
}

// RevertOutcome is what decides the revert-check gate's conclusion: the
// verdict the check reached (shown on every changed story) and its
// findings.
func RevertOutcome(v gate.Revert, ds []diag.Diagnostic) gate.Outcome {
	checked := len(v.Paths)
	if v.Verdict == RevertNoSuite {
		checked = 0 // nothing decided them: neutral until a suite is set
	}
	return gate.Outcome{Checked: checked, Diagnostics: ds, NeedsHuman: v.Verdict == RevertEscalate}
}

// expect tells Options.Expect, in a NoExecution run, what the verify and
// revert-check gates would have written: the same selection the gates
// make (verificationItems, changed), so the two never disagree.
func (r *run) expect() error {
	if !r.opts.NoExecution || r.opts.Expect == nil {
		return nil
	}
	want := Expected{Items: map[string][]Row{}}
	for _, u := range r.lint.Units {
		path := u.Head.Path
		want.Stories = append(want.Stories, r.t.RepoPath(path))
		if r.changed(path) {
			want.Changed = append(want.Changed, r.t.RepoPath(path))
		}
	}
	for path, items := range r.seen.items {
		want.Items[r.t.RepoPath(path)] = rowsOf(items)
	}
	for _, p := range r.verificationItems().paths {
		want.Rerun = append(want.Rerun, r.t.RepoPath(p))
	}
	for _, list := range [][]string{want.Stories, want.Changed, want.Rerun} {
		sort.Strings(list)
	}
	r.opts.Expect(want)
	return nil
}

func rowsOf(items []verify.Item) []Row {
	out := make([]Row, 0, len(items))
	for _, it := range items {
		out = append(out, RowOf(it.ID, it.Command))
	}
	return out
}
