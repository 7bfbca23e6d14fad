package stage

func checkEnsembleSupports(r *reporter, f *File) {
	v := f.Get("mode")
	if !isString(v) || (v.Value != "pipeline" && v.Value != "mob") {
		return
	}
	if len(seqItems(f.Get("support_agents"))) == 0 {
		r.at(f, v, "mode %q requires a non-empty support_agents", v.Value)
	}
}
