package scaffold

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/safefile"
)

// fileState is what a planned file's path holds now.
type fileState int

const (
	absent  fileState = iota
	same              // the file holds exactly what would be written
	differs           // a file is there with other content
)

// fileLimit bounds reading an existing file to compare it.
const fileLimit = 4 << 20

// checkPath refuses rel when a directory on its way from root, or the
// file itself, is a symlink that leaves the repository: writing there
// would write outside it. A link that stays inside is followed.
func checkPath(root, rel string) error {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return fmt.Errorf("root %s: %w", root, err)
	}
	p := root
	for _, part := range strings.Split(filepath.FromSlash(rel), string(filepath.Separator)) {
		p = filepath.Join(p, part)
		info, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil // nothing further can be a link yet
		}
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		if info.Mode()&os.ModeSymlink == 0 {
			continue
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", rel, err)
		}
		if err != nil || !safefile.Inside(realRoot, real) {
			return fmt.Errorf("%w: %s is a symlink leading out of the repository (or nowhere); remove it or write the file yourself", ErrRefused, filepath.ToSlash(mustRel(root, p)))
		}
	}
	return nil
}

func mustRel(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return rel
}

// state compares the file at root/rel with want.
func state(root, rel string, want []byte) (fileState, error) {
	abs := filepath.Join(root, filepath.FromSlash(rel))
	if _, err := os.Lstat(abs); errors.Is(err, fs.ErrNotExist) {
		return absent, nil
	}
	have, err := safefile.ReadFile(root, abs, fileLimit)
	if err != nil {
		return differs, fmt.Errorf("%s: %w", rel, err)
	}
	if bytes.Equal(have, want) {
		return same, nil
	}
	return differs, nil
}

// create writes a new file, never replacing one (O_EXCL): a file that
// appeared since it was planned is left alone.
func create(root, rel string, data []byte) error {
	abs := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", rel, err)
	}
	f, err := os.OpenFile(abs, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("create %s: %w", rel, err)
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return fmt.Errorf("write %s: %w", rel, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", rel, err)
	}
	return nil
}

// replace writes data over rel through a temporary file renamed into
// place: the rename replaces a link itself, never what it points to.
func replace(root, rel string, data []byte) error {
	abs := filepath.Join(root, filepath.FromSlash(rel))
	tmp, err := os.CreateTemp(filepath.Dir(abs), ".storygate-init-*")
	if err != nil {
		return fmt.Errorf("replace %s: %w", rel, err)
	}
	defer os.Remove(tmp.Name()) // gone after the rename; removes it on failure
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("replace %s: %w", rel, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("replace %s: %w", rel, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("replace %s: %w", rel, err)
	}
	if err := os.Rename(tmp.Name(), abs); err != nil {
		return fmt.Errorf("replace %s: %w", rel, err)
	}
	return nil
}
