package verify

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/diag"
)

// TestATimeLimitThatEndsBeforeTheStartIsATimeout: with a 1ns limit the
// deadline passes before the process starts; the verdict is still the
// time limit's (verify/timeout), not a failure to run (verify/failed),
// while a generous limit on the same command passes.
func TestATimeLimitThatEndsBeforeTheStartIsATimeout(t *testing.T) {
	for _, tc := range []struct {
		limit time.Duration
		want  Verdict
		rule  string
	}{
		{time.Nanosecond, VerdictTimeout, "verify/timeout@3"},
		{time.Minute, VerdictPass, ""},
	} {
		items := []Item{{Story: "s.md", ID: "T", Command: "true", Pos: diag.Pos{Line: 3, Column: 5}}}
		doc := NewDocument([]string{"s.md"}, Execute(context.Background(), items, Options{Dir: t.TempDir(), Jobs: 1, Timeout: tc.limit, Env: os.Environ()}), nil)
		if doc.Results[0].Verdict != tc.want || strings.Join(rulesAt(doc.Diagnostics), " ") != tc.rule {
			t.Errorf("limit %s: verdict %s, diagnostics %v; want %s %q", tc.limit, doc.Results[0].Verdict, describe(doc.Diagnostics), tc.want, tc.rule)
		}
	}
}
