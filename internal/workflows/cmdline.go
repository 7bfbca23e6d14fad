package workflows

import (
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// RuleTokenOnCommandLine: a run: step puts a credential on a command line
// (git -c http.extraheader=…, an Authorization header given to curl, a
// token in a URL). Any process of the job can read another's command line
// (/proc/<pid>/cmdline is world-readable), and that includes the code a
// gate runs from the pull request in the same job; a process's
// environment is readable only by its own user. Credentials go to git in
// GIT_CONFIG_COUNT/GIT_CONFIG_KEY_n/GIT_CONFIG_VALUE_n variables.
const RuleTokenOnCommandLine = "workflow/token-on-command-line"

// credentialArgument matches a credential in a command's arguments: git's
// http.extraheader config, an Authorization header, a token in a URL's
// user information.
var credentialArgument = regexp.MustCompile(`(?i)extraheader|authorization:|://[^/\s"']*:[^/\s"'@]*@|x-access-token:\$`)

// shellAssignment matches a line that only assigns or exports variables,
// whose values reach no command line.
var shellAssignment = regexp.MustCompile(`^(export\s+|declare\s+(-x\s+)?|local\s+)?[A-Za-z_][A-Za-z0-9_]*=`)

// checkCommandLine flags each line of a run: script that gives a command
// a credential as an argument.
func (w *workflow) checkCommandLine(job string, step *yaml.Node) {
	run := value(step, "run")
	if run == nil {
		return
	}
	first := run.Line
	if run.Style == yaml.LiteralStyle || run.Style == yaml.FoldedStyle {
		first++ // a block scalar's text starts on the line after its indicator
	}
	for i, line := range strings.Split(run.Value, "\n") {
		code := strings.TrimSpace(line)
		if strings.HasPrefix(code, "#") || shellAssignment.MatchString(code) || !credentialArgument.MatchString(code) {
			continue
		}
		at := &yaml.Node{Line: first + i, Column: run.Column}
		w.add(at, RuleTokenOnCommandLine, "job %s puts a credential on a command line, which every process of the job can read: pass it to git in GIT_CONFIG_COUNT/GIT_CONFIG_KEY_0/GIT_CONFIG_VALUE_0 variables", job)
	}
}
