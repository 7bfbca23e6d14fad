package stage

import "github.com/storygate/storygate/internal/diag"

func init() {
	register(Rule{ID: "stage/reserved-key", Severity: diag.SeverityError,
		Summary: "the reserved keys on_failure, blocks_on, timeout and retry are not used (the message gives the reason)",
		file:    checkReservedKeys})
}

func checkReservedKeys(r *reporter, f *File) {
	for i := 0; i < len(f.Front.Content); i += 2 {
		k := f.Front.Content[i]
		if reason, ok := reservedKeys[k.Value]; ok {
			r.at(f, k, "%s is reserved (%s); not active yet", k.Value, reason)
		}
	}
}
