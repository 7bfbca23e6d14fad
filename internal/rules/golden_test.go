package rules_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/testrepo"
)

var update = flag.Bool("update", false, "rewrite the golden .out files")

// goldenCase is one fixture: a story file, a set of stories, or a git
// scenario (base/ and head/ trees), with its expected output next to it.
type goldenCase struct {
	rule, name, path string
}

func (c goldenCase) outPath() string { return strings.TrimSuffix(c.path, ".md") + ".out" }

// cases finds testdata/<family>/<rule>/{ok,bad}[-suffix][.md|/].
func cases(t *testing.T) []goldenCase {
	t.Helper()
	var out []goldenCase
	for _, r := range rules.All() {
		if r.CheckFile == nil && r.CheckSet == nil {
			continue // decided while reading files; see internal/lint tests
		}
		dir := filepath.Join("testdata", filepath.FromSlash(r.ID))
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Errorf("rule %s has no testdata directory %s: %v", r.ID, dir, err)
			continue
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".out") {
				continue
			}
			out = append(out, goldenCase{rule: r.ID, name: e.Name(), path: filepath.Join(dir, e.Name())})
		}
	}
	return out
}

// runCase validates a fixture and returns the text output.
func runCase(t *testing.T, c goldenCase) string {
	t.Helper()
	info, err := os.Stat(c.path)
	if err != nil {
		t.Fatal(err)
	}
	var opts lint.Options
	switch {
	case !info.IsDir():
		opts.Target, opts.Paths = targetOf(t, filepath.Dir(c.path), "", nil), []string{c.path}
		opts.Paths[0], _ = filepath.Abs(c.path)
	case exists(filepath.Join(c.path, "base")):
		repo := testrepo.New(t)
		repo.CopyTree(filepath.Join(c.path, "base"))
		base := repo.Commit("base")
		repo.CopyTree(filepath.Join(c.path, "head"))
		repo.Commit("head")
		opts.Target = targetOf(t, repo.Root, base, nil)
	default:
		opts.Target = targetOf(t, c.path, "", nil)
	}
	res, err := lint.Run(opts)
	if err != nil {
		t.Fatalf("validate %s: %v", c.path, err)
	}
	var buf bytes.Buffer
	if err := report.Print(&buf, "text", report.Document{Diagnostics: findings.New(findings.Options{Config: opts.Target.Policy()}).Run(res.Diagnostics).Judged, FilesChecked: res.Files}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestGolden checks every fixture's exact output, that each bad fixture
// triggers its rule and each ok fixture does not. The cases are
// independent (each its own repository or directory, its own golden
// file) and mostly wait on the file system, so they run in parallel.
func TestGolden(t *testing.T) {
	for _, c := range cases(t) {
		t.Run(c.rule+"/"+c.name, func(t *testing.T) {
			t.Parallel()
			got := runCase(t, c)
			if *update {
				if err := os.WriteFile(c.outPath(), []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(c.outPath())
			if err != nil {
				t.Fatalf("missing golden file: %v (run go test ./internal/rules -update)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("output differs from %s (-want +got):\n%s", c.outPath(), diff)
			}
			mentions := strings.Contains(got, "["+c.rule+"]")
			if strings.HasPrefix(c.name, "bad") && !mentions {
				t.Errorf("bad fixture does not trigger %s", c.rule)
			}
			if strings.HasPrefix(c.name, "ok") && mentions {
				t.Errorf("ok fixture triggers %s", c.rule)
			}
		})
	}
}

// TestEveryRuleHasBadAndOK keeps the catalog honest: each rule can fire and can stay quiet.
func TestEveryRuleHasBadAndOK(t *testing.T) {
	kinds := map[string]map[string]bool{}
	for _, c := range cases(t) {
		if kinds[c.rule] == nil {
			kinds[c.rule] = map[string]bool{}
		}
		kinds[c.rule][strings.SplitN(strings.TrimSuffix(c.name, ".md"), "-", 2)[0]] = true
	}
	var missing []string
	for _, r := range rules.All() {
		if r.CheckFile == nil && r.CheckSet == nil {
			continue
		}
		if !kinds[r.ID]["ok"] || !kinds[r.ID]["bad"] {
			missing = append(missing, r.ID)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("rules without both ok and bad fixtures: %s", strings.Join(missing, ", "))
	}
}

// targetOf opens the target of a fixture run in root at base ("" for
// none), judged by the defaults (cfg is always nil here).
func targetOf(t *testing.T, root, base string, _ *config.Config) *target.Target {
	t.Helper()
	tg, err := target.Open(target.Options{Root: root, Base: base, Policy: config.Default()})
	if err != nil {
		t.Fatal(err)
	}
	return tg
}
