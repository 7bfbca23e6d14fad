package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/version"
)

// TestVersionCommandAndFlag checks that `storygate version` and
// `storygate --version` print the same line, from the build info.
func TestVersionCommandAndFlag(t *testing.T) {
	t.Parallel()
	want := "storygate " + version.String() + "\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errOut := run(t, args...)
		if code != ExitOK || out != want || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 0, %q and no stderr", args, code, out, errOut, want)
		}
	}
}

// TestActionStampsItsVersion checks that the results document and the
// footer of the comment and job summary name the binary's version, the one
// `storygate version` prints.
func TestActionStampsItsVersion(t *testing.T) {
	t.Parallel()
	repo := vRepo(t, revertProject("planning"))
	out := t.TempDir()
	results, markdown := filepath.Join(out, "results.json"), filepath.Join(out, "comment.md")
	code, _, errOut := vMain("action", "--event-name", "local", "--root", repo, "--gates", "stories", "--report-only",
		"--results", results, "--markdown", markdown)
	res, err := gate.ReadFile(results)
	if err != nil {
		t.Fatalf("exit %d, no results document: %v\n%s", code, err, errOut)
	}
	if res.Storygate != version.String() {
		t.Errorf("results document names storygate %q, want %q", res.Storygate, version.String())
	}
	md, err := os.ReadFile(markdown)
	if err != nil {
		t.Fatal(err)
	}
	// The footer is the last <sub> line; the meaning digest follows it.
	lines := strings.Split(strings.TrimSpace(string(md)), "\n")
	footer := ""
	for _, l := range lines {
		if strings.HasPrefix(l, "<sub>") {
			footer = l
		}
	}
	if !strings.Contains(footer, "storygate "+version.String()+"</sub>") {
		t.Errorf("the footer %q does not name storygate %s", footer, version.String())
	}
}
