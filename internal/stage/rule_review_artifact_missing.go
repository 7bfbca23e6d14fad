package stage

import "github.com/storygate/storygate/internal/diag"

func init() {
	register(Rule{ID: "stage/review-artifact-missing", Severity: diag.SeverityError,
		Summary: "a stage that declares a reviewer also declares review_artifact",
		file:    checkReviewArtifactPresent})
}

func checkReviewArtifactPresent(r *reporter, f *File) {
	k, v := f.Lookup("reviewer")
	if v == nil || isNull(v) || f.Get("review_artifact") != nil {
		return
	}
	r.at(f, k, "reviewer is declared but review_artifact is missing; name the required Markdown produces entry the review is about")
}
