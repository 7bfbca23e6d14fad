package bot

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gate/collect"
)

// documentRows refuses per-story rows the gate could not have written on
// the commits publish judged: a story listed twice, verification rows on
// a story publish does not find claiming work or that are not its items'
// rows, a revert verdict on a story the change does not touch, and
// revert verdicts that differ (the check decides the change once).
func documentRows(doc *gate.Results, want collect.Expected) error {
	seen := map[string]bool{}
	var verdict *gate.Revert
	for _, s := range doc.Stories {
		if seen[s.File] {
			return fmt.Errorf("%w: the document lists the story %s twice", errRefused, s.File)
		}
		seen[s.File] = true
		if err := verificationRowsOf(s, want); err != nil {
			return err
		}
		if s.Revert == nil {
			continue
		}
		if !slices.Contains(want.Changed, s.File) {
			return fmt.Errorf("%w: the document shows a revert verdict on %s, %s", errRefused, s.File, notFound(s.File, want, "which the change does not touch"))
		}
		if verdict != nil && !reflect.DeepEqual(*verdict, *s.Revert) {
			return fmt.Errorf("%w: the document's revert verdicts differ from story to story (%s), the check decides the change once", errRefused, s.File)
		}
		verdict = s.Revert
	}
	return nil
}

// verificationRowsOf refuses verification rows of s that are not the
// rows the gate writes when it reruns the story (its items, in any order).
func verificationRowsOf(s gate.Story, want collect.Expected) error {
	if len(s.Verification) == 0 {
		return nil
	}
	items, ok := want.Items[s.File]
	if !ok {
		return fmt.Errorf("%w: the document records verification reruns of %s, %s", errRefused, s.File, notFound(s.File, want, "where publish finds no story claiming work"))
	}
	got := make([]collect.Row, 0, len(s.Verification))
	for _, c := range s.Verification {
		got = append(got, collect.Row{ID: c.ID, Command: c.Command})
	}
	if !sameRows(got, items) {
		return fmt.Errorf("%w: the document's verification rows of %s (%s) are not the story's items (%s)", errRefused, s.File, rowIDs(got), rowIDs(items))
	}
	return nil
}

// notFound says why a story cannot carry a row: it is not there at all,
// or it is there but is not what the row needs (why).
func notFound(file string, want collect.Expected, why string) string {
	if !slices.Contains(want.Stories, file) {
		return "where publish finds no story"
	}
	return why
}

// sameRows compares two lists of rows as multisets.
func sameRows(a, b []collect.Row) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[collect.Row]int{}
	for _, r := range a {
		count[r]++
	}
	for _, r := range b {
		if count[r]--; count[r] < 0 {
			return false
		}
	}
	return true
}

func rowIDs(rows []collect.Row) string {
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	return fmt.Sprint(ids)
}

// verificationRows counts the document's check rows: one per rerun.
func verificationRows(doc *gate.Results) int {
	n := 0
	for _, s := range doc.Stories {
		n += len(s.Verification)
	}
	return n
}

// revertVerdict is the verdict the document shows on its changed
// stories (documentRows made sure they agree); nil when none shows one.
func revertVerdict(doc *gate.Results) *gate.Revert {
	for _, s := range doc.Stories {
		if s.Revert != nil {
			return s.Revert
		}
	}
	return nil
}
