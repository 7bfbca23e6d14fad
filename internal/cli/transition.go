package cli

import "fmt"

func runTransition(e env, args []string) int {
	fmt.Fprintln(e.stderr, "storygate transition: not built yet")
	return ExitInternal
}
