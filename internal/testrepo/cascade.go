package testrepo

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
)

// The files of UnparsableSet's change that break when it is asked to.
const (
	// UnparsableStage is the stage the others require and consume.
	UnparsableStage = "stages/construction/nfr-design.md"
	// UnparsableStory is the generating story the others depend on.
	UnparsableStory = "stories/STORY-001.md"
)

// UnparsableSet is one pull request on a repository holding a stage set
// (internal/stage/testdata: stages, agents and scopes, configured in
// .github/storygate.yml) and three stories. STORY-001 is generating with
// scope.write stages/construction/; STORY-002, seeded, depends on it; the
// change adds STORY-001's iteration and STORY-003, seeded, whose parent is
// STORY-001 and which depends on it, and edits three stages:
// nfr-design's steps, infrastructure-design now requires nfr-design's
// logical-components and code-generation (which requires nfr-design) its
// nfr-design-patterns. With broken, the same change also leaves one YAML
// syntax error in the frontmatter of UnparsableStage and of UnparsableStory.
func UnparsableSet(tb testing.TB, broken bool) (base, head map[string]string) {
	tb.Helper()
	base = map[string]string{".github/storygate.yml": "stages:\n  paths: [stages]\n  agents: agents\n  scopes: scopes\n"}
	for _, dir := range []string{"stages", "agents", "scopes"} {
		readTree(tb, filepath.Join(repoDir(), "internal", "stage", "testdata", dir), dir, base)
	}
	notChecked := filepath.Join(repoDir(), "internal", "rules", "testdata", "structure", "not-checked", "ok")
	claim := func(s string) string { return strings.ReplaceAll(s, "path/to/file", "stages/construction/") }
	base[UnparsableStory] = claim(readFile(tb, filepath.Join(notChecked, "base", UnparsableStory)))
	base["stories/STORY-002.md"] = seededStory(tb, "STORY-002", "depends_on: [STORY-001]\n", "path/to/file")
	head = map[string]string{
		UnparsableStory:        claim(readFile(tb, filepath.Join(notChecked, "head", UnparsableStory))),
		"stories/STORY-003.md": seededStory(tb, "STORY-003", "parent: STORY-001\ndepends_on: [STORY-001]\n", "docs/delegated.md"),
		UnparsableStage:        edit(tb, base[UnparsableStage], "2. Name the logical components.\n", "2. Name the logical components.\n3. Say why each pattern was chosen.\n"),
		"stages/construction/infrastructure-design.md": edit(tb, base["stages/construction/infrastructure-design.md"],
			"  - artifact: logical-components\n    required: false\n", "  - artifact: logical-components\n    required: true\n"),
		"stages/construction/code-generation.md": edit(tb, base["stages/construction/code-generation.md"],
			"  - artifact: infrastructure-spec\n    required: false\n", "  - artifact: infrastructure-spec\n    required: false\n  - artifact: nfr-design-patterns\n    required: true\n"),
	}
	if broken {
		head[UnparsableStage] = edit(tb, head[UnparsableStage], "requires_stage:\n  - nfr-requirements\n", "requires_stage: [nfr-requirements\n")
		head[UnparsableStory] = edit(tb, head[UnparsableStory], "priority: high\n", "priority: [high\n")
	}
	return base, head
}

// UnparsableSetRepo commits UnparsableSet's base and then its change in a
// new repository, returning it and the base commit.
func UnparsableSetRepo(tb testing.TB, broken bool) (repo *Repo, base string) {
	tb.Helper()
	files, edits := UnparsableSet(tb, broken)
	repo = New(tb)
	repo.Write(files)
	base = repo.Commit("base")
	repo.Write(edits)
	repo.Commit("iteration 1")
	return repo, base
}

// seededStory is the seeded story of the structure/field-type fixture with
// id, the references given after its priority, and scope.write write.
func seededStory(tb testing.TB, id, refs, write string) string {
	tb.Helper()
	s := readFile(tb, filepath.Join(repoDir(), "internal", "rules", "testdata", "structure", "field-type", "ok.md"))
	s = strings.NewReplacer("STORY-001", id, "path/to/file", write).Replace(s)
	return edit(tb, s, "priority: high\n", "priority: high\n"+refs)
}

// edit replaces the one occurrence of old in s, failing the test when the
// fixture no longer holds it.
func edit(tb testing.TB, s, old, replacement string) string {
	tb.Helper()
	if strings.Count(s, old) != 1 {
		tb.Fatalf("the fixture holds %q %d times, want once", old, strings.Count(s, old))
	}
	return strings.Replace(s, old, replacement, 1)
}

// readTree adds the files under dir to files, at slash paths below prefix.
func readTree(tb testing.TB, dir, prefix string, files map[string]string) {
	tb.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err == nil {
			files[path.Join(prefix, filepath.ToSlash(rel))] = readFile(tb, p)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
}

func readFile(tb testing.TB, p string) string {
	tb.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// repoDir is the top of the storygate repository.
func repoDir() string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(self), "..", "..")
}

// UnparsableSetCase is one run of UnparsableSet's change: the attack
// (Broken) or its honest control.
type UnparsableSetCase struct {
	Name   string
	Broken bool
	// Findings are what a gate run on the change reports, as FindingLines:
	// with Broken, each broken file's parse error and its one not-checked
	// notice, naming what the set rules left undecided, and nothing on any
	// other file; without, nothing at all.
	Findings []string
}

// UnparsableSetCases are the attack and the control, in that order.
func UnparsableSetCases() []UnparsableSetCase {
	return []UnparsableSetCase{
		{Name: "attack: one yaml error in a stage and in a story", Broken: true, Findings: []string{
			"error stage/frontmatter-syntax " + UnparsableStage,
			"error structure/frontmatter-syntax " + UnparsableStory,
			"notice stage/not-checked " + UnparsableStage,
			"notice structure/not-checked " + UnparsableStory,
		}},
		{Name: "control: the same change parsable"},
	}
}

// FindingLines are ds as "severity rule file", sorted.
func FindingLines(ds []diag.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Severity.String()+" "+d.Rule+" "+d.File)
	}
	slices.Sort(out)
	return out
}
