package chatops

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/lifecycle"
)

// ReplyMarker starts every comment storygate posts in answer to a command,
// so its own replies are never read as commands.
const ReplyMarker = "<!-- storygate:reply -->"

// refusalReply says why a command was not applied and what is allowed now.
// No line of it starts with a slash, so it can never issue a command.
func refusalReply(login string, cmd command.Command, reason string, stories []prStory, who string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n@%s %s was not applied: %s.\n\n", ReplyMarker, login, inert.Code(cmd.Text()), strings.TrimSuffix(reason, "."))
	writeAllowed(&b, stories, who)
	return b.String()
}

// helpReply answers /storygate help and unknown commands.
func helpReply(login string, cmd command.Command, stories []prStory, who string) string {
	var b strings.Builder
	b.WriteString(ReplyMarker + "\n")
	if !cmd.IsHelp() {
		fmt.Fprintf(&b, "@%s `/%s` is not a storygate command.\n\n", login, cmd.Name)
	}
	writeAllowed(&b, stories, who)
	b.WriteString("\nCommands (at the start of a line, optionally followed by a story ID and a rationale): ")
	b.WriteString("`/approve-plan`, `/reject-plan`, `/accept-result`, `/request-revision`, `/escalate`, `/block`, ")
	b.WriteString("`/unblock <planning|ready|generating|done>`, `/ruling <planning|ready|generating>`, `/mark-done`, `/reopen`, `/storygate help`; ")
	b.WriteString("on the revert check, `/allow-test-edit <path>… -- <rationale>` permits governed test edits it escalated or could not decide.\n")
	return b.String()
}

// writeAllowed lists, per story, what may be decided now and by whom.
func writeAllowed(b *strings.Builder, stories []prStory, who string) {
	if len(stories) == 0 {
		b.WriteString("This pull request changes no story file, so there is nothing to decide.\n")
		return
	}
	b.WriteString("**What can be decided now:**\n")
	for _, s := range stories {
		fmt.Fprintf(b, "- %s (%s) is at %s: %s\n", s.shown(), inert.Code(s.file.Path), inert.Code(string(s.state())), allowedAt(s.state()))
	}
	fmt.Fprintf(b, "\nWho may decide: %s.\n", who)
}

func allowedAt(state lifecycle.State) string {
	cmds := command.LegalCommands(state)
	switch {
	case state == lifecycle.Done:
		return "nothing is pending (the story is done)" // not "the none acts next"
	case len(cmds) == 0:
		return fmt.Sprintf("no human decision is pending (the %s acts next)", lifecycle.ActiveRoleFor(state))
	}
	quoted := make([]string, len(cmds))
	for i, c := range cmds {
		quoted[i] = "`" + c + "`"
	}
	return strings.Join(quoted, ", ")
}
