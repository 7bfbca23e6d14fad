package rules

import "strings"

var titleMismatch = &Rule{ID: "structure/title-mismatch", Need: NeedFile, Spec: "§7",
	Summary: "the `# {ID} {Title}` heading matches the frontmatter `id` and `title`",
	CheckFile: func(p *Pass) {
		fm, b := front(p), p.Head.Body
		if fm == nil || b == nil || b.Title == nil || !fm.ID.Set || !fm.Title.Set {
			return
		}
		want := fm.ID.Value + " " + fm.Title.Value
		if strings.Join(strings.Fields(b.Title.Text), " ") != strings.Join(strings.Fields(want), " ") {
			p.Report(b.Title.Pos, "title heading is %q; from the frontmatter it must be %q", "# "+b.Title.Text, "# "+want)
		}
	}}
