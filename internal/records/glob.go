package records

import (
	"path"
	"strings"
)

// MatchGlob reports whether the slash-separated name matches glob, where
// "**" as a whole segment matches zero or more directories and every other
// segment follows path.Match. A malformed glob matches nothing.
func MatchGlob(glob, name string) bool {
	return matchSegments(strings.Split(glob, "/"), strings.Split(name, "/"))
}

func matchSegments(glob, name []string) bool {
	for len(glob) > 0 {
		if glob[0] == "**" {
			return matchDoubleStar(glob[1:], name)
		}
		if len(name) == 0 {
			return false
		}
		if ok, err := path.Match(glob[0], name[0]); err != nil || !ok {
			return false
		}
		glob, name = glob[1:], name[1:]
	}
	return len(name) == 0
}

// matchDoubleStar tries the rest of the glob at every suffix of name.
func matchDoubleStar(rest, name []string) bool {
	for i := 0; i <= len(name); i++ {
		if matchSegments(rest, name[i:]) {
			return true
		}
	}
	return false
}
