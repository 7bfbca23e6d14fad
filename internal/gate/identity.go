package gate

import (
	"fmt"
	"strconv"
	"strings"
)

// A repository may gate several package roots, one workflow pair each
// (docs/action.md, "A root inside its repository"). On GitHub their runs
// must not meet: each root's check runs, their external_id and its sticky
// comment carry the root. These functions are the one place the
// identities are built and read back; the repository's top keeps the
// names storygate always used, so nothing changes where there is one
// root.

// checkPrefix starts the name of every storygate check run.
const checkPrefix = "storygate / "

// Identity is one gate's check run in one root.
type Identity struct {
	Gate Name
	// Root is where the root is in its repository, as the results
	// document records it: "" or "." for the top, else a slash path such
	// as "pkg-a". Callers take it from the root they trust (the gate's
	// own, publish's --root), never from a document they were handed.
	Root string
}

// AtTop reports whether root (as Identity.Root) is the repository's top.
func AtTop(root string) bool { return root == "" || root == "." }

// SameRoot reports whether a and b (as Identity.Root) are one root.
func SameRoot(a, b string) bool { return a == b || AtTop(a) && AtTop(b) }

// CheckName is the check run's name, stable so branch protection can
// require it: "storygate / stories" at the top, "storygate / stories
// (pkg-a)" in the root pkg-a.
func (id Identity) CheckName() string {
	if AtTop(id.Root) {
		return checkPrefix + string(id.Gate)
	}
	return checkPrefix + string(id.Gate) + " (" + id.Root + ")"
}

// ExternalID is the check run's external_id, by which a create whose
// answer was lost finds the run again: "storygate/stories" at the top,
// "storygate/stories@pkg-a" in pkg-a. A gate's name has no "@", so the
// first one ends it and no two identities share an ExternalID.
func (id Identity) ExternalID() string {
	if AtTop(id.Root) {
		return "storygate/" + string(id.Gate)
	}
	return "storygate/" + string(id.Gate) + "@" + id.Root
}

// ParseCheckName reads a check run's name back into the identity
// CheckName gave it; ok is false for a name storygate does not give (not
// its prefix, an unknown gate, a malformed root). A gate's name has no
// space, so the first " (" ends it.
func ParseCheckName(s string) (id Identity, ok bool) {
	rest, ok := strings.CutPrefix(s, checkPrefix)
	if !ok {
		return Identity{}, false
	}
	gateName, root, hasRoot := strings.Cut(rest, " (")
	if hasRoot {
		if root, ok = strings.CutSuffix(root, ")"); !ok || AtTop(root) {
			return Identity{}, false
		}
	}
	id = Identity{Gate: Name(gateName), Root: root}
	return id, id.Gate.Known() && id.CheckName() == s
}

// StickyMarker is the hidden HTML comment that finds a root's sticky pull
// request comment again: "<!-- storygate:sticky -->" at the top,
// `<!-- storygate:sticky root="pkg-a" -->` in pkg-a. The root is quoted
// (and ">" escaped, so it cannot end the comment), which keeps one root's
// marker from ever being a part of another's: comments are found by the
// marker they contain.
func StickyMarker(root string) string {
	if AtTop(root) {
		return "<!-- storygate:sticky -->"
	}
	return "<!-- storygate:sticky root=" + strings.ReplaceAll(strconv.Quote(root), ">", `\x3e`) + " -->"
}

// DispatchRunName is the name (GitHub's display_title) the shipped gate
// workflow's run-name gives a run the command handler dispatched for pull
// request pr at commit head: the dispatch inputs are not in the workflow
// run the API returns, its display title is, so publish binds a
// dispatched document to the inputs it was started with through it.
func DispatchRunName(pr int, head string) string {
	return fmt.Sprintf("storygate #%d at %s", pr, head)
}
