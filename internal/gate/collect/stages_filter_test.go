package collect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// stageFixture is the stage package's valid stage set (stages, agents and
// scopes), with its files under dir named by their path in the set.
const stageFixture = "../../stage/testdata"

// stageFile reads one file of the fixture's stage set.
func stageFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(stageFixture, "stages", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// edited is the fixture's file with old replaced by new, once; the
// fixture must still hold old.
func edited(t *testing.T, name, old, new string) string {
	t.Helper()
	s := stageFile(t, name)
	if !strings.Contains(s, old) {
		t.Fatalf("%s no longer holds %q", name, old)
	}
	return strings.Replace(s, old, new, 1)
}

// stageSetConfig gates the fixture's set, written at stages/, agents/ and
// scopes/, with the severities given.
func stageSetConfig(dir string, filter config.FilterMode, rules map[string]string) *config.Config {
	cfg := config.Default()
	cfg.Stages.Paths, cfg.Stages.Agents, cfg.Stages.Scopes = []string{dir}, "agents", "scopes"
	cfg.Gate.Filter, cfg.Rules = filter, rules
	return cfg
}

// TestStagesGateFollowsTheFilterMode is issue 28's version skew: a stage
// set older than these rules has findings on files a pull request never
// touches. In the changed mode what the base already had on an untouched
// file is set apart, and the graph diff is shown; what the change causes
// is judged wherever it lands, and the all mode judges everything. The
// severities configured for stage/* rules decide both the check and
// whether the graph compiles; a head that does not compile still shows
// the diff of the stages that do.
func TestStagesGateFollowsTheFilterMode(t *testing.T) {
	t.Parallel()
	const reviewed = "review_artifact: code-summary\n"
	skewed := func(t *testing.T) string { return edited(t, "construction/code-generation.md", reviewed, "") }
	reworded := func(t *testing.T) string {
		return edited(t, "construction/nfr-design.md", "condition: NFR requirements were produced for the unit.", "condition: Reworded.")
	}
	warning := map[string]string{"stage/review-artifact-missing": "warning"}
	tests := []struct {
		name       string
		dir        string // stages.paths' one entry; "" for stages
		filter     config.FilterMode
		rules      map[string]string
		base, head func(t *testing.T) map[string]string
		remove     string
		want       gate.Conclusion
		judged     []string // rules of the judged errors
		untouched  int
		detail     []string // what the graph diff must say
	}{
		{name: "honest change to a clean set (control)", filter: config.FilterChanged,
			head: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/nfr-design.md": reworded(t)}
			},
			want: gate.Success, detail: []string{"changed `nfr-design`", "`condition`"}},
		{name: "what the base had on an untouched file is set apart", filter: config.FilterChanged,
			base: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/code-generation.md": skewed(t)}
			},
			head: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/nfr-design.md": reworded(t)}
			},
			want: gate.Success, untouched: 1, detail: []string{"does not compile", "left out, for their errors: `code-generation`", "changed `nfr-design`"}},
		{name: "the all mode judges it", filter: config.FilterAll,
			base: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/code-generation.md": skewed(t)}
			},
			head: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/nfr-design.md": reworded(t)}
			},
			want: gate.Failure, judged: []string{"stage/review-artifact-missing"}, detail: []string{"changed `nfr-design`"}},
		{name: "a file the change touched is judged", filter: config.FilterChanged,
			base: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/code-generation.md": skewed(t)}
			},
			head: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/code-generation.md": strings.Replace(skewed(t), "reviewer_max_iterations: 3", "reviewer_max_iterations: 4", 1)}
			},
			want: gate.Failure, judged: []string{"stage/review-artifact-missing"}},
		{name: "a touched file is judged however stages.paths is written", dir: "./stages/", filter: config.FilterChanged,
			base: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/code-generation.md": skewed(t)}
			},
			head: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/code-generation.md": strings.Replace(skewed(t), "reviewer_max_iterations: 3", "reviewer_max_iterations: 4", 1)}
			},
			want: gate.Failure, judged: []string{"stage/review-artifact-missing"}},
		{name: "an error the change causes on an untouched file is judged", filter: config.FilterChanged,
			remove: "stages/construction/nfr-requirements.md",
			want:   gate.Failure, judged: []string{"stage/missing-producer", "stage/unknown-stage"}, detail: []string{"removed `nfr-requirements`"}},
		{name: "a rule turned down compiles the set and shows its diff", filter: config.FilterAll, rules: warning,
			base: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/code-generation.md": skewed(t)}
			},
			head: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/nfr-design.md": reworded(t)}
			},
			want: gate.Success, detail: []string{"changed `nfr-design`"}},
		{name: "a head that does not compile shows the diff of what does", filter: config.FilterChanged,
			head: func(t *testing.T) map[string]string {
				return map[string]string{"stages/construction/nfr-design.md": reworded(t),
					"stages/construction/code-generation.md": edited(t, "construction/code-generation.md", "mode: ", "mode: [")}
			},
			want: gate.Failure, judged: []string{"stage/frontmatter-syntax"}, detail: []string{"does not compile", "`code-generation`", "changed `nfr-design`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			repo := testrepo.New(t)
			repo.WriteTree(stageFixture, "")
			if tt.base != nil {
				repo.Write(tt.base(t))
			}
			base := repo.Commit("base")
			if tt.head != nil {
				repo.Write(tt.head(t))
			}
			if tt.remove != "" {
				repo.Remove(tt.remove)
			}
			repo.Commit("change")
			dir := tt.dir
			if dir == "" {
				dir = "stages"
			}
			res := runGateWith(t, repo.Root, base, stageSetConfig(dir, tt.filter, tt.rules), Options{})
			g, ok := res.Gate(gate.Stages)
			if !ok {
				t.Fatal("no stages gate")
			}
			var errs []string
			for _, d := range g.Diagnostics {
				if d.Severity.String() == "error" {
					errs = append(errs, d.Rule)
				}
			}
			if g.Conclusion != tt.want || strings.Join(errs, ",") != strings.Join(tt.judged, ",") || len(g.Untouched) != tt.untouched {
				t.Fatalf("conclusion %s, judged errors %v, %d untouched; want %s, %v, %d\n%+v", g.Conclusion, errs, len(g.Untouched), tt.want, tt.judged, tt.untouched, g)
			}
			for _, w := range tt.detail {
				if !strings.Contains(g.Detail, w) {
					t.Errorf("the graph diff lacks %q:\n%s", w, g.Detail)
				}
			}
			if tt.untouched > 0 && !strings.Contains(g.Title, "the base already had") {
				t.Errorf("the title does not say what it set apart: %s", g.Title)
			}
		})
	}
}
