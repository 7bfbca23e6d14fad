package story

// ParseField reads a `**Key:** value` (or `**Key**: value`) line as an
// entry's fields are read, for text outside an entry: a line that would
// be a field inside one.
func ParseField(ln Line) (Field, bool) { return parseField(ln) }
