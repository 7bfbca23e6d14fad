package stage

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/safefile"
)

// Set is a loaded stage set plus the rosters it is resolved against.
type Set struct {
	// Files are the stage files, sorted by path.
	Files []*File
	// ParseDiagnostics are the findings of the parser.
	ParseDiagnostics []diag.Diagnostic
	// Agents holds the agent slugs that have a file; nil means "not checked".
	Agents map[string]bool
	// Scopes holds the scope names that have a file; nil means "not checked".
	Scopes map[string]bool

	stages []*Stage
}

// skippedDirs are never searched for stage files.
var skippedDirs = map[string]bool{".git": true, "node_modules": true}

// LoadStages finds and parses the stage files of fsys, which should be a
// safefile.FS: the files it refuses are findings, not errors. A stage file is a
// *.md file whose directory is named after a phase (<phase>/<slug>.md), or
// any other *.md file whose frontmatter has both slug and phase keys.
// prefix is prepended to paths in diagnostics (the directory as the user
// named it). README.md files are documentation, never stages.
func LoadStages(fsys fs.FS, prefix string) (*Set, error) {
	s := &Set{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("walk %s: %w", p, err)
		}
		if d.IsDir() {
			if p != "." && skippedDirs[d.Name()] {
				return fs.SkipDir
			}
			return nil
		}
		return s.addCandidate(fsys, prefix, p)
	})
	if err != nil {
		return nil, fmt.Errorf("load stages: %w", err)
	}
	sort.Slice(s.Files, func(i, j int) bool { return s.Files[i].Path < s.Files[j].Path })
	return s, nil
}

func (s *Set) addCandidate(fsys fs.FS, prefix, p string) error {
	if !strings.HasSuffix(p, ".md") || strings.EqualFold(path.Base(p), "readme.md") {
		return nil
	}
	data, err := fs.ReadFile(fsys, p)
	if safefile.Refused(err) {
		s.ParseDiagnostics = append(s.ParseDiagnostics, refusal(displayPath(prefix, p), err))
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", p, err)
	}
	f, ds := ParseFile(displayPath(prefix, p), data)
	if phasePrefix(f.DirName) < 0 && !looksLikeStage(f) {
		return nil
	}
	s.Files = append(s.Files, f)
	s.ParseDiagnostics = append(s.ParseDiagnostics, ds...)
	return nil
}

// refusal is the finding for a file the loader would not read: the story
// loader's input/outside-repository for a link leaving the repository,
// stage/file-encoding for a file that is not a regular one or too large.
// The link's target is never read, so nothing of it is quoted.
func refusal(file string, err error) diag.Diagnostic {
	rule := ruleFileEncoding
	if errors.Is(err, safefile.ErrOutside) {
		rule = safefile.RuleOutsideRepository
	}
	return diag.New(rule, diag.SeverityError, file, diag.Pos{}, "%s", safefile.Explain(err, "stage file", MaxFileSize))
}

// looksLikeStage keeps a file outside a phase directory only when its
// frontmatter declares both slug and phase, so notes and agent files that
// happen to sit under the stage directory are not mistaken for stages.
func looksLikeStage(f *File) bool {
	return f.Parsed() && f.Get("slug") != nil && f.Get("phase") != nil
}

func displayPath(prefix, p string) string {
	if prefix == "" || prefix == "." {
		return p
	}
	return path.Join(prefix, p)
}

// LoadAgents lists the agent slugs of an agents directory: the stem of every
// *.md file directly inside it.
func LoadAgents(fsys fs.FS) (map[string]bool, error) {
	return listStems(fsys, "", "agents")
}

func listStems(fsys fs.FS, filePrefix, what string) (map[string]bool, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("read %s directory: %w", what, err)
	}
	out := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".md") || !strings.HasPrefix(name, filePrefix) {
			continue
		}
		out[strings.TrimSuffix(strings.TrimPrefix(name, filePrefix), ".md")] = true
	}
	return out, nil
}
