package stage

func checkUnknownKeys(r *reporter, f *File) {
	for i := 0; i < len(f.Front.Content); i += 2 {
		k := f.Front.Content[i]
		_, known := specFor(k.Value)
		_, reserved := reservedKeys[k.Value]
		switch {
		case known || reserved:
		case k.Value == "bundle":
			r.at(f, k, "unknown key \"bundle\": it was renamed; write plugin: for ownership")
		default:
			r.at(f, k, "unknown key %q; legal keys: %s", k.Value, legalKeys())
		}
	}
}
