package stage

func checkReviewArtifactPresent(r *reporter, f *File) {
	k, v := f.Lookup("reviewer")
	if v == nil || isNull(v) || f.Get("review_artifact") != nil {
		return
	}
	r.at(f, k, "reviewer is declared but review_artifact is missing; name the required Markdown produces entry the review is about")
}
