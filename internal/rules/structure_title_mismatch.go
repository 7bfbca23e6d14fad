package rules

import "strings"

var titleMismatch = &Rule{ID: "structure/title-mismatch", Need: NeedFile, Spec: "§7",
	Summary: "the `# {ID} {Title}` heading matches the frontmatter `id` and `title`",
	CheckFile: func(p *Pass) {
		fm, b := front(p), p.Head.Body
		if fm == nil || b == nil || b.Title == nil || !fm.ID.Set || !fm.Title.Set {
			return
		}
		if !sameWords(b.Title.Text, fm.ID.Value, fm.Title.Value) {
			want := fm.ID.Value + " " + fm.Title.Value
			p.Report(b.Title.Pos, "title heading is %q; from the frontmatter it must be %q", "# "+b.Title.Text, "# "+want)
		}
	}}

// sameWords reports whether heading reads "id title", comparing words and
// ignoring how much white space separates them.
func sameWords(heading, id, title string) bool {
	h := strings.Fields(heading)
	w := append(strings.Fields(id), strings.Fields(title)...)
	if len(h) != len(w) {
		return false
	}
	for i := range h {
		if h[i] != w[i] {
			return false
		}
	}
	return true
}
