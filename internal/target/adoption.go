package target

import "fmt"

// BaseUnconfigured reports whether the run has a base whose named commit
// holds no configuration at the root's default path, and names no
// configuration file of its own: a repository that has not adopted
// storygate yet (an adoption change, docs/first-story.md).
func (t *Target) BaseUnconfigured() bool { return t.baseUnconfigured }

// findBaseUnconfigured reads, with a base, whether the named base holds
// the root's default configuration file, whatever policy the run uses. A
// run given a configuration file (--config) is configured: that file is
// its policy, wherever it lives.
func (t *Target) findBaseUnconfigured(explicit string) error {
	if t.base == nil || explicit != "" {
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
