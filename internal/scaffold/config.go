package scaffold

import (
	"fmt"
	"strconv"
	"strings"
)

// StoryGlob is where init's configuration finds stories, and where
// `storygate new` writes them.
const StoryGlob = "stories/**/*.md"

// ConfigText is the .github/storygate.yml init writes for p: the story
// glob and the revert check's governed paths and suite, each with a
// comment saying where it came from, so the file reads as its own guide.
func ConfigText(p Project) []byte {
	var b strings.Builder
	b.WriteString("# storygate's configuration, written by `storygate init` (docs/configuration.md).\n")
	if p.Kind != "" {
		fmt.Fprintf(&b, "# Detected: a %s (%s).\n", p.Kind, p.Marker)
	}
	b.WriteString("#\n# Where the story files live (enso.story/v1; storygate's docs/first-story.md).\n")
	b.WriteString("stories:\n  - " + strconv.Quote(StoryGlob) + "\n")
	b.WriteString("# The revert check (docs/revert-check.md): a test edit under a governed path\n")
	b.WriteString("# is reverted and the suite rerun, to see whether the change needed it.\n")
	b.WriteString("revert:\n  governed:\n")
	governed := p.Governed
	if len(governed) == 0 {
		governed = []string{"tests/"}
	}
	for _, g := range governed {
		b.WriteString("    - " + strconv.Quote(g) + "\n")
	}
	if p.Suite != "" {
		b.WriteString("  suite: " + strconv.Quote(p.Suite) + "\n")
		return []byte(b.String())
	}
	b.WriteString("  # No test suite was detected (go.mod, pyproject.toml, setup.cfg, pytest.ini,\n")
	b.WriteString("  # package.json with a test script, Cargo.toml, pom.xml, build.gradle).\n")
	b.WriteString("  # Set the command that runs your tests, for example:\n")
	b.WriteString("  # suite: \"make test\"\n")
	return []byte(b.String())
}
