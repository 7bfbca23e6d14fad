//go:build linux

package sandboxexec

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// helperLine is a parsed Command line:
// `[--user ID] [--rlimit NAME=N]... [--write DIR]... -- PROGRAM [ARG]...`.
// --user and --rlimit are what setpriv and prlimit would otherwise do, one
// exec each, between bwrap and the command; the helper does them itself,
// so the chain is bwrap, the helper, the command.
type helperLine struct {
	// user is the uid and gid to become; -1 keeps storygate's.
	user     int
	limits   []helperLimit
	writable []string
	argv     []string
}

// helperLimit is one resource limit, soft and hard alike, as prlimit
// --NAME=N sets it.
type helperLimit struct {
	resource int
	value    uint64
}

// helperLimits names the resources a helper line may limit.
var helperLimits = map[string]int{"core": unix.RLIMIT_CORE, "as": unix.RLIMIT_AS, "nproc": unix.RLIMIT_NPROC,
	"fsize": unix.RLIMIT_FSIZE}

// errHelperUsage is a malformed Command line.
var errHelperUsage = errors.New("usage: " + Command + " [--user ID] [--rlimit NAME=N]... [--write DIR]... -- PROGRAM [ARG]...")

func parseHelperLine(args []string) (helperLine, error) {
	l := helperLine{user: -1}
	for len(args) > 1 && args[0] != "--" {
		var err error
		switch args[0] {
		case "--user":
			l.user, err = strconv.Atoi(args[1])
			if err == nil && l.user < 0 {
				err = errHelperUsage
			}
		case "--rlimit":
			err = l.addLimit(args[1])
		case "--write":
			l.writable = append(l.writable, args[1])
		default:
			err = errHelperUsage
		}
		if err != nil {
			return helperLine{}, errHelperUsage
		}
		args = args[2:]
	}
	if len(args) < 2 || args[0] != "--" {
		return helperLine{}, errHelperUsage
	}
	l.argv = args[1:]
	return l, nil
}

func (l *helperLine) addLimit(spec string) error {
	name, value, ok := strings.Cut(spec, "=")
	resource, known := helperLimits[name]
	n, err := strconv.ParseUint(value, 10, 64)
	if !ok || !known || err != nil {
		return errHelperUsage
	}
	l.limits = append(l.limits, helperLimit{resource: resource, value: n})
	return nil
}

// becomeUser does what `setpriv --reuid=ID --regid=ID --clear-groups
// --inh-caps=-all --bounding-set=-all --no-new-privs` does: no capability
// left in any set (the bounding set first, while CAP_SETPCAP is still
// held; permitted, effective and ambient go with the change to a nonzero
// uid; inheritable last), no supplementary group, no new privileges.
// Capabilities, the bounding set and no_new_privs belong to a thread: the
// caller is locked to the thread that executes the command.
func becomeUser(id int) error {
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("clear the ambient capabilities: %w", err)
	}
	for c := 0; ; c++ {
		err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0)
		if errors.Is(err, unix.EINVAL) && c > 0 {
			break // past the kernel's last capability
		}
		if err != nil {
			return fmt.Errorf("drop capability %d from the bounding set: %w", c, err)
		}
	}
	// The raw calls change this thread only (syscall.Setresuid would
	// change every thread of the runtime, see Helper).
	for _, call := range []struct {
		what string
		trap uintptr
		args [3]uintptr
	}{
		{"clear the groups", unix.SYS_SETGROUPS, [3]uintptr{0, 0, 0}},
		{"set the gid", unix.SYS_SETRESGID, [3]uintptr{uintptr(id), uintptr(id), uintptr(id)}},
		{"set the uid", unix.SYS_SETRESUID, [3]uintptr{uintptr(id), uintptr(id), uintptr(id)}},
	} {
		if _, _, errno := unix.RawSyscall(call.trap, call.args[0], call.args[1], call.args[2]); errno != 0 {
			return fmt.Errorf("%s (%d): %w", call.what, id, errno)
		}
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var none [2]unix.CapUserData // version 3 takes two words of each set
	if err := unix.Capset(&hdr, &none[0]); err != nil {
		return fmt.Errorf("clear the capabilities: %w", err)
	}
	return noNewPrivileges()
}

func noNewPrivileges() error {
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("set no_new_privs: %w", err)
	}
	return nil
}

// setLimits sets every limit of the line, last before the command is
// executed (an address-space cap applies to the helper too).
func setLimits(limits []helperLimit) error {
	for _, l := range limits {
		if err := unix.Setrlimit(l.resource, &unix.Rlimit{Cur: l.value, Max: l.value}); err != nil {
			return fmt.Errorf("set limit %d to %d: %w", l.resource, l.value, err)
		}
	}
	return nil
}
