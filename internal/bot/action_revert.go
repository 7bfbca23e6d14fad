package bot

import (
	"context"
	"fmt"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/revert"
)

// RevertCheck runs the revert check (story-017) for the gate: governed
// test edits are reverted in a temporary tree and the suite decides. It is
// the real Deps.Revert.
func RevertCheck(ctx context.Context, in collect.RevertInput) (gate.Revert, []diag.Diagnostic, error) {
	t := in.Target
	g := revert.ByAuto
	var err error
	if in.Granularity != "" {
		if g, err = revert.ParseGranularity(in.Granularity); err != nil {
			return gate.Revert{}, nil, fmt.Errorf("revert.%w", err)
		}
	}
	res, err := revert.Check(ctx, revert.Options{Repo: t.Repo(), Root: t.Place(), Base: t.MergeBase(), Head: t.Head(), Changes: t.Changes(),
		Governed: in.Governed, Granted: in.GrantedPaths(), Suite: in.Suite, Granularity: g, MaxRuns: in.MaxRuns,
		Env: in.Environ, Sandbox: in.Sandbox, Snapshot: in.Snapshot, Progress: in.Progress})
	if err != nil {
		return gate.Revert{}, nil, err
	}
	if !res.Decided {
		return gate.Revert{Verdict: collect.RevertNotNeeded}, revert.Findings(res), nil
	}
	v := gate.Revert{Verdict: string(res.Verdict), Paths: res.RootPaths(), Command: res.Command, ExitCode: res.ExitCode, OutputTail: res.OutputTail,
		Granularity: string(res.Granularity), GranularityReason: res.GranularityReason, Decisions: revertDecisions(res), Incomplete: res.Incomplete}
	v.SetVerdict = setVerdict(res)
	return v, revert.Findings(res), nil
}

// setVerdict is the verdict on every governed edit reverted together at
// file or hunk granularity: the set run, or with one file, that file's own
// run (the check makes no separate set run for it). "" at set granularity,
// where the verdict itself is the set's.
func setVerdict(res *revert.Result) string {
	switch {
	case res.Set != nil:
		return string(res.Set.Verdict)
	case len(res.Files) == 1 && res.Files[0].Decided == revert.DecidedByFile:
		return string(res.Files[0].Verdict)
	}
	return ""
}

// revertDecisions lists each file of a file- or hunk-granularity check,
// then its hunks, for the results document and the PR comment. Like the
// verdict's paths, they are relative to the root, as the gate's every
// path is until the document is finished (gate.Results.InRepository).
func revertDecisions(res *revert.Result) []gate.RevertDecision {
	var out []gate.RevertDecision
	for _, f := range res.Files {
		rel := res.InRoot(f.Path)
		out = append(out, gate.RevertDecision{Path: rel, Verdict: string(f.Verdict), Decided: f.Decided})
		for _, h := range f.Hunks {
			out = append(out, gate.RevertDecision{Path: rel, Lines: revert.HunkRange(h.Base, h.Head), Verdict: string(h.Verdict), Decided: h.Decided})
		}
	}
	return out
}
