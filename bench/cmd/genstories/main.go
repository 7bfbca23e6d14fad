// Command genstories writes a deterministic corpus of realistic enso.story/v1
// stories into DIR/stories for the validate benchmark.
//
// Usage:
//
//	genstories [-n 10000] [-seed 1] DIR
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/storygate/storygate/bench/storygen"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "genstories:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("genstories", flag.ContinueOnError)
	n := fs.Int("n", storygen.DefaultCount, "number of stories")
	seed := fs.Uint64("seed", storygen.DefaultSeed, "random seed")
	chain := fs.Bool("chain", false, "link every story into one depends_on chain through the done stories")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("parse flags: %w", err)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: genstories [-n N] [-seed S] [-chain] DIR")
	}
	total, err := storygen.Write(fs.Arg(0), storygen.Options{N: *n, Seed: *seed, Chain: *chain})
	if err != nil {
		return err
	}
	avg := int64(0)
	if *n > 0 {
		avg = total / int64(*n)
	}
	fmt.Printf("wrote %d stories to %s/stories (%d bytes, %d bytes on average)\n", *n, fs.Arg(0), total, avg)
	return nil
}
