package target

import "fmt"

// BaseUnconfigured reports whether the run has a base whose named commit
// holds no configuration at the root's default path: a repository that
// has not adopted storygate yet (an adoption change, docs/first-story.md).
func (t *Target) BaseUnconfigured() bool { return t.baseUnconfigured }

// findBaseUnconfigured reads, with a base, whether the named base holds
// the root's default configuration file, whatever policy the run uses.
func (t *Target) findBaseUnconfigured() error {
	if t.base == nil {
		return nil
	}
	rel := configPathIn(t.repo, t.root)
	_, atBase, err := t.repo.ReadFile(t.base, rel)
	if err != nil {
		return fmt.Errorf("%s at the base: %w", rel, err)
	}
	t.baseUnconfigured = !atBase
	return nil
}
