package githubtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// WebhookDir is where the real webhook payloads live, one per event type and
// action (e.g. pull_request.opened.json): internal/github/testdata/webhooks.
func WebhookDir() string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(self), "..", "testdata", "webhooks")
}

// Edit changes a decoded webhook payload.
type Edit func(payload map[string]any)

// TB is the part of testing.TB LoadWebhook needs.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// LoadWebhook reads the payload name (e.g. "issue_comment.created"), points
// its head and base SHAs at head and base (empty: keep), applies edits, and
// returns it ready to write to GITHUB_EVENT_PATH.
func LoadWebhook(t TB, name, head, base string, edits ...Edit) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(WebhookDir(), name+".json"))
	if err != nil {
		t.Fatalf("webhook %s: %v", name, err)
	}
	if raw, err = RewriteSHAs(raw, head, base); err != nil {
		t.Fatalf("webhook %s: %v", name, err)
	}
	var payload map[string]any
	if err := json.Unmarshal(raw, &payload); err != nil {
		t.Fatalf("webhook %s: %v", name, err)
	}
	for _, edit := range edits {
		edit(payload)
	}
	out, err := json.MarshalIndent(payload, "", "  ")
	if err != nil {
		t.Fatalf("webhook %s: %v", name, err)
	}
	return out
}

// shaFields finds the head and base SHAs wherever an event kind keeps them.
type shaFields struct {
	PullRequest *struct {
		Head struct{ SHA string } `json:"head"`
		Base struct{ SHA string } `json:"base"`
	} `json:"pull_request"`
	MergeGroup *struct {
		HeadSHA string `json:"head_sha"`
		BaseSHA string `json:"base_sha"`
	} `json:"merge_group"`
	CheckRun *struct {
		HeadSHA string `json:"head_sha"`
	} `json:"check_run"`
	WorkflowRun *struct {
		HeadSHA string `json:"head_sha"`
	} `json:"workflow_run"`
}

func (f shaFields) heads() (head, base string) {
	switch {
	case f.PullRequest != nil:
		return f.PullRequest.Head.SHA, f.PullRequest.Base.SHA
	case f.MergeGroup != nil:
		return f.MergeGroup.HeadSHA, f.MergeGroup.BaseSHA
	case f.CheckRun != nil:
		return f.CheckRun.HeadSHA, ""
	case f.WorkflowRun != nil:
		return f.WorkflowRun.HeadSHA, ""
	}
	return "", ""
}

// RewriteSHAs replaces the payload's head and base commit SHAs with those of
// a test repository everywhere they occur (pull_request.head.sha,
// merge_group.head_sha, check_run.head_sha, check_suite.head_sha, …), so an
// event can be replayed against a temporary git repository. An empty
// replacement keeps the original.
func RewriteSHAs(payload []byte, head, base string) ([]byte, error) {
	var f shaFields
	if err := json.Unmarshal(payload, &f); err != nil {
		return nil, fmt.Errorf("rewrite SHAs: %w", err)
	}
	oldHead, oldBase := f.heads()
	if oldHead != "" && head != "" {
		payload = bytes.ReplaceAll(payload, []byte(oldHead), []byte(head))
	}
	if oldBase != "" && base != "" {
		payload = bytes.ReplaceAll(payload, []byte(oldBase), []byte(base))
	}
	return payload, nil
}

// OnPullRequest makes an issue_comment payload's issue the pull request
// number (the recorded payloads comment on a plain issue).
func OnPullRequest(repo string, number int) Edit {
	return func(p map[string]any) {
		issue, _ := p["issue"].(map[string]any)
		if issue == nil {
			return
		}
		issue["number"] = number
		issue["pull_request"] = map[string]any{"url": fmt.Sprintf("https://api.github.com/repos/%s/pulls/%d", repo, number)}
	}
}

// WithComment sets an issue_comment payload's comment id, body and author.
func WithComment(id int64, body string, author User) Edit {
	return func(p map[string]any) {
		c, _ := p["comment"].(map[string]any)
		if c == nil {
			return
		}
		c["id"], c["body"], c["user"] = id, body, author.json()
		p["sender"] = author.json()
	}
}

// WithRepo points the payload at owner/name.
func WithRepo(owner, name string) Edit {
	return func(p map[string]any) {
		r, _ := p["repository"].(map[string]any)
		if r == nil {
			return
		}
		r["name"], r["full_name"] = name, owner+"/"+name
		if o, ok := r["owner"].(map[string]any); ok {
			o["login"] = owner
		}
	}
}
