package report

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// untouched lists, apart from the findings that decide the checks,
// the ones on files the change did not touch (gate.filter: changed): on
// stories, and on stage files where the base revision already had them;
// one line saying what they are, the table folded away.
func (c comment) untouched() string {
	ds := c.res.Untouched()
	if len(ds) == 0 {
		return ""
	}
	var b strings.Builder
	n := diag.Count(ds)
	what, heading := c.untouchedFiles()
	fmt.Fprintf(&b, "\n### Untouched %s\n\n%s (%s, %s, %s) in %s this change did not touch: listed apart, not annotated, and they decide no check (`gate.filter: all` judges them).\n",
		heading, plural(len(ds), "finding"), plural(n.Errors, "error"), plural(n.Warnings, "warning"), plural(n.Notices, "notice"), what)
	fmt.Fprintf(&b, "\n<details><summary>Findings in untouched %s</summary>\n\n", heading)
	c.findings(&b, ds, true)
	b.WriteString("\n</details>\n")
	return b.String()
}

// untouchedFiles counts the files with findings set apart, by the gate
// that set them apart: "2 stories", "1 stage file (already in the base
// revision)", or both; and the heading's noun for them.
func (c comment) untouchedFiles() (what, heading string) {
	var parts, nouns []string
	for _, g := range c.res.Gates {
		files := diag.FileCount(g.Untouched)
		switch {
		case files == 0:
		case g.Name == gate.Stages:
			parts, nouns = append(parts, plural(files, "stage file")+" (already in the base revision)"), append(nouns, "stage files")
		default:
			parts, nouns = append(parts, fmt.Sprintf("%d %s", files, storyWord(files))), append(nouns, "stories")
		}
	}
	return strings.Join(parts, " and "), strings.Join(nouns, " and ")
}
