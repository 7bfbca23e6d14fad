package stage

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/storygate/storygate/internal/safefile"
)

// DefaultScopePrefix is the file-name prefix of the reference's scope
// files (.claude/scopes/aidlc-<name>.md).
const DefaultScopePrefix = "aidlc-"

// LoadScopes lists the scope names of a scopes directory with the default
// file-name prefix (ScopeLoader).
func LoadScopes(fsys fs.FS) (map[string]bool, error) {
	return ScopeLoader(DefaultScopePrefix)(fsys)
}

// ScopeLoader returns a loader of the scope names of a scopes directory.
// Every *.md file directly inside it (README.md aside) names one scope: the
// name: of its frontmatter, as the reference engine's loadScopeMetadataAll
// reads it whatever the file is called, or else, for a file without one,
// the stem after prefix (prefix-<name>.md; "" means DefaultScopePrefix).
// A file with neither names no scope. fsys should be a safefile.FS: a file
// it refuses to read is judged by its name alone.
func ScopeLoader(prefix string) func(fs.FS) (map[string]bool, error) {
	if prefix == "" {
		prefix = DefaultScopePrefix
	}
	return func(fsys fs.FS) (map[string]bool, error) {
		entries, err := fs.ReadDir(fsys, ".")
		if err != nil {
			return nil, fmt.Errorf("read scopes directory: %w", err)
		}
		out := map[string]bool{}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".md") || strings.EqualFold(name, "readme.md") {
				continue
			}
			scope, err := scopeName(fsys, name, prefix)
			if err != nil {
				return nil, err
			}
			if scope != "" {
				out[scope] = true
			}
		}
		return out, nil
	}
}

// scopeName is the scope a scope file names, or "" for none.
func scopeName(fsys fs.FS, file, prefix string) (string, error) {
	data, err := fs.ReadFile(fsys, file)
	switch {
	case safefile.Refused(err) || errors.Is(err, fs.ErrNotExist):
		data = nil
	case err != nil:
		return "", fmt.Errorf("read scope file %s: %w", file, err)
	}
	if data != nil {
		f, _ := ParseFile(file, data)
		if n := f.Get("name"); isString(n) && n.Value != "" {
			return n.Value, nil
		}
	}
	if stem, ok := strings.CutPrefix(strings.TrimSuffix(file, ".md"), prefix); ok && stem != "" {
		return stem, nil
	}
	return "", nil
}
