package verify

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Shard says which part of the items one runner takes: Index of Count,
// counted from 1 as matrix jobs are.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// String prints the shard as I/N, the form the --shard flag takes.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// ParseShard reads "I/N" with 1 <= I <= N.
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	i, errI := strconv.Atoi(strings.TrimSpace(is))
	n, errN := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || errI != nil || errN != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want I/N with 1 <= I <= N, e.g. 2/4", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// Select returns the items of this shard. Items are ordered by story path and
// position in the story, then dealt out in turn, so every runner that sees
// the same checkout computes the same partition, each item lands in exactly
// one shard, and shard sizes differ by at most one.
func (s Shard) Select(items []Item) []Item {
	sorted := append([]Item(nil), items...)
	sort.SliceStable(sorted, func(a, b int) bool {
		if sorted[a].Story != sorted[b].Story {
			return sorted[a].Story < sorted[b].Story
		}
		return sorted[a].Index < sorted[b].Index
	})
	var out []Item
	for k, it := range sorted {
		if k%s.Count == s.Index-1 {
			out = append(out, it)
		}
	}
	return out
}
