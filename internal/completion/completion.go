// Package completion writes shell completion scripts for bash, zsh and
// fish from a command tree: the commands with their summaries, their
// subcommands, and each one's flags (whether a flag takes a value). The CLI
// builds the tree from its own command and flag tables, so a script never
// lists a command or flag that does not exist.
package completion

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Command is one command or subcommand.
type Command struct {
	Name    string
	Summary string
	Flags   []Flag
	// Subcommands are the words that must follow Name (stage validate).
	Subcommands []Command
}

// Flag is one flag of a command.
type Flag struct {
	Name  string
	Usage string
	// TakesValue is false for a boolean flag (--quiet).
	TakesValue bool
}

// Shells lists the shells Write knows.
var Shells = []string{"bash", "zsh", "fish"}

// Write writes the completion script of program for shell.
func Write(w io.Writer, shell, program string, cmds []Command) error {
	cmds = sorted(cmds)
	var script string
	switch shell {
	case "bash":
		script = bash(program, cmds)
	case "zsh":
		script = zsh(program, cmds)
	case "fish":
		script = fish(program, cmds)
	default:
		return fmt.Errorf("unknown shell %q (legal: %s)", shell, strings.Join(Shells, ", "))
	}
	if _, err := io.WriteString(w, script); err != nil {
		return fmt.Errorf("write %s completion: %w", shell, err)
	}
	return nil
}

// sorted orders commands, subcommands and flags by name, so a script is
// the same on every run.
func sorted(cmds []Command) []Command {
	out := make([]Command, len(cmds))
	copy(out, cmds)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	for i := range out {
		out[i].Flags = append([]Flag(nil), out[i].Flags...)
		sort.Slice(out[i].Flags, func(a, b int) bool { return out[i].Flags[a].Name < out[i].Flags[b].Name })
		out[i].Subcommands = sorted(out[i].Subcommands)
	}
	return out
}

// summaryOf shortens a usage text to its first clause, for a completion
// menu's one line.
func summaryOf(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if i := strings.IndexAny(s, "(;:"); i > 0 {
		s = strings.TrimSpace(s[:i])
	}
	if r := []rune(s); len(r) > 60 {
		s = string(r[:59]) + "…"
	}
	return s
}

func names(cmds []Command) string {
	out := make([]string, 0, len(cmds))
	for _, c := range cmds {
		out = append(out, c.Name)
	}
	return strings.Join(out, " ")
}

func flagWords(fs []Flag) string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		out = append(out, "--"+f.Name)
	}
	return strings.Join(out, " ")
}
