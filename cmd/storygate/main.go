// Command storygate gates pull requests that carry coding-agent work state.
package main

import (
	"os"

	"github.com/storygate/storygate/internal/cli"
	"github.com/storygate/storygate/internal/sandboxexec"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == sandboxexec.Command {
		// Inside the sandbox, between bwrap and the command: no CLI.
		os.Exit(sandboxexec.Run(os.Args[2:], os.Stderr))
	}
	os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
