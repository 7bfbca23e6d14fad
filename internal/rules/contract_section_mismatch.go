package rules

import (
	"strings"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var sectionMismatch = &Rule{Rule: catalog.Must("contract/section-mismatch"),
	CheckFile: func(p *Pass) {
		fm, b := front(p), p.Head.Body
		if fm == nil || b == nil {
			return
		}
		if sec := b.Section(lifecycle.SectionAcceptance); sec != nil && idsComparable(fm, "acceptance_criteria", fm.Acceptance.Set, len(fm.Acceptance.Items)) {
			compareListed(p, sec, "acceptance_criteria", idsOf(fm.Acceptance.Items, func(c story.Criterion) story.Scalar { return c.ID }), itemIDs(p.Head, sec.Blocks), oneName)
		}
		if sec := b.Section(lifecycle.SectionVerification); sec != nil && idsComparable(fm, "verification", fm.Verification.Set, len(fm.Verification.Items)) {
			compareListed(p, sec, "verification", idsOf(fm.Verification.Items, func(c story.Check) story.Scalar { return c.ID }), itemIDs(p.Head, sec.Blocks), oneName)
		}
		if sec := b.Section(lifecycle.SectionScope); sec != nil && fm.Scope.Set {
			for _, part := range []struct {
				label string
				has   bool
				list  story.StringList
			}{{"Write", fm.Scope.HasWrite, fm.Scope.Write}, {"Read", fm.Scope.HasRead, fm.Scope.Read}, {"Exclude", fm.Scope.HasExclude, fm.Scope.Exclude}} {
				field := "scope." + strings.ToLower(part.label)
				if pathsComparable(fm, field, part.has, part.list) {
					compareListed(p, sec, field, part.list.Values(), labelledItems(sec.Blocks, part.label), story.ListedNames)
				}
			}
		}
	}}

// A list's section is compared with it only when the list itself is sound:
// when it is missing, null, of the wrong type or empty, or an item has no
// usable ID, another rule reports that defect, and a mismatch warning on
// top would only say the same thing again.

// idsComparable reports whether the IDs of list (acceptance_criteria or
// verification) can be compared with its section.
func idsComparable(fm *story.Frontmatter, list string, set bool, items int) bool {
	if !set || items == 0 {
		return false
	}
	for _, fe := range append(fm.TypeErrors[:len(fm.TypeErrors):len(fm.TypeErrors)], fm.MissingItemFields...) {
		if rest, ok := strings.CutPrefix(fe.Field, list); ok && (rest == "" || isItemIndex(strings.TrimSuffix(rest, ".id"))) {
			return false
		}
	}
	return true
}

// isItemIndex reports whether s is a list index such as "[3]".
func isItemIndex(s string) bool {
	digits, ok := strings.CutPrefix(s, "[")
	digits, ok2 := strings.CutSuffix(digits, "]")
	return ok && ok2 && digits != "" && strings.Trim(digits, "0123456789") == ""
}

// pathsComparable reports whether the scope list field can be compared with
// its part of the section: it is present, a list of strings, and not an
// empty scope.write that contract/scope-write-empty reports.
func pathsComparable(fm *story.Frontmatter, field string, has bool, list story.StringList) bool {
	if !has || (!list.Set && !list.Null) {
		return false
	}
	for _, fe := range fm.TypeErrors {
		if fe.Field == field || strings.HasPrefix(fe.Field, field+"[") {
			return false
		}
	}
	return field != "scope.write" || !writeEmptyTooLate(fm)
}

// listed is one ID or path as the section lists it: the value it names,
// where, and the text its names are read from (the ID itself, or a scope
// item's whole text).
type listed struct {
	value string
	pos   story.Pos
	text  string
}

// compareListed compares a frontmatter list (want) with its section (got).
// Both sides are read by one function, names: an entry is listed when one
// of its names is a name of an entry on the other side. IDs have one name
// (theirs); scope entries are read by story.ListedNames, so the section
// item `assets/` with commentary after the span is the frontmatter entry
// "assets/" and "assets/ except as named above" alike.
func compareListed(p *Pass, sec *story.Section, field string, want []string, got []listed, names func(string) []string) {
	// Sets, not scans: a legal story may list tens of thousands of items.
	gotNames, gotSet := namesOf(len(got), func(i int) string { return got[i].text }, names)
	wantNames, wantSet := namesOf(len(want), func(i int) string { return want[i] }, names)
	for i, w := range want {
		if !anyIn(wantNames[i], gotSet) {
			p.Report(sec.Heading.Pos, "section \"## %s\" does not list %q from %s", sec.Name, w, field)
		}
	}
	for i, g := range got {
		if !anyIn(gotNames[i], wantSet) {
			p.Report(g.pos, "section \"## %s\" lists %q, which is not in %s", sec.Name, g.value, field)
		}
	}
}

// namesOf reads the names of n entries (text(i) is the i-th) once: per
// entry, and as one set.
func namesOf(n int, text func(int) string, names func(string) []string) ([][]string, map[string]bool) {
	each, set := make([][]string, n), make(map[string]bool, n)
	for i := range each {
		each[i] = names(text(i))
		for _, name := range each[i] {
			set[name] = true
		}
	}
	return each, set
}

// oneName is how an ID is known: by itself.
func oneName(id string) []string { return []string{id} }

// anyIn reports whether one of names is in set.
func anyIn(names []string, set map[string]bool) bool {
	for _, n := range names {
		if set[n] {
			return true
		}
	}
	return false
}

// idsOf returns the IDs that are set among items, in order.
func idsOf[T any](items []T, id func(T) story.Scalar) []string {
	var out []string
	for _, it := range items {
		if sc := id(it); sc.Set {
			out = append(out, sc.Value)
		}
	}
	return out
}

// itemIDs returns the leading ID of every list item ("AC1 Example" → AC1,
// also "**AC1**:" and "AC1." forms), positioned at the ID itself.
func itemIDs(s *story.Story, blocks []story.Block) []listed {
	var out []listed
	for _, blk := range blocks {
		for _, it := range blk.Items {
			if id := leadingID(it.Text); id != "" {
				out = append(out, listed{id, idPos(s, it.Pos, id), id})
			}
		}
	}
	return out
}

// idPos moves an item's position (its checkbox or text) to where id is
// written on its line, counting columns in characters.
func idPos(s *story.Story, at story.Pos, id string) story.Pos {
	line := s.Line(at.Line)
	from := 0
	for col := 1; col < at.Column && from < len(line); col++ {
		_, n := utf8.DecodeRuneInString(line[from:])
		from += n
	}
	i := strings.Index(line[from:], id)
	if i < 0 {
		return at
	}
	return story.Pos{Line: at.Line, Column: at.Column + utf8.RuneCountInString(line[from:from+i])}
}

// leadingID reads the first word of an item as an ID: a letter, then
// letters, digits, '_', '-' or '.', without surrounding bold or a
// trailing ':' or '.'.
func leadingID(text string) string {
	word := text
	if i := strings.IndexAny(word, " \t"); i >= 0 {
		word = word[:i]
	}
	word = strings.TrimRight(strings.Trim(word, "*"), ":.")
	word = strings.Trim(word, "*")
	if word == "" || !isLetter(word[0]) {
		return ""
	}
	for i := 0; i < len(word); i++ {
		if c := word[i]; !isLetter(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-' && c != '.' {
			return ""
		}
	}
	return word
}

func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

// labelledItems returns the items of the list that follows a **Label:** line.
func labelledItems(blocks []story.Block, label string) []listed {
	var out []listed
	for i, blk := range blocks {
		if blk.Kind != story.BlockParagraph || !isLabel(blk.Lines[len(blk.Lines)-1].Text, label) {
			continue
		}
		if i+1 < len(blocks) && blocks[i+1].Kind == story.BlockList {
			for _, it := range blocks[i+1].Items {
				out = append(out, listed{story.ListedValue(it.Text), it.Pos, it.Text})
			}
		}
	}
	return out
}

func isLabel(line, label string) bool {
	t := strings.Trim(strings.TrimSpace(line), "*")
	t = strings.TrimSuffix(strings.Trim(t, "*"), ":")
	return strings.EqualFold(strings.TrimSpace(t), label)
}
