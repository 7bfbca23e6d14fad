package cli

import (
	"flag"
	"fmt"
	"strings"
)

// requireFlags names every one of the required flags that was not given or
// given empty (--event "" is as missing as no --event), then prints the
// usage. It returns ExitUsage when one is missing, else -1.
func requireFlags(e env, fs *flag.FlagSet, names ...string) int {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var missing []string
	for _, name := range names {
		if f := fs.Lookup(name); f == nil || !given[name] || f.Value.String() == "" {
			missing = append(missing, "--"+name)
		}
	}
	if len(missing) == 0 {
		return -1
	}
	word := "flag"
	if len(missing) > 1 {
		word = "flags"
	}
	fmt.Fprintf(e.stderr, "storygate %s: missing required %s %s\n", fs.Name(), word, strings.Join(missing, ", "))
	fs.Usage()
	return ExitUsage
}
