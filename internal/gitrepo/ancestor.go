package gitrepo

import "fmt"

// IsAncestor reports whether revision ancestor is descendant or one of its
// ancestors.
func (r *Repo) IsAncestor(ancestor, descendant string) (bool, error) {
	a, err := r.Commit(ancestor)
	if err != nil {
		return false, err
	}
	d, err := r.Commit(descendant)
	if err != nil {
		return false, err
	}
	ok, err := a.IsAncestor(d)
	if err != nil {
		return false, fmt.Errorf("is %s an ancestor of %s: %w", short(a), short(d), err)
	}
	return ok, nil
}
