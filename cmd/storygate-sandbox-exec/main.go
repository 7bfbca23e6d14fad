// Command storygate-sandbox-exec is storygate's sandbox helper on its own:
// the program between bwrap and a pull request's command that applies the
// Landlock layer, the user and the limits (sandboxexec.Run). storygate runs
// it, when it stands next to storygate's executable from the same build,
// instead of starting its own 39 MB binary again: a small program starts
// in a fraction of the time, once per command.
package main

import (
	"os"

	"github.com/storygate/storygate/internal/sandboxexec"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] != sandboxexec.Command {
		os.Stderr.WriteString("storygate-sandbox-exec: run by storygate's sandbox only (" + sandboxexec.Command + " ...)\n")
		os.Exit(2)
	}
	os.Exit(sandboxexec.Run(os.Args[2:], os.Stderr))
}
