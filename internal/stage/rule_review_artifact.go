package stage

import "regexp"

func checkReviewArtifact(r *reporter, f *File) {
	v := f.Get("review_artifact")
	if !isString(v) || v.Value == "" {
		return
	}
	st := decodeStage(f)
	if msg := reviewTargetProblem(st, v.Value); msg != "" {
		r.at(f, v, "%s", msg)
	}
}

func reviewTargetProblem(st *Stage, target string) string {
	switch {
	case contains(st.OptionalProduces, target) && !contains(st.Produces, target):
		return "review_artifact " + quoted(target) + " is in optional_produces; the review target must be a required produces entry"
	case !contains(st.Produces, target):
		return "review_artifact " + quoted(target) + " is not in produces"
	case isStructuredOutput(st.Outputs, target):
		return "review_artifact " + quoted(target) + " is a structured output (outputs names it with a non-Markdown extension); a review target must be Markdown"
	}
	return kindCoverageProblem(st, target)
}

var structuredExt = `\.(json|ya?ml|csv|toml|xml)\b`

// isStructuredOutput reads the outputs prose: an artifact it names only with
// a structured extension (traceability.json) and never as <name>.md is not
// Markdown. Stage files carry no other record of an artifact's format.
func isStructuredOutput(outputs, name string) bool {
	q := regexp.QuoteMeta(name)
	structured := regexp.MustCompile(`(^|[^a-z0-9-])` + q + structuredExt)
	markdown := regexp.MustCompile(`(^|[^a-z0-9-])` + q + `\.md\b`)
	return structured.MatchString(outputs) && !markdown.MatchString(outputs)
}

// kindCoverageProblem checks that the review target applies to every unit
// kind on which some required output applies (an unlisted artifact applies
// to every kind).
func kindCoverageProblem(st *Stage, target string) string {
	targetKinds := kindsOf(st, target)
	for _, kind := range unitKinds {
		if contains(targetKinds, kind) {
			continue
		}
		for _, out := range st.Produces {
			if contains(kindsOf(st, out), kind) {
				return "review_artifact " + quoted(target) + " does not apply to unit kind " + quoted(kind) + ", on which required output " + quoted(out) + " applies"
			}
		}
	}
	return ""
}

func kindsOf(st *Stage, artifact string) []string {
	if kinds, ok := st.ProducesKinds[artifact]; ok {
		return kinds
	}
	return unitKinds
}
