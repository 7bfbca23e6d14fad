package github

import "encoding/json"

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
	if err := json.Unmarshal(payload, &p); err != nil {
		return err
	}
	mg := p.MergeGroup
	ev.HeadSHA, ev.HeadRef, ev.BaseSHA, ev.BaseRef = mg.HeadSHA, mg.HeadRef, mg.BaseSHA, mg.BaseRef
	ev.HeadRepo = ev.Repo.FullName()
	return nil
}
