package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompletionGolden: the script of each shell is a golden file, made
// from the command table and the commands' own flags.
func TestCompletionGolden(t *testing.T) {
	t.Parallel()
	for _, shell := range []string{"bash", "zsh", "fish"} {
		code, out, errOut := runCLI("completion", shell)
		if code != ExitOK || errOut != "" {
			t.Fatalf("%s: exit %d, stderr %q", shell, code, errOut)
		}
		goldenFile(t, "completion."+shell, out)
	}
}

// TestCompletionListsEveryCommandAndFlag: every command of the table and
// every flag its help lists (helpCases) is in every script, so a new
// command or flag cannot be left out of completion.
func TestCompletionListsEveryCommandAndFlag(t *testing.T) {
	t.Parallel()
	for _, shell := range []string{"bash", "zsh", "fish"} {
		_, out, _ := runCLI("completion", shell)
		for name := range commands {
			if !strings.Contains(out, name) {
				t.Errorf("%s: no command %s", shell, name)
			}
		}
		for _, tc := range helpCases {
			for _, f := range tc.flags {
				want := "--" + f
				if shell == "fish" {
					want = "-l " + f
				}
				if !strings.Contains(out, want) {
					t.Errorf("%s: %v's flag %s missing", shell, tc.args, want)
				}
			}
		}
	}
}

// TestCompletionRefusesAnUnknownShell: exit 2 with the legal shells.
func TestCompletionRefusesAnUnknownShell(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"completion", "tcsh"}, {"completion"}, {"completion", "bash", "zsh"}} {
		code, out, errOut := runCLI(args...)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, "bash, zsh, fish") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestBashCompletionCompletes loads the bash script into bash and asks it
// what it offers: commands, a command's flags, a subcommand and its flags.
func TestBashCompletionCompletes(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	_, script, _ := runCLI("completion", "bash")
	path := filepath.Join(t.TempDir(), "storygate.bash")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		words string
		want  string
	}{
		{"storygate ver", "verify version"},
		{"storygate verify --qu", "--quiet"},
		{"storygate verify --co", "--color --config"},
		{"storygate stage c", "compile"},
		{"storygate stage validate --ag", "--agents"},
		{"storygate completion f", "fish"},
		{"storygate no-such --x", ""},
	}
	for _, tt := range tests {
		words := strings.Fields(tt.words)
		prog := `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _storygate; echo "${COMPREPLY[*]}"`
		out, err := exec.Command(bash, append([]string{"--norc", "-c", prog, "bash", path}, words...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", tt.words, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != tt.want {
			t.Errorf("%q: bash offers %q, want %q", tt.words, got, tt.want)
		}
	}
}
