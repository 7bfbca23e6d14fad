package github

import "errors"

// ErrNotFound reports that GitHub answered 404 for the thing asked about.
var ErrNotFound = errors.New("github: not found")

// ErrConflict reports that a write was based on a stale version: the branch
// or file moved since it was read. The caller re-reads and re-applies its
// change; storygate never forces a write.
var ErrConflict = errors.New("github: conflict with a concurrent change")
