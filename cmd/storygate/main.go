// Command storygate gates pull requests that carry coding-agent work state.
package main

import (
	"os"

	"github.com/storygate/storygate/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
