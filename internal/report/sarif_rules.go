package report

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/inert"
)

// projectURI is storygate's home; the rule documentation is under it.
const projectURI = "https://github.com/storygate/storygate"

// sarifRule is a reportingDescriptor with everything code scanning shows
// for an alert: a title, a description, help, and a link to the rule's
// entry in docs/rules.md.
type sarifRule struct {
	ID               string           `json:"id"`
	ShortDescription sarifMessage     `json:"shortDescription"`
	FullDescription  sarifMessage     `json:"fullDescription"`
	Help             sarifMultiformat `json:"help"`
	HelpURI          string           `json:"helpUri"`
}

// sarifMultiformat is a multiformatMessageString: plain text, and Markdown
// for viewers that render it.
type sarifMultiformat struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

// ruleOf describes rule id from what the command knows of it; a rule it
// knows nothing of still gets every field, from its ID.
func ruleOf(id string, info RuleInfo, ver string) sarifRule {
	short := catalog.Sentence(info.Summary)
	if short == "" {
		short = catalog.Sentence("storygate rule " + id)
	}
	full := strings.TrimSpace(info.Description)
	if full == "" {
		full = short + "."
	}
	uri := info.HelpURI
	if uri == "" {
		uri = RuleDocsURI(id, ver)
	}
	text := full + "\n\nRule " + id + ". What it checks, an example and how to change its severity or turn it off (rules: in .github/storygate.yml): " + uri
	markdown := inert.Inline(full) + "\n\nRule " + inert.Code(id) + ": see [its entry in the rule catalog](" + linkTarget(uri) +
		") for what it checks, an example, and how to change its severity or turn it off (`rules:` in `.github/storygate.yml`)."
	return sarifRule{ID: id, ShortDescription: sarifMessage{short}, FullDescription: sarifMessage{full},
		Help: sarifMultiformat{Text: text, Markdown: markdown}, HelpURI: uri}
}

// releaseTag is a release version, whose documentation is kept under its tag.
var releaseTag = regexp.MustCompile(`^v(\d+\.\d+\.\d+)$`)

// RuleDocsURI links rule id's documentation: the page and heading the
// catalog names (its entry in docs/rules.md for most rules), and the
// docs/rules.md heading the ID would have for a rule the catalog does not
// know.
func RuleDocsURI(id, ver string) string {
	page, heading := "docs/rules.md", "`"+id+"`"
	if r, ok := catalog.Lookup(id); ok {
		page, heading = r.HelpPage()
	}
	return DocsURI(page, heading, ver)
}

// CatalogRules describes every rule of the catalog, for Document.Rules:
// its summary and, for a story-catalog rule, its full description (what
// it needs, its spec section, its default severity).
func CatalogRules() map[string]RuleInfo {
	all := catalog.All()
	out := make(map[string]RuleInfo, len(all))
	for _, r := range all {
		out[r.ID] = RuleInfo{ID: r.ID, Summary: r.Summary, Description: r.Description()}
	}
	return out
}

// DocsURI links a heading of one of storygate's documents (page is its
// path in the repository; heading "" links the page): at the release's tag
// for a release build, so the text matches what that version does, else on
// main.
func DocsURI(page, heading, ver string) string {
	ref := "main"
	if releaseTag.MatchString(ver) {
		ref = ver
	}
	uri := projectURI + "/blob/" + ref + "/" + page
	if heading != "" {
		uri += "#" + GitHubAnchor(heading)
	}
	return uri
}

// GitHubAnchor is the fragment GitHub gives a Markdown heading
// (catalog.Anchor, which places the rules' help).
func GitHubAnchor(heading string) string { return catalog.Anchor(heading) }

// semantic is the version without its "v" when it is a release, for
// semanticVersion; "" otherwise (a dev build has none).
func semantic(ver string) string {
	if m := releaseTag.FindStringSubmatch(ver); m != nil {
		return m[1]
	}
	return ""
}

// automationID is the run's automationDetails.id, "storygate/<command>/",
// or "storygate/<command>/<root>/" for a root inside its repository: code
// scanning reads the part before the last slash as the analysis category,
// so validate, gate and verify uploads keep separate alerts, and so do
// two packages' gates in one repository (the top keeps the category it
// always had).
func automationID(tool, root string) string {
	dashed := func(s string, keepSlash bool) string {
		return strings.Map(func(r rune) rune {
			if (r == '/' && !keepSlash) || unicode.IsSpace(r) {
				return '-'
			}
			return r
		}, s)
	}
	id := "storygate/"
	if tool != "" {
		id += dashed(tool, false) + "/"
	}
	if root != "" && root != "." {
		id += dashed(strings.Trim(root, "/"), true) + "/"
	}
	return id
}
