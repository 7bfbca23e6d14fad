package report_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/report"
)

// TestEveryRuleHelpURIHasADocsEntry follows each rule's SARIF helpUri to
// the page the catalog names (docs/rules.md for most): its fragment must be
// the GitHub anchor of a heading there, so code scanning's "learn more"
// lands on the rule, not the top of the page.
func TestEveryRuleHelpURIHasADocsEntry(t *testing.T) {
	all := catalog.All()
	if len(all) < 50 {
		t.Fatalf("only %d rules found", len(all))
	}
	anchors := map[string]map[string]bool{}
	for _, r := range all {
		page, _ := r.HelpPage()
		if anchors[page] == nil {
			anchors[page] = headingAnchors(t, filepath.Join("..", "..", filepath.FromSlash(page)))
		}
		uri := report.RuleDocsURI(r.ID, "v1.0.0")
		at, fragment, _ := strings.Cut(uri, "#")
		if !strings.HasSuffix(at, "/v1.0.0/"+page) || !anchors[page][fragment] {
			t.Errorf("%s: %s has no heading with anchor #%s", r.ID, page, fragment)
		}
	}
}

// heading matches a Markdown ATX heading and captures its text.
var heading = regexp.MustCompile(`^#{1,6} (.+)$`)

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
		if m := heading.FindStringSubmatch(sc.Text()); m != nil {
			out[report.GitHubAnchor(strings.ReplaceAll(m[1], "`", ""))] = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
