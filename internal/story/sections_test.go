package story

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEntryFields(t *testing.T) {
	src := "---\nid: X\n---\n## Human Decisions\n\n### Decision 1\n**Date:** 2026-05-27 10:00\n**At state**: plan_review\n" +
		"- **Decision:** approve_plan\n- not a field\n**bold** text\n\n#### Notes\n**Rationale:** after the part, ignored\n"
	s := Parse("x.md", []byte(src))
	ds := s.Decisions()
	if len(ds) != 1 {
		t.Fatalf("decisions = %d", len(ds))
	}
	var got []string
	for _, f := range ds[0].Fields {
		got = append(got, f.Key+"="+f.Value)
	}
	if diff := cmp.Diff([]string{"Date=2026-05-27 10:00", "At state=plan_review", "Decision=approve_plan"}, got); diff != "" {
		t.Error(diff)
	}
	if ds[0].Decision.Value != "approve_plan" || ds[0].AtState.ValuePos != (Pos{Line: 8, Column: 15}) {
		t.Errorf("decision %+v", ds[0])
	}
}

func TestSameName(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"Transition Log", "transition  log", true},
		{" Goal", "goal ", true},
		{"Non-Goals", "Non Goals", false},
		{"Évidence", "évidence", true},
		{"Goal", "Goals", false},
		{"", "", true},
	}
	for _, c := range cases {
		if got := SameName(c.a, c.b); got != c.want {
			t.Errorf("SameName(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
