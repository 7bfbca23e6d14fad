package report

import (
	"strings"

	"github.com/storygate/storygate/internal/inert"
)

// AppDocs is where running storygate as its own GitHub App, and the
// threat model of both modes, are documented.
const AppDocs = "https://github.com/storygate/storygate/blob/main/docs/app.md"

// actionsOnlyLine is the comment's line under its title (after the
// unsandboxed one) when its checks and receipts are not pinned to
// storygate's own App (MarkdownOptions.Pinned), "" when they are: they
// are then made with a workflow's GITHUB_TOKEN, through GitHub Actions,
// as any workflow of the repository can make them, and a reviewer reads
// so before trusting a green check. Every part goes through inert,
// though storygate wrote them all.
func actionsOnlyLine(pinned bool) string {
	if pinned {
		return ""
	}
	parts := []string{
		"**" + inert.Inline("Actions-only mode:") + "**",
		inert.Inline("these checks and decision receipts are posted with a workflow's"), inert.Code("GITHUB_TOKEN") + inert.Inline(","),
		inert.Inline("so they are not unforgeable against same-repository agents: any workflow in this repository with"),
		inert.Code("checks: write"), inert.Inline("or"), inert.Code("pull-requests: write"),
		inert.Inline("can post ones that look the same. Storygate's own GitHub App, its key in an environment only the default branch deploys to, pins them: see"),
		"[" + inert.Inline("docs/app.md") + "](" + AppDocs + ")" + inert.Inline("."),
	}
	return "> [!CAUTION]\n> " + strings.Join(parts, " ") + "\n\n"
}
