package gate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
)

// plainEncoding is the document as one json.Encoder with SetIndent("",
// "  ") writes it: what Write wrote before it encoded the stories on
// every CPU, and what it must still write, byte for byte.
func plainEncoding(t *testing.T, r *Results) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// trickyStory has text that must be escaped, text that looks like the
// document's own keys, and every optional part.
func trickyStory(i int) Story {
	return Story{
		File: fmt.Sprintf("stories/S-%d.md", i), ID: fmt.Sprintf("S-%d", i),
		Title: "<b>&\u2028 \"stories\": null\n  \"stories\": null", State: "generating", BaseState: "ready",
		Transitions:  []Transition{{From: "ready", To: "generating", Event: "start_generation", Actor: "orchestrator"}},
		UndrawnMoves: i % 2, Generating: i%3 == 0,
		Verification: []Check{{ID: "V1", Command: "go test ./...", Verdict: "PASS", OutputTail: "\x00\xff ok\n"}},
		Revert:       &Revert{Verdict: "forced", Paths: []string{"a_test.go"}},
	}
}

func TestWriteIsTheOneEncoderDocumentByteForByte(t *testing.T) {
	many := make([]Story, 1001)
	for i := range many {
		many[i] = trickyStory(i)
	}
	base := func(stories []Story) *Results {
		return &Results{Version: 1, Storygate: "dev", Event: Event{Name: "pull_request"}, Conclusion: "failure",
			Counts: diag.Counts{Errors: 1}, Gates: []Gate{{Name: "stories", Conclusion: "failure",
				Title: `"stories": null`}}, Stories: stories, Notes: []string{"\n  \"stories\": null"},
			Isolation: &Isolation{Sandboxed: true, Mode: "auto"}}
	}
	cases := map[string]*Results{
		"nil stories":   base(nil),
		"no stories":    base([]Story{}),
		"one story":     base(many[:1]),
		"two stories":   base(many[:2]),
		"many stories":  base(many),
		"only required": {Stories: []Story{{}}},
	}
	for name, r := range cases {
		want := plainEncoding(t, r)
		var got bytes.Buffer
		if err := r.Write(&got); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: Write differs from the one-encoder document at byte %d:\n got %q\nwant %q", name,
				firstDifference(got.Bytes(), want), clip(got.Bytes()), clip(want))
		}
		path := filepath.Join(t.TempDir(), "out", "results.json")
		if err := r.WriteFile(path); err != nil {
			t.Fatalf("%s: WriteFile: %v", name, err)
		}
		if file, err := os.ReadFile(path); err != nil || !bytes.Equal(file, want) {
			t.Errorf("%s: WriteFile wrote %d bytes (%v), not the one-encoder document", name, len(file), err)
		}
	}
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func clip(b []byte) string {
	s := string(b)
	if len(s) > 400 {
		return s[:400] + "…"
	}
	return strings.TrimSpace(s)
}
