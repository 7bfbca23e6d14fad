package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/jsonstrict/jsonstricttest"
)

// TestMergeRefusesAShardWithADuplicatedVerdict: a shard whose failed item
// says "verdict": "fail" and then "verdict": "pass" (encoding/json keeps
// the last) is refused at the repeated key, exit 2, instead of merging a
// pass; the control merges the honest shards to the failure.
func TestMergeRefusesAShardWithADuplicatedVerdict(t *testing.T) {
	items := [][2]string{{"V1", "true"}, {"V2", "exit 1"}, {"V3", "true"}}
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating", items, nil)})
	outDir := t.TempDir()
	var files []string
	failing := ""
	for _, shard := range []string{"1/2", "2/2"} {
		out := filepath.Join(outDir, strings.ReplaceAll(shard, "/", "-of-")+".json")
		vMain("verify", "--root", dir, "--shard", shard, "--out", out)
		files = append(files, out)
		if data, _ := os.ReadFile(out); bytes.Contains(data, []byte(`"verdict": "fail"`)) {
			failing = out
		}
	}
	if failing == "" {
		t.Fatal("no shard holds the failed item")
	}
	if code, stdout, stderr := vMain("merge-results", files[0], files[1]); code != ExitFindings || !strings.Contains(stdout, "verify/failed") {
		t.Fatalf("control: the honest shards merge to exit %d, want %d:\n%s%s", code, ExitFindings, stdout, stderr)
	}
	data, _ := os.ReadFile(failing)
	forged, pos := jsonstricttest.Duplicate(t, data, `"verdict": "fail"`, `"verdict": "pass"`)
	if err := os.WriteFile(failing, forged, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := vMain("merge-results", files[0], files[1])
	if code != ExitUsage || !strings.Contains(stderr, failing+": read verify results: "+pos) || !strings.Contains(stderr, "appears twice") {
		t.Errorf("a forged shard: exit %d, want %d naming %s%s\n%s%s", code, ExitUsage, failing, pos, stdout, stderr)
	}
}
