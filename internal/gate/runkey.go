package gate

import "strings"

// Run is the workflow run that writes to GitHub, as GitHub Actions numbers
// it (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT; a re-run is a new attempt). The
// caller reads it once per run from its environment; both are empty
// outside Actions.
type Run struct {
	ID      string
	Attempt string
}

// RunExternalID is the external_id of the check run this run makes for
// the identity on head: ExternalID, then " run=<id>.<attempt>" when the
// run is known, then " head=<sha>". It is unique to the run, its attempt
// and the head, so a create whose answer was lost finds only what this
// run made: a check run of an earlier run (its old verdict) is never
// taken for this one's. The run and head go last and hold no space, so
// the identity, whatever its root holds, is everything before them.
// Nothing reads it back but the exact comparison of a lost create's
// lookup; check runs of older versions (external_id ExternalID alone)
// are simply never this run's.
func (id Identity) RunExternalID(run Run, head string) string {
	var b strings.Builder
	b.WriteString(id.ExternalID())
	if run.ID != "" {
		b.WriteString(" run=" + noSpace(run.ID) + "." + noSpace(firstNonEmpty(run.Attempt, "1")))
	}
	b.WriteString(" head=" + noSpace(head))
	return b.String()
}

// noSpace keeps a value from adding a field to a RunExternalID.
func noSpace(s string) string { return strings.Join(strings.Fields(s), "_") }

func firstNonEmpty(s, fallback string) string {
	if s != "" {
		return s
	}
	return fallback
}
