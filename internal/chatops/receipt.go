package chatops

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/lifecycle"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
)

// Receipt is the record storygate leaves on the pull request when it
// records a decision: a reply comment by storygate's own identity carrying
// this as a hidden marker. The gate trusts a Decision entry only with a
// receipt that GitHub says storygate posted; the entry's own Digest and the
// commit's author are conveniences anyone can write.
type Receipt struct {
	Story string          `json:"story"`
	Path  string          `json:"path"`
	Event lifecycle.Event `json:"event"`
	// At is the state the decision was taken at.
	At lifecycle.State `json:"at"`
	// Source is the id of the comment that decided.
	Source int64 `json:"source"`
	// Head is the commit the commenter saw: the branch's head when the
	// comment was posted, by GitHub's push records.
	Head string `json:"head"`
	// Digest is the SHA-256 of ApprovedContent at Head; Covers names it.
	Digest string `json:"digest"`
	Covers string `json:"covers"`
	// Commit is the commit that recorded the decision, when known.
	Commit string `json:"commit,omitempty"`
}

const receiptOpen, receiptClose = "<!-- storygate:decision ", " -->"

// Marker renders the receipt as a hidden HTML comment. JSON escapes < and
// >, so no value can end the comment early.
func (r Receipt) Marker() string {
	enc, _ := json.Marshal(r)
	return receiptOpen + string(enc) + receiptClose
}

// Recorder is storygate's identity on GitHub, the only author whose
// receipts count: approvers.recorder (a login; default github-actions[bot],
// GITHUB_TOKEN's) and, when set, approvers.recorder_app_id, the app the
// comment must be performed via (a GitHub App's id).
type Recorder struct {
	Login string
	AppID int64
}

// DefaultRecorder is the identity of a workflow's GITHUB_TOKEN.
const DefaultRecorder = "github-actions[bot]"

// RecorderOf reads the identity from the policy.
func RecorderOf(a config.Approvers) Recorder {
	r := Recorder{Login: a.Recorder, AppID: a.RecorderAppID}
	if r.Login == "" {
		r.Login = DefaultRecorder
	}
	return r
}

// Authored reports whether GitHub says the recorder posted c: a Bot
// account (which no person can register, "[bot]" being illegal in user
// logins) of the recorder's login, via the recorder's app when one is set.
func (r Recorder) Authored(c github.Comment) bool {
	return c.Author.Type == "Bot" && strings.EqualFold(c.Author.Login, r.Login) && (r.AppID == 0 || c.App.ID == r.AppID)
}

// String names the identity for messages.
func (r Recorder) String() string {
	if r.AppID != 0 {
		return fmt.Sprintf("@%s (app %d)", r.Login, r.AppID)
	}
	return "@" + r.Login
}

// Receipts lists the receipts the recorder posted on a pull request, by
// source comment id.
func Receipts(ctx context.Context, l github.Ledger, repo github.Repo, pr int, r Recorder) (map[int64][]Receipt, error) {
	comments, err := l.ListComments(ctx, repo, pr)
	if err != nil {
		return nil, fmt.Errorf("read storygate's decision records: %w", err)
	}
	out := map[int64][]Receipt{}
	for _, c := range comments {
		// An edited receipt counts for nothing: admins can edit anyone's
		// comments, storygate never edits its receipts.
		if !r.Authored(c) || c.Edited() {
			continue
		}
		if rc, ok := ParseReceipt(c.Body); ok {
			out[rc.Source] = append(out[rc.Source], rc)
		}
	}
	return out, nil
}

// postingAsTheRecorder refuses to handle a command with credentials that
// are not the App the policy pins the recorder to: the receipt would
// count for nothing, the decision's commit would not be the recorder's
// push, and what the handler read back as its own (replies, a lost
// write) could be any workflow's. Without a pinned App (Actions-only
// mode) it asks nothing.
func (h *handler) postingAsTheRecorder(ctx context.Context) error {
	if h.recorder.AppID == 0 || h.recorder.AppID == github.ActionsAppID {
		return nil
	}
	self, err := h.deps.GitHub.Self(ctx)
	if err != nil {
		return fmt.Errorf("find the account storygate posts as: %w", err)
	}
	return self.RequireApp(h.recorder.AppID)
}
