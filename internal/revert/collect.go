// Package revert decides a change's edits to governed paths (tests/ by
// default) by reverting them: an edit is permitted iff reverting it makes the
// suite fail (story-017). Created governed paths are not reverted; they are
// findings of their own.
package revert

import (
	changemodel "github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/rootpath"
)

// Collection is what the check will revert and what it reports as created.
type Collection struct {
	// Reverted are the modified and deleted governed paths, not granted.
	Reverted []gitrepo.Change
	// Created are the created governed paths, not granted.
	Created []gitrepo.Change
}

// Collect splits changes into governed paths to revert and governed paths
// created. root is the stories' root in the repository (a slash path, "."
// or "" for the top; see Options.Root): governed and granted are prefixes
// relative to it, as every path the configuration and the stories name
// is, while changes and the collection keep the repository paths git
// reports. A path is governed when it lies inside root, under one of
// governed and under none of granted; a change outside root is never
// governed. Prefixes match whole path components, so "tests/" and "tests"
// both govern tests/a.go but not tests_old/a.go.
func Collect(changes []gitrepo.Change, root string, governed, granted []string) Collection {
	var c Collection
	for _, ch := range changes {
		rel, inside := rootpath.InDir(root, ch.Path)
		if !inside || !underAny(rel, governed) || underAny(rel, granted) {
			continue
		}
		if ch.Kind == gitrepo.Created {
			c.Created = append(c.Created, ch)
			continue
		}
		c.Reverted = append(c.Reverted, ch)
	}
	return c
}

func underAny(path string, prefixes []string) bool { return changemodel.UnderPrefix(prefixes, path) }

// Governs reports whether the check has anything to revert: a governed
// path the change modified or deleted that no grant covers. When it has
// not, Check starts nothing (no sandbox probe, no snapshot, no clone),
// so a caller need not prepare a sandbox for it either.
func Governs(opt Options) (bool, error) {
	changes, err := changesOf(opt)
	if err != nil {
		return false, err
	}
	return len(Collect(changes, opt.Root, opt.Governed, opt.Granted).Reverted) > 0, nil
}
