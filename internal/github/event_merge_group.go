package github

import (
	"regexp"
	"strconv"
)

type mergeGroupPayload struct {
	MergeGroup struct {
		HeadSHA string `json:"head_sha"`
		HeadRef string `json:"head_ref"`
		BaseSHA string `json:"base_sha"`
		BaseRef string `json:"base_ref"`
	} `json:"merge_group"`
}

// parseMergeGroup reads checks_requested: the queue's temporary branch is
// the head, the target branch the base. There is no single pull request.
func parseMergeGroup(payload []byte, ev *Event) error {
	var p mergeGroupPayload
	if err := decodePayload(payload, &p); err != nil {
		return err
	}
	mg := p.MergeGroup
	ev.HeadSHA, ev.HeadRef, ev.BaseSHA, ev.BaseRef = mg.HeadSHA, mg.HeadRef, mg.BaseSHA, mg.BaseRef
	ev.HeadRepo = ev.Repo.FullName()
	return nil
}

// queueRefRE reads the pull request from a merge queue branch,
// gh-readonly-queue/<base>/pr-<number>-<sha>.
var queueRefRE = regexp.MustCompile(`(?:^|/)gh-readonly-queue/.+/pr-([0-9]+)-[0-9a-f]{40}$`)

// QueuedPR is the number of the pull request a merge group's head ref was
// made for, 0 when the ref is not a merge queue branch.
func QueuedPR(headRef string) int {
	m := queueRefRE.FindStringSubmatch(headRef)
	if m == nil {
		return 0
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return 0
	}
	return n
}
