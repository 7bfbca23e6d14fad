package rules

import "github.com/storygate/storygate/internal/catalog"

// htmlBlock refuses headings written inside raw HTML blocks. storygate
// reads HTML blocks as CommonMark 0.31.2 does (goldmark); GitHub renders
// with cmark-gfm, an older CommonMark, and the two disagree on where a few
// kinds of HTML block start and end. A line that is a heading but for the
// HTML block around it is where they could disagree on which sections a
// story has, so it is refused. HTML comments end the same way in every
// version and may hold anything.
var htmlBlock = &Rule{Rule: catalog.Must("structure/html-block"),
	CheckFile: func(p *Pass) {
		if p.Head.Body == nil {
			return
		}
		for _, ln := range p.Head.Body.HTMLHeadings {
			p.Report(ln.Pos, "%q is inside a raw HTML block here, but would be a heading without it, and Markdown readers disagree on where such blocks end; "+
				"move the heading out of the HTML block (a blank line before it ends most blocks) or escape it (\\#)", ln.Text)
		}
	}}
