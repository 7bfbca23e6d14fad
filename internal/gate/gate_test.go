package gate

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
)

func finding(rule string, sev diag.Severity) diag.Diagnostic {
	return diag.Diagnostic{Rule: rule, Severity: sev, File: "stories/STORY-001.md", Line: 3, Column: 1, Message: "m"}
}

func TestDecide(t *testing.T) {
	cases := []struct {
		name string
		in   Outcome
		want Conclusion
	}{
		{"nothing to check", Outcome{}, Neutral},
		{"clean", Outcome{Checked: 2}, Success},
		{"warning only", Outcome{Checked: 1, Diagnostics: []diag.Diagnostic{finding("x/y", diag.SeverityWarning)}}, Success},
		{"pending gate", Outcome{Checked: 1, Diagnostics: []diag.Diagnostic{finding(PendingRule, diag.SeverityNotice)}}, ActionRequired},
		{"needs human", Outcome{Checked: 1, NeedsHuman: true}, ActionRequired},
		{"error beats pending", Outcome{Checked: 1, Diagnostics: []diag.Diagnostic{finding(PendingRule, diag.SeverityNotice), finding("x/y", diag.SeverityError)}}, Failure},
	}
	for _, c := range cases {
		if got := Decide(c.in); got != c.want {
			t.Errorf("%s: Decide = %s, want %s", c.name, got, c.want)
		}
	}
}

func TestWorst(t *testing.T) {
	if got := Worst(); got != Skipped {
		t.Errorf("Worst() = %s", got)
	}
	if got := Worst(Neutral, Success, Skipped); got != Success {
		t.Errorf("got %s, want success", got)
	}
	if got := Worst(ActionRequired, Failure, Success); got != Failure {
		t.Errorf("got %s, want failure", got)
	}
}

func sample() *Results {
	r := &Results{Storygate: "test", Event: Event{Name: "pull_request", Repository: "octo/demo", PullRequest: 7, HeadSHA: strings.Repeat("a", 40)},
		Gates: []Gate{
			{Name: Stories, Conclusion: Failure, Title: "1 error", Diagnostics: []diag.Diagnostic{finding("transition/illegal", diag.SeverityError)}},
			{Name: Verify, Conclusion: Neutral, Title: "nothing"},
		},
		Stories: []Story{{File: "stories/STORY-001.md", ID: "STORY-001", State: "ready",
			Transitions: []Transition{{From: "seeded", To: "planning", Event: "begin_planning", Actor: "orchestrator"}}}},
	}
	r.Finish()
	return r
}

func TestRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := sample().Write(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got.Conclusion != Failure || got.Counts.Errors != 1 || len(got.Stories) != 1 || got.Version != Version {
		t.Errorf("round trip: %+v", got)
	}
}

func TestReadRefusesBadData(t *testing.T) {
	cases := map[string]func(r *Results){
		"version":            func(r *Results) { r.Version = 99 },
		"unknown gate":       func(r *Results) { r.Gates[0].Name = "deploy" },
		"unknown conclusion": func(r *Results) { r.Gates[1].Conclusion = "maybe" },
		"absolute path":      func(r *Results) { r.Gates[0].Diagnostics[0].File = "/etc/passwd" },
		"escaping path":      func(r *Results) { r.Stories[0].File = "../x.md" },
		"bad sha":            func(r *Results) { r.Event.HeadSHA = "main" },
		"bad repo":           func(r *Results) { r.Event.Repository = "octo/demo/x" },
		"control character":  func(r *Results) { r.Stories[0].Title = "a\x1b[31mb" },
		"bad transition":     func(r *Results) { r.Stories[0].Transitions[0].Event = "merge_it" },
		"forged conclusion":  func(r *Results) { r.Conclusion = Success },
		"forged counts":      func(r *Results) { r.Counts.Errors = 0 },
		"bad rule":           func(r *Results) { r.Gates[0].Diagnostics[0].Rule = "::error::x" },
		"untouched verify findings": func(r *Results) {
			r.Gates[1].Untouched = []diag.Diagnostic{finding("verify/failed", diag.SeverityError)}
		},
		"bad untouched path": func(r *Results) {
			r.Gates[0].Untouched = []diag.Diagnostic{finding("x/y", diag.SeverityError)}
			r.Gates[0].Untouched[0].File = "../../etc/passwd"
		},
	}
	for name, edit := range cases {
		r := sample()
		edit(r)
		var buf bytes.Buffer
		_ = r.Write(&buf)
		if _, err := Read(&buf); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: Read error = %v, want ErrInvalid", name, err)
		}
	}
}

func TestReadRefusesUnknownFieldsAndTrailingData(t *testing.T) {
	var buf bytes.Buffer
	_ = sample().Write(&buf)
	withField := strings.Replace(buf.String(), `"version": 1,`, `"version": 1, "run": "rm -rf /",`, 1)
	if _, err := Read(strings.NewReader(withField)); !errors.Is(err, ErrInvalid) {
		t.Errorf("unknown field: %v", err)
	}
	if _, err := Read(strings.NewReader(buf.String() + "{}")); !errors.Is(err, ErrInvalid) {
		t.Errorf("trailing data: %v", err)
	}
}

// TestUntouchedFindingsDecideNothing: findings on untouched stories are
// kept apart from the run's conclusion and counts.
func TestUntouchedFindingsDecideNothing(t *testing.T) {
	r := sample()
	r.Gates[0] = Gate{Name: Stories, Conclusion: Success, Title: "clean", Untouched: []diag.Diagnostic{finding("x/y", diag.SeverityError)}}
	r.Finish()
	if r.Counts.Errors != 0 || r.Conclusion != Success || len(r.Untouched()) != 1 || len(r.Diagnostics()) != 0 {
		t.Errorf("untouched findings leaked into the verdict: %+v", r)
	}
	var buf bytes.Buffer
	_ = r.Write(&buf)
	if got, err := Read(&buf); err != nil || len(got.Untouched()) != 1 {
		t.Errorf("round trip: %v, %+v", err, got)
	}
}

func TestClean(t *testing.T) {
	if got := Clean("\x1b[31mFAIL\x1b[0m\r\nok\x00", 100, false); got != "FAIL\nok" {
		t.Errorf("Clean = %q", got)
	}
	if got := Clean("héllo wörld", 6, true); got != "wörld" {
		t.Errorf("tail = %q", got)
	}
	if got := Clean("héllo", 2, false); got != "h" {
		t.Errorf("head = %q", got)
	}
	if got := CleanShort("  a\n  b "); got != "a b" {
		t.Errorf("CleanShort = %q", got)
	}
}

func TestCheckNames(t *testing.T) {
	for _, root := range []string{"", "."} {
		if (Identity{Gate: Stories, Root: root}).CheckName() != "storygate / stories" || (Identity{Gate: RevertCheck, Root: root}).CheckName() != "storygate / revert-check" {
			t.Errorf("check names at the top (root %q) changed: branch protection depends on them", root)
		}
	}
}
