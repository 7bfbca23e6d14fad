package cli

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/target"
)

// globStory is a generating story whose scope.write is the given entries
// (globs quoted, as YAML needs for a leading `*`).
func globStory(write []string, exclude []string) string {
	quote := func(xs []string) string {
		q := make([]string, len(xs))
		for i, x := range xs {
			q[i] = `"` + x + `"`
		}
		return "[" + strings.Join(q, ", ") + "]"
	}
	s := verifyStory("STORY-001", "generating", [][2]string{{"V1", "true"}}, nil)
	s = strings.Replace(s, "write: [src/]", "write: "+quote(write), 1)
	return strings.Replace(s, "exclude: []", "exclude: "+quote(exclude), 1)
}

// globProject is the base of the glob tests: a story and files inside and
// outside its globs.
func globProject(story string) map[string]string {
	return map[string]string{
		"stories/STORY-001.md":     story,
		"README.md":                "# readme\n",
		"docs/x.md":                "# x\n",
		".github/workflows/ci.yml": "on: push\n",
		"src/a.go":                 "package src\n",
		"src/sub/b.go":             "package sub\n",
		"tests/a_test.sh":          "true\n",
	}
}

// findingsOf returns the paths a rule reported, in output order.
func findingsOf(out, rule string) []string {
	var paths []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasSuffix(line, "["+rule+"]") {
			paths = append(paths, strings.SplitN(line, ":", 2)[0])
		}
	}
	return paths
}

// TestValidateBaseReportsEveryPathOutsideAGlobScope: a story scoped to
// `*.md` used to grant every path (the glob fell back to its empty literal
// prefix). Now every changed path outside the glob is scope/out-of-scope
// and a created test file is revert/may-not-create; the honest control
// changes only what the glob matches and is clean.
func TestValidateBaseReportsEveryPathOutsideAGlobScope(t *testing.T) {
	t.Parallel()
	story := globStory([]string{"*.md"}, nil)
	for _, c := range []struct {
		name          string
		head          map[string]string
		outside, made []string
	}{
		{"attack", map[string]string{
			"README.md": "# edited\n", "docs/x.md": "# edited\n", ".github/workflows/ci.yml": "on: [push]\n",
			"src/sub/b.go": "package sub // edited\n", "tests/new_test.sh": "true\n",
		}, []string{".github/workflows/ci.yml", "docs/x.md", "src/sub/b.go", "tests/new_test.sh"}, []string{"tests/new_test.sh"}},
		{"honest", map[string]string{"README.md": "# edited\n", "NOTES.md": "new\n"}, nil, nil},
	} {
		dir := vRepo(t, globProject(story))
		c.head["stories/STORY-001.md"] = story + "\n<!-- iteration 1 -->\n"
		vCommit(t, dir, c.head, "head")
		_, stdout, stderr := vMain("validate", "--root", dir, "--base", "HEAD~1")
		if got := findingsOf(stdout, "scope/out-of-scope"); !slices.Equal(got, c.outside) {
			t.Errorf("%s: scope/out-of-scope on %v, want %v\n%s%s", c.name, got, c.outside, stdout, stderr)
		}
		if got := findingsOf(stdout, "revert/may-not-create"); !slices.Equal(got, c.made) {
			t.Errorf("%s: revert/may-not-create on %v, want %v\n%s", c.name, got, c.made, stdout)
		}
	}
}

// TestGateAndRevertCheckGrantTheSamePaths runs the gate's collection (as
// `storygate action` does) and revert-check's option resolution on the
// same change and compares the paths each grants. The attack widens the
// frozen story's own scope in the change; neither grants the new paths.
func TestGateAndRevertCheckGrantTheSamePaths(t *testing.T) {
	t.Parallel()
	base := globStory([]string{"src/*.go", "tests/*_test.sh"}, []string{"tests/skip_test.sh"})
	edits := map[string]string{
		"src/a.go": "package src // edited\n", "src/sub/b.go": "package sub // edited\n", "README.md": "# edited\n",
		"tests/a_test.sh": "true # edited\n", "tests/skip_test.sh": "true\n", "tests/new_test.sh": "true\n",
		"tests/data/x.txt": "x\n",
	}
	honest := []string{"src/a.go", "tests/a_test.sh", "tests/new_test.sh"}
	for _, c := range []struct {
		name, head string
	}{
		{"honest", base + "\n<!-- iteration 1 -->\n"},
		{"widened in the change", strings.Replace(globStory([]string{"src/**", "tests/**", "*.md"}, nil), "T\n", "T widened\n", 1)},
	} {
		dir := vRepo(t, globProject(base))
		head := map[string]string{"stories/STORY-001.md": c.head}
		for p, s := range edits {
			head[p] = s
		}
		vCommit(t, dir, head, "head")
		fromGate, fromRevertCheck := gateGrants(t, dir), revertCheckGrants(t, dir)
		slices.Sort(fromGate)
		slices.Sort(fromRevertCheck)
		if !slices.Equal(fromGate, fromRevertCheck) {
			t.Errorf("%s: the gate grants %v, revert-check grants %v", c.name, fromGate, fromRevertCheck)
		}
		if !slices.Equal(fromGate, honest) {
			t.Errorf("%s: granted %v, want %v", c.name, fromGate, honest)
		}
	}
}

// gateGrants runs the gate and returns the changed paths its revert input grants.
func gateGrants(t *testing.T, dir string) []string {
	t.Helper()
	var in collect.RevertInput
	capture := func(_ context.Context, got collect.RevertInput) (gate.Revert, []diag.Diagnostic, error) {
		in = got
		return gate.Revert{Verdict: collect.RevertPermitted}, nil, nil
	}
	// A suite, so the revert gate calls its seam (without one it is
	// neutral and decides nothing).
	policy := config.Default()
	policy.Revert.Suite = "true"
	tg, err := target.Open(target.Options{Root: dir, Base: "HEAD~1", Policy: policy})
	if err != nil {
		t.Fatal(err)
	}
	_, err = collect.Run(context.Background(), collect.Options{Target: tg,
		Revert: capture, Gates: []gate.Name{gate.Stories, gate.RevertCheck}})
	if err != nil {
		t.Fatal(err)
	}
	return in.GrantedPaths()
}

// revertCheckGrants resolves revert-check's options and returns its grants.
func revertCheckGrants(t *testing.T, dir string) []string {
	t.Helper()
	tg, err := target.Open(target.Options{Root: dir, Base: "HEAD~1", Head: "HEAD", Policy: config.Default()})
	if err != nil {
		t.Fatal(err)
	}
	opt, err := revertOptions(tg, revertFlags{base: "HEAD~1", head: "HEAD"})
	if err != nil {
		t.Fatal(err)
	}
	return opt.Granted
}
