package lint

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/safefile"
)

// ErrOutsideRoot is returned for a story path outside the repository root.
var ErrOutsideRoot = errors.New("path outside the repository")

// skipDirs are never walked below a named directory: they hold no live
// stories (testdata holds fixtures, by Go's convention) and can be huge.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, "testdata": true}

// FindStories returns the repository-relative slash paths of the story files
// named by paths (files are always included; directories are walked for
// story files), or, with no paths, of the files under root matching globs.
func FindStories(root string, paths []string, globs []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	add := func(rel string) {
		if !seen[rel] {
			seen[rel] = true
			out = append(out, rel)
		}
	}
	if len(paths) == 0 {
		set := pathglob.Compile(globs)
		if err := walkStories(root, root, set.Match, add); err != nil {
			return nil, err
		}
	}
	for _, p := range paths {
		found := 0
		dir, err := findUnder(root, p, func(rel string) { found++; add(rel) })
		if err != nil {
			return nil, err
		}
		if dir && found == 0 {
			return nil, noStories(p)
		}
	}
	sort.Strings(out)
	return out, nil
}

// findUnder adds the story file p, or the story files under the
// directory p (dir is true then).
func findUnder(root, p string, add func(string)) (dir bool, err error) {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(root, p)
	}
	info, err := os.Lstat(abs)
	if err != nil {
		return false, fmt.Errorf("story path %s: %w", p, safefile.Named(safefile.MarkUnreadable(err), abs))
	}
	rel, err := Rel(root, abs)
	if err != nil {
		return false, err
	}
	if info.Mode()&os.ModeSymlink != 0 {
		if abs, info, err = linkedDir(root, abs); err != nil {
			return false, fmt.Errorf("story path %s: %w", p, safefile.Named(safefile.MarkUnreadable(err), abs))
		}
	}
	if !info.IsDir() {
		add(rel)
		return false, nil
	}
	return true, walkStories(root, abs, func(string) bool { return true }, add)
}

// linkedDir resolves a named symlink: a link to a directory inside the
// repository is walked at its target (paths are reported as found there);
// a link to anything else stays the named path, which load resolves and
// checks like any story file.
func linkedDir(root, link string) (string, os.FileInfo, error) {
	info, err := os.Stat(link)
	if err != nil || !info.IsDir() {
		lstat, lerr := os.Lstat(link)
		return link, lstat, lerr
	}
	real, err := filepath.EvalSymlinks(link)
	if err != nil {
		return "", nil, err
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", nil, err
	}
	rel, err := Rel(realRoot, real)
	if err != nil {
		return "", nil, fmt.Errorf("links to %s, outside the repository: %w", real, ErrOutsideRoot)
	}
	return filepath.Join(root, filepath.FromSlash(rel)), info, nil
}

// Rel returns abs relative to root with slashes, refusing paths outside root.
func Rel(root, abs string) (string, error) {
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%w: %s is outside the repository %s", ErrOutsideRoot, abs, root)
	}
	return filepath.ToSlash(rel), nil
}

// walkStories walks dir for markdown files accepted by match that look like stories.
func walkStories(root, dir string, match func(string) bool, add func(string)) error {
	start := walkStart(dir)
	return filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("walk %s: %w", p, safefile.Named(safefile.MarkUnreadable(err), p))
		}
		if d.IsDir() {
			if p != start && skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(d.Name(), ".md") {
			return nil
		}
		rel, err := Rel(root, p)
		if err != nil || !match(rel) {
			return err
		}
		// Only a regular file is sniffed: opening a FIFO would block. A
		// STORY- name is taken whatever it is; load reports what is wrong.
		if strings.HasPrefix(d.Name(), "STORY-") || (regularFile(p, d) && looksLikeStory(p)) {
			add(rel)
		}
		return nil
	})
}

// walkStart is where walking dir starts: dir itself, or, when dir is a
// symlink (a root safefile.CheckRoot let through: a repository's top, or
// a root in no repository, linked from outside), dir with a trailing separator, which the file system
// resolves to the directory it links to. filepath.WalkDir does not
// descend a symlink it starts at, so a root named through one held no
// stories and validated nothing. The walked paths still begin with dir,
// and are reported relative to it; where the link leads is checked as
// for every story file (load).
func walkStart(dir string) string {
	if info, err := os.Lstat(dir); err == nil && info.Mode()&os.ModeSymlink != 0 {
		return dir + string(filepath.Separator)
	}
	return dir
}

// regularFile reports whether a walked entry is (or links to) a regular file.
func regularFile(p string, d fs.DirEntry) bool {
	if d.Type()&fs.ModeSymlink == 0 {
		return d.Type().IsRegular()
	}
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}

// looksLikeStory sniffs the first kilobytes for an enso.story schema line,
// so READMEs and other notes next to stories are not validated as stories.
func looksLikeStory(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, sniffSize)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return false
	}
	return storyHeader(head[:n])
}

// sniffSize is how much of a file looksLikeStory reads.
const sniffSize = 4096

// storyHeader reports whether the first bytes of a file open a frontmatter
// that declares an enso.story schema.
func storyHeader(head []byte) bool {
	if len(head) > sniffSize {
		head = head[:sniffSize]
	}
	return bytes.HasPrefix(head, []byte("---")) && bytes.Contains(head, []byte("schema: enso.story/"))
}
