package cli

import (
	"bytes"
	"fmt"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/safefile"
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
	return finishVerify(e, verifyFlags{format: *format, out: *out}, merged, "") // shards' paths as their documents name them
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

// maxShardBytes bounds one shard document, as the gate's results
// document is bounded: size before read.
const maxShardBytes = gate.MaxDocumentBytes

func readShardDocument(name string) (verify.Document, error) {
	data, err := safefile.ReadPath(name, maxShardBytes)
	if err != nil {
		return verify.Document{}, fmt.Errorf("read %s: %w", name, safefile.Named(err, name))
	}
	d, err := verify.ReadDocument(bytes.NewReader(data))
	if err != nil {
		return verify.Document{}, fmt.Errorf("%s: %w", name, err)
	}
	return d, nil
}
