package reverify

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/inert"
)

// markerPrefix starts every drift issue's marker; one listing finds them all.
const markerPrefix = "<!-- storygate:drift "

// Marker is the hidden marker that finds a story's drift issue again. The
// story's ID is the agent's text, so it is percent-encoded (a plain ID
// such as STORY-001 reads as it is): no ID can end the comment early and
// write Markdown, or another marker, into the issue.
func Marker(storyID string) string {
	return markerPrefix + "story=" + url.PathEscape(storyID) + " -->"
}

// syncIssues opens, updates, reopens or closes each story's drift issue.
func syncIssues(ctx context.Context, opts Options, stories []Story) error {
	all, err := opts.Issues.FindIssues(ctx, opts.Repo, markerPrefix)
	if err != nil {
		return fmt.Errorf("re-verify: find drift issues: %w", err)
	}
	for i := range stories {
		s := &stories[i]
		open, closed, extra := issuesOf(all, Marker(s.ID))
		if s.IssueAction, s.Issue, err = syncOne(ctx, opts, *s, open, closed); err != nil {
			return fmt.Errorf("re-verify: drift issue of %s: %w", s.ID, err)
		}
		if err := closeDuplicates(ctx, opts, open, extra); err != nil {
			return fmt.Errorf("re-verify: drift issue of %s: %w", s.ID, err)
		}
	}
	return nil
}

// issuesOf picks a story's issues: the oldest open one, else the latest
// closed one (to reopen rather than duplicate), and the open ones after
// the oldest (duplicates, from a create GitHub applied twice).
func issuesOf(all []github.Issue, marker string) (open, closed *github.Issue, extra []github.Issue) {
	for i := range all {
		is := &all[i]
		if github.FirstLine(is.Body) != marker {
			continue // the marker is storygate's first line, never text further down
		}
		switch {
		case is.State == "open" && open == nil:
			open = is
		case is.State == "open":
			extra = append(extra, *is)
		case is.State == "closed":
			closed = is
		}
	}
	return open, closed, extra
}

// closeDuplicates closes each extra open issue of a story as a duplicate
// of kept, the oldest: its body then starts with the note, not the
// marker, so no later run takes it for the story's issue again.
func closeDuplicates(ctx context.Context, opts Options, kept *github.Issue, extra []github.Issue) error {
	state := "closed"
	for _, dup := range extra {
		body := github.DuplicateIssueBody(kept.Number, dup.Body)
		if _, err := opts.Issues.UpdateIssue(ctx, opts.Repo, dup.Number, github.IssueUpdate{Body: &body, State: &state}); err != nil {
			return fmt.Errorf("close duplicate #%d of #%d: %w", dup.Number, kept.Number, err)
		}
	}
	return nil
}

// syncOne keeps one issue per drifted story and none open for a passing one.
func syncOne(ctx context.Context, opts Options, s Story, open, closed *github.Issue) (string, int, error) {
	body := issueBody(s, opts.RunURL)
	switch {
	case s.Drifted() && open != nil && open.Body == body:
		return "unchanged", open.Number, nil
	case s.Drifted() && open != nil:
		_, err := opts.Issues.UpdateIssue(ctx, opts.Repo, open.Number, github.IssueUpdate{Body: &body})
		return "updated", open.Number, err
	case s.Drifted() && closed != nil:
		state := "open"
		_, err := opts.Issues.UpdateIssue(ctx, opts.Repo, closed.Number, github.IssueUpdate{Body: &body, State: &state})
		return "reopened", closed.Number, err
	case s.Drifted():
		is, err := opts.Issues.CreateIssue(ctx, opts.Repo, github.IssueRequest{Title: issueTitle(s), Body: body, Marker: Marker(s.ID)})
		return "created", is.Number, err
	case open != nil:
		state := "closed"
		_, err := opts.Issues.UpdateIssue(ctx, opts.Repo, open.Number, github.IssueUpdate{Body: &body, State: &state})
		return "closed", open.Number, err
	}
	return "", 0, nil
}

func issueTitle(s Story) string {
	return fmt.Sprintf("storygate: %s no longer passes its verification", inert.Text(s.ID))
}

// issueBody describes the drift (or the recovery); it leaves out timings so
// that an unchanged drift leaves the issue unchanged.
func issueBody(s Story, runURL string) string {
	var b strings.Builder
	b.WriteString(Marker(s.ID) + "\n")
	if s.Drifted() {
		fmt.Fprintf(&b, "%s (%s) is %s on the default branch, but the scheduled re-verification no longer passes.\n\n", inert.Inline(s.ID), inert.Code(s.Path), inert.Code(s.State))
	} else {
		fmt.Fprintf(&b, "%s (%s) passes its verification again; closing.\n\n", inert.Inline(s.ID), inert.Code(s.Path))
	}
	writeResults(&b, s)
	if len(s.Findings) > 0 {
		b.WriteString("\n**Findings:**\n")
		for _, d := range s.Findings {
			fmt.Fprintf(&b, "- %s\n", inert.Inline(d.String()))
		}
	}
	if runURL != "" {
		fmt.Fprintf(&b, "\nRun: %s\n", runURL)
	}
	return b.String()
}

func writeResults(b *strings.Builder, s Story) {
	b.WriteString("| Verification | Command | Rerun | Exit code |\n|---|---|---|---|\n")
	for _, r := range s.Results {
		fmt.Fprintf(b, "| %s | %s | %s | %d |\n", inert.Inline(r.ID), inert.CodeCell(r.Command), inert.Inline(string(r.Verdict)), r.ExitCode)
	}
}
