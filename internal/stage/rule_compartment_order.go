package stage

import "github.com/storygate/storygate/internal/diag"

var compartments = []string{"Steps", "Sensors", "Learn"}

func checkCompartmentOrder(r *reporter, f *File) {
	for i, later := range compartments {
		lineLater := compartmentLine(f, later)
		if lineLater == 0 {
			continue
		}
		for _, earlier := range compartments[i+1:] {
			if lineEarlier := compartmentLine(f, earlier); lineEarlier != 0 && lineEarlier < lineLater {
				r.atPos(f, diag.Pos{Line: lineEarlier, Column: 1}, "\"## %s\" comes before \"## %s\"; the compartments go Steps, Sensors, Learn", earlier, later)
			}
		}
	}
}
