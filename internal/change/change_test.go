package change

import (
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// version is one version of STORY-001 for the tests.
type version struct {
	state    string
	write    []string
	exclude  []string
	contract int      // current_contract_version; 0 leaves it out
	rows     []string // "event from to actor"
	decided  []string // events with a Human Decision entry: "event", "event@at_state", a trailing ! for non-binding
}

func (v version) parse(t *testing.T) *story.Story {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "---\nschema: enso.story/v1\nid: STORY-001\ntitle: T\nstate: %s\n", v.state)
	if v.contract > 0 {
		fmt.Fprintf(&b, "current_contract_version: %d\n", v.contract)
	}
	fmt.Fprintf(&b, "scope:\n  write: [%s]\n  exclude: [%s]\n---\n\n# STORY-001 T\n\n## Human Decisions\n\n", quoted(v.write), quoted(v.exclude))
	for i, d := range v.decided {
		binding := !strings.HasSuffix(d, "!")
		e, at, found := strings.Cut(strings.TrimSuffix(d, "!"), "@")
		if !found {
			at = "x"
		}
		fmt.Fprintf(&b, "### Decision %d\n**Date:** 2026-05-27 02:00\n**At state:** %s\n**Decision:** %s\n**Rationale:** ok\n**Binding:** %t\n\n", i+1, at, e, binding)
	}
	b.WriteString("## Transition Log\n| Time | Actor | Event | From | To | Note |\n|---|---|---|---|---|---|\n")
	for _, r := range v.rows {
		f := strings.Fields(r)
		fmt.Fprintf(&b, "| 2026-05-27T00:30:00Z | %s | %s | %s | %s | |\n", f[3], f[0], f[1], f[2])
	}
	s := story.Parse("stories/STORY-001.md", []byte(b.String()))
	if s.Front == nil {
		t.Fatalf("test story does not parse:\n%s", b.String())
	}
	return s
}

func quoted(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = `"` + x + `"`
	}
	return strings.Join(q, ", ")
}

var toGenerating = []string{
	"begin_planning seeded planning orchestrator", "submit_plan planning plan_review planner",
	"approve_plan plan_review ready human", "start_generation ready generating orchestrator",
}

// TestGrantReadsTheLeastOfBaseAndHead is the grant rule of docs/stories.md,
// case by case, with the paths each version's scope would add.
func TestGrantReadsTheLeastOfBaseAndHead(t *testing.T) {
	generating := version{state: "generating", write: []string{"src/*.go"}, rows: toGenerating}
	widened := generating
	widened.write = []string{"src/*.go", "tests/**"}
	narrowed := generating
	narrowed.write = []string{"src/a.go"}
	reopened := version{state: "generating", write: []string{"src/*.go", "tests/**"}, contract: 2, decided: []string{"approve_plan", "reopen_for_revision"},
		rows: append(append([]string{}, toGenerating...), "submit_generation generating evaluating generator",
			"submit_evaluation evaluating evaluation_review evaluator", "accept_result evaluation_review accepted human",
			"reopen_for_revision accepted generating human")}
	reopenedBase := version{state: "accepted", write: []string{"src/*.go"}, decided: []string{"approve_plan"}, rows: reopened.rows[:7]}
	planning := version{state: "planning", write: []string{"docs/"}, rows: toGenerating[:1]}
	cases := []struct {
		name       string
		base, head *version
		granted    []string
		notGranted []string
	}{
		{"new story: its head scope", nil, &generating, []string{"src/a.go"}, []string{"src/x/a.go", "tests/a_test.go"}},
		{"frozen, widened without a reopen: gains nothing", &generating, &widened, []string{"src/a.go"}, []string{"tests/a_test.go"}},
		{"frozen, narrowed: narrows at once", &generating, &narrowed, []string{"src/a.go"}, []string{"src/b.go"}},
		{"frozen, complete human reopen: the reopened scope", &reopenedBase, &reopened, []string{"src/a.go", "tests/a_test.go"}, nil},
		{"planning at base: the scope approved in the change", &planning, &generating, []string{"src/a.go"}, []string{"docs/x.md"}},
	}
	for _, c := range cases {
		p := Pair{Head: c.head.parse(t)}
		if c.base != nil {
			p.Base = c.base.parse(t)
		}
		if !p.Generating() {
			t.Fatalf("%s: not generating in the change", c.name)
		}
		g := p.Grant()
		for _, path := range c.granted {
			if !g.Covers(path) {
				t.Errorf("%s: %s not granted (%+v)", c.name, path, g)
			}
		}
		for _, path := range c.notGranted {
			if g.Covers(path) {
				t.Errorf("%s: %s granted (%+v)", c.name, path, g)
			}
		}
	}
}

func TestReopenWithoutVersionBumpKeepsTheFrozenGrant(t *testing.T) {
	base := version{state: "accepted", write: []string{"src/*.go"}, decided: []string{"approve_plan"}}
	head := version{state: "generating", write: []string{"src/*.go", "tests/**"}, decided: []string{"approve_plan", "reopen_for_revision"},
		rows: []string{"reopen_for_revision accepted generating human"}}
	p := Pair{Base: base.parse(t), Head: head.parse(t)}
	if !strings.Contains(p.ReopenMissing(), "current_contract_version") || p.Grant().Covers("tests/a_test.go") {
		t.Errorf("a reopen without the version bump widened the grant: %q", p.ReopenMissing())
	}
}

func TestScopeExcludeAndInvalidEntries(t *testing.T) {
	s := Scope{Write: []string{"src/", "*.md"}, Exclude: []string{"src/gen/**"}}
	for path, want := range map[string]bool{"src/a.go": true, "src/gen/x.go": false, "README.md": true, "docs/x.md": false} {
		if got := s.Covers(path); got != want {
			t.Errorf("Covers(%s) = %v, want %v", path, got, want)
		}
	}
	if x, ok := s.ExcludedBy("src/gen/x.go"); !ok || x != "src/gen/**" {
		t.Errorf("ExcludedBy = %q, %v", x, ok)
	}
	broken := Scope{Write: []string{"src/"}, Exclude: []string{"src/["}}
	if broken.Covers("src/a.go") {
		t.Error("an invalid exclude entry let the scope grant")
	}
	if (Scope{Write: []string{"{src,lib}/a.go"}}).Covers("src/a.go") {
		t.Error("an invalid write entry granted")
	}
}

func TestChangeGrantsOnlyGeneratingStoriesAndNotDeletedOnes(t *testing.T) {
	done := version{state: "done", write: []string{"src/"}}
	gen := version{state: "generating", write: []string{"lib/"}, rows: toGenerating}
	files := []gitrepo.Change{{Path: "src/a.go", Kind: gitrepo.Modified}}
	c := New([]Pair{{Head: done.parse(t), Base: done.parse(t)}}, []*story.Story{gen.parse(t)}, files, true)
	if len(c.Generating()) != 0 || c.Grants().Covers("src/a.go") || c.Grants().Covers("lib/a.go") {
		t.Errorf("a done story or a deleted one granted: %+v", c.Grants())
	}
	if !c.Changed("src/a.go") || c.Changed("lib/a.go") {
		t.Error("Changed does not follow the files")
	}
}

// TestNewDecisionsIsAMultiset: an entry the base has, wherever it moved,
// is not new; a second copy of it is.
func TestNewDecisionsIsAMultiset(t *testing.T) {
	base := version{state: "ready", decided: []string{"approve_plan"}}
	head := version{state: "ready", decided: []string{"approve_plan", "approve_plan", "reject_plan"}}
	p := Pair{Base: base.parse(t), Head: head.parse(t)}
	var got []string
	for _, d := range p.NewDecisions() {
		got = append(got, d.Heading.Text+"="+string(d.DecidedEvent()))
	}
	// Decision 1 matches the base's entry; Decision 2 has another heading,
	// so its text differs and it is new, as is Decision 3.
	if strings.Join(got, ",") != "Decision 2=approve_plan,Decision 3=reject_plan" {
		t.Errorf("new decisions %v", got)
	}
	if n := len((Pair{Head: head.parse(t)}).NewDecisions()); n != 3 {
		t.Errorf("without a base every decision is new, got %d", n)
	}
}

// TestNewDecisionsOfASectionTheChangeLeftAlone: a Decisions section whose
// text is the base's holds no new decision, however the rest of the story
// changed (the shortcut: its entries are never split); the attack, an
// entry the agent added or a recorded one it rewrote in a story whose other
// sections also changed, is still new (the section's text differs).
func TestNewDecisionsOfASectionTheChangeLeftAlone(t *testing.T) {
	base := version{state: "ready", decided: []string{"approve_plan"}, rows: []string{"approve_plan plan_review ready human"}}
	for _, tc := range []struct {
		name string
		head version
		want int
	}{
		{"only the log changed", version{state: "generating", decided: []string{"approve_plan"},
			rows: []string{"approve_plan plan_review ready human", "start_generation ready generating orchestrator"}}, 0},
		{"an entry added", version{state: "ready", decided: []string{"approve_plan", "reject_plan"},
			rows: []string{"approve_plan plan_review ready human"}}, 1},
		{"the recorded entry rewritten", version{state: "ready", decided: []string{"reject_plan"},
			rows: []string{"approve_plan plan_review ready human"}}, 1},
	} {
		p := Pair{Base: base.parse(t), Head: tc.head.parse(t)}
		same := p.Base.SameSectionAs(p.Head, lifecycle.SectionDecisions)
		if got := len(p.NewDecisions()); got != tc.want || same != (tc.want == 0) {
			t.Errorf("%s: %d new decisions (section the same: %v), want %d", tc.name, got, same, tc.want)
		}
	}
}
