package verify

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
)

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/4"); err != nil || s != (Shard{2, 4}) {
		t.Errorf("ParseShard(2/4) = %v, %v", s, err)
	}
	for _, bad := range []string{"0/4", "5/4", "1/0", "2", "a/b", "-1/2"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

func manyItems() []Item {
	var items []Item
	for _, st := range []string{"b.md", "a.md", "c.md"} {
		for i := range 5 {
			items = append(items, Item{Story: st, Index: i, ID: "V" + strconv.Itoa(i)})
		}
	}
	return items
}

func TestShardsPartitionItemsStably(t *testing.T) {
	items := manyItems()
	reversed := append([]Item(nil), items...)
	for i, j := 0, len(reversed)-1; i < j; i, j = i+1, j-1 {
		reversed[i], reversed[j] = reversed[j], reversed[i]
	}
	seen := map[string]int{}
	for i := 1; i <= 4; i++ {
		sh := Shard{i, 4}
		got, again := sh.Select(items), sh.Select(reversed)
		if keys(got) != keys(again) {
			t.Errorf("shard %s depends on input order: %s vs %s", sh, keys(got), keys(again))
		}
		if len(got) < 3 || len(got) > 4 {
			t.Errorf("shard %s has %d of 15 items", sh, len(got))
		}
		for _, it := range got {
			seen[it.Key()]++
		}
	}
	for _, it := range items {
		if seen[it.Key()] != 1 {
			t.Errorf("%s is in %d shards", it.Key(), seen[it.Key()])
		}
	}
}

func keys(items []Item) string {
	var out []string
	for _, it := range items {
		out = append(out, it.Key())
	}
	return strings.Join(out, ",")
}

func shardDoc(t *testing.T, sh Shard, verdict Verdict) Document {
	t.Helper()
	var results []Result
	for _, it := range sh.Select(manyItems()) {
		results = append(results, Result{Story: it.Story, ID: it.ID, Line: it.Index + 10, Column: 1, Verdict: verdict, Command: "true"})
	}
	doc := NewDocument([]string{"a.md", "b.md", "c.md"}, results, &sh)
	var buf bytes.Buffer
	if err := doc.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadDocument(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func TestMergeCombinesShards(t *testing.T) {
	docs := []Document{shardDoc(t, Shard{2, 3}, VerdictPass), shardDoc(t, Shard{1, 3}, VerdictFail), shardDoc(t, Shard{3, 3}, VerdictPass)}
	merged, err := Merge(docs)
	if err != nil {
		t.Fatal(err)
	}
	if len(merged.Results) != 15 || merged.Shard != nil || len(merged.Stories) != 3 {
		t.Fatalf("merged %d results, shard %v, stories %v", len(merged.Results), merged.Shard, merged.Stories)
	}
	if merged.Summary.Errors != 5 || merged.Diagnostics[0].Rule != RuleFailed || !sortedDiags(merged.Diagnostics) {
		t.Errorf("merged diagnostics: %+v", merged.Summary)
	}
	if merged.Results[0].Story != "a.md" || merged.Results[14].Story != "c.md" {
		t.Errorf("results not in story order")
	}
}

func sortedDiags(ds []diag.Diagnostic) bool {
	for i := 1; i < len(ds); i++ {
		if diag.Less(ds[i], ds[i-1]) {
			return false
		}
	}
	return true
}

func TestMergeRefusesIncompleteOrMixedShards(t *testing.T) {
	one, two := shardDoc(t, Shard{1, 2}, VerdictPass), shardDoc(t, Shard{2, 2}, VerdictPass)
	other := shardDoc(t, Shard{2, 3}, VerdictPass)
	plain := NewDocument(nil, nil, nil)
	cases := map[string][]Document{
		"missing": {one}, "twice": {one, one, two}, "counts": {one, other}, "mixed": {one, two, plain}, "none": nil,
	}
	for name, docs := range cases {
		if _, err := Merge(docs); err == nil {
			t.Errorf("%s: merge accepted", name)
		}
	}
}

func TestReadDocumentRejectsOtherDocuments(t *testing.T) {
	for _, src := range []string{`{"version":2,"tool":"verify"}`, `{"version":1,"tool":"validate"}`, `not json`} {
		if _, err := ReadDocument(strings.NewReader(src)); err == nil {
			t.Errorf("accepted %s", src)
		}
	}
}
