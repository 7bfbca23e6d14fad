package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// syntaxCheck is how each shell parses a script without running it.
var syntaxCheck = map[string][]string{
	"bash": {"-n"},
	"zsh":  {"-n"},
	"fish": {"--no-execute"},
}

// TestCompletionScriptsParse: the shell each script is for parses it
// (bash -n, zsh -n, fish --no-execute), and refuses the same script cut
// short inside its first quoted word, so the check is one that can fail.
// A shell that is not installed skips its case, saying so (.ci/run
// installs all three).
func TestCompletionScriptsParse(t *testing.T) {
	t.Parallel()
	for _, shell := range []string{"bash", "zsh", "fish"} {
		t.Run(shell, func(t *testing.T) {
			t.Parallel()
			sh, err := exec.LookPath(shell)
			if err != nil {
				t.Skipf("%s is not installed (%v): its completion script is not syntax-checked here", shell, err)
			}
			code, script, errOut := runCLI("completion", shell)
			if code != ExitOK || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			if msg, err := parseScript(t, sh, shell, script); err != nil {
				t.Errorf("%s does not parse storygate's script: %v\n%s", shell, err, msg)
			}
			if _, err := parseScript(t, sh, shell, cutInQuote(t, script)); err == nil {
				t.Errorf("%s parses a script cut inside a quoted word: the syntax check checks nothing", shell)
			}
		})
	}
}

// parseScript has shell parse script from a file, as a user's rc file
// sources it.
func parseScript(t *testing.T, sh, shell, script string) ([]byte, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "storygate."+shell)
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(append([]string{}, syntaxCheck[shell]...), path)
	cmd := exec.Command(sh, args...)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir()) // no user rc file, no history
	return cmd.CombinedOutput()
}

// cutInQuote is script up to just after its first quote, single or
// double: an unterminated string in every shell.
func cutInQuote(t *testing.T, script string) string {
	t.Helper()
	for i, c := range script {
		if c == '\'' || c == '"' {
			return script[:i+1] + "\n"
		}
	}
	t.Fatal("the script has no quoted word to cut")
	return ""
}
