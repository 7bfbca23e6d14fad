package stage

func checkWhen(r *reporter, f *File) {
	pairs := mapPairs(f.Get("when"))
	if pairs == nil {
		return // absent, or not a mapping (stage/field-type)
	}
	if len(pairs) != 1 {
		r.at(f, f.Get("when"), "when must have exactly one predicate key, got %d", len(pairs))
	}
	for _, p := range pairs {
		switch {
		case !contains(whenPredicates, p[0].Value):
			r.at(f, p[0], "when has unknown predicate %q; allowed: %s", p[0].Value, oneOf(whenPredicates))
		case !isString(p[1]) || !isKebab(p[1].Value):
			r.at(f, p[1], "when.%s must be a non-empty kebab-case artifact slug", p[0].Value)
		}
	}
}
