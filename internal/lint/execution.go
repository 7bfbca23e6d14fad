package lint

import (
	"path"
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
)

// specificationID is the id §13 reserves for the specification itself.
const specificationID = "STORY-000"

// notExecutionStory says why s is not an execution story, or "" when it is
// one (docs/stories.md, "Which files are stories"). A file is not one when
// it has no enso frontmatter (none, or one without an enso.story schema)
// and either is the specification (its title or file name is STORY-000)
// or lacks the v1 section structure (fewer than half of §7's required
// sections). Everything else is validated: a v1-shaped file without
// frontmatter is structure/frontmatter-missing, an enso story with id
// STORY-000 is structure/reserved-id, and a frontmatter that does not
// parse is reported as it is, since what it declares cannot be read.
func notExecutionStory(s *story.Story) string {
	if s == nil || s.Body == nil || ensoFrontmatter(s) || brokenFrontmatter(s) {
		return ""
	}
	if isSpecification(s) {
		return "the enso.story/v1 specification (" + specificationID + ", §13), not an execution story"
	}
	if n := v1Sections(s.Body); n*2 < len(lifecycle.RequiredSections) {
		return "no enso.story frontmatter and " + itoa(n) + " of the " + itoa(len(lifecycle.RequiredSections)) +
			" v1 sections: a file from before enso.story/v1, not an execution story"
	}
	return ""
}

// executionStory is s when it is an execution story or nonStory is
// validate, else nil.
func executionStory(s *story.Story, nonStory string) *story.Story {
	if nonStory != config.NonStoryValidate && notExecutionStory(s) != "" {
		return nil
	}
	return s
}

// skipNonStory drops a loaded file that is not an execution story, with
// the notice discovery.non_story asks for on a target; keep is true for a
// story. A file that held an execution story at base is kept and validated
// whatever it holds now: an agent must not escape the rules by deleting a
// story's frontmatter.
func (c *baseContext) skipNonStory(opts Options, l *loaded, target bool) (notice []diag.Diagnostic, keep bool, err error) {
	nonStory := opts.config().Discovery.NonStory
	why := notExecutionStory(l.unit.Head)
	if l.early != nil || nonStory == config.NonStoryValidate || why == "" {
		return nil, true, nil
	}
	if c.read != nil {
		b, err := c.hereFor(opts, l)
		if err != nil {
			return nil, false, err
		}
		if executionStory(b, nonStory) != nil {
			return nil, true, nil
		}
	}
	if target && nonStory == config.NonStoryNotice {
		notice = append(notice, diag.New(rules.NotAStory.ID, rules.NotAStory.Severity, l.path, diag.Pos{Line: 1, Column: 1},
			"%s; not validated (discovery.non_story: off hides this notice, validate checks it as a story)", why))
	}
	return notice, false, nil
}

// ensoFrontmatter reports whether s declares an enso.story schema (any
// version: structure/schema-version judges which).
func ensoFrontmatter(s *story.Story) bool {
	return s.Front != nil && s.Front.Schema.Set && strings.HasPrefix(s.Front.Schema.Value, "enso.story/")
}

// brokenFrontmatter reports whether s opens a frontmatter that did not
// decode: it may declare the schema, so it is not taken for a legacy file.
func brokenFrontmatter(s *story.Story) bool {
	for _, p := range s.Problems {
		if p.Rule != "structure/frontmatter-missing" {
			return true
		}
	}
	return false
}

// isSpecification reports whether s is the text of the specification: its
// file name, its title heading or its first line starts with STORY-000.
func isSpecification(s *story.Story) bool {
	if strings.HasPrefix(path.Base(s.Path), specificationID) {
		return true
	}
	if s.Body.Title != nil && strings.HasPrefix(s.Body.Title.Text, specificationID) {
		return true
	}
	text := strings.TrimLeft(strings.TrimPrefix(string(s.Src), "\ufeff"), " \t\r\n")
	first, _, _ := strings.Cut(text, "\n")
	return strings.HasPrefix(strings.TrimLeft(first, "# \t"), specificationID)
}

// v1Sections counts the distinct §7 required sections s has as `##` headings.
func v1Sections(b *story.Body) int {
	seen := map[int]bool{}
	for _, sec := range b.Sections {
		if sec.Required >= 0 {
			seen[sec.Required] = true
		}
	}
	return len(seen)
}

func itoa(n int) string { return strconv.Itoa(n) }
