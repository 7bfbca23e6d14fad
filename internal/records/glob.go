package records

import "github.com/storygate/storygate/internal/pathglob"

// MatchGlob reports whether the slash-separated name matches glob, where
// "**" as a whole segment matches zero or more directories. It is
// pathglob's matcher (linear time; a malformed glob matches nothing), so a
// records mapping and a story scope read a glob the same way.
func MatchGlob(glob, name string) bool { return pathglob.Match(glob, name) }
