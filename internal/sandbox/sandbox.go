// Package sandbox runs one shell command from the change under review
// (a verification item, the revert suite) isolated with bubblewrap: new
// user, PID, mount, network, IPC and UTS namespaces, no capabilities, only
// the system directories and the command's own tree mounted, a private
// /tmp, address-space and process limits, and everything killed with the
// namespace when the command ends or its time runs out. docs/verify.md
// lists what it does and does not stop.
package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"

	"github.com/storygate/storygate/internal/sandboxexec"
)

// Mode is verify.sandbox: whether commands must, may or must not run
// isolated.
type Mode string

// The modes. Auto isolates where a sandbox can start and otherwise runs the
// command as before, saying so in the report; Required refuses to run a
// command that cannot be isolated; Off never isolates.
const (
	Auto     Mode = "auto"
	Required Mode = "required"
	Off      Mode = "off"
)

// Modes lists the legal values of verify.sandbox.
var Modes = []Mode{Auto, Required, Off}

// Policy is how commands are isolated. The caller chooses it (from the
// configuration's verify keys, verify.SandboxPolicy), so the sandbox
// depends on no configuration format.
type Policy struct {
	Mode Mode
	// Network is what the command reaches (network.go); "" is None.
	Network Network
	// MemoryBytes is the address-space limit of every process; zero means
	// none.
	MemoryBytes int64
	// Processes is the process limit; zero means none.
	Processes int
	// Caches offers the runner's module and build caches, each behind a
	// private writable layer (caches.go); without it Go's caches are empty
	// private directories.
	Caches bool
	// TmpBytes caps the size of the command's private /tmp (a tmpfs, so
	// memory); zero means no cap.
	TmpBytes int64
	// FileBytes caps the size of each file the command writes, on the
	// clone's disk as anywhere (RLIMIT_FSIZE: a write past it fails with
	// EFBIG); zero means no cap. The total the clone takes is not capped.
	FileBytes int64
	// ReadOnly are extra host paths the command may read (toolchains,
	// caches outside /usr and /opt).
	ReadOnly []string
	// LookPath finds bwrap, prlimit and setpriv; nil is exec.LookPath.
	// A test stands for a runner without bubblewrap with one that finds
	// nothing.
	LookPath func(file string) (string, error)
	// Refusal, when set, is why commands that cannot be isolated must not
	// run under Auto either (storygate runs in the Docker image, which has
	// no sandbox: verify.UnsandboxedRefusal); Auto then refuses them as
	// Required does, with this reason. Off ignores it.
	Refusal string
	// Helper is the storygate executable that applies the Landlock layer
	// inside the sandbox (HelperCommand); empty means this executable
	// when it is storygate, and no Landlock layer otherwise.
	Helper string
}

// Report says how the commands of a run were isolated; results documents
// carry it and the printers show it.
type Report struct {
	Mode Mode `json:"mode"`
	// Isolated is true when commands ran in the sandbox.
	Isolated bool `json:"isolated"`
	// Reason says why they did not (no bwrap, namespaces refused, off).
	Reason string `json:"reason,omitempty"`
	// Refused says why auto did not run commands unisolated either
	// (Policy.Refusal); empty when it would have.
	Refused string `json:"refused,omitempty"`
	// Network is true when the commands kept the host's network
	// (NetworkMode full); NetworkMode is verify.network.
	Network     bool    `json:"network,omitempty"`
	NetworkMode Network `json:"network_mode,omitempty"`
	MemoryBytes int64   `json:"memory_limit_bytes,omitempty"`
	Processes   int     `json:"process_limit,omitempty"`
	TmpBytes    int64   `json:"tmp_limit_bytes,omitempty"`
	FileBytes   int64   `json:"file_limit_bytes,omitempty"`
	// LimitsBy is how the caps held: LimitsCgroup for the whole process
	// tree, LimitsRlimit per process, with NoCgroup saying why.
	LimitsBy string `json:"limits_by,omitempty"`
	NoCgroup string `json:"no_cgroup,omitempty"`
	// Caches are the runner's caches the commands got and how.
	Caches []CacheReport `json:"caches,omitempty"`
	// UID is the user the commands ran as when storygate, running as
	// root, gave them an unprivileged one; zero when they kept storygate's.
	UID int `json:"uid,omitempty"`
	// LandlockABI is the kernel's Landlock ABI when the Landlock layer
	// restricted the commands' writes; zero, with NoLandlock saying why,
	// when it did not.
	LandlockABI int    `json:"landlock_abi,omitempty"`
	NoLandlock  string `json:"no_landlock,omitempty"`
	// NotMounted says which PATH directories the sandbox left out because
	// mounting them would show the command the runner's or a user's files
	// (a toolchain under $HOME).
	NotMounted []string `json:"not_mounted,omitempty"`
}

// Summary is the report in one sentence, for notes and summaries.
func (r Report) Summary() string {
	switch {
	case r.Isolated:
		net := networkSummary(r.NetworkMode)
		if r.Network {
			net = networkSummary(Full)
		}
		user := ""
		if r.UID != 0 {
			user = fmt.Sprintf(", as uid %d", r.UID)
		}
		lock := "no Landlock: " + r.NoLandlock
		if r.LandlockABI > 0 {
			lock = fmt.Sprintf("writes confined by Landlock ABI %d", r.LandlockABI)
		}
		memory := "address space"
		if r.LimitsBy == LimitsCgroup {
			memory = "memory of the whole tree (cgroup)"
		}
		return fmt.Sprintf("PR commands ran in the bubblewrap sandbox (%s, %s %s, processes %s%s, %s)%s", net, memory,
			limit(r.MemoryBytes>>20, " MiB"), limit(int64(r.Processes), ""), user, lock, notMounted(r.NotMounted))
	case r.Mode == Required:
		return "PR commands were not run: verify.sandbox is required and no sandbox can start: " + r.Reason
	case r.Refused != "":
		return "PR commands were not run: " + r.Refused + " (no sandbox can start: " + r.Reason + ")"
	}
	return "PR commands ran WITHOUT a sandbox: " + r.Reason
}

// notMounted is the summary's note on the PATH entries left out.
func notMounted(notes []string) string {
	if len(notes) == 0 {
		return ""
	}
	return fmt.Sprintf("; %d PATH entries not mounted, as they would show the runner's or a user's files (the report's not_mounted says which)",
		len(notes))
}

func limit(n int64, unit string) string {
	if n <= 0 {
		return "not capped"
	}
	return fmt.Sprintf("at most %d%s", n, unit)
}

// HelperCommand is the hidden storygate subcommand that applies the
// Landlock layer, the user and the limits inside the sandbox and then
// executes the command (sandboxexec.Run).
const HelperCommand = sandboxexec.Command

// UnprivilegedID is the uid and gid commands run as when storygate runs as
// root: nobody and nogroup on Debian and Ubuntu. It needs no entry in
// /etc/passwd; what matters is that it is not 0, because the kernel exempts
// uid 0 from the process limit.
const UnprivilegedID = 65534

// Sandbox is the isolation one storygate run uses for every command. A nil
// *Sandbox runs commands unisolated, as verify.sandbox: off does.
type Sandbox struct {
	policy Policy
	// without is why this copy must not isolate although the machine
	// could (Without); "" when nothing stands in the way.
	without string
	// machine is what the probe found, shared by every copy Without makes,
	// so that a run probes at most once, and only when a command needs it.
	*machine
}

// machine is what the start-up check finds on this machine: the tools,
// the kernel's features and whether a sandbox starts. It is found once,
// on first use (Sandbox.why), never by New.
type machine struct {
	once sync.Once
	// ctx bounds the probe, which runs when a command first needs it.
	ctx   context.Context
	bwrap string
	limit string
	// setpriv is util-linux's setpriv, which gives commands an
	// unprivileged user when storygate runs as root and no helper does it
	// (dropsPrivileges); "" when storygate is not root.
	setpriv string
	// helper applies Landlock inside (see HelperCommand), and as root
	// also gives the command its user and its limits; "" when there is
	// no Landlock layer, for the reason noLandlock gives.
	helper     string
	landlock   int
	noLandlock string
	// terminal is true when storygate has a controlling terminal, and
	// commands then get a session of their own (controllingTerminal).
	terminal bool
	// overlay is true when bwrap has overlay mounts (caches_linux.go).
	overlay bool
	// kernelOverlay is true when a root storygate can mount overlays
	// itself (caches_overlay_linux.go).
	kernelOverlay bool
	// cgroup is where commands get a cgroup of their own for the caps
	// (cgroup_linux.go); nil, for the reason noCgroup gives, when they
	// are capped per process.
	cgroup   *cgroupTree
	noCgroup string
	// unavailable says why no sandbox can start; "" when one can.
	unavailable string
	// dirs are the runner's directories nothing mounted may expose;
	// toolchains the toolchain roots PATH uses, mounted read-only;
	// notMounted says which PATH entries were left out and why; refused
	// is set when a configured path would expose a runner directory, and
	// then no command runs (allowlist_linux.go).
	dirs       runnerDirs
	toolchains []string
	notMounted []string
	refused    error
	// probes counts the start-up checks made, for the test that a run
	// makes at most one.
	probes int
}

// New returns the isolation to use under p. It starts nothing: whether
// the sandbox can start on this machine (bwrap and prlimit present,
// namespaces allowed) is checked once, when a command first needs the
// answer (Isolated, Command, Report, Caches), so a run in which no gate
// runs code never probes. ctx bounds that check.
func New(ctx context.Context, p Policy) *Sandbox {
	if p.Mode == "" {
		p.Mode = Auto
	}
	if p.Network == "" {
		p.Network = None
	}
	return &Sandbox{policy: p, machine: &machine{ctx: ctx}}
}

// why is why no command can be isolated, or "" when one can: the probe's
// answer, found on the first call and reused after, then Without's.
func (s *Sandbox) why() string {
	s.once.Do(func() {
		s.probes++
		if s.policy.Mode == Off {
			s.unavailable = "verify.sandbox is off"
			return
		}
		s.unavailable = s.probe(s.ctx)
	})
	if s.unavailable != "" {
		return s.unavailable
	}
	return s.without
}

// Without is s unable to isolate for reason (the root has no commit to
// clone, say): commands run unisolated in auto mode and not at all in
// required mode, as when no sandbox can start. It probes nothing; when
// the machine cannot start a sandbox either, its reason is the one given.
func (s *Sandbox) Without(reason string) *Sandbox {
	if s == nil || s.without != "" {
		return s
	}
	c := *s
	c.without = reason
	return &c
}

// Isolated reports whether commands run in the sandbox.
func (s *Sandbox) Isolated() bool { return s != nil && s.why() == "" }

// Report describes the isolation for results documents.
func (s *Sandbox) Report() Report {
	if s == nil {
		return Report{Mode: Off, Reason: "no sandbox was configured"}
	}
	r := Report{Mode: s.policy.Mode, Isolated: s.Isolated(), Reason: s.why()}
	if s.refuses() {
		r.Refused = s.policy.Refusal
	}
	if r.Isolated {
		r.Network, r.NetworkMode = s.policy.hostNetwork(), s.policy.Network
		r.MemoryBytes, r.Processes, r.TmpBytes, r.FileBytes = s.policy.MemoryBytes, s.policy.Processes, s.policy.TmpBytes, s.policy.FileBytes
		if s.setpriv != "" {
			r.UID = UnprivilegedID
		}
		r.LandlockABI, r.NoLandlock = s.landlock, s.noLandlock
		r.NotMounted = append([]string{}, s.notMounted...)
		r.Caches = s.cacheReport(os.Environ())
		r.LimitsBy, r.NoCgroup = LimitsRlimit, s.noCgroup
		if s.cgroup != nil {
			r.LimitsBy = LimitsCgroup
		}
	}
	return r
}

// Mounts are the host paths a command sees besides the system directories.
type Mounts struct {
	// Writable are mounted read-write at the same path: the command's tree.
	Writable []string
	// ReadOnly are mounted read-only at the same path: the object
	// directories the tree's .git borrows from.
	ReadOnly []string
	// ReadOnlyInside are paths inside a Writable tree mounted read-only
	// over themselves: the governed tests, which a command must not edit
	// to make its own rerun pass. Each must lie inside a Writable tree
	// with no symbolic link on the way.
	ReadOnlyInside []string
	// Caches are the check's private cache layers (Sandbox.Caches), shared
	// by its commands; nil gives each command layers of its own.
	Caches *CacheSet
	// view, set by Tree.Mounts, is where the command sees the tree: at the
	// checkout it was cloned from (treeView); nil: every path at its own.
	view *treeView
	// uses, set by Tree.Mounts, is the tree's projectUses; nil: found
	// from the trees when a command needs its caches.
	uses func(name string) bool
	// owners, set by Tree.Mounts, records which writable trees a root
	// storygate handed over (owner_linux.go); nil: every command's
	// writable trees are walked before it starts.
	owners *handedOver
	// etc, set by Tree.Mounts, is the tree's copy of /etc (etcStage);
	// nil: each command is shown the /etc entries one by one.
	etc *etcStage
}

// Launch is how to start one command.
type Launch struct {
	Path string
	Args []string
	Env  []string
	// Release removes what the launch prepared on the host (the private
	// cache layers, the command's cgroup); nil when there is nothing.
	// Done calls it.
	Release func()
	// Prepare sets up the process before it starts (the cgroup it is
	// cloned into); nil when there is nothing. Apply calls it.
	Prepare func(*exec.Cmd)
}

// Apply prepares cmd, the process started for the launch; call it last,
// after the caller's own SysProcAttr settings.
func (l Launch) Apply(cmd *exec.Cmd) {
	if l.Prepare != nil {
		l.Prepare(cmd)
	}
}

// Done releases what the launch prepared; call it once the command has
// ended.
func (l Launch) Done() {
	if l.Release != nil {
		l.Release()
	}
}

// Command returns how to start `sh -c command` in dir with env. Without
// isolation that is the shell itself; with verify.sandbox: required and no
// sandbox it is an error, so the command never runs.
func (s *Sandbox) Command(command, dir string, env []string, m Mounts) (Launch, error) {
	if s.Isolated() {
		return s.wrap(command, dir, env, m)
	}
	if s != nil && s.policy.Mode == Required {
		return Launch{}, fmt.Errorf("verify.sandbox is required and no sandbox can start: %s", s.why())
	}
	if s.refuses() {
		return Launch{}, fmt.Errorf("%s (no sandbox can start: %s)", s.policy.Refusal, s.why())
	}
	return Launch{Path: "sh", Args: []string{"-c", command}, Env: env}, nil
}

// refuses reports whether auto must not run commands unisolated here
// (Policy.Refusal) and no sandbox can start.
func (s *Sandbox) refuses() bool {
	return s != nil && !s.Isolated() && s.policy.Mode == Auto && s.policy.Refusal != ""
}
