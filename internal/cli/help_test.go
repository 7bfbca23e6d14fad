package cli

import (
	"slices"
	"strings"
	"testing"
)

// helpCases is every command and subcommand with the flags its --help must
// list; TestHelpCoversEveryCommand keeps it complete.
var helpCases = []struct {
	args  []string
	flags []string
}{
	{[]string{"validate"}, []string{"base", "config", "format", "root", "color"}},
	{[]string{"transition"}, []string{"event", "actor", "note", "at", "config", "root"}},
	{[]string{"stage"}, []string{"agents", "scopes", "scope-prefix", "format", "check", "out"}},
	{[]string{"stage", "validate"}, []string{"agents", "scopes", "scope-prefix", "format"}},
	{[]string{"stage", "compile"}, []string{"agents", "scopes", "scope-prefix", "check", "out"}},
	{[]string{"version"}, nil},
	{[]string{"checks"}, []string{"suite", "schema", "format"}},
	{[]string{"checks", "run"}, []string{"suite", "schema", "format"}},
	{[]string{"step"}, []string{"kind", "packet", "reply", "checked-at", "prefix", "content", "slices", "format"}},
	{[]string{"step", "check-patch"}, []string{"kind", "packet", "reply", "checked-at"}},
	{[]string{"step", "break-even"}, []string{"prefix", "content", "slices", "format"}},
	{[]string{"protect"}, []string{"branch", "repo", "dry-run", "app-id"}},
	{[]string{"action"}, []string{"root", "config", "gates", "report-only", "base", "event-name", "event-path", "results", "sarif", "markdown", "quiet", "color"}},
	{[]string{"publish"}, []string{"results", "repo", "head-sha", "pr", "root"}},
	{[]string{"verify"}, []string{"base", "jobs", "timeout", "shard", "format", "out", "config", "root", "quiet", "color"}},
	{[]string{"revert-check"}, []string{"base", "head", "suite", "governed", "grant", "per-file", "out", "format", "timeout", "config", "root", "quiet", "color"}},
	{[]string{"merge-results"}, []string{"out", "format"}},
	{[]string{"init"}, []string{"root", "force", "with-commands", "with-reverify", "dry-run"}},
	{[]string{"new"}, []string{"root"}},
	{[]string{"serve"}, []string{"listen", "app-id", "private-key-file", "webhook-secret-file", "github-api-url", "max-body-bytes", "read-timeout", "drain-timeout"}},
	{[]string{"completion"}, nil},
}

// TestHelp checks that every command's -h, --help and `storygate help
// COMMAND` print its usage and flags on stdout, nothing on stderr, and exit
// 0: help is not an error, and `storygate verify --help | less` shows it.
func TestHelp(t *testing.T) {
	t.Parallel()
	for _, tc := range helpCases {
		asks := [][]string{append(slices.Clone(tc.args), "--help"), append(slices.Clone(tc.args), "-h")}
		if len(tc.args) == 1 {
			asks = append(asks, []string{"help", tc.args[0]})
		}
		for _, args := range asks {
			code, out, errOut := runCLI(args...)
			if code != ExitOK || errOut != "" {
				t.Errorf("%v: exit %d, stderr %q; want 0 and nothing on stderr", args, code, errOut)
			}
			if !strings.Contains(out, "usage: storygate "+tc.args[0]) {
				t.Errorf("%v: stdout has no usage line:\n%s", args, out)
			}
			for _, f := range tc.flags {
				if !strings.Contains(out, "-"+f+" ") && !strings.Contains(out, "-"+f+"\n") && !strings.Contains(out, "-"+f+"]") {
					t.Errorf("%v: stdout does not list -%s:\n%s", args, f, out)
				}
			}
		}
	}
}

// TestUsageAfterAMistakeGoesToStderr is TestHelp's control: the usage
// that follows a wrong flag, a missing command or an unknown one is an
// error's, on stderr with exit 2, and stdout stays empty for the report.
func TestUsageAfterAMistakeGoesToStderr(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"verify", "--no-such-flag"}, {}, {"no-such-command"}, {"help", "no-such-command"}, {"stage"}, {"step"}, {"version", "x"}} {
		code, out, errOut := runCLI(args...)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, "usage: storygate") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, nothing on stdout and the usage on stderr", args, code, out, errOut)
		}
	}
}

// TestHelpCoversEveryCommand fails when a command is added without a help
// case, and checks the top-level help lists every command.
func TestHelpCoversEveryCommand(t *testing.T) {
	t.Parallel()
	covered := map[string]bool{}
	for _, tc := range helpCases {
		covered[tc.args[0]] = true
	}
	for _, help := range []string{"help", "--help", "-h"} {
		code, out, errOut := runCLI(help)
		if code != ExitOK || errOut != "" {
			t.Errorf("%s: exit %d, stderr %q; want 0 and the usage on stdout", help, code, errOut)
		}
		for name := range commands {
			if !strings.Contains(out, "\n  "+name+" ") {
				t.Errorf("%s does not list %s:\n%s", help, name, out)
			}
		}
	}
	for name := range commands {
		if !covered[name] {
			t.Errorf("command %s has no case in helpCases", name)
		}
	}
}

// TestMissingRequiredFlag checks that a command missing a required flag
// names it, with the usage, and exits 2.
func TestMissingRequiredFlag(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"transition", "story.md"}, "missing required flags --event, --actor"},
		{[]string{"transition", "--event", "start", "story.md"}, "missing required flag --actor"},
		{[]string{"transition", "--event", "", "--actor", "agent", "story.md"}, "missing required flag --event"},
		{[]string{"checks", "run", "record.json"}, "missing required flag --suite"},
		{[]string{"step", "check-patch", "--kind", "kind.yml"}, "missing required flags --packet, --reply"},
		{[]string{"step", "break-even", "--prefix", "10"}, "missing required flag --content"},
		{[]string{"step", "break-even", "--content", "10"}, "missing required flag --prefix"},
		{[]string{"revert-check"}, "--base is required"},
		{[]string{"protect", "--dry-run"}, "--branch is required"},
		{[]string{"publish"}, "--results (or the results input) is required"},
	}
	for _, tc := range tests {
		code, out, errOut := runCLI(tc.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
		if !strings.Contains(errOut, "usage: storygate "+tc.args[0]) && !strings.Contains(tc.want, "is required") {
			t.Errorf("%v: no usage after the error:\n%s", tc.args, errOut)
		}
	}
}

func TestVersionTakesNoArguments(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI("version", "extra")
	if code != ExitUsage || out != "" || !strings.Contains(errOut, `takes no arguments, got ["extra"]`) {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and the argument named", code, out, errOut)
	}
}
