package githubtest

// MoveHead sets the head commit GitHub reports for pull request number of
// repo, as a push to its branch does. It reports whether the pull request
// exists.
func (s *Server) MoveHead(repo string, number int, sha string) bool {
	return s.editPull(repo, number, func(pr *PullRequest) { pr.HeadSHA = sha })
}

// editPull applies edit to pull request number of repo and reports
// whether there is one.
func (s *Server) editPull(repo string, number int, edit func(*PullRequest)) bool {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for _, pr := range s.st.pulls[repo] {
		if pr.Number == number {
			edit(pr)
			return true
		}
	}
	return false
}
