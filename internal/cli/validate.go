package cli

import "fmt"

func runValidate(e env, args []string) int {
	fmt.Fprintln(e.stderr, "storygate validate: not built yet")
	return ExitInternal
}
