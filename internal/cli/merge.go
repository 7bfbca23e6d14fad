package cli

import (
	"fmt"
	"os"

	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/verify"
)

const mergeSynopsis = "merge-results [--out FILE] [--format text|json|sarif|github] FILE..."

func runMergeResults(e env, args []string) int {
	fs := newFlagSet(e, "merge-results", mergeSynopsis)
	out := fs.String("out", "", "write the merged results document (JSON) to this file")
	format := fs.String("format", "text", "output format: text, json, sarif or github")
	files, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if !report.ValidFormat(*format) || len(files) == 0 {
		fmt.Fprintf(e.stderr, "storygate merge-results: name the shard documents and a legal --format (text, json, sarif, github)\nusage: storygate %s\n", mergeSynopsis)
		return ExitUsage
	}
	docs, err := readShardDocuments(files)
	if err != nil {
		return usageError(e, "merge-results", err)
	}
	merged, err := verify.Merge(docs)
	if err != nil {
		return usageError(e, "merge-results", err)
	}
	return finishVerify(e, verifyFlags{format: *format, out: *out}, merged)
}

func readShardDocuments(files []string) ([]verify.Document, error) {
	var docs []verify.Document
	for _, name := range files {
		d, err := readShardDocument(name)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	return docs, nil
}

func readShardDocument(name string) (verify.Document, error) {
	f, err := os.Open(name)
	if err != nil {
		return verify.Document{}, fmt.Errorf("read %s: %w", name, err)
	}
	defer f.Close()
	d, err := verify.ReadDocument(f)
	if err != nil {
		return verify.Document{}, fmt.Errorf("%s: %w", name, err)
	}
	return d, nil
}
