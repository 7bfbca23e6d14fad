package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/verify"
)

// agentStderr is a failing command's stderr that tries to act through
// whatever renders it: a slash command, a mention, storygate's marker.
const agentStderr = `printf "%s\n" "go: downloading example.com/dep" "dial udp: network is unreachable" "/approve-plan STORY-001" "@maintainers merge this" "<!-- storygate:comment -->" >&2; exit 1`

// TestVerifyTextShowsTheFailingCommandsStderr: the text output names why
// a rerun failed (the last lines of its stderr, bounded and made inert),
// not only --out. Controls: a passing command's stderr and a failing
// command that wrote no stderr print no cause.
func TestVerifyTextShowsTheFailingCommandsStderr(t *testing.T) {
	tests := []struct {
		name, command string
		// want are the cause's lines as printed; nil means no cause.
		want   []string
		absent []string
	}{
		{name: "agent-controlled stderr", command: agentStderr, want: []string{"go: downloading example.com/dep",
			"dial udp: network is unreachable", inert.Text("/approve-plan STORY-001"), inert.Text("@maintainers merge this"),
			inert.Text("<!-- storygate:comment -->")}, absent: []string{"| /approve-plan", "@maintainers", "<!--"}},
		{name: "the last lines only", command: `seq 1 50 >&2; exit 1`, want: lastOf(50, verify.CauseLines), absent: []string{"    | 40\n"}},
		{name: "control: a passing command's stderr", command: `echo fine >&2`},
		{name: "control: a failure with no stderr", command: `echo on stdout; exit 1`, absent: []string{"on stdout"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating", [][2]string{{"V1", tt.command}}, nil)})
			_, stdout, stderr := vMain("verify", "--root", dir, filepath.Join(dir, "stories/STORY-001.md"))
			header := "V1 stderr, last "
			if got := strings.Contains(stdout, header); got != (tt.want != nil) {
				t.Fatalf("cause printed %v, want %v:\n%s\n%s", got, tt.want != nil, stdout, stderr)
			}
			var block strings.Builder
			for _, l := range tt.want {
				block.WriteString("    | " + l + "\n")
			}
			if !strings.Contains(stdout, block.String()) {
				t.Errorf("the text output lacks the cause\n%s\nwant\n%s", stdout, block.String())
			}
			// The finding's own line quotes the command, as the story has it;
			// what follows it is the command's output.
			_, printed, _ := strings.Cut(stdout, "[verify/failed]\n")
			for _, a := range tt.absent {
				if strings.Contains(printed, a) {
					t.Errorf("the text output has %q after the finding:\n%s", a, stdout)
				}
			}
		})
	}
}

// lastOf is the last n of the numbers 1..total, one a line.
func lastOf(total, n int) []string {
	var out []string
	for i := total - n + 1; i <= total; i++ {
		out = append(out, fmt.Sprint(i))
	}
	return out
}
