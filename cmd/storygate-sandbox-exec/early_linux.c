//go:build linux && cgo

// The helper before the Go runtime starts. Run as
// `storygate-sandbox-exec __sandbox-exec LINE...`, this constructor does
// what sandboxexec.Run does (the same helper line, the same system calls
// in the same order, the same Landlock ruleset as go-landlock builds for
// sandboxexec's layer in best-effort mode) and executes the command, so a
// sandboxed command pays for no Go runtime start: on a 2-core machine that
// was 0.4 of the helper's 1.0 ms a command (bench/README.md). Invoked any
// other way it returns, and the Go program runs. A build without cgo, or
// with a C library other than glibc, has no constructor; its Go main runs
// sandboxexec.Run itself.
// internal/sandboxexec's tests run both builds on the same lines and
// compare what the command gets.

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// glibc calls a constructor with the program's arguments and environment;
// other C libraries (musl) call it with none, and a build with one of them
// runs the Go helper.
#ifdef __GLIBC__

// sandboxexec.Command.
static const char helper_command[] = "__sandbox-exec";

// The Landlock UAPI (include/uapi/linux/landlock.h), spelled out: the
// build machine's headers may predate the ABI the kernel runs.
enum {
	nr_create_ruleset = 444, // the same number on every architecture
	nr_add_rule = 445,
	nr_restrict_self = 446,
	create_version = 1u << 0,
	create_errata = 1u << 1,
	rule_path_beneath = 1,
};

struct ruleset_attr {
	uint64_t handled_access_fs, handled_access_net, scoped;
};

struct path_beneath_attr {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

// File system rights, by bit: execute, write_file, read_file, read_dir,
// remove_dir, remove_file, make_char, make_dir, make_reg, make_sock,
// make_fifo, make_block, make_sym (ABI 1), refer (2), truncate (3),
// ioctl_dev (5).
enum {
	fs_execute = 1 << 0,
	fs_read_file = 1 << 2,
	fs_read_dir = 1 << 3,
	fs_refer = 1 << 13,
	fs_truncate = 1 << 14,
	fs_ioctl_dev = 1 << 15,
	// sandboxexec's layer: go-landlock's V7 file system rights and scopes.
	layer_fs = (1 << 16) - 1,
	layer_scoped = (1 << 2) - 1,
	// landlock.RODirs and RWDirs(...).WithRefer().WithIoctlDev().
	read_dirs = fs_execute | fs_read_file | fs_read_dir,
	write_dirs = ((1 << 13) - 1) | fs_truncate | fs_refer | fs_ioctl_dev,
};

// line is a parsed helper line: the options lie in opts[0..nopts), each
// a name and its value, checked by parse; the program and its arguments
// follow in argv.
struct line {
	long long user; // -1 keeps storygate's
	char **opts;
	int nopts;
	char **argv;
};

static void fail(const char *what, int err) {
	if (err)
		fprintf(stderr, "storygate sandbox: %s: %s\n", what, strerror(err));
	else
		fprintf(stderr, "storygate sandbox: %s\n", what);
	_exit(126);
}

static void usage(void) {
	fail("usage: __sandbox-exec [--user ID] [--rlimit NAME=N]... [--write DIR]... -- PROGRAM [ARG]...", 0);
}

// parse_int is strconv.Atoi: an optional sign, decimal digits, nothing
// else, within 64 bits.
static int parse_int(const char *s, long long *out) {
	const char *d = (*s == '+' || *s == '-') ? s + 1 : s;
	if (*d == 0)
		return -1;
	for (const char *p = d; *p; p++)
		if (*p < '0' || *p > '9')
			return -1;
	errno = 0;
	char *end;
	*out = strtoll(s, &end, 10);
	return (errno || *end) ? -1 : 0;
}

// parse_uint is strconv.ParseUint(s, 10, 64): decimal digits only.
static int parse_uint(const char *s, unsigned long long *out) {
	if (*s == 0)
		return -1;
	for (const char *p = s; *p; p++)
		if (*p < '0' || *p > '9')
			return -1;
	errno = 0;
	char *end;
	*out = strtoull(s, &end, 10);
	return (errno || *end) ? -1 : 0;
}

// limit parses spec, NAME=N as sandboxexec's helperLimits names them, or
// exits with the usage.
static void limit(const char *spec, int *resource, unsigned long long *value) {
	static const struct {
		const char *name;
		int resource;
	} names[] = {{"core", RLIMIT_CORE}, {"as", RLIMIT_AS}, {"nproc", RLIMIT_NPROC}, {"fsize", RLIMIT_FSIZE}};
	const char *eq = strchr(spec, '=');
	for (size_t i = 0; eq && i < sizeof names / sizeof names[0]; i++) {
		if (strlen(names[i].name) == (size_t)(eq - spec) && !strncmp(spec, names[i].name, eq - spec)) {
			if (parse_uint(eq + 1, value))
				usage();
			*resource = names[i].resource;
			return;
		}
	}
	usage();
}

// parse is sandboxexec's parseHelperLine.
static void parse(int argc, char **argv, struct line *l) {
	l->user = -1;
	l->opts = argv;
	while (argc > 1 && strcmp(argv[0], "--")) {
		int resource;
		unsigned long long value;
		if (!strcmp(argv[0], "--user")) {
			if (parse_int(argv[1], &l->user) || l->user < 0)
				usage();
		} else if (!strcmp(argv[0], "--rlimit")) {
			limit(argv[1], &resource, &value);
		} else if (strcmp(argv[0], "--write")) {
			usage();
		}
		l->nopts += 2;
		argc -= 2;
		argv += 2;
	}
	if (argc < 2 || strcmp(argv[0], "--"))
		usage();
	l->argv = argv + 1;
}

// become_user is sandboxexec's becomeUser.
static void become_user(long long id) {
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0))
		fail("clear the ambient capabilities", errno);
	for (int c = 0;; c++) {
		if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) == 0)
			continue;
		if (errno == EINVAL && c > 0)
			break; // past the kernel's last capability
		fail("drop a capability from the bounding set", errno);
	}
	if (syscall(SYS_setgroups, 0, NULL))
		fail("clear the groups", errno);
	if (syscall(SYS_setresgid, (uintptr_t)id, (uintptr_t)id, (uintptr_t)id))
		fail("set the gid", errno);
	if (syscall(SYS_setresuid, (uintptr_t)id, (uintptr_t)id, (uintptr_t)id))
		fail("set the uid", errno);
	struct {
		uint32_t version;
		int pid;
	} hdr = {0x20080522, 0}; // _LINUX_CAPABILITY_VERSION_3
	struct {
		uint32_t effective, permitted, inheritable;
	} none[2] = {{0}};
	if (syscall(SYS_capset, &hdr, none))
		fail("clear the capabilities", errno);
}

// abi is go-landlock's detected ABI: 0 without Landlock, 5 for a kernel
// whose signal scoping has the bug erratum 2 fixes.
static long abi(void) {
	long v = syscall(nr_create_ruleset, NULL, 0, create_version);
	if (v < 0)
		return 0;
	if (v >= 6) {
		long errata = syscall(nr_create_ruleset, NULL, 0, create_errata);
		if (errata < 0 || !(errata & 0x2))
			v = 5;
	}
	return v;
}

// supported_fs are the file system rights of an ABI.
static uint64_t supported_fs(long v) {
	if (v >= 9)
		return (1 << 17) - 1;
	if (v >= 5)
		return (1 << 16) - 1;
	if (v >= 3)
		return (1 << 15) - 1;
	if (v == 2)
		return (1 << 14) - 1;
	return v == 1 ? (1 << 13) - 1 : 0;
}

static void add_dir(int ruleset, const char *path, uint64_t access) {
	if (!access)
		return;
	int fd = open(path, O_PATH | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "storygate sandbox: populating ruleset for %s: open: %s\n", path, strerror(errno));
		_exit(126);
	}
	struct path_beneath_attr rule = {access, fd};
	if (syscall(nr_add_rule, ruleset, rule_path_beneath, &rule, 0)) {
		fprintf(stderr, "storygate sandbox: populating ruleset for %s: landlock_add_rule: %s\n", path, strerror(errno));
		_exit(126);
	}
	close(fd);
}

// restrict_writes is sandboxexec's restrictWrites: go-landlock's best
// effort downgrade of the layer and its two rules to the kernel's ABI
// (below ABI 2, whose kernels cannot allow refer, nothing at all), then
// the ruleset.
static void restrict_writes(const struct line *l) {
	long v = abi();
	struct ruleset_attr attr = {layer_fs & supported_fs(v), 0, v >= 6 ? layer_scoped : 0};
	if (!(attr.handled_access_fs & fs_refer))
		return; // nothing to restrict (no Landlock), or no refer to allow
	int ruleset = syscall(nr_create_ruleset, &attr, sizeof attr, 0);
	if (ruleset < 0)
		fail("landlock_create_ruleset", errno);
	add_dir(ruleset, "/", read_dirs & attr.handled_access_fs);
	for (int i = 0; i < l->nopts; i += 2)
		if (!strcmp(l->opts[i], "--write"))
			add_dir(ruleset, l->opts[i + 1], write_dirs & attr.handled_access_fs);
	if (syscall(nr_restrict_self, ruleset, 0))
		fail("landlock_restrict_self", errno);
	close(ruleset);
}

// executable is Go's findExecutable.
static int executable(const char *file) {
	struct stat st;
	if (stat(file, &st))
		return errno;
	if (S_ISDIR(st.st_mode))
		return EISDIR;
	if (faccessat(AT_FDCWD, file, X_OK, AT_EACCESS) == 0)
		return 0;
	if (errno != ENOSYS && errno != EPERM)
		return errno;
	return (st.st_mode & 0111) ? 0 : EACCES;
}

// look_path is sandboxexec's lookPath: exec.LookPath in PATH (refusing
// what a relative PATH entry finds, as Go does), or /bin and /usr/bin
// when there is no PATH. It returns program itself when that names a
// path, else the path found, which it writes to path.
static const char *look_path(const char *program, char *path, size_t size) {
	const char *env = getenv("PATH");
	if (strchr(program, '/')) {
		int err = executable(program);
		if (err)
			fail(program, err);
		return program;
	}
	if (env && !*env) {
		fprintf(stderr, "storygate sandbox: %s: executable file not found in $PATH\n", program);
		_exit(126);
	}
	if (!env) {
		static const char *dirs[] = {"/bin", "/usr/bin"};
		for (int i = 0; i < 2; i++) {
			if ((size_t)snprintf(path, size, "%s/%s", dirs[i], program) < size && !executable(path))
				return path;
		}
		fprintf(stderr, "storygate sandbox: %s: not found in /bin or /usr/bin (no PATH)\n", program);
		_exit(126);
	}
	for (const char *dir = env;; dir++) {
		const char *end = strchrnul(dir, ':');
		int n = end == dir ? snprintf(path, size, "./%s", program)
		                   : snprintf(path, size, "%.*s/%s", (int)(end - dir), dir, program);
		if (n > 0 && (size_t)n < size && !executable(path)) {
			if (path[0] != '/') {
				fprintf(stderr, "storygate sandbox: %s: cannot run executable found relative to current directory\n", program);
				_exit(126);
			}
			return path;
		}
		if (!*end)
			break;
		dir = end;
	}
	fprintf(stderr, "storygate sandbox: %s: executable file not found in $PATH\n", program);
	_exit(126);
}

__attribute__((constructor)) static void sandbox_exec(int argc, char **argv, char **envp) {
	if (argc < 2 || !argv || !argv[1] || strcmp(argv[1], helper_command))
		return; // not the helper: the Go program runs
	struct line l = {0};
	parse(argc - 2, argv + 2, &l);
	if (l.user >= 0)
		become_user(l.user);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		fail("set no_new_privs", errno);
	restrict_writes(&l);
	char found[4096];
	const char *path = look_path(l.argv[0], found, sizeof found);
	for (int i = 0; i < l.nopts; i += 2) {
		int resource;
		unsigned long long value;
		if (strcmp(l.opts[i], "--rlimit"))
			continue;
		limit(l.opts[i + 1], &resource, &value);
		struct rlimit r = {value, value};
		if (setrlimit(resource, &r))
			fail("set a limit", errno);
	}
	execve(path, l.argv, envp);
	fail(path, errno);
}

#endif // __GLIBC__
