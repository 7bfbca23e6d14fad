package bot

import (
	"os"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
)

// takenRows are the report's lines that start a story's verification or
// revert row, and how many of them carry the not-recomputed note.
func takenRows(report string) (rows, marked int) {
	for _, line := range strings.Split(report, "\n") {
		if strings.HasPrefix(line, "**Verification rerun**") || strings.HasPrefix(line, "**Revert check:**") {
			rows++
			if strings.HasSuffix(line, " _("+gate.NotRecomputedNote+")_") {
				marked++
			}
		}
	}
	return rows, marked
}

// TestPublishMarksRowsTakenFromTheUnprivilegedRun: publish decides the
// stories again but takes every story's verification and revert rows
// from the unprivileged document; the comment, the job summary and the
// revert-check run say so on each such row, the recomputed stories check
// does not, and neither does the unprivileged run's own report.
func TestPublishMarksRowsTakenFromTheUnprivilegedRun(t *testing.T) {
	h := newHarness(t)
	reportOnlyHalf(t, h)
	own, err := os.ReadFile(h.summary)
	if err != nil {
		t.Fatal(err)
	}
	if rows, marked := takenRows(string(own)); rows == 0 || marked != 0 {
		t.Fatalf("the unprivileged run's summary: %d of %d rows marked, want all %d unmarked:\n%s", marked, rows, rows, own)
	}
	publishHalf(t, h, h.head)
	if code := h.publish(h.results); code != passed {
		t.Fatalf("publish got %s\n%s", code, h.stderr.String())
	}
	summary, err := os.ReadFile(h.summary)
	if err != nil {
		t.Fatal(err)
	}
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 1 {
		t.Fatalf("want one comment, got %d", len(comments))
	}
	for name, text := range map[string]string{"comment": comments[0].Body, "job summary": string(summary)} {
		if rows, marked := takenRows(text); rows == 0 || marked != rows {
			t.Errorf("%s: %d of %d rows marked as taken from the unprivileged run:\n%s", name, marked, rows, text)
		}
	}
	for _, r := range h.fake.CheckRuns() {
		hasNote := strings.Contains(r.Summary, "("+gate.NotRecomputedNote+")")
		if want := r.Name == "storygate / revert-check"; hasNote != want {
			t.Errorf("%s: rows marked %v, want %v:\n%s", r.Name, hasNote, want, r.Summary)
		}
	}
}
