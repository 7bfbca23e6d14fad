// Command parsefloor is the parse-only floor of the validate benchmark: it
// reads every *.md file under DIR and decodes each file's frontmatter into a
// yaml.Node (gopkg.in/yaml.v3) on GOMAXPROCS workers, then prints the count.
// storygate validate must do at least this much work, so its time is the
// floor validate is measured against.
//
// Usage:
//
//	parsefloor DIR
package main

import (
	"fmt"
	"os"

	"github.com/storygate/storygate/bench/storygen"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: parsefloor DIR")
		os.Exit(2)
	}
	n, err := storygen.ParseFloor(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "parsefloor:", err)
		os.Exit(1)
	}
	fmt.Println(n)
}
