package report

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
)

// TestTheCommentSaysWhenItsChecksAreForgeable: in Actions-only mode the
// comment's first line under its title (under the unsandboxed warning,
// when there is one) says that its checks and receipts are not
// unforgeable against same-repository agents and links docs/app.md; with
// the App it says nothing of the kind.
func TestTheCommentSaysWhenItsChecksAreForgeable(t *testing.T) {
	t.Parallel()
	const title = "## ❌ storygate: changes needed\n\n"
	unsandboxed := &gate.Isolation{Sandboxed: false, Mode: "auto", Summary: "commands ran unsandboxed"}
	for _, tc := range []struct {
		name      string
		pinned    bool
		isolation *gate.Isolation
		// after is what comes right before the line; "" when there is none.
		after string
	}{
		{name: "Actions-only", after: title},
		{name: "Actions-only and unsandboxed", isolation: unsandboxed, after: "**commands ran unsandboxed**\n\n"},
		{name: "the App", pinned: true},
		{name: "the App, unsandboxed", pinned: true, isolation: unsandboxed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := sampleResults()
			res.Isolation = tc.isolation
			md := Markdown(res, MarkdownOptions{Approvers: sampleApprovers(), Pinned: tc.pinned})
			if !strings.HasPrefix(md, title) {
				t.Fatalf("the comment does not start with its title:\n%s", md)
			}
			line := "> [!CAUTION]\n> **Actions-only mode:**"
			at := strings.Index(md, line)
			switch {
			case tc.after == "" && at >= 0:
				t.Errorf("the App's comment says it is forgeable:\n%s", md)
			case tc.after != "" && (at < 0 || !strings.HasSuffix(md[:at], tc.after)):
				t.Errorf("the line is not right after %q:\n%s", tc.after, md)
			case tc.after != "" && !strings.Contains(md[at:], "not unforgeable against same-repository agents") ||
				tc.after != "" && !strings.Contains(md[at:], "]("+AppDocs+")"):
				t.Errorf("the line does not say why or link docs/app.md:\n%s", md[at:])
			}
			if table := strings.Index(md, "| Check |"); at > table {
				t.Errorf("the line comes after the table of checks:\n%s", md)
			}
		})
	}
}
