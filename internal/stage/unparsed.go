package stage

import (
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/diag"
)

// unparsed maps the slug of every stage file that exists but did not parse
// (a file's slug is its file name's stem, stage/slug-filename) to the file.
// Such a stage is reported once, by the parse rule; the set rules that need
// its content skip what it may decide (stage/not-checked says what), since
// "unknown stage" or "no stage produces it" would be false about a stage
// whose fields are only unreadable.
func (s *Set) unparsed() map[string]*File {
	out := map[string]*File{}
	for _, f := range s.Files {
		if !f.Parsed() {
			out[f.Stem] = f
		}
	}
	return out
}

// unproduced lists, sorted, the required artifacts no parsed stage lists in
// produces or optional_produces, with the stages that consume them.
func unproduced(s *Set) map[string][]string {
	prod := producers(s)
	out := map[string][]string{}
	for _, st := range s.Stages() {
		for _, c := range st.Consumes {
			if c.Required && c.Artifact != "" && len(prod[c.Artifact]) == 0 {
				out[c.Artifact] = append(out[c.Artifact], st.Slug)
			}
		}
	}
	return out
}

// checkNotChecked says, on each stage file that did not parse, what the set
// rules did not decide because of it: the requires_stage entries naming it
// (stage/unknown-stage), the required artifacts no parsed stage produces
// (stage/missing-producer; the unreadable stage may produce them) and the
// for_each artifacts whose producers cannot be told (stage/for-each-producer).
// Nothing is said when the file's content would decide nothing.
func checkNotChecked(r *reporter, s *Set) {
	bad := s.unparsed()
	if len(bad) == 0 {
		return
	}
	arts := sortedKeys(unproduced(s))
	each := unresolvedForEach(s)
	for _, stem := range sortedKeys(bad) {
		var parts []string
		if by := requiredBy(s, stem); len(by) > 0 {
			parts = append(parts, "requires_stage naming "+quoted(stem)+" in "+strings.Join(by, ", ")+" (stage/unknown-stage)")
		}
		if len(arts) > 0 {
			parts = append(parts, "the producers of required "+quotedList(arts)+" (stage/missing-producer)")
		}
		if len(each) > 0 {
			parts = append(parts, "the producers of for_each "+quotedList(each)+" (stage/for-each-producer)")
		}
		if len(parts) > 0 {
			r.atPos(bad[stem], diag.Pos{Line: 1, Column: 1}, "this stage file did not parse, so what needs its content was not checked: %s; they are checked once it parses", strings.Join(parts, "; "))
		}
	}
}

// requiredBy lists the stages whose requires_stage names slug.
func requiredBy(s *Set, slug string) []string {
	var out []string
	for _, st := range s.Stages() {
		for _, it := range seqItems(st.File.Get("requires_stage")) {
			if isString(it) && it.Value == slug {
				out = append(out, st.Slug)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// unresolvedForEach lists, sorted, the for_each artifacts that
// stage/for-each-producer leaves undecided while a stage does not parse.
func unresolvedForEach(s *Set) []string {
	var out []string
	for _, st := range uniqueStages(s) {
		if st.ForEach != "" && isKebab(st.ForEach) {
			out = append(out, st.ForEach)
		}
	}
	sort.Strings(out)
	return unique(out)
}

func quotedList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quoted(n)
	}
	return strings.Join(q, ", ")
}
