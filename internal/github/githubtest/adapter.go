package githubtest

import "github.com/storygate/storygate/internal/github"

// Adapter returns storygate's GitHub adapter talking to this fake with its
// token: the client every test of a GitHub-facing package needs.
func (s *Server) Adapter() *github.Adapter {
	a, err := github.NewAdapter(github.Config{BaseURL: s.URL, Token: s.Token})
	if err != nil {
		s.t.Fatalf("adapter for the fake GitHub: %v", err)
	}
	return a
}
