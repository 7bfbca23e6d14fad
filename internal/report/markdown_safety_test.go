package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/inert"
)

// renderHTML renders a comment the way a GitHub-flavoured reader does,
// raw HTML included (GitHub keeps <details>, <sub> and the like).
func renderHTML(t testing.TB, md string) string {
	t.Helper()
	var out bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	if err := gm.Convert([]byte(md), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestOutputTailIsInert renders the comment with a hostile rerun output and
// checks that the output stays text in one code block inside its details.
func TestOutputTailIsInert(t *testing.T) {
	md := Markdown(sampleResults(), MarkdownOptions{})
	page := renderHTML(t, md)
	if strings.Contains(page, "<img") || !strings.Contains(page, "&lt;"+inert.Breaker+"img src=x onerror=alert(1)&gt;") {
		t.Errorf("the output's HTML escaped its code block:\n%s", page)
	}
	if strings.Count(page, "<details>") != strings.Count(page, "</details>") || !strings.Contains(page, "&lt;"+inert.Breaker+"/details&gt;") {
		t.Errorf("the output closed its <details>:\n%s", page)
	}
	if !strings.Contains(page, "FAIL bench\n</code></pre>") {
		t.Errorf("the output's code block ended early:\n%s", page)
	}
	if strings.Contains(md, "@octocat") || strings.Contains(md, "@org/") {
		t.Error("the output mentions someone")
	}
}

// TestCommentIssuesNoCommand reads the comment as chatops reads a comment:
// neither the next-step lines nor a command in the output may be one.
func TestCommentIssuesNoCommand(t *testing.T) {
	md := Markdown(sampleResults(), MarkdownOptions{Approvers: sampleApprovers()})
	if !strings.Contains(md, "/approve-plan STORY-001") || !strings.Contains(md, "`/approve-plan STORY-002`") {
		t.Fatal("the sample lost the commands this test is about")
	}
	if cmds := command.Parse(md); len(cmds) != 0 {
		t.Errorf("the comment issues %+v", cmds)
	}
}

func TestOutputTailIsBounded(t *testing.T) {
	long := strings.Repeat("line\n", 500) + strings.Repeat("x", 10000) + "\nlast"
	got := outputTail("V1 output", long)
	if !strings.Contains(got, "(last 1 of 502 lines)") || !strings.Contains(got, "```text\nlast\n```") {
		t.Errorf("tail of %d bytes:\n%.300s", len(got), got)
	}
	got = outputTail("V1 output", strings.Repeat("line\n", 500))
	if !strings.Contains(got, "(last 40 of 500 lines)") {
		t.Errorf("tail:\n%.300s", got)
	}
	got = outputTail("V1 output", "a\n"+strings.Repeat("é", 5000))
	if len(got) > maxTailBytes+200 || !strings.Contains(got, "(last 1 of 2 lines)") || !utf8.ValidString(got) {
		t.Errorf("one long line: %d bytes", len(got))
	}
	if got := outputTail("V1 output", "a\nb\n"); !strings.Contains(got, "<summary>V1 output</summary>") || !strings.Contains(got, "a\nb\n```") {
		t.Errorf("short tail: %q", got)
	}
	if outputTail("V1", " \n") != "" {
		t.Error("no output must give no block")
	}
}

// TestMeaningIgnoresTheRunButNotTheFindings: a rerun of the same commit
// (new run link, new durations, output with other timings) keeps the
// digest; a new state changes it, and so does output appearing or going.
func TestMeaningIgnoresTheRunButNotTheFindings(t *testing.T) {
	first := Markdown(sampleResults(), MarkdownOptions{})
	again := sampleResults()
	again.Event.RunURL = "https://github.com/octo/demo/actions/runs/43"
	again.Stories[0].Verification[0].DurationMS = 98765
	again.Stories[0].Verification[1].OutputTail = strings.Replace(hostileOutput, "212ms", "219ms", 1)
	second := Markdown(again, MarkdownOptions{})
	if first == second || Meaning(first) == "" || Meaning(first) != Meaning(second) {
		t.Errorf("meaning changed with the run: %s vs %s", Meaning(first), Meaning(second))
	}
	changed := sampleResults()
	changed.Stories[1].State = "ready"
	if Meaning(Markdown(changed, MarkdownOptions{})) == Meaning(first) {
		t.Error("a new state kept the digest")
	}
	passed := sampleResults()
	passed.Stories[0].Verification[1].OutputTail = ""
	if Meaning(Markdown(passed, MarkdownOptions{})) == Meaning(first) {
		t.Error("losing the output of a failed rerun kept the digest")
	}
	if Meaning("no marker") != "" || Meaning(meaningMarker+"abc -->") != "" {
		t.Error("a body without a well-formed digest has none")
	}
}

func TestLinksComeFromTheEvent(t *testing.T) {
	sha := strings.Repeat("c", 40)
	tests := []struct {
		name      string
		ev        gate.Event
		blob, chk string
	}{
		{"pull request", gate.Event{Repository: "o/r", HeadSHA: sha, PullRequest: 3},
			"https://github.com/o/r/blob/" + sha + "/", "https://github.com/o/r/pull/3/checks"},
		{"merge queue", gate.Event{Repository: "o/r", HeadSHA: sha}, "https://github.com/o/r/blob/" + sha + "/", "https://github.com/o/r/commit/" + sha + "/checks"},
		{"enterprise server", gate.Event{Repository: "o/r", HeadSHA: sha, RunURL: "https://ghe.example/o/r/actions/runs/9"},
			"https://ghe.example/o/r/blob/" + sha + "/", "https://ghe.example/o/r/commit/" + sha + "/checks"},
		{"foreign run link", gate.Event{Repository: "o/r", HeadSHA: sha, RunURL: "https://evil.example/x/y/actions/runs/9"},
			"https://github.com/o/r/blob/" + sha + "/", "https://github.com/o/r/commit/" + sha + "/checks"},
		{"local run", gate.Event{Name: "local"}, "", ""},
		{"no commit", gate.Event{Repository: "o/r"}, "", ""},
		{"odd repository", gate.Event{Repository: "o/r/../x", HeadSHA: sha}, "", ""},
	}
	for _, tt := range tests {
		l := linksOf(tt.ev)
		if l.blob != tt.blob || l.checks != tt.chk {
			t.Errorf("%s: %+v, want %s and %s", tt.name, l, tt.blob, tt.chk)
		}
	}
	l := linksOf(gate.Event{Repository: "o/r", HeadSHA: sha})
	if got := l.line("docs/a b(1).md", 7, "7"); got != "[7](https://github.com/o/r/blob/"+sha+"/docs/a%20b%281%29.md#L7)" {
		t.Errorf("line link = %s", got)
	}
	if got := l.line("../x.md", 7, "7"); got != "7" {
		t.Errorf("a path leaving the tree is linked: %s", got)
	}
	if got := (links{}).file("a.md"); got != "`a.md`" {
		t.Errorf("unknown repository: %s", got)
	}
}

// TestGoldenCommentsExist guards the parse test below against passing on
// an empty directory.
func TestGoldenCommentsExist(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.golden.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden comments: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || !bytes.Contains(data, []byte("```mermaid\n")) {
			t.Errorf("%s has no diagram: %v", f, err)
		}
	}
}

// TestFailedRerunShowsWhyEvenWithoutOutput: a rerun that could not start
// has no output but an error, which takes its place.
func TestFailedRerunShowsWhyEvenWithoutOutput(t *testing.T) {
	var b strings.Builder
	(comment{}).verification(&b, []gate.Check{
		{ID: "V1", Command: "true", Verdict: "pass", OutputTail: "ok"},
		{ID: "V2", Command: "x", Verdict: "error", ExitCode: -1, Error: "sandbox: no such file"},
	}, false)
	got := b.String()
	if !strings.Contains(got, "<summary>V2 error</summary>") || !strings.Contains(got, "sandbox: no such file") || strings.Contains(got, "V1 output") {
		t.Errorf("verification:\n%s", got)
	}
}
