package gitrepo

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/storygate/storygate/internal/rootpath"
)

// ErrLinkOutside is returned by Files.Resolve for a path whose symbolic
// links, as the commit holds them, lead out of the reader's directory (a
// root's place), above the repository's top, to an absolute path, or
// around a loop: storygate reads only files inside the root, at a
// revision as on disk (safefile.Resolver).
var ErrLinkOutside = errors.New("symbolic link leads outside the root")

// maxLinkHops bounds the links one path may follow, as Linux's 40.
const maxLinkHops = 40

// Resolve is where reading p in the commit leads, with every symbolic
// link on the way followed as the commit's tree holds it (a link's blob
// is its target path), by a path relative to f's directory. A path with
// no link on it is itself; one that names nothing is returned as far as
// it resolved, and reads as no file. A link's target is resolved against
// the link's directory anywhere in the repository, as the file system
// would; the result must lie inside f's directory (ErrLinkOutside).
func (f *Files) Resolve(p string) (string, error) {
	full, inside := f.at(p)
	if !inside {
		return p, nil // names no file: Hash and ReadFile say so
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if e, err := f.entry(full); err != nil || (e != nil && e.Mode != filemode.Symlink) {
		return p, err // a file reached through real directories: no link on the way
	}
	resolved, err := f.follow(full)
	if err != nil {
		return "", fmt.Errorf("%s at %s: %w", p, short(f.commit), err)
	}
	rel, inside := rootpath.InDir(f.under, resolved)
	if !inside {
		return "", fmt.Errorf("%s at %s resolves to %s: %w", p, short(f.commit), resolved, ErrLinkOutside)
	}
	return rel, nil
}

// follow resolves the repository path full component by component,
// following links; the caller holds f.mu.
func (f *Files) follow(full string) (string, error) {
	var done []string
	todo := strings.Split(full, "/")
	for hops := 0; len(todo) > 0; {
		name := todo[0]
		todo = todo[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return "", fmt.Errorf("a link climbs above the repository's top: %w", ErrLinkOutside)
			}
			done = done[:len(done)-1]
			continue
		}
		target, isLink, err := f.linkTarget(path.Join(append(done, name)...))
		if err != nil {
			return "", err
		}
		if !isLink {
			done = append(done, name)
			continue
		}
		if hops++; hops > maxLinkHops {
			return "", fmt.Errorf("more than %d symbolic links: %w", maxLinkHops, ErrLinkOutside)
		}
		if path.IsAbs(target) {
			return "", fmt.Errorf("a link names the absolute path %s: %w", target, ErrLinkOutside)
		}
		todo = append(strings.Split(target, "/"), todo...)
	}
	return path.Join(done...), nil
}

// linkTarget is the target of the symbolic link at the repository path p;
// isLink is false for anything else, a missing path included.
func (f *Files) linkTarget(p string) (target string, isLink bool, err error) {
	e, err := f.entry(p)
	if err != nil || e == nil || e.Mode != filemode.Symlink {
		return "", false, err
	}
	data, err := f.blob(e.Hash)
	if err != nil {
		return "", false, fmt.Errorf("read the link %s at %s: %w", p, short(f.commit), err)
	}
	return string(data), true, nil
}
