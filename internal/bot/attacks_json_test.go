package bot

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/jsonstrict/jsonstricttest"
)

// refusedAt says whether stderr reports a repeated key at pos.
func refusedAt(stderr, pos string) bool {
	return strings.Contains(stderr, pos) && (strings.Contains(stderr, "appears twice") || strings.Contains(stderr, "repeats"))
}

// TestPublishRefusesADuplicatedConclusion: code in the unprivileged run
// repeats the document's conclusion, failure then success, so that a
// reader keeping the first key and encoding/json (keeping the last, and
// matching "Conclusion" to the field) disagree. Publish refuses the
// document at the repeated key's line:col and posts nothing; the control
// publishes the honest document.
func TestPublishRefusesADuplicatedConclusion(t *testing.T) {
	t.Parallel()
	for name, dup := range map[string]string{
		"exact":       `"conclusion": "success"`,
		"case-folded": `"Conclusion": "success"`,
		"control":     "",
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			reportOnlyHalf(t, h)
			publishHalf(t, h, h.head)
			path, pos := h.results, ""
			if dup != "" {
				data, _ := os.ReadFile(h.results)
				forged, at := jsonstricttest.Duplicate(t, data, `"conclusion": "failure"`, dup)
				path, pos = filepath.Join(h.tmp, "forged.json"), at
				if err := os.WriteFile(path, forged, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code := h.publish(path)
			if dup == "" {
				if code != passed || h.checkRuns()["storygate / stories"] != "failure" {
					t.Fatalf("the honest document: %s, check runs %v\n%s", code, h.checkRuns(), h.stderr.String())
				}
				return
			}
			if code != usageFailure || len(h.fake.Calls()) != 0 || !refusedAt(h.stderr.String(), "forged.json: invalid results document: "+pos) {
				t.Errorf("got %s, %d calls, want a usage error at %s:\n%s", code, len(h.fake.Calls()), pos, h.stderr.String())
			}
		})
	}
}

// TestActionRefusesAnEventWithADuplicatedHead: a payload whose pull
// request head names two commits (sha, then SHA: encoding/json would take
// the second for the field sha) is refused at the repeated key, before
// any API call; the control runs the gate on the honest payload.
func TestActionRefusesAnEventWithADuplicatedHead(t *testing.T) {
	t.Parallel()
	for _, forged := range []bool{true, false} {
		t.Run(map[bool]string{true: "forged", false: "control"}[forged], func(t *testing.T) {
			h := newHarness(t)
			h.event("pull_request", "pull_request.opened")
			pos := ""
			if forged {
				data, _ := os.ReadFile(h.eventFile)
				var payload []byte
				payload, pos = jsonstricttest.Duplicate(t, data, `"sha": "`+h.head+`"`, `"SHA": "`+h.base+`"`)
				if err := os.WriteFile(h.eventFile, payload, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code := h.action()
			if !forged {
				if code != failed || len(h.fake.CheckRuns()) == 0 {
					t.Fatalf("the honest payload: %s, %d check runs\n%s", code, len(h.fake.CheckRuns()), h.stderr.String())
				}
				return
			}
			if code != usageFailure || len(h.fake.Calls()) != 0 || !refusedAt(h.stderr.String(), "pull_request event: "+pos) {
				t.Errorf("got %s, %d calls, want a usage error at %s:\n%s", code, len(h.fake.Calls()), pos, h.stderr.String())
			}
		})
	}
}

// TestReverifyRefusesADuplicatedVerdict: the unprivileged phase's
// document says a rerun failed, then that it passed; the privileged phase
// refuses it at the repeated key (file:line:col) and files no drift issue
// either way round; the control files the drift issue from the honest
// document.
func TestReverifyRefusesADuplicatedVerdict(t *testing.T) {
	t.Parallel()
	for _, forged := range []bool{true, false} {
		t.Run(map[bool]string{true: "forged", false: "control"}[forged], func(t *testing.T) {
			fake, run, results := unprivilegedDriftPhase(t)
			pos := ""
			if forged {
				data, _ := os.ReadFile(results)
				var doc []byte
				doc, pos = jsonstricttest.Duplicate(t, data, `"verdict": "fail"`, `"verdict": "pass"`)
				if err := os.WriteFile(results, doc, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			privileged := maps.Clone(run)
			privileged["INPUT_REVERIFY"] = "publish"
			got, stderr := reverifyPhase(t, privileged, ActionOptions{Root: t.TempDir(), EventName: "schedule", Results: results})
			issues := fake.Issues("o/r")
			if !forged {
				if got != failed || len(issues) != 1 {
					t.Fatalf("the honest document: %s, issues %+v\n%s", got, issues, stderr)
				}
				return
			}
			if got != usageFailure || len(issues) != 0 || !refusedAt(stderr, results+":"+pos) {
				t.Errorf("got %s, issues %+v, want a usage error at %s:%s\n%s", got, issues, results, pos, stderr)
			}
		})
	}
}
