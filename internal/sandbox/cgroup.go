package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
)

// How Report.LimitsBy says the memory and process caps were enforced.
const (
	// LimitsCgroup: a cgroup v2 of the command's own, memory.max and
	// pids.max over its whole process tree.
	LimitsCgroup = "cgroup"
	// LimitsRlimit: per process, RLIMIT_AS and RLIMIT_NPROC (prlimit).
	LimitsRlimit = "rlimit"
)

// cgroupTree is a cgroup v2 hierarchy mounted at Root (/sys/fs/cgroup on
// a runner; a test's directory stands for it) in which storygate runs in
// the cgroup Own (the path /proc/self/cgroup gives).
type cgroupTree struct {
	Root, Own string
	serial    atomic.Int64
}

// ownCgroup is the cgroup v2 path in /proc/self/cgroup's content (the
// "0::" line); false on a cgroup v1 only system.
func ownCgroup(procSelfCgroup string) (string, bool) {
	for _, line := range strings.Split(procSelfCgroup, "\n") {
		if p, ok := strings.CutPrefix(line, "0::"); ok && strings.HasPrefix(p, "/") {
			return p, true
		}
	}
	return "", false
}

// probeCgroup returns the cgroup tree commands can be capped in, or why
// there is none: a v2 hierarchy at root with the memory and pids
// controllers, storygate's own cgroup writable, and the controllers
// delegated to its children (delegate).
func probeCgroup(root, procSelfCgroup string) (*cgroupTree, string) {
	own, ok := ownCgroup(procSelfCgroup)
	if !ok {
		return nil, "the machine has no cgroup v2 hierarchy (cgroup v1 only)"
	}
	controllers, err := os.ReadFile(filepath.Join(root, "cgroup.controllers"))
	if err != nil {
		return nil, fmt.Sprintf("no cgroup v2 hierarchy at %s", root)
	}
	for _, c := range []string{"memory", "pids"} {
		if !hasWord(string(controllers), c) {
			return nil, fmt.Sprintf("the cgroup v2 hierarchy at %s has no %s controller", root, c)
		}
	}
	t := &cgroupTree{Root: root, Own: own}
	if err := t.delegate(); err != nil {
		return nil, err.Error()
	}
	return t, ""
}

// delegate enables the memory and pids controllers for the children of
// storygate's cgroup. The kernel refuses that while the cgroup itself
// holds processes (other than at the root), so storygate first moves
// itself into a leaf of its own, storygate-self; a cgroup holding other
// processes too (the shell that started storygate) cannot be delegated.
func (t *cgroupTree) delegate() error {
	dir := filepath.Join(t.Root, t.Own)
	control := filepath.Join(dir, "cgroup.subtree_control")
	have, err := os.ReadFile(control)
	if err != nil {
		return fmt.Errorf("storygate's cgroup %s cannot be read: %w", t.Own, err)
	}
	if hasWord(string(have), "memory") && hasWord(string(have), "pids") {
		return nil
	}
	if os.WriteFile(control, []byte("+memory +pids"), 0o644) == nil {
		return nil
	}
	self := filepath.Join(dir, "storygate-self")
	if err := os.Mkdir(self, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("storygate's cgroup %s is not writable: %w", t.Own, err)
	}
	if err := os.WriteFile(filepath.Join(self, "cgroup.procs"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return fmt.Errorf("storygate cannot move into a leaf of its cgroup %s: %w", t.Own, err)
	}
	if err := os.WriteFile(control, []byte("+memory +pids"), 0o644); err != nil {
		return fmt.Errorf("storygate's cgroup %s holds other processes, so its memory and pids controllers cannot be delegated: %w", t.Own, err)
	}
	return nil
}

// limitGroup is one command's cgroup.
type limitGroup struct {
	Dir string
}

// create makes a new cgroup for one command under storygate's own, capped
// at memBytes of memory (swap included: memory.swap.max 0, where the
// kernel has swap accounting) and pids processes; zero leaves a cap at
// "max".
func (t *cgroupTree) create(memBytes int64, pids int) (*limitGroup, error) {
	name := fmt.Sprintf("storygate-cmd-%d-%d", os.Getpid(), t.serial.Add(1))
	g := &limitGroup{Dir: filepath.Join(t.Root, t.Own, name)}
	if err := os.Mkdir(g.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("sandbox: create cgroup %s: %w", name, err)
	}
	writes := [][2]string{{"memory.max", capValue(memBytes)}, {"pids.max", capValue(int64(pids))}}
	if memBytes > 0 {
		writes = append(writes, [2]string{"memory.swap.max", "0"})
	}
	for _, w := range writes {
		err := os.WriteFile(filepath.Join(g.Dir, w[0]), []byte(w[1]), 0o644)
		if err != nil && !(w[0] == "memory.swap.max" && errors.Is(err, os.ErrNotExist)) {
			g.remove()
			return nil, fmt.Errorf("sandbox: cgroup %s: write %s: %w", name, w[0], err)
		}
	}
	return g, nil
}

// remove kills whatever is left in the group (cgroup.kill, Linux 5.14)
// and removes it.
func (g *limitGroup) remove() {
	_ = os.WriteFile(filepath.Join(g.Dir, "cgroup.kill"), []byte("1"), 0o644)
	for _, f := range []string{"memory.max", "pids.max", "memory.swap.max", "cgroup.kill"} {
		// A real cgroup's files go with the directory; a test's must go
		// first.
		if st, err := os.Lstat(filepath.Join(g.Dir, f)); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
			_ = os.Remove(filepath.Join(g.Dir, f))
		}
	}
	_ = os.Remove(g.Dir)
}

func capValue(n int64) string {
	if n <= 0 {
		return "max"
	}
	return strconv.FormatInt(n, 10)
}

func hasWord(s, w string) bool {
	for _, f := range strings.Fields(s) {
		if f == w {
			return true
		}
	}
	return false
}
