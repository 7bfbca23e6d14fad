package verify

import (
	"fmt"
	"sort"
)

// Merge combines shard documents into one. When any document is a shard,
// all must be shards of the same count and every shard 1..N must appear
// exactly once: a missing shard would silently drop items, so it is an
// error, never a smaller result. An item reported twice is an error too.
func Merge(docs []Document) (Document, error) {
	if len(docs) == 0 {
		return Document{}, fmt.Errorf("merge verify results: no documents")
	}
	if err := checkShards(docs); err != nil {
		return Document{}, fmt.Errorf("merge verify results: %w", err)
	}
	out := Document{Version: DocumentVersion, Tool: "verify"}
	stories, seen := map[string]bool{}, map[string]bool{}
	for _, d := range docs {
		for _, s := range d.Stories {
			stories[s] = true
		}
		for _, r := range d.Results {
			key := fmt.Sprintf("%s#%s@%d", r.Story, r.ID, r.Line)
			if seen[key] {
				return Document{}, fmt.Errorf("merge verify results: %s %s appears in more than one document", r.Story, r.ID)
			}
			seen[key] = true
			out.Results = append(out.Results, r)
		}
		out.Diagnostics = append(out.Diagnostics, d.Diagnostics...)
	}
	out.Stories = sortedKeys(stories)
	out.finish()
	return out, nil
}

func checkShards(docs []Document) error {
	count, sharded := 0, 0
	for _, d := range docs {
		if d.Shard != nil {
			sharded++
			count = d.Shard.Count
		}
	}
	if sharded == 0 {
		return nil
	}
	if sharded != len(docs) {
		return fmt.Errorf("%d of %d documents are shards: merge shards of one run only", sharded, len(docs))
	}
	return checkShardSet(docs, count)
}

func checkShardSet(docs []Document, count int) error {
	have := map[int]bool{}
	for _, d := range docs {
		if d.Shard.Count != count {
			return fmt.Errorf("shard %s does not belong to a run of %d shards", d.Shard, count)
		}
		if have[d.Shard.Index] {
			return fmt.Errorf("shard %s appears twice", d.Shard)
		}
		have[d.Shard.Index] = true
	}
	for i := 1; i <= count; i++ {
		if !have[i] {
			return fmt.Errorf("shard %d/%d is missing: its items would go unchecked", i, count)
		}
	}
	return nil
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
