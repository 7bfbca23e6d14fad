package cli

import (
	"encoding/json"
	"fmt"

	"github.com/storygate/storygate/internal/records"
)

// breakEvenRow is one line of "step break-even" output.
type breakEvenRow struct {
	PrefixTokens    int64       `json:"prefix_tokens"`
	ContentTokens   int64       `json:"content_tokens"`
	Slices          int64       `json:"slices"`
	RequiredHitRate json.Number `json:"required_hit_rate"`
}

// runBreakEven prints the hit rate finer slicing needs, round((k-1)P/(kP+C), 3),
// for each prefix size given.
func runBreakEven(e env, args []string) int {
	fs := newFlagSet(e, "step break-even", breakEvenSynopsis)
	var prefixes int64List
	fs.Var(&prefixes, "prefix", "prefix tokens P sent before any content (repeatable, or comma-separated)")
	content := fs.Int64("content", -1, "content tokens C of the coarse step")
	slices := fs.Int64("slices", 4, "number k of atomic steps replacing it")
	format := fs.String("format", "text", "output format: text or json")
	rest, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if code := requireFlags(e, fs, "prefix", "content"); code >= 0 {
		return code
	}
	if *content < 0 || len(rest) > 0 || (*format != "text" && *format != "json") {
		fmt.Fprintln(e.stderr, "storygate step break-even: --content is a token count (0 or more), --format is text or json, and no other arguments")
		fs.Usage()
		return ExitUsage
	}
	rows, err := breakEvenRows(prefixes, *content, *slices)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate step break-even: %v\n", err)
		return ExitUsage
	}
	return printBreakEven(e, rows, *format)
}

func breakEvenRows(prefixes []int64, content, slices int64) ([]breakEvenRow, error) {
	rows := make([]breakEvenRow, 0, len(prefixes))
	for _, p := range prefixes {
		rate, _, err := records.BreakEven{Prefix: p, Content: content, Slices: slices}.Rounded()
		if err != nil {
			return nil, fmt.Errorf("prefix %d: %w", p, err)
		}
		rows = append(rows, breakEvenRow{p, content, slices, json.Number(records.FormatRate(rate))})
	}
	return rows, nil
}

func printBreakEven(e env, rows []breakEvenRow, format string) int {
	if format == "json" {
		out, err := json.MarshalIndent(rows, "", "  ")
		if err != nil {
			fmt.Fprintf(e.stderr, "storygate step break-even: %v\n", err)
			return ExitInternal
		}
		fmt.Fprintln(e.stdout, string(out))
		return ExitOK
	}
	for _, r := range rows {
		fmt.Fprintf(e.stdout, "P=%d C=%d k=%d required_hit_rate=%s\n", r.PrefixTokens, r.ContentTokens, r.Slices, r.RequiredHitRate)
	}
	return ExitOK
}
