package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/rules"
)

// TestEachChangedStoryIsParsedOncePerSide: with a base, every story file
// is parsed once at head (from the work tree) and a changed one once at
// base (its blob read once), whether stories are slimmed or not: the
// rename detection compares ids of the heads check parsed, so nothing is
// read from the head commit. The change modifies ten stories, moves one
// and deletes one; the control is the same counts without a change.
func TestEachChangedStoryIsParsedOncePerSide(t *testing.T) {
	t.Parallel()
	r, base, names := baseRepo(t, 30)
	for _, slim := range []bool{false, true} {
		parses, baseReads, headReads, _ := countReads(t, r.Root, base, slim)
		if parses != 30 || baseReads != 0 || headReads != 0 {
			t.Errorf("slim %v, no change: %d parses, %d base reads, %d head reads; want 30, 0, 0", slim, parses, baseReads, headReads)
		}
	}
	for _, name := range names[:10] {
		appendTo(t, r.Root, name, "A paragraph the change added.")
	}
	moveStory(t, r.Root, names[10], "stories/moved/"+filepath.Base(names[10]))
	r.Remove(names[11])
	r.Commit("head")
	for _, slim := range []bool{false, true} {
		parses, baseReads, headReads, gitReads := countReads(t, r.Root, base, slim)
		// 29 heads; 10 modified, 1 moved and 1 deleted base version.
		if parses != 29+12 || baseReads != 12 || headReads != 0 {
			t.Errorf("slim %v: %d parses, %d base reads, %d head reads; want 41, 12, 0", slim, parses, baseReads, headReads)
		}
		// Every base blob came through git cat-file (gitrepo.Batch).
		if gitReads != baseReads {
			t.Errorf("slim %v: git gave %d of the %d base reads", slim, gitReads, baseReads)
		}
	}
}

func countReads(t *testing.T, root, base string, slim bool) (parses, baseReads, headReads, gitReads int64) {
	t.Helper()
	var p, b, h, g atomic.Int64
	if _, err := lint.Run(lint.Options{Target: lint.TargetOf(t, root, base, nil), Slim: slim,
		Parses: &p, BaseReads: &b, HeadReads: &h, GitReads: &g}); err != nil {
		t.Fatal(err)
	}
	return p.Load(), b.Load(), h.Load(), g.Load()
}

func moveStory(t *testing.T, root, from, to string) {
	t.Helper()
	dst := filepath.Join(root, filepath.FromSlash(to))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(root, filepath.FromSlash(from)), dst); err != nil {
		t.Fatal(err)
	}
}

// TestSlimmedChangedStoriesAreJudgedAsWholeOnes: a change to every story
// of a generated corpus (one adding a Human Decision entry, one adding the
// log rows that take it through generating to a later state, some
// generating) gives, with Slim, the findings, set-apart answers, grants
// and generating stories of the run that keeps every story whole; the
// changed stories come back slim, except the one adding a decision,
// which the gate's decision check reads whole.
func TestSlimmedChangedStoriesAreJudgedAsWholeOnes(t *testing.T) {
	t.Parallel()
	r, _, names := baseRepo(t, 40)
	decided := names[0]
	whole := readStory(t, r.Root, decided)
	passed, passedWhole := passedGenerating(t, r.Root, names[1:])
	r.Write(map[string]string{decided: withoutLastDecision(t, whole), passed: withoutRowsFrom(t, passedWhole, "| start_generation |")})
	base := r.Commit("base: a story one decision short, one before its generation")
	r.Write(map[string]string{decided: whole, passed: passedWhole})
	for _, name := range names {
		appendTo(t, r.Root, name, "A paragraph the change added.")
	}
	r.Commit("head")

	cfg := config.Default()
	run := func(slim bool) *lint.Result {
		res, err := lint.Run(lint.Options{Target: lint.TargetOf(t, r.Root, base, cfg), Slim: slim, Filter: config.FilterChanged})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	full, slim := run(false), run(true)
	if got, want := sortedFindings(slim.Diagnostics), sortedFindings(full.Diagnostics); !reflect.DeepEqual(got, want) {
		t.Errorf("slim findings differ:\n got %v\nwant %v", got, want)
	}
	for _, d := range full.Diagnostics {
		if slim.SetApart(d) != full.SetApart(d) {
			t.Errorf("set apart differs on %s", d)
		}
	}
	if len(full.Change.Grants()) == 0 {
		t.Fatal("no story of the corpus is generating: the grants compare nothing")
	}
	if !reflect.DeepEqual(slim.Change.Grants(), full.Change.Grants()) || !reflect.DeepEqual(generatingPaths(slim), generatingPaths(full)) {
		t.Errorf("slim grants %v of %v, want %v of %v", slim.Change.Grants(), generatingPaths(slim), full.Change.Grants(), generatingPaths(full))
	}
	if !slices.Contains(generatingPaths(full), passed) {
		t.Errorf("%s is not generating in the change: its new rows should make it", passed)
	}
	byPath := map[string]rules.Unit{}
	for _, u := range full.Units {
		byPath[u.Head.Path] = u
	}
	for _, u := range slim.Units {
		wantWhole := u.Head.Path == decided
		if isWhole := u.Head.Body != nil && u.Base.Body != nil; isWhole != wantWhole {
			t.Errorf("%s: whole %v, want %v", u.Head.Path, isWhole, wantWhole)
		}
		if got, want := len(u.NewDecisions()), len(byPath[u.Head.Path].NewDecisions()); got != want {
			t.Errorf("%s: %d new decisions, want %d", u.Head.Path, got, want)
		}
	}
	if n := len(byPath[decided].NewDecisions()); n != 1 {
		t.Errorf("%s adds %d decisions, want 1", decided, n)
	}
}

func generatingPaths(res *lint.Result) []string {
	var out []string
	for _, p := range res.Change.Generating() {
		out = append(out, p.Head.Path)
	}
	return out
}

// passedGenerating is the first story among names whose log starts its
// generation and which is in a later state now, with its text.
func passedGenerating(t *testing.T, root string, names []string) (string, string) {
	t.Helper()
	for _, name := range names {
		src := readStory(t, root, name)
		if strings.Contains(src, "| start_generation |") && !strings.Contains(src, "\nstate: generating\n") {
			return name, src
		}
	}
	t.Fatal("no generated story went through generating")
	return "", ""
}

// withoutRowsFrom cuts the table row holding marker and every row after it.
func withoutRowsFrom(t *testing.T, src, marker string) string {
	t.Helper()
	at := strings.Index(src, marker)
	if at < 0 {
		t.Fatalf("no %q in the story", marker)
	}
	start := strings.LastIndex(src[:at], "\n") + 1
	end := start
	for end < len(src) && src[end] == '|' {
		nl := strings.IndexByte(src[end:], '\n')
		if nl < 0 {
			end = len(src)
			break
		}
		end += nl + 1
	}
	return src[:start] + src[end:]
}

func readStory(t *testing.T, root, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// withoutLastDecision cuts the last "### " entry of a story's Human
// Decisions section.
func withoutLastDecision(t *testing.T, src string) string {
	t.Helper()
	start := strings.Index(src, "\n## Human Decisions\n")
	if start < 0 {
		t.Fatal("the story has no Human Decisions section")
	}
	end := start + 1 + strings.Index(src[start+1:], "\n## ")
	last := strings.LastIndex(src[start:end], "\n### ")
	if last < 0 {
		t.Fatal("the story has no decision")
	}
	return src[:start+last] + src[end:]
}

func sortedFindings(ds []diag.Diagnostic) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = fmt.Sprintf("%s %v", d, d.Severity)
	}
	sort.Strings(out)
	return out
}
