package rules

import (
	"slices"

	"github.com/storygate/storygate/internal/story"
)

// setIndex numbers the set's stories once for the set rules, so that they
// follow references by slice index instead of each hashing every id again
// (at 10,000 stories the string-keyed maps the rules built were most of
// their time, and their cost per story doubled from 1,000 to 10,000).
//
// A story's number is the place of its id among the set's ids, sorted,
// so what a rule reports does not depend on the order the stories came in.
type setIndex struct {
	// ids are the set's story ids (frontmatter id set), sorted.
	ids []string
	// holder[n] is the index in Units of the story holding ids[n]: for an
	// id several files declare (delegation/duplicate-id), the first by path.
	holder []int32
	// num is ids inverted.
	num map[string]int32
	// dependsOn[i] and dependents[i] resolve the depends_on and
	// dependent_stories items of Units[i], item by item: the number of the
	// story with that id, or -1 when there is none.
	dependsOn, dependents [][]int32
	// parent[i] resolves the parent of Units[i] the same way.
	parent []int32
}

func newSetIndex(units []Unit) *setIndex {
	x := &setIndex{num: make(map[string]int32, len(units))}
	for i, u := range units {
		fm := u.Head.Front
		if fm == nil || !fm.ID.Set {
			continue
		}
		if prev, dup := x.num[fm.ID.Value]; !dup || u.Head.Path < units[prev].Head.Path {
			x.num[fm.ID.Value] = int32(i) // for now the holder, numbered below
		}
	}
	x.ids = make([]string, 0, len(x.num))
	for id := range x.num {
		x.ids = append(x.ids, id)
	}
	slices.Sort(x.ids)
	x.holder = make([]int32, len(x.ids))
	for n, id := range x.ids {
		x.holder[n] = x.num[id]
		x.num[id] = int32(n)
	}
	x.resolve(units)
	return x
}

// resolve resolves every reference of every story, into one array.
func (x *setIndex) resolve(units []Unit) {
	total := 0
	for _, u := range units {
		if fm := u.Head.Front; fm != nil {
			total += len(fm.DependsOn.Items) + len(fm.DependentStories.Items)
		}
	}
	refs := make([]int32, 0, total)
	x.dependsOn, x.dependents = make([][]int32, len(units)), make([][]int32, len(units))
	x.parent = make([]int32, len(units))
	resolveList := func(items []story.Scalar) []int32 {
		from := len(refs)
		for _, it := range items {
			refs = append(refs, x.lookup(it.Value))
		}
		return refs[from:len(refs):len(refs)]
	}
	for i, u := range units {
		x.parent[i] = -1
		fm := u.Head.Front
		if fm == nil {
			continue
		}
		x.dependsOn[i] = resolveList(fm.DependsOn.Items)
		x.dependents[i] = resolveList(fm.DependentStories.Items)
		x.parent[i] = x.lookup(fm.Parent.Value)
	}
}

// lookup is the number of the story with id, or -1.
func (x *setIndex) lookup(id string) int32 {
	if n, ok := x.num[id]; ok {
		return n
	}
	return -1
}

// story is the story numbered n.
func (x *setIndex) story(units []Unit, n int32) *story.Story { return units[x.holder[n]].Head }
