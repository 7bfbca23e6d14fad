// Package command is storygate's slash-command vocabulary: how a comment
// line is read as a command (Parse), which human event each command
// decides, and which commands a story's state accepts (LegalCommands).
// It holds no GitHub, git or sandbox machinery: the comment printers,
// which tell a reviewer what to type, read commands exactly as chatops
// does without linking what chatops needs to act on one.
package command

import (
	"regexp"
	"slices"
	"strings"
)

// Command is one slash command found at the start of a comment line.
type Command struct {
	// Name is the command word in lower case without the slash, e.g.
	// "approve-plan", or "storygate" for help.
	Name string
	// Target is the argument of /unblock and /ruling (planning, ready, ...).
	Target string
	// StoryID is the story the command names, "" when it names none.
	StoryID string
	// Paths are the files /allow-test-edit rules on, as typed (before
	// its "--"); nil for every other command.
	Paths []string
	// Rationale is the rest of the line and the text up to the next command.
	Rationale string
	// Line is the 1-based line of the comment the command is on.
	Line int
}

// Text renders the command as typed, for messages.
func (c Command) Text() string {
	parts := []string{"/" + c.Name}
	if c.Target != "" {
		parts = append(parts, c.Target)
	}
	if c.StoryID != "" {
		parts = append(parts, c.StoryID)
	}
	parts = append(parts, c.Paths...)
	return strings.Join(parts, " ")
}

// IsHelp reports whether the command asks for help.
func (c Command) IsHelp() bool { return c.Name == "storygate" || c.Name == "help" }

// Known reports whether the command is one storygate understands.
func (c Command) Known() bool {
	_, ok := commandSpecs[c.Name]
	return ok || c.IsHelp()
}

// commandRE matches a command word at the start of a line: a slash, then
// letters, digits and hyphens, ended by white space or the end of the line
// (so "/path/to/file" is not a command).
var commandRE = regexp.MustCompile(`^/([A-Za-z][A-Za-z0-9-]*)(?:\s+|$)`)

// storyIDRE is what a story ID argument looks like (STORY-001, AUTH-12).
var storyIDRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*-[0-9]+$`)

// IsStoryID reports whether s looks like a story ID a command can name
// (STORY-001, AUTH-12): the only ids storygate writes into its records.
func IsStoryID(s string) bool { return storyIDRE.MatchString(s) }

// Parse finds the slash commands in a comment body. Commands count only at
// the very start of a line and outside fenced code blocks, so quoting or
// showing a command never issues it.
func Parse(body string) []Command {
	var out []Command
	inFence := false
	for i, line := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		if isFence(line) {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		if m := commandRE.FindStringSubmatchIndex(line); m != nil {
			out = append(out, parseArgs(strings.ToLower(line[m[2]:m[3]]), line[m[1]:], i+1))
			continue
		}
		if len(out) > 0 {
			last := &out[len(out)-1]
			last.Rationale = strings.TrimSpace(last.Rationale + "\n" + line)
		}
	}
	return out
}

func isFence(line string) bool {
	t := strings.TrimLeft(line, " ")
	return len(line)-len(t) < 4 && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"))
}

// parseArgs reads the optional target and story ID (in either order) and
// keeps the rest of the line as the rationale.
func parseArgs(name, rest string, line int) Command {
	c := Command{Name: name, Line: line}
	spec := commandSpecs[name]
	fields := strings.Fields(rest)
	if spec.ruling {
		return parseRuling(c, fields)
	}
	used := 0
	for used < len(fields) && used < 2 {
		tok := fields[used]
		switch {
		case spec.takesTarget() && c.Target == "" && !storyIDRE.MatchString(tok):
			c.Target = strings.ToLower(tok)
		case c.StoryID == "" && storyIDRE.MatchString(tok):
			c.StoryID = strings.ToUpper(tok)
		default:
			c.Rationale = strings.Join(fields[used:], " ")
			return c
		}
		used++
	}
	c.Rationale = strings.Join(fields[used:], " ")
	return c
}

// RulingSeparator ends the paths of /allow-test-edit; the rationale follows.
const RulingSeparator = "--"

// parseRuling reads /allow-test-edit PATH… -- rationale: every field
// before the separator is a path, everything after it the rationale.
// Without the separator every field is a path and the rationale is
// empty, which chatops refuses (a ruling says why).
func parseRuling(c Command, fields []string) Command {
	i := slices.Index(fields, RulingSeparator)
	if i < 0 {
		c.Paths = fields
		return c
	}
	c.Paths = fields[:i]
	c.Rationale = strings.Join(fields[i+1:], " ")
	return c
}
