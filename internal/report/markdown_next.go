package report

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/lifecycle"
)

// nextStep says what moves the story on: at a human gate, the commands to
// type (each exactly as chatops reads it, naming the story) and who may
// type them; elsewhere, which role acts next. While held says why the
// story cannot be approved, no approving command is offered, only the
// ones that send it back. Commands never start a line, so the comment
// itself can never be read as one.
func nextStep(s gate.Story, who, held string) string {
	state := lifecycle.State(s.State)
	if !lifecycle.IsState(state) {
		return ""
	}
	if state == lifecycle.Done {
		return "\n**Next:** nothing — the story is done.\n"
	}
	cmds := command.LegalCommands(state)
	if len(cmds) == 0 {
		return fmt.Sprintf("\n**Next:** the %s acts; no human decision is pending.\n", lifecycle.ActiveRoleFor(state))
	}
	var b strings.Builder
	if held != "" {
		cmds = notApproving(cmds)
		fmt.Fprintf(&b, "\n**Next:** ✋ a human decision, but no approval is offered while %s.", inert.Inline(held))
		if len(cmds) == 0 {
			b.WriteString("\n")
			return b.String()
		}
		b.WriteString(" To send it back, comment")
	} else {
		b.WriteString("\n**Next:** ✋ a human decision. Comment")
	}
	fmt.Fprintf(&b, " `%s`", typed(cmds[0], s.ID))
	if len(cmds) > 1 {
		rest := make([]string, 0, len(cmds)-1)
		for _, c := range cmds[1:] {
			rest = append(rest, "`"+typed(c, s.ID)+"`")
		}
		fmt.Fprintf(&b, " (or %s)", strings.Join(rest, ", "))
	}
	b.WriteString(", optionally followed by a rationale.\n")
	fmt.Fprintf(&b, "Who may type it: %s.\n", who)
	return b.String()
}

// notApproving keeps the commands whose decision approves nothing
// (lifecycle.Approves): the ones that ask for more work.
func notApproving(cmds []string) []string {
	var out []string
	for _, c := range cmds {
		parsed := command.Parse(c)
		if len(parsed) != 1 {
			continue
		}
		if ev, err := parsed[0].Event(); err == nil && !lifecycle.Approves(ev) {
			out = append(out, c)
		}
	}
	return out
}

// typed is the command as a reviewer types it for the story with id. The
// ID is added only when chatops reads the result back as the same command
// for that story, so a story ID that chatops would not accept (or would
// read differently) leaves the command without one rather than wrong.
func typed(cmd, id string) string {
	withID := cmd + " " + id
	parsed := command.Parse(withID)
	if id == "" || len(parsed) != 1 || parsed[0].StoryID != id || parsed[0].Text() != withID {
		return cmd
	}
	return withID
}

// whoMayDecide renders the approvers policy: the permission or teams it
// asks for (in the words chatops' refusals use too) and the agent
// accounts it names. Logins are code without their @, teams escaped text,
// so the comment mentions no one.
func whoMayDecide(a *config.Approvers) string {
	if a == nil {
		return "whoever `approvers` in the base branch's `.github/storygate.yml` allows (by default write permission or higher, never the PR author, a bot or an agent account)"
	}
	who := inert.Inline(a.Who())
	if len(a.Deny) > 0 {
		denied := make([]string, 0, len(a.Deny))
		for _, d := range a.Deny {
			denied = append(denied, inert.Code(strings.TrimPrefix(d, "@")))
		}
		who += " (agent accounts: " + strings.Join(denied, ", ") + ")"
	}
	return who
}

// allowAuthorLine warns, when the base's approvers.allow_author is on,
// that this pull request's author may pass its human gates: a reviewer
// should know a decision may be the author's own.
func allowAuthorLine(on bool) string {
	if !on {
		return ""
	}
	return "> [!NOTE]\n> " + inert.Code("approvers.allow_author") + " is on in the base branch's " + inert.Code(".github/storygate.yml") +
		": the author of this pull request may pass its human gates.\n\n"
}
