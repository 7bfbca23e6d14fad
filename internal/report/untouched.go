package report

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
)

// untouched lists, apart from the findings that decide the checks,
// the ones on stories the change did not touch (gate.filter: changed):
// one line saying what they are, the table folded away.
func (c comment) untouched() string {
	ds := c.res.Untouched()
	if len(ds) == 0 {
		return ""
	}
	var b strings.Builder
	files := map[string]bool{}
	for _, d := range ds {
		files[d.File] = true
	}
	n := diag.Count(ds)
	fmt.Fprintf(&b, "\n### Untouched stories\n\n%s (%s, %s, %s) in %s this change did not touch: listed apart, not annotated, and they decide no check (`gate.filter: all` judges them).\n",
		plural(len(ds), "finding"), plural(n.Errors, "error"), plural(n.Warnings, "warning"), plural(n.Notices, "notice"),
		fmt.Sprintf("%d %s", len(files), storyWord(len(files))))
	b.WriteString("\n<details><summary>Findings in untouched stories</summary>\n\n")
	c.findings(&b, ds, true)
	b.WriteString("\n</details>\n")
	return b.String()
}
