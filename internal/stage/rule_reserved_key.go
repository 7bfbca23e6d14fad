package stage

func checkReservedKeys(r *reporter, f *File) {
	for i := 0; i < len(f.Front.Content); i += 2 {
		k := f.Front.Content[i]
		if reason, ok := reservedKeys[k.Value]; ok {
			r.at(f, k, "%s is reserved (%s); not active yet", k.Value, reason)
		}
	}
}
