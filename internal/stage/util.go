package stage

import (
	"strconv"

	"gopkg.in/yaml.v3"
)

func itoa(i int) string { return strconv.Itoa(i) }

// requiresItem returns the requires_stage entry naming slug, or the key.
func requiresItem(f *File, slug string) *yaml.Node {
	for _, it := range seqItems(f.Get("requires_stage")) {
		if it.Value == slug {
			return it
		}
	}
	k, _ := f.Lookup("requires_stage")
	return k
}

// producesItem returns the produces or optional_produces entry naming art.
func producesItem(f *File, art string) *yaml.Node {
	for _, key := range []string{"produces", "optional_produces"} {
		for _, it := range seqItems(f.Get(key)) {
			if it.Value == art {
				return it
			}
		}
	}
	return f.Get("slug")
}
