package githubtest

import "net/http"

type handler func(*Server, http.ResponseWriter, *request)

// routes maps "METHOD template" to its handler; every template must be an
// operation of the OpenAPI subset (TestRoutesAreInTheDescription).
var routes = map[string]handler{
	"GET " + appRoute:                                                                 (*Server).getApp,
	"POST " + accessTokensRoute:                                                       (*Server).createAccessToken,
	"POST /repos/{owner}/{repo}/check-runs":                                           (*Server).createCheckRun,
	"PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}":                           (*Server).updateCheckRun,
	"GET /repos/{owner}/{repo}/commits/{ref}/check-runs":                              (*Server).listCheckRunsForRef,
	"GET /repos/{owner}/{repo}/commits/{ref}":                                         (*Server).getCommit,
	"GET /repos/{owner}/{repo}/commits":                                               (*Server).listCommits,
	"GET /repos/{owner}/{repo}/check-runs/{check_run_id}":                             (*Server).getCheckRun,
	"GET /repos/{owner}/{repo}/issues/{issue_number}/comments":                        (*Server).listComments,
	"POST /repos/{owner}/{repo}/issues/{issue_number}/comments":                       (*Server).createComment,
	"GET /repos/{owner}/{repo}/issues/comments/{comment_id}":                          (*Server).getComment,
	"PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}":                        (*Server).editComment,
	"DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}":                       (*Server).deleteComment,
	"POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions":               (*Server).createReaction,
	"GET /repos/{owner}/{repo}/collaborators/{username}/permission":                   (*Server).getPermission,
	"GET /orgs/{org}/teams/{team_slug}/memberships/{username}":                        (*Server).getTeamMembership,
	"GET /repos/{owner}/{repo}/pulls/{pull_number}":                                   (*Server).getPull,
	"GET " + contentsWildcardPath:                                                     (*Server).getContents,
	"PUT " + contentsWildcardPath:                                                     (*Server).putContents,
	"GET /repos/{owner}/{repo}/issues":                                                (*Server).listIssues,
	"POST /repos/{owner}/{repo}/issues":                                               (*Server).createIssue,
	"PATCH /repos/{owner}/{repo}/issues/{issue_number}":                               (*Server).editIssue,
	"GET /repos/{owner}/{repo}/branches/{branch}/protection":                          (*Server).getProtection,
	"PUT /repos/{owner}/{repo}/branches/{branch}/protection":                          (*Server).putProtection,
	"PATCH /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks": (*Server).patchRequiredChecks,
	"POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches":           (*Server).createDispatch,
	"GET /repos/{owner}/{repo}/actions/runs/{run_id}":                                 (*Server).getWorkflowRun,
	"GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs":                  (*Server).listWorkflowRuns,
	"GET /repos/{owner}/{repo}/activity":                                              (*Server).listActivity,
	"POST /repos/{owner}/{repo}/git/refs":                                             (*Server).createRef,
	"DELETE " + refWildcardPath:                                                       (*Server).deleteRef,
	"GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts":                       (*Server).listRunArtifacts,
	"GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}":      (*Server).downloadArtifact,
	"GET /user": (*Server).getAuthenticatedUser,
}

// dispatch answers an allowed request; an operation GitHub has but the fake
// does not implement is a test failure too, so gaps are never silent.
func (s *Server) dispatch(w http.ResponseWriter, r *request) {
	h, ok := routes[r.Method+" "+r.route]
	if !ok {
		s.t.Errorf("fake GitHub: %s %s is allowed by GitHub but not implemented by the fake", r.Method, r.route)
		writeError(w, http.StatusNotImplemented, "not implemented by the fake")
		return
	}
	h(s, w, r)
}
