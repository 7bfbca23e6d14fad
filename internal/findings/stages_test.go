package findings

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
)

func finding(rule, file string, line int, sev diag.Severity) diag.Diagnostic {
	return diag.Diagnostic{Rule: rule, File: file, Line: line, Column: 1, Severity: sev, Message: rule + " at " + file}
}

// stageCase is one row of a stage's table: what goes in, what must come out.
type stageCase struct {
	name     string
	stage    Stage
	in, want Set
}

func runStageCases(t *testing.T, cases []stageCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, c.stage.Process(c.in)); diff != "" {
				t.Errorf("%s stage (-want +got):\n%s", c.stage.Name(), diff)
			}
		})
	}
}

func TestSeverityStage(t *testing.T) {
	a, b := finding("r/a", "s/A.md", 1, diag.SeverityError), finding("r/b", "s/B.md", 1, diag.SeverityError)
	warnA := a
	warnA.Severity = diag.SeverityWarning
	cfg := &config.Config{Rules: map[string]string{"r/a": "warning", "r/b": "off"}}
	runStageCases(t, []stageCase{
		{"no configuration keeps the findings", Severity{}, Set{Judged: []diag.Diagnostic{a, b}}, Set{Judged: []diag.Diagnostic{a, b}}},
		{"overrides and off in both lists", Severity{Config: cfg},
			Set{Judged: []diag.Diagnostic{a, b}, Untouched: []diag.Diagnostic{b, a}},
			Set{Judged: []diag.Diagnostic{warnA}, Untouched: []diag.Diagnostic{warnA}}},
	})
}

func TestUntouchedStage(t *testing.T) {
	onOld, onNew := finding("r/a", "s/OLD.md", 1, diag.SeverityError), finding("r/a", "s/NEW.md", 1, diag.SeverityError)
	old := func(d diag.Diagnostic) bool { return d.File == "s/OLD.md" }
	both := Set{Judged: []diag.Diagnostic{onOld, onNew}}
	runStageCases(t, []stageCase{
		{"changed mode sets the excused apart", Untouched{Filter: config.FilterChanged, SetApart: old}, both,
			Set{Judged: []diag.Diagnostic{onNew}, Untouched: []diag.Diagnostic{onOld}}},
		{"all mode judges every story", Untouched{Filter: config.FilterAll, SetApart: old}, both, both},
		{"nothing to filter by", Untouched{Filter: config.FilterChanged}, both, both},
	})
}

func TestCleanStage(t *testing.T) {
	dirty := diag.Diagnostic{Rule: "r/a", File: "s/A.md", Message: "red \x1b[31mtext\x1b[0m\r", Severity: diag.SeverityError}
	clean := diag.Diagnostic{Rule: "r/a", File: "s/A.md", Message: "red text", Line: 1, Column: 1, Severity: diag.SeverityError}
	long := diag.Diagnostic{Rule: "r/a", File: "s/A.md", Message: strings.Repeat("x", 1<<20), Line: 2, Column: 3}
	cut := long
	cut.Message = strings.Repeat("x", 64<<10)
	runStageCases(t, []stageCase{
		{"unbounded keeps messages", Clean{}, Set{Judged: []diag.Diagnostic{dirty}}, Set{Judged: []diag.Diagnostic{dirty}}},
		{"bounded cleans and positions both lists", Clean{Bounded: true},
			Set{Judged: []diag.Diagnostic{dirty}, Untouched: []diag.Diagnostic{long}},
			Set{Judged: []diag.Diagnostic{clean}, Untouched: []diag.Diagnostic{cut}}},
		{"bounded writes empty lists, never null", Clean{Bounded: true}, Set{}, Set{Judged: []diag.Diagnostic{}, Untouched: []diag.Diagnostic{}}},
	})
}

func TestPlaceStage(t *testing.T) {
	a, u := finding("r/a", "stories/A.md", 1, diag.SeverityError), finding("r/b", "stories/U.md", 1, diag.SeverityError)
	placed := func(d diag.Diagnostic) diag.Diagnostic { d.File = "pkg/" + d.File; return d }
	in := Set{Judged: []diag.Diagnostic{a}, Untouched: []diag.Diagnostic{u}}
	runStageCases(t, []stageCase{
		{"the top keeps the paths", Place{Dir: "."}, in, in},
		{"no repository keeps the paths", Place{}, in, in},
		{"a package's paths are from the top, messages unchanged", Place{Dir: "pkg"},
			Set{Judged: []diag.Diagnostic{a}, Untouched: []diag.Diagnostic{u}},
			Set{Judged: []diag.Diagnostic{placed(a)}, Untouched: []diag.Diagnostic{placed(u)}}},
	})
}

func TestSortStage(t *testing.T) {
	a1, a2, b := finding("r/a", "s/A.md", 1, diag.SeverityError), finding("r/a", "s/A.md", 2, diag.SeverityError), finding("r/a", "s/B.md", 1, diag.SeverityError)
	runStageCases(t, []stageCase{
		{"sorted stays sorted", Sort{}, Set{Judged: []diag.Diagnostic{a1, a2, b}}, Set{Judged: []diag.Diagnostic{a1, a2, b}}},
		{"both lists by file, then line", Sort{},
			Set{Judged: []diag.Diagnostic{b, a2, a1}, Untouched: []diag.Diagnostic{b, a1}},
			Set{Judged: []diag.Diagnostic{a1, a2, b}, Untouched: []diag.Diagnostic{a1, b}}},
	})
}
