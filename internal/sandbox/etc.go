package sandbox

import (
	"errors"
	"sync"
	"sync/atomic"
)

// etcStage is the /etc the commands of one Tree see: the allowlisted
// entries (etcEntries) copied once, when the first command needs them,
// into a run directory of their own (in memory where the machine allows:
// rundir.FastTemp), which each command then mounts read-only whole, with
// the entries that are not copied (too many files, too large, not
// readable by everyone, not a plain file, directory or link) mounted from
// the host over their places in it. One read-only mount of the copy and a
// few of the large directories replace the twenty-odd mounts and copies
// per command it took to show the same /etc (bench/README.md); the copy
// is made once per tree, and removed with it (Tree.Close).
type etcStage struct {
	once sync.Once
	// parent is where the copy's run directory is made; "" for
	// rundir.FastTemp's choice.
	parent string
	// made is that run directory and dir the copy in it; args are the
	// bwrap arguments that mount it, err why it could not be made (each
	// command then shows /etc entry by entry, as a command outside a
	// tree does).
	made, dir string
	args      []string
	err       error
	// removed is set once the tree is closed.
	removed atomic.Bool
}

// errStageRemoved is the stage's error once its tree is closed.
var errStageRemoved = errors.New("the tree's /etc copy is removed")

// remove removes the copy, waiting for a command that is making it; the
// stage makes none after.
func (e *etcStage) remove() {
	e.once.Do(func() { e.err = errStageRemoved })
	e.removed.Store(true)
	if e.made != "" {
		RemoveTree(e.made)
	}
}
