package cli

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/completion"
)

const completionSynopsis = "completion bash|zsh|fish"

// The completion command reads the command table it is in, so it joins
// the table at init (a table entry naming it would be an initialization
// cycle).
func init() {
	commands["completion"] = command{runCompletion, "print a shell completion script: completion bash|zsh|fish"}
}

// subcommands are the words that must follow a command, with their
// summaries; their flags are their own (stage validate --help).
var subcommands = map[string][]completion.Command{
	"stage":  {{Name: "validate", Summary: "validate the stage definitions"}, {Name: "compile", Summary: "compile the stage graph"}},
	"step":   {{Name: "check-patch", Summary: "admit or reject each field of a step's reply"}, {Name: "break-even", Summary: "where splitting a step pays off"}},
	"checks": {{Name: "run", Summary: "run a record-check suite over records"}},
	"completion": {{Name: "bash", Summary: "the bash completion script"}, {Name: "zsh", Summary: "the zsh completion script"},
		{Name: "fish", Summary: "the fish completion script"}},
}

// runCompletion prints the completion script of a shell, made from the
// command table and each command's own flags.
func runCompletion(e env, args []string) int {
	fs := newFlagSet(e, "completion", completionSynopsis)
	rest, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) != 1 {
		fmt.Fprintf(e.stderr, "storygate completion: name one shell (%s)\n", strings.Join(completion.Shells, ", "))
		fs.Usage()
		return ExitUsage
	}
	if err := completion.Write(e.stdout, rest[0], "storygate", commandTree()); err != nil {
		fmt.Fprintf(e.stderr, "storygate completion: %v\n", err)
		return ExitUsage
	}
	return ExitOK
}

// commandTree is every command with its summary, subcommands and flags.
func commandTree() []completion.Command {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]completion.Command, 0, len(names))
	for _, n := range names {
		c := completion.Command{Name: n, Summary: commands[n].summary}
		if subs, ok := subcommands[n]; ok {
			for _, s := range subs {
				s.Flags = flagsOf(n, s.Name)
				c.Subcommands = append(c.Subcommands, s)
			}
		} else {
			c.Flags = flagsOf(n)
		}
		out = append(out, c)
	}
	return out
}

// flagsOf runs the command (and subcommand) with --help in a mode that
// hands over its flag set instead of printing it: the flags completion
// offers are the ones the command parses.
func flagsOf(words ...string) []completion.Flag {
	var out []completion.Flag
	e := env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, ui: realUI(), flagSets: func(fs *flag.FlagSet) {
		fs.VisitAll(func(f *flag.Flag) {
			boolean, _ := f.Value.(interface{ IsBoolFlag() bool })
			out = append(out, completion.Flag{Name: f.Name, Usage: f.Usage, TakesValue: boolean == nil || !boolean.IsBoolFlag()})
		})
	}}
	commands[words[0]].run(e, append(words[1:], "--help"))
	return out
}
