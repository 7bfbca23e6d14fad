package github

import (
	"fmt"
	"time"

	"github.com/storygate/storygate/internal/jsonstrict"
)

// The webhook event kinds storygate acts on, as GITHUB_EVENT_NAME spells them.
const (
	EventPullRequest  = "pull_request"
	EventMergeGroup   = "merge_group"
	EventCheckRun     = "check_run"
	EventIssueComment = "issue_comment"
)

// Event is the part of a webhook payload storygate routes on. Fields a kind
// does not carry stay zero.
type Event struct {
	Kind   string
	Action string
	Repo   Repo
	// DefaultBranch is the repository's default branch, as the payload
	// names it.
	DefaultBranch  string
	InstallationID int64
	Sender         User
	// PRNumber is the pull request (or, for issue_comment, the issue) number.
	PRNumber int
	// OnPullRequest is true when an issue_comment was made on a pull request
	// rather than a plain issue; always true for pull_request events.
	OnPullRequest bool
	PRAuthor      User
	HeadSHA       string
	HeadRef       string
	// HeadRepo is the head branch's repository, to tell forks.
	HeadRepo string
	BaseSHA  string
	BaseRef  string
	Comment  *Comment
	CheckRun *CheckRunRef
	// WorkflowRun is set for workflow_run events.
	WorkflowRun *WorkflowRunRef
	// Inputs are a workflow_dispatch run's inputs.
	Inputs map[string]string
}

// CheckRunRef is the check run a check_run event is about.
type CheckRunRef struct {
	ID         int64
	Name       string
	ExternalID string
}

// envelope holds the fields every webhook payload shares.
type envelope struct {
	Action     string `json:"action"`
	Repository struct {
		FullName      string `json:"full_name"`
		DefaultBranch string `json:"default_branch"`
	} `json:"repository"`
	Installation *struct {
		ID int64 `json:"id"`
	} `json:"installation"`
	Sender payloadUser `json:"sender"`
}

type payloadUser struct {
	Login string `json:"login"`
	Type  string `json:"type"`
}

func (u payloadUser) user() User { return User(u) }

// MaxPayloadBytes is the largest event payload read: GitHub caps webhook
// payloads at 25 MB.
const MaxPayloadBytes = 25 << 20

// ParseEvent reads a webhook payload of the given kind (GITHUB_EVENT_NAME).
// Kinds without their own parser still yield the common fields, so that
// schedule or workflow_dispatch runs can be routed too.
func ParseEvent(kind string, payload []byte) (Event, error) {
	var env envelope
	if err := decodePayload(payload, &env); err != nil {
		return Event{}, fmt.Errorf("%s event: %w", kind, err)
	}
	ev, err := commonFields(kind, env)
	if err != nil {
		return Event{}, err
	}
	parse, ok := parsers[kind]
	if !ok {
		return ev, nil
	}
	if err := parse(payload, &ev); err != nil {
		return Event{}, fmt.Errorf("%s event: %w", kind, err)
	}
	return ev, nil
}

// decodePayload decodes a webhook payload strictly (internal/jsonstrict):
// a key twice in one object is refused, since the reader GitHub's own
// services use and encoding/json may keep different ones, and every error
// names its line:col. Unknown fields are ignored: a payload carries far
// more than storygate reads.
func decodePayload(payload []byte, v any) error {
	return jsonstrict.Decode(payload, v, jsonstrict.AllowUnknownFields)
}

// parsers fill in what is particular to one kind of event.
var parsers = map[string]func([]byte, *Event) error{
	EventPullRequest:      parsePullRequest,
	EventMergeGroup:       parseMergeGroup,
	EventCheckRun:         parseCheckRun,
	EventIssueComment:     parseIssueComment,
	EventWorkflowRun:      parseWorkflowRun,
	EventWorkflowDispatch: parseWorkflowDispatch,
	EventCheckSuite:       parseCheckSuite,
}

func commonFields(kind string, env envelope) (Event, error) {
	ev := Event{Kind: kind, Action: env.Action, Sender: env.Sender.user(), DefaultBranch: env.Repository.DefaultBranch}
	if env.Installation != nil {
		ev.InstallationID = env.Installation.ID
	}
	if env.Repository.FullName == "" {
		return ev, nil
	}
	repo, err := ParseRepo(env.Repository.FullName)
	if err != nil {
		return Event{}, fmt.Errorf("%s event: %w", kind, err)
	}
	ev.Repo = repo
	return ev, nil
}

// payloadComment is a comment as webhooks carry it.
type payloadComment struct {
	ID        int64       `json:"id"`
	Body      string      `json:"body"`
	User      payloadUser `json:"user"`
	CreatedAt time.Time   `json:"created_at"`
	UpdatedAt time.Time   `json:"updated_at"`
	HTMLURL   string      `json:"html_url"`
}

func (c payloadComment) comment() *Comment {
	return &Comment{ID: c.ID, Body: c.Body, Author: c.User.user(), CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, HTMLURL: c.HTMLURL}
}
