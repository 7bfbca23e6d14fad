package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/story"
)

var dependencyCycle = &Rule{ID: "delegation/cycle", Need: NeedSet, Spec: "§10.1",
	Summary: "`depends_on` has no cycle",
	CheckSet: func(p *SetPass) {
		ids := byID(p.Units)
		graph := map[string][]story.Scalar{}
		for id, s := range ids {
			graph[id] = s.Front.DependsOn.Items
		}
		for id, s := range ids {
			if cycle := cycleThrough(graph, id); cycle != nil {
				p.Report(s.Path, edgePos(s, cycle[1]), "depends_on cycle: %s", strings.Join(cycle, " → "))
			}
		}
	}}

// cycleThrough returns a dependency path from start back to start, or nil.
func cycleThrough(graph map[string][]story.Scalar, start string) []string {
	visited := map[string]bool{}
	var path []string
	var walk func(id string) bool
	walk = func(id string) bool {
		path = append(path, id)
		for _, dep := range graph[id] {
			if dep.Value == start {
				path = append(path, start)
				return true
			}
			if !visited[dep.Value] {
				visited[dep.Value] = true
				if walk(dep.Value) {
					return true
				}
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if walk(start) {
		return path
	}
	return nil
}

// edgePos is the position of the depends_on item naming next.
func edgePos(s *story.Story, next string) story.Pos {
	for _, d := range s.Front.DependsOn.Items {
		if d.Value == next {
			return d.Pos
		}
	}
	return s.Front.KeyPos("depends_on")
}
