package github

import (
	"context"
	"fmt"
	"slices"

	gh "github.com/google/go-github/v62/github"
)

// checkRunsByKey returns the IDs of the check runs on run.HeadSHA with
// run's name and external_id (this run's key) that storygate's own app
// made (Self.MadeCheckRun), newest (highest ID) first. A run anyone else
// made with the key is never taken for this run's: neither kept as the
// run created, nor marked as its duplicate (which would retitle a run
// storygate did not make, or, were it the newest, keep it and mark
// storygate's own).
func (a *Adapter) checkRunsByKey(ctx context.Context, repo Repo, run CheckRun) ([]int64, error) {
	self, err := a.Self(ctx)
	if err != nil {
		return nil, err
	}
	opts := &gh.ListCheckRunsOptions{CheckName: gh.String(run.Name), Filter: gh.String("all"), ListOptions: gh.ListOptions{PerPage: pageSize}}
	if a.appID != 0 {
		opts.AppID = gh.Int64(a.appID)
	}
	var ids []int64
	for {
		page, resp, err := a.gh.Checks.ListCheckRunsForRef(ctx, repo.Owner, repo.Name, run.HeadSHA, opts)
		if err != nil {
			return nil, apiError(fmt.Sprintf("list check runs %q on %s@%s", run.Name, repo, run.HeadSHA), resp, err)
		}
		for _, c := range page.CheckRuns {
			if c.GetName() == run.Name && c.GetExternalID() == run.ExternalID && self.MadeCheckRun(c.GetApp().GetID()) {
				ids = append(ids, c.GetID())
			}
		}
		if resp.NextPage == 0 {
			slices.SortFunc(ids, func(x, y int64) int { return int(y - x) })
			return ids, nil
		}
		opts.Page = resp.NextPage
	}
}

// settleCheckRunDuplicates makes one check run of run's key stand: after
// a lost answer GitHub may hold two, the second made by an attempt it
// applied after every look. Check runs cannot be deleted, and branch
// protection reads the newest of a name, so the newest is kept (the ID
// returned, which the remaining annotation batches go to) and each older
// one is renamed by its external_id and retitled as a duplicate of it.
// Its conclusion is left alone: every copy was made by the same request,
// so each says what the kept one says, and none is ever turned neutral.
func (a *Adapter) settleCheckRunDuplicates(ctx context.Context, repo Repo, run CheckRun) (int64, error) {
	ids, err := a.checkRunsByKey(ctx, repo, run)
	if err != nil {
		return 0, fmt.Errorf("look for duplicates of check run %q: %w", run.Name, err)
	}
	if !slices.Contains(ids, run.ID) {
		// A list behind GitHub's write: the run just made is still one.
		ids = append(ids, run.ID)
		slices.SortFunc(ids, func(x, y int64) int { return int(y - x) })
	}
	kept := ids[0]
	for _, older := range ids[1:] {
		if err := a.markDuplicateCheckRun(ctx, repo, run, older, kept); err != nil {
			return 0, err
		}
	}
	return kept, nil
}

// markDuplicateCheckRun retitles the check run id as a duplicate of kept
// and moves it off run's key, so no later look takes it for this run's.
func (a *Adapter) markDuplicateCheckRun(ctx context.Context, repo Repo, run CheckRun, id, kept int64) error {
	summary := fmt.Sprintf("One storygate run made this check run twice (GitHub applied a create whose answer was lost). Check run %d is its report; this copy says the same.", kept)
	opts := gh.UpdateCheckRunOptions{
		Name:       run.Name,
		ExternalID: gh.String(fmt.Sprintf("%s duplicate-of=%d", run.ExternalID, kept)),
		Output:     &gh.CheckRunOutput{Title: gh.String("Duplicate of check run " + fmt.Sprint(kept)), Summary: gh.String(summary)},
	}
	if err := a.patchCheckRun(ctx, repo, id, opts, 0); err != nil {
		return fmt.Errorf("mark check run %d (%q) as a duplicate of %d: %w", id, run.Name, kept, err)
	}
	return nil
}
