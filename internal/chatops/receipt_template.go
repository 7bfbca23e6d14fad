package chatops

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/jsonstrict"
	"github.com/storygate/storygate/internal/lifecycle"
)

// A receipt is a whole comment: Receipt.Reply's rendering of its fields,
// every one of them a value storygate computed or checked against a
// strict pattern (no text an agent wrote in a story, a path or a comment
// can be one). A comment counts as a receipt only when it is exactly that
// rendering, byte for byte: a reply, a report or anything else storygate
// posts that merely carries a receipt's marker (echoing a story id, a
// heading or a command's output) is never one.

// Reply is the comment storygate posts as the receipt: it announces the
// recorded decision to login (the commenter) and carries r's marker.
func (r Receipt) Reply(login string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n@%s recorded `%s` for %s (`%s`)", ReplyMarker, login, r.Event, r.Story, r.Path)
	if r.Commit != "" {
		fmt.Fprintf(&b, " in %s", r.Commit)
	}
	fmt.Fprintf(&b, ". It approves %s as of %s; any later change to these makes the decision stale (`hitl/decision-stale`) and needs a new command.\n\n%s\n", r.Covers, r.Head, r.Marker())
	return b.String()
}

// ParseReceipt reads the receipt a comment body is: ok only when the whole
// body is Receipt.Reply's rendering of plain values (receiptProblem).
func ParseReceipt(body string) (Receipt, bool) {
	login, r, ok := readReceiptReply(body)
	if !ok || receiptProblem(login, r) != "" || r.Reply(login) != body {
		return Receipt{}, false
	}
	return r, true
}

// readReceiptReply takes the commenter's login from the first text line
// and the fields from the marker on the last line; ParseReceipt renders
// them again to see whether the body was made of nothing else.
func readReceiptReply(body string) (string, Receipt, bool) {
	var r Receipt
	login, ok := readRecordReply(body, receiptOpen, &r)
	return login, r, ok
}

// readRecordReply reads a record reply of storygate's (a receipt, a
// ruling): the login from the first text line, and into v the JSON of the
// marker opened by open on the last line.
func readRecordReply(body, open string, v any) (string, bool) {
	rest, ok := strings.CutPrefix(body, ReplyMarker+"\n@")
	if !ok || !strings.HasSuffix(rest, "\n") {
		return "", false
	}
	login, _, _ := strings.Cut(rest, " ")
	last := rest[strings.LastIndex(rest[:len(rest)-1], "\n")+1 : len(rest)-1]
	enc, ok := strings.CutPrefix(last, open)
	if enc, ok = strings.CutSuffix(enc, receiptClose); !ok {
		return "", false
	}
	// strictly, as every JSON someone else wrote (internal/jsonstrict)
	if jsonstrict.Decode([]byte(enc), v, jsonstrict.RefuseUnknownFields) != nil {
		return "", false
	}
	return login, true
}

var (
	// loginRE is a GitHub login: letters, digits and inner hyphens.
	loginRE = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$`)
	// plainPathRE is a repository path of letters, digits, ".", "_", "-".
	plainPathRE = regexp.MustCompile(`^[A-Za-z0-9._-]+(?:/[A-Za-z0-9._-]+)*$`)
	// commitRE is a full commit id (SHA-1, or SHA-256 repositories').
	commitRE = regexp.MustCompile(`^(?:[0-9a-f]{40}|[0-9a-f]{64})$`)
	digestRE = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
	// coversRE is every Cover.String of an entry storygate can approve.
	coversRE = regexp.MustCompile(`^contract(?: \+ (?:Plan v[1-9][0-9]{0,5}|Evaluation [1-9][0-9]{0,5}))?(?: \+ scope\.write)?$`)
)

// receiptProblem says which of a receipt's values is not plain, "" when
// all are: storygate records a decision only when it can leave a receipt
// that reads back. It never quotes the value, which came from the story.
func receiptProblem(login string, r Receipt) string {
	switch {
	case !loginRE.MatchString(login):
		return "the commenter's login is not a plain GitHub login"
	case !command.IsStoryID(r.Story):
		return "the story's id is not a plain story id (letters, digits and underscores, a hyphen, then digits, like STORY-001), so storygate cannot record a decision for it; give the story such an id"
	case !plainPathRE.MatchString(r.Path) || strings.Contains("/"+r.Path+"/", "/../") || strings.Contains("/"+r.Path+"/", "/./"):
		return "the story file's path holds characters other than letters, digits, '.', '_', '-' and '/', so storygate cannot record a decision for it; rename the file"
	case !lifecycle.IsEvent(r.Event) || !lifecycle.IsGate(r.At) || !isHumanMove(r.At, r.Event):
		return "the decision is not a human move from a gate"
	case r.Source <= 0 || !commitRE.MatchString(r.Head) || (r.Commit != "" && !commitRE.MatchString(r.Commit)) || !digestRE.MatchString(r.Digest):
		return "the record's comment id, commits or digest are malformed"
	case !coversRE.MatchString(r.Covers):
		return "the entry it approves is not headed `Plan vN` or `Evaluation N`, so storygate cannot name it in its record; fix the heading"
	}
	return ""
}

// isHumanMove reports whether event is a human's move from state at.
func isHumanMove(at lifecycle.State, event lifecycle.Event) bool {
	t, ok := lifecycle.Lookup(at, event)
	return ok && t.Actor == lifecycle.Human
}
