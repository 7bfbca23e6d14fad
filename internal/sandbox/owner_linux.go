//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"syscall"
)

// handOver gives the writable trees to UnprivilegedID when commands run as
// it, so that they can write their work tree as they would their own.
// Each tree a Tree's mounts name is walked once, before its first command
// (handedOver); after that only what storygate wrote in it since
// (Tree.Wrote) is changed. Writable paths of mounts no Tree made are
// walked before every command.
func (s *Sandbox) handOver(m Mounts) error {
	if s.setpriv == "" {
		return nil
	}
	for _, dir := range m.Writable {
		if err := m.owners.handOver(dir); err != nil {
			return fmt.Errorf("sandbox: hand %s to uid %d: %w", dir, UnprivilegedID, err)
		}
	}
	return nil
}

// handOver makes dir UnprivilegedID's: the whole tree the first time,
// then the paths storygate wrote since, when dir is the clone. A nil h
// walks every time.
//
// Why once is enough: the tree's only writers are storygate, whose
// writes after the clone go through Tree.Wrote, and the commands, which
// run as UnprivilegedID with no capability and so can neither make an
// entry another user's (chown) nor link one in from outside (their tree
// is a mount of its own: link(2) across mounts fails, and
// fs.protected_hardlinks refuses a link to a file they could not write).
// Everything a command makes is UnprivilegedID's already.
func (h *handedOver) handOver(dir string) error {
	if h == nil {
		return chownTree(dir, UnprivilegedID, UnprivilegedID)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.trees[dir] {
		if err := chownTree(dir, UnprivilegedID, UnprivilegedID); err != nil {
			return err
		}
		h.trees[dir] = true
		if dir == h.dir {
			h.wrote = nil
		}
		return nil
	}
	if dir != h.dir || len(h.wrote) == 0 {
		return nil
	}
	if err := chownPaths(dir, h.wrote, UnprivilegedID, UnprivilegedID); err != nil {
		return err
	}
	h.wrote = nil
	return nil
}

// chownPaths makes uid:gid the owner of each of rels (slash paths inside
// dir) and of every directory on the way to it that is not already
// theirs, through an os.Root as chownTree does: a path that no longer
// resolves inside dir (a command swapped a directory on it for a symlink
// out of the tree) is skipped, as storygate, which writes through an
// os.Root too, cannot have written there; a symlink at the end is
// changed, not followed.
func chownPaths(dir string, rels []string, uid, gid int) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("open %s: %w", dir, err)
	}
	defer root.Close()
	seen := map[string]bool{}
	for _, rel := range rels {
		parts := strings.Split(rel, "/")
		for i := range parts {
			p := strings.Join(parts[:i+1], "/")
			if seen[p] {
				continue
			}
			seen[p] = true
			info, err := root.Lstat(p)
			if err != nil {
				break
			}
			if !owned(info, uid, gid) {
				if err := skipVanished(root.Lchown(p, uid, gid)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// chownTree makes uid:gid the owner of dir and of everything below it that
// is not already theirs. It works through an os.Root, so a symlink a
// command planted in the tree earlier (or plants while the walk runs)
// cannot make storygate, as root, hand over a file outside the tree;
// symlinks themselves are changed, not followed. Entries that vanish
// during the walk are skipped.
func chownTree(dir string, uid, gid int) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("open %s: %w", dir, err)
	}
	defer root.Close()
	return fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return skipVanished(err)
		}
		info, err := d.Info()
		if err != nil {
			return skipVanished(err)
		}
		if owned(info, uid, gid) {
			return nil
		}
		return skipVanished(root.Lchown(p, uid, gid))
	})
}

func skipVanished(err error) error {
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return fmt.Errorf("change owner: %w", err)
}

// owned reports whether info's file already belongs to uid:gid.
func owned(info fs.FileInfo, uid, gid int) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == uid && int(st.Gid) == gid
}
