package report_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/stage"
	"github.com/storygate/storygate/internal/verify"
)

// TestEveryRuleHelpURIHasADocsEntry follows each rule's SARIF helpUri to
// docs/rules.md: its fragment must be the GitHub anchor of a heading there,
// so code scanning's "learn more" lands on the rule, not the top of the page.
func TestEveryRuleHelpURIHasADocsEntry(t *testing.T) {
	anchors := headingAnchors(t, filepath.Join("..", "..", "docs", "rules.md"))
	var ids []string
	for _, r := range append(rules.All(), rules.Deferred()...) {
		ids = append(ids, r.ID)
	}
	for _, r := range stage.Rules() {
		ids = append(ids, r.ID)
	}
	for _, m := range []map[string]string{verify.Rules, revert.Rules} {
		for id := range m {
			ids = append(ids, id)
		}
	}
	if len(ids) < 50 {
		t.Fatalf("only %d rules found", len(ids))
	}
	for _, id := range ids {
		_, fragment, _ := strings.Cut(report.RuleDocsURI(id, "v1.0.0"), "#")
		if !anchors[fragment] {
			t.Errorf("%s: docs/rules.md has no heading with anchor #%s", id, fragment)
		}
	}
}

func headingAnchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if text, ok := strings.CutPrefix(sc.Text(), "### "); ok {
			out[report.GitHubAnchor(strings.ReplaceAll(text, "`", ""))] = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
