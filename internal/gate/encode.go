package gate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"

	"github.com/storygate/storygate/internal/par"
)

// storiesNull is how the indented document shows a nil Stories: a key at
// the top level, so two spaces in. The sequence cannot occur inside a
// string, where every quote is escaped.
const storiesNull = "\n  \"stories\": null"

// storyIndent is the indentation of an element of the stories array.
const storyIndent = "    "

// encode returns the document as json.Encoder with SetIndent("", "  ")
// writes it, byte for byte, in pieces to be written in order. The stories,
// nearly all of a large document (about 1.6 KB each), are marshalled on
// every CPU, each at the indentation it has in the whole; the rest is
// encoded with Stories nil and the array spliced in where that shows.
// One encoder over a 10,000-story document took a fifth of the gate's
// wall time, on one CPU, and grew one buffer to 16 MB by doubling.
func (r *Results) encode() ([][]byte, error) {
	shadow := *r
	shadow.Stories = nil
	var rest bytes.Buffer
	enc := json.NewEncoder(&rest)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&shadow); err != nil {
		return nil, err
	}
	if r.Stories == nil {
		return [][]byte{rest.Bytes()}, nil
	}
	doc := rest.Bytes()
	at := bytes.Index(doc, []byte(storiesNull))
	if at < 0 || bytes.Contains(doc[at+len(storiesNull):], []byte(storiesNull)) {
		return nil, fmt.Errorf("the stories key is not where it belongs in %d bytes", len(doc))
	}
	if len(r.Stories) == 0 {
		return [][]byte{doc[:at], []byte("\n  \"stories\": []"), doc[at+len(storiesNull):]}, nil
	}
	stories, err := r.encodeStories()
	if err != nil {
		return nil, err
	}
	out := append([][]byte{doc[:at], []byte("\n  \"stories\": [")}, stories...)
	return append(out, []byte("\n  ]"), doc[at+len(storiesNull):]), nil
}

// encodeStories marshals the stories in as many runs as there are CPUs
// (a few times over, so that a slow run does not hold the rest), each
// element on a line of its own after a comma for all but the last.
func (r *Results) encodeStories() ([][]byte, error) {
	runs := min(len(r.Stories), 4*runtime.GOMAXPROCS(0))
	parts := make([][]byte, runs)
	errs := make([]error, runs)
	par.Each(runs, func(k int) {
		from, to := k*len(r.Stories)/runs, (k+1)*len(r.Stories)/runs
		buf := make([]byte, 0, encodedSize(r.Stories[from:to]))
		for i := from; i < to; i++ {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, "\n"+storyIndent...)
			if s := &r.Stories[i]; plainStory(s) {
				buf = appendStory(buf, s)
				continue
			}
			b, err := json.MarshalIndent(&r.Stories[i], storyIndent, "  ")
			if err != nil {
				errs[k] = fmt.Errorf("story %s: %w", r.Stories[i].File, err)
				return
			}
			buf = append(buf, b...)
		}
		parts[k] = buf
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return parts, nil
}

// encodedSize is about what the stories take indented, a little more for
// a plain one: the buffer is made once rather than doubled a dozen times
// (a third of the encoding's time was the copies).
func encodedSize(stories []Story) int {
	n := 0
	for i := range stories {
		s := &stories[i]
		n += 256 + len(s.File) + len(s.ID) + len(s.Title) + len(s.State) + len(s.BaseState) + 160*len(s.Transitions)
		for _, t := range s.Transitions {
			n += len(t.From) + len(t.To) + len(t.Event) + len(t.Actor)
		}
	}
	return n
}
