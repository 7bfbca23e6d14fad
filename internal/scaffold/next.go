package scaffold

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"time"

	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/safefile"
)

// storyDir is where new stories are written: StoryGlob's directory.
const storyDir = "stories"

// FormatID is the story ID numbered n: STORY-001, as the spec's IDs are
// written (three digits at least; STORY-000 is the spec's own).
func FormatID(n int) string { return fmt.Sprintf("STORY-%03d", n) }

func storyPath(id string) string { return path.Join(storyDir, id+".md") }

// idInName and idInFrontmatter find a story's number in its file name and
// in its frontmatter's id line; a story counts by either.
var (
	idInName        = regexp.MustCompile(`STORY-(\d+)`)
	idInFrontmatter = regexp.MustCompile(`(?m)^id:[ \t]*["']?STORY-(\d+)`)
)

// storyIDs are the story numbers found under root by globs.
func storyIDs(root string, globs []string) ([]int, error) {
	rels, err := lint.FindStories(root, nil, globs)
	if err != nil {
		return nil, fmt.Errorf("find stories: %w", err)
	}
	var ids []int
	for _, rel := range rels {
		ids = append(ids, numbers(idInName, path.Base(rel))...)
		data, err := safefile.ReadFile(root, filepath.Join(root, filepath.FromSlash(rel)), fileLimit)
		if err != nil {
			continue // unreadable or refused: validate reports it; its name still counts
		}
		if m := idInFrontmatter.FindSubmatch(data); m != nil {
			ids = append(ids, numbers(idInName, "STORY-"+string(m[1]))...)
		}
	}
	return ids, nil
}

func numbers(re *regexp.Regexp, s string) []int {
	var out []int
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		if n, err := strconv.Atoi(m[1]); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// NewOptions say what `storygate new` writes.
type NewOptions struct {
	Root  string
	Title string
	// Globs are the configured story globs: every story they find counts
	// when choosing the next ID, and the new file must be one they find.
	Globs []string
	// Suite is the verification command of the new story ("" for the
	// placeholder).
	Suite string
	Now   time.Time
}

// New writes the next story: the ID after the highest any story found by
// the globs carries (a gap is never reused: a deleted story's ID may still
// be named in history), under stories/, created exclusively (O_EXCL).
func New(opts NewOptions) (rel, id string, err error) {
	if err := CheckTitle(opts.Title); err != nil {
		return "", "", err
	}
	ids, err := storyIDs(opts.Root, opts.Globs)
	if err != nil {
		return "", "", err
	}
	next := 1
	for _, n := range ids {
		next = max(next, n+1)
	}
	id = FormatID(next)
	rel = storyPath(id)
	if !pathglob.MatchAny(opts.Globs, rel) {
		return "", "", fmt.Errorf("%w: %s would not be found by the configured stories globs %q; add %q to stories in .github/storygate.yml", ErrRefused, rel, opts.Globs, StoryGlob)
	}
	if err := checkPath(opts.Root, rel); err != nil {
		return "", "", err
	}
	if err := create(opts.Root, rel, StoryText(id, opts.Title, opts.Now, opts.Suite)); err != nil {
		return "", "", err
	}
	return rel, id, nil
}
