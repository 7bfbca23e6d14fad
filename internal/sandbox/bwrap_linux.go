//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// systemDirs are mounted read-only whole so that shells, compilers and
// interpreters work (/usr/local holds toolchains too). Nothing else of the
// host is visible but the /etc entries of etcEntries, the toolchains PATH
// uses (allowlist_linux.go) and the command's own trees: not /opt, where a
// self-hosted runner keeps its work directory, not $HOME, not the runner's
// temporary directory, not /run (the Docker socket), not /sys.
var systemDirs = []string{"/usr"}

// systemLinks are the top-level directories that merged-/usr systems make
// symlinks; they are recreated as links or mounted when they are real.
var systemLinks = []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}

// etcEntries are the parts of /etc a toolchain needs (glob patterns):
// certificates, the user and host databases, name resolution, the dynamic
// linker's cache, the Debian alternatives, the time zone, and the
// configuration distribution packages of Java, Perl and Python link to
// from /usr. The rest of /etc is not mounted: a self-hosted runner's
// administrator may keep credentials there (/etc/gitconfig,
// /etc/environment, a package manager's auth).
var etcEntries = []string{"ssl", "ca-certificates", "ca-certificates.conf", "pki", "passwd", "group", "hosts",
	"hostname", "resolv.conf", "nsswitch.conf", "host.conf", "gai.conf", "services", "protocols", "alternatives",
	"ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "timezone", "mime.types", "os-release", "lsb-release",
	"java-*", "perl", "python3*", "fonts"}

// probeTimeout bounds the start-up check.
const probeTimeout = 10 * time.Second

// probe returns why no sandbox can start here, or "".
func (s *Sandbox) probe(ctx context.Context) string {
	defer s.allow(os.Getenv) // after the start-up check, which mounts nothing of them
	var err error
	lookPath := s.policy.LookPath
	if lookPath == nil {
		lookPath = exec.LookPath
	}
	if s.bwrap, err = lookPath("bwrap"); err != nil {
		return "bubblewrap (bwrap) is not installed; install the Debian/Ubuntu package bubblewrap"
	}
	if s.limit, err = lookPath("prlimit"); err != nil {
		return "prlimit (util-linux) is not installed, so no memory or process limit can be set"
	}
	if os.Geteuid() == 0 {
		if s.setpriv, err = lookPath("setpriv"); err != nil {
			return "storygate runs as root and setpriv (util-linux) is not installed, so commands cannot get an unprivileged user"
		}
	}
	s.terminal = controllingTerminal()
	s.helper, s.landlock, s.noLandlock = landlockHelper(s.policy)
	s.overlay = overlaySupported(s.bwrap)
	s.kernelOverlay = s.setpriv != "" && s.policy.Caches && kernelOverlayWorks()
	why := s.tryHelpers(ctx)
	if why == "" {
		s.probeLimits(ctx)
	}
	return why
}

// tryHelpers starts `true` in the sandbox with each Landlock helper in
// turn until one works: the small helper next to storygate when it is
// this build's (smallHelper), storygate itself, then none, saying why
// there is no Landlock layer. It returns why the sandbox does not start
// at all, or "".
func (s *Sandbox) tryHelpers(ctx context.Context) string {
	if ours, ok := debug.ReadBuildInfo(); ok && s.helper != "" && s.policy.Helper == "" {
		own := s.helper
		for _, h := range helperCandidates(own, ours) {
			if s.helper = h; h != own && s.try(ctx) == "" {
				return ""
			}
		}
		s.helper = own // tried below, as without a small helper
	}
	why := s.try(ctx)
	if why != "" && s.helper != "" {
		s.helper, s.landlock, s.noLandlock = "", 0, "storygate's Landlock helper does not start in the sandbox: "+why
		why = s.try(ctx)
	}
	return why
}

// try starts `true` in the sandbox and returns why it failed, or "".
func (s *Sandbox) try(ctx context.Context) string {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	l, err := s.wrap("true", "/", nil, Mounts{})
	if err != nil {
		return err.Error()
	}
	defer l.Done()
	probe := exec.CommandContext(ctx, l.Path, l.Args...)
	DieWithParent(probe, syscall.SIGKILL)
	l.Apply(probe)
	out, err := probe.CombinedOutput()
	if err != nil {
		return fmt.Sprintf("bwrap cannot create its namespaces here (%v): %s", err, strings.TrimSpace(string(out)))
	}
	return ""
}

// wrap builds the bwrap command line for `sh -c command` in dir.
func (s *Sandbox) wrap(command, dir string, env []string, m Mounts) (Launch, error) {
	if err := s.checkMounts(m); err != nil {
		return Launch{}, err
	}
	if err := s.handOver(m); err != nil {
		return Launch{}, err
	}
	args := s.namespaces()
	var pins pinned
	sys, err := pins.systemMounts(m.etc)
	if err != nil {
		pins.close()
		return Launch{}, err
	}
	caches, release, err := s.checkCaches(env, dir, m)
	if err != nil {
		pins.close()
		return Launch{}, err
	}
	inside, err := pins.pinInside(m)
	if err != nil {
		doRelease(release)
		return Launch{}, err
	}
	prepare, ungroup, err := s.commandGroup()
	if err != nil {
		pins.close()
		doRelease(release)
		return Launch{}, err
	}
	args = append(append(args, sys...), s.masks()...)
	args = append(append(args, "--proc", "/proc", "--dev", "/dev"), s.privateTmp()...)
	args = append(args, "--perms", "0777", "--dir", sandboxHome)
	// The caches after the trees: a module cache kept at its own path
	// (modulesInPlace) inside the checkout, where the clone is seen
	// (actions/cache of a path in the workspace), lands over the clone's
	// mount rather than under it.
	args = append(append(append(args, s.treeMounts(m)...), caches.args...), inside...)
	if s.helper != "" {
		args = append(args, "--ro-bind", s.helper, helperMount)
	}
	args = append(append(args, "--chdir", m.view.see(dir), "--"), s.chain(m.seen(m.Writable))...)
	args = append(args, "sh", "-c", command)
	return Launch{Path: s.bwrap, Args: args, Env: insideEnv(cacheEnv(env, caches.caches)),
		Release: func() { pins.close(); ungroup(); doRelease(release) }, Prepare: pins.prepare(prepare)}, nil
}

// treeMounts mounts, after the system, the toolchains and the configured
// paths read-only, the caller's trees (writable, then read-only) where the
// command sees them (treeView) and the view's objects and alternates; the
// paths inside them that stay read-only (ReadOnlyInside) follow, pinned
// (pinInside).
func (s *Sandbox) treeMounts(m Mounts) []string {
	var readOnly []string
	for _, p := range append(append(append([]string{}, s.toolchains...), s.policy.ReadOnly...), m.ReadOnly...) {
		if !m.view.isObjects(p) {
			readOnly = append(readOnly, p)
		}
	}
	points := append(append([]string{}, readOnly...), m.seen(m.Writable)...)
	if m.view != nil && len(m.view.objects) > 0 {
		points = append(points, m.view.objectDir(0))
	}
	args := mountParents(points)
	for _, p := range readOnly {
		args = append(args, "--ro-bind", p, p)
	}
	for _, p := range m.Writable {
		args = append(args, "--bind", p, m.view.see(p))
	}
	return append(args, m.view.mounts()...)
}

// namespaces are bwrap's isolation options. A non-root storygate gets a
// user namespace of its own; a root one keeps the initial user namespace,
// since the kernel exempts uid 0 there from RLIMIT_NPROC whatever a user
// namespace maps it to, and the helper (or, without it, setpriv: see
// chain) then gives the command a real unprivileged uid. bwrap keeps the
// capabilities that needs, and the one that lets it change into the tree
// it handed over; the helper or setpriv drops them all.
func (s *Sandbox) namespaces() []string {
	var args []string
	if s.setpriv == "" {
		args = []string{"--unshare-all", "--unshare-user", "--cap-drop", "ALL"}
		if s.policy.hostNetwork() {
			args = append(args, "--share-net")
		}
	} else {
		args = []string{"--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
			"--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP",
			"--cap-add", "CAP_DAC_READ_SEARCH"}
		if !s.policy.hostNetwork() {
			args = append(args, "--unshare-net")
		}
	}
	args = append(args, "--die-with-parent")
	if s.terminal {
		args = append(args, "--new-session")
	}
	return args
}

// controllingTerminal reports whether storygate has a controlling
// terminal. A command in storygate's session could push input into it
// (TIOCSTI on /dev/tty), so then bwrap gives the command a session of its
// own (--new-session). Without one (CI, the Action) there is nothing to
// push into, and no new session: a new session is a new scheduler
// autogroup, which on a loaded machine cost each command more than the
// rest of the sandbox (bench/README.md).
func controllingTerminal() bool {
	fd, err := unix.Open("/dev/tty", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	unix.Close(fd)
	return true
}

// unprivileged is the setpriv prefix that runs the command as
// UnprivilegedID with no supplementary groups and no capability left in
// any set, where no helper does it (becomeUser); empty when storygate is
// not root.
func (s *Sandbox) unprivileged() []string {
	if s.setpriv == "" {
		return nil
	}
	id := strconv.Itoa(UnprivilegedID)
	return []string{s.setpriv, "--reuid=" + id, "--regid=" + id, "--clear-groups", "--inh-caps=-all",
		"--bounding-set=-all", "--no-new-privs", "--"}
}

// chain is what runs between bwrap and the shell. With the Landlock
// helper that is the helper alone, which also gives the command its user
// (as root) and its limits; without it, setpriv (as root) and prlimit,
// one exec each.
func (s *Sandbox) chain(writable []string) []string {
	if s.helper == "" {
		args := append(s.unprivileged(), s.limit)
		for _, l := range s.limits() {
			args = append(args, "--"+l)
		}
		return args
	}
	args := []string{helperMount, HelperCommand}
	if s.setpriv != "" {
		args = append(args, "--user", strconv.Itoa(UnprivilegedID))
	}
	for _, l := range s.limits() {
		args = append(args, "--rlimit", l)
	}
	return append(args, s.landlocked(writable)...)
}

// limits are the memory and process limits set per process, as prlimit
// names them: no core dumps, the address-space cap only when no cgroup
// caps the whole tree (memory.max counts resident memory, which -race and
// V8 do not exceed the way they do an address-space cap), the process cap
// and the file-size cap.
func (s *Sandbox) limits() []string {
	out := []string{"core=0"}
	if s.policy.MemoryBytes > 0 && s.cgroup == nil {
		out = append(out, "as="+strconv.FormatInt(s.policy.MemoryBytes, 10))
	}
	if s.policy.Processes > 0 {
		out = append(out, "nproc="+strconv.Itoa(s.policy.Processes))
	}
	if s.policy.FileBytes > 0 {
		out = append(out, "fsize="+strconv.FormatInt(s.policy.FileBytes, 10))
	}
	return out
}

// mountParents creates, mode 0755, every directory above a mount point
// that is not a system directory, so that an unprivileged command can
// reach the mount wherever it lies on the host (under a 0700 temporary
// directory, under /root); bwrap would otherwise copy such modes.
func mountParents(points []string) []string {
	var args []string
	made := map[string]bool{"/": true, "/tmp": true}
	for _, p := range points {
		var parents []string
		for d := filepath.Dir(filepath.Clean(p)); !made[d] && !underSystemDir(d); d = filepath.Dir(d) {
			made[d] = true
			parents = append(parents, d)
		}
		for i := len(parents) - 1; i >= 0; i-- {
			args = append(args, "--perms", "0755", "--dir", parents[i])
		}
	}
	return args
}

// systemMounts mounts systemDirs and etcEntries read-only and recreates
// systemLinks. A tree's command mounts the tree's copy of /etc (etc, when
// it could be made); any other is shown each entry: an /etc entry that is a file (followed, when a link) is
// not mounted but copied into the sandbox's /etc from a descriptor
// (--file, read-only, root's as every mount is): bwrap's bind mount and
// read-only remount of each of the twenty-odd files was the largest part
// of a command's start (bench/README.md); a copy costs a write of a few
// kilobytes. A file larger than copiedEtcFile stays mounted.
func (p *pinned) systemMounts(etc *etcStage) ([]string, error) {
	var args []string
	for _, d := range systemDirs {
		if _, err := os.Stat(d); err == nil {
			args = append(args, "--ro-bind", d, d)
		}
	}
	if staged, err := etc.mountsOf("/etc"); err == nil {
		args = append(args, staged...)
	} else {
		args = append(args, p.etcEntries()...)
	}
	links, err := linkMounts()
	if err != nil {
		return nil, err
	}
	return append(args, links...), nil
}

// etcEntries shows the command each entry of etcEntries: bwrap makes /etc,
// copies the small files in and mounts the rest.
func (p *pinned) etcEntries() []string {
	args := []string{"--perms", "0755", "--dir", "/etc"} // bwrap would make it 0700, closed to the command's uid
	for _, e := range etcEntries {
		found, _ := filepath.Glob(filepath.Join("/etc", e)) // the patterns are valid
		for _, path := range found {
			args = append(args, p.etcEntry(path)...)
		}
	}
	return args
}

// copiedEtcFile is the largest /etc file systemMounts copies.
const copiedEtcFile = 1 << 20

// etcEntry is the arguments that show the /etc entry path: a copy of a
// small file, a read-only mount of anything else, nothing for what does
// not exist (a dangling link would stop bwrap).
func (p *pinned) etcEntry(path string) []string {
	// Non-blocking: opening a FIFO would otherwise wait for a writer.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() || info.Size() > copiedEtcFile {
		f.Close()
		if err != nil {
			return nil
		}
		return []string{"--ro-bind", path, path}
	}
	return []string{"--perms", "0444", "--file", strconv.Itoa(p.add(f)), path}
}

// linkMounts recreates systemLinks as links, or mounts them when they are
// real directories.
func linkMounts() ([]string, error) {
	var args []string
	for _, d := range systemLinks {
		info, err := os.Lstat(d)
		switch {
		case err != nil:
			continue
		case info.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(d)
			if err != nil {
				return nil, fmt.Errorf("sandbox: read link %s: %w", d, err)
			}
			args = append(args, "--symlink", target, d)
		case info.IsDir():
			args = append(args, "--ro-bind", d, d)
		}
	}
	return args, nil
}

// exists reports whether p (followed, when a link) exists.
func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
