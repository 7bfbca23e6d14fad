package stage

import "strconv"

func checkNumberPhase(r *reporter, f *File) {
	num, phase := f.Get("number"), f.Get("phase")
	if !isScalar(num) || !isString(phase) {
		return
	}
	m := numberRE.FindStringSubmatch(num.Value)
	want := phasePrefix(phase.Value)
	if m == nil || want < 0 {
		return
	}
	if got, err := strconv.Atoi(m[1]); err == nil && got == want {
		return
	}
	r.at(f, num, "number %q has phase prefix %s, but phase %q has prefix %d", num.Value, m[1], phase.Value, want)
}
