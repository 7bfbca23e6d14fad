package rules

import "github.com/storygate/storygate/internal/catalog"

// scopeReadPath checks scope.read as contract/scope-path checks the write
// and exclude lists, as a warning: a read path grants no write, so a path
// storygate cannot match there decides no verdict.
var scopeReadPath = &Rule{Rule: catalog.Must("contract/scope-read-path"),
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil {
			reportScopePaths(p, "scope.read", fm.Scope.Read, " (a read path grants nothing; storygate only reads the list)")
		}
	}}
