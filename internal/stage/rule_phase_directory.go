package stage

func checkPhaseDirectory(r *reporter, f *File) {
	v := f.Get("phase")
	if !isString(v) || phasePrefix(v.Value) < 0 || phasePrefix(f.DirName) < 0 || v.Value == f.DirName {
		return
	}
	r.at(f, v, "phase %q disagrees with the directory %s/ the file is in", v.Value, f.DirName)
}
