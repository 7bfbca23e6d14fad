package chatops

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/storygate/storygate/internal/lifecycle"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

// Cover names what a decision approves: the contract, the plan or
// evaluation in front of the human, and for accept_result and mark_done
// the files of the story's scope.write as well (the code that was judged).
type Cover struct {
	// Entry is the approved plan's or evaluation's heading, "" for none.
	Entry string
	// Code adds the blobs of the files scope.write grants.
	Code bool
}

// codeEvents are the decisions that approve the code, not only the text.
var codeEvents = []lifecycle.Event{"accept_result", "mark_done"}

// CoverFor is what deciding event at atState approves in s.
func CoverFor(s *story.Story, event lifecycle.Event, atState lifecycle.State) Cover {
	return Cover{Entry: transition.LatestApproved(s, atState), Code: slices.Contains(codeEvents, event)}
}

// String renders the cover for records and messages, e.g.
// "contract + Evaluation 2 + scope.write".
func (c Cover) String() string {
	parts := []string{"contract"}
	if c.Entry != "" {
		parts = append(parts, c.Entry)
	}
	if c.Code {
		parts = append(parts, "scope.write")
	}
	return strings.Join(parts, " + ")
}

// Blob is one file of a commit's tree.
type Blob struct {
	Path, ID string
}

// ApprovedContent is the canonical text of what cover approves in s, with
// files the blobs of s's scope.write at the same commit. Two versions of a
// story approve the same thing exactly when their texts are equal; its
// SHA-256 is the digest a decision record carries.
func ApprovedContent(s *story.Story, cover Cover, files []Blob) ([]byte, error) {
	contract, err := transition.ContentDigest(s, cover.Entry)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "storygate approved content v1\ncovers %s\ncontract+entry %s\n", cover, contract)
	fmt.Fprintf(&b, "field max_iterations %s\n", frontValue(s, "max_iterations"))
	if cover.Code {
		for _, f := range files {
			fmt.Fprintf(&b, "blob %s %s\n", f.ID, f.Path)
		}
	}
	return []byte(b.String()), nil
}

// Digest is "sha256:<hex>" of content.
func Digest(content []byte) string {
	sum := sha256.Sum256(content)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// frontValue is a frontmatter value as JSON, so formatting does not count.
func frontValue(s *story.Story, key string) string {
	var v any
	if s.Front != nil {
		if kv, ok := s.Front.Keys[key]; ok {
			_ = kv.Value.Decode(&v)
		}
	}
	enc, _ := json.Marshal(v)
	return string(enc)
}

// inScope says whether a file belongs to a story's approved code: granted
// by its scope.write (and not excluded), and not the story file itself,
// which the decision commit changes. It is the one place that reads scope,
// through internal/change's Scope.
func inScope(s *story.Story) func(path string) bool {
	return func(path string) bool {
		return s.Front != nil && path != s.Path && change.ScopeOf(s.Front).Covers(path)
	}
}
