package completion

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

var tree = []Command{
	{Name: "zeta", Summary: "it's last: and sorted", Flags: []Flag{{Name: "quiet", Usage: "be quiet"}, {Name: "out", Usage: "write to FILE (default stdout)", TakesValue: true}}},
	{Name: "alpha", Summary: `a "quoted" \ summary`, Subcommands: []Command{{Name: "two", Summary: "second"}, {Name: "one", Summary: "first", Flags: []Flag{{Name: "x", TakesValue: true}}}}},
}

// TestScriptsQuoteAndSort: every shell's script has the commands and
// flags in order, with quotes and backslashes of the summaries escaped
// for that shell; bash and zsh parse what is written (when installed).
func TestScriptsQuoteAndSort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		shell string
		want  []string
	}{
		{"bash", []string{`compgen -W "alpha zeta"`, `compgen -W "one two"`, `one) flags="--x" ;;`, `flags="--out --quiet"`, "complete -o default -F _prog prog"}},
		{"zsh", []string{`'zeta:it'\''s last: and sorted'`, `'alpha:a "quoted" \ summary'`, `'--out:write to FILE'`, `'alpha one')`, "compdef _prog prog"}},
		{"fish", []string{`-a zeta -d 'it\'s last: and sorted'`, `-a alpha -d 'a "quoted" \\ summary'`, `'__prog_is zeta' -l out -r -F -d 'write to FILE'`, `'__prog_is zeta' -l quiet -d 'be quiet'`, `'__prog_is alpha one' -l x -r -F`}},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := Write(&b, tt.shell, "prog", tree); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: lacks %s:\n%s", tt.shell, w, out)
			}
		}
		if strings.Index(out, "alpha") > strings.Index(out, "zeta") {
			t.Errorf("%s: not sorted", tt.shell)
		}
		if sh, err := exec.LookPath(tt.shell); err == nil {
			if msg, err := exec.Command(sh, "-n", "-c", out).CombinedOutput(); err != nil {
				t.Errorf("%s does not parse the script: %v\n%s", tt.shell, err, msg)
			}
		}
	}
	if tree[0].Name != "zeta" {
		t.Error("Write reordered its caller's slice")
	}
}

func TestUnknownShell(t *testing.T) {
	t.Parallel()
	if err := Write(&bytes.Buffer{}, "tcsh", "prog", tree); err == nil || !strings.Contains(err.Error(), "legal: bash, zsh, fish") {
		t.Errorf("err = %v", err)
	}
}
