package scaffold

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// MaxTitle is the longest title, in characters, `storygate new` accepts:
// a title is one line of a heading.
const MaxTitle = 100

// ErrRefused marks what scaffold refuses for the caller to fix (a title,
// a path leaving the repository); the CLI exits 2 on it.
var ErrRefused = errors.New("refused")

// CheckTitle refuses a title a story cannot carry: empty, longer than
// MaxTitle characters, not UTF-8, holding a control character (a line
// break would end the heading), or ending in #.
func CheckTitle(title string) error {
	t := strings.TrimSpace(title)
	switch {
	case t == "":
		return fmt.Errorf("%w: the title is empty", ErrRefused)
	case !utf8.ValidString(t):
		return fmt.Errorf("%w: the title is not UTF-8", ErrRefused)
	case utf8.RuneCountInString(t) > MaxTitle:
		return fmt.Errorf("%w: the title is %d characters long, at most %d are allowed", ErrRefused, utf8.RuneCountInString(t), MaxTitle)
	case strings.IndexFunc(t, unicode.IsControl) >= 0:
		return fmt.Errorf("%w: the title holds a control character (a line break, a tab); it must be one line", ErrRefused)
	case strings.HasSuffix(t, "#"):
		// Markdown reads trailing #s as the heading's closing sequence,
		// so the heading would not say the title.
		return fmt.Errorf("%w: the title ends in #, which the story's heading would drop", ErrRefused)
	}
	return nil
}

// plainTitle is a title YAML reads back as written without quotes.
var plainTitle = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 _.,()/+-]*$`)

// yamlString renders s as a YAML scalar: plain when that reads back as s,
// else double-quoted (a JSON string is a YAML double-quoted scalar).
func yamlString(s string) string {
	if plainTitle.MatchString(s) && !strings.HasSuffix(s, " ") {
		return s
	}
	quoted, _ := json.Marshal(s) // a string always marshals
	return string(quoted)
}

// placeholderSuite is the verification command of a story in a project
// whose suite was not detected: the planner replaces it.
const placeholderSuite = "make test"

// StoryText is a seeded story from the enso.story/v1 canonical template
// (section 12 of the spec), with its ID, title, timestamps and the
// project's test command as its one verification item.
func StoryText(id, title string, at time.Time, suite string) []byte {
	if suite == "" {
		suite = placeholderSuite
	}
	title = strings.TrimSpace(title)
	stamp := at.UTC().Truncate(time.Second).Format(time.RFC3339)
	r := strings.NewReplacer("{ID}", id, "{TITLE_YAML}", yamlString(title), "{TITLE}", title,
		"{AT}", stamp, "{SUITE_YAML}", yamlString(suite), "{SUITE}", suite)
	return []byte(r.Replace(storyTemplate))
}

// storyTemplate is the spec's canonical template (docs/spec/enso-story-v1.txt,
// section 12); only the placeholders differ from it, and
// TestTheTemplateIsTheSpecs keeps it so.
const storyTemplate = `---
schema: enso.story/v1
id: {ID}
title: {TITLE_YAML}
state: seeded
active_role: planner
iteration: 0
max_iterations: 3
created_at: {AT}
updated_at: {AT}
priority: high

scope:
  write:
    - path/to/file
  read:
    - docs/core/ARCHITECTURE.md
  exclude:
    - .git/

acceptance_criteria:
  - id: AC1
    text: Example criterion

verification:
  - id: V1
    command: {SUITE_YAML}
    pass_when: exit_code == 0
---

# {ID} {TITLE}

## Goal
...

## Non-Goals
...

## Constraints
...

## Acceptance Criteria
- [ ] AC1 Example criterion

## Verification Contract
- [ ] V1 ` + "`{SUITE}`" + `

## Context Scope
**Write:**
- path/to/file

**Read:**
- docs/core/ARCHITECTURE.md

**Exclude:**
- .git/

## Planner Output

## Generator Iterations

## Evaluator Results

## Human Decisions

## Evidence

## Transition Log
| Time | Actor | Event | From | To | Note |
|---|---|---|---|---|---|
`
