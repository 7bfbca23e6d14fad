package cli

import (
	"fmt"
	"time"

	"github.com/storygate/storygate/internal/scaffold"
	"github.com/storygate/storygate/internal/target"
)

const newSynopsis = "new [--root DIR] \"Title\""

func runNew(e env, args []string) int {
	fs := newFlagSet(e, "new", newSynopsis)
	root := fs.String("root", "", "repository root (default: the git work tree containing the current directory)")
	rest, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) != 1 {
		fmt.Fprintf(e.stderr, "storygate new: name exactly one title, got %d arguments\n", len(rest))
		fs.Usage()
		return ExitUsage
	}
	if err := scaffold.CheckTitle(rest[0]); err != nil {
		return scaffoldFailure(e, "new", err)
	}
	dir, code := scaffoldRoot(e, "new", *root)
	if code >= 0 {
		return code
	}
	t, code := openTarget(e, "new", target.Options{Root: dir})
	if code >= 0 {
		return code
	}
	policy := t.Policy()
	rel, id, err := scaffold.New(scaffold.NewOptions{Root: t.Root(), Title: rest[0], Globs: policy.Stories,
		Suite: policy.Revert.Suite, Now: time.Now()})
	if err != nil {
		return scaffoldFailure(e, "new", err)
	}
	fmt.Fprintf(e.stdout, "wrote %s (%s, seeded): fill in its contract (docs/first-story.md), then storygate validate %s\n", rel, id, rel)
	return ExitOK
}
