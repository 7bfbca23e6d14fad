package githubtest

import (
	"crypto/rsa"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v4"
)

const accessTokensRoute = "/app/installations/{installation_id}/access_tokens"

// appRoute is GET /app: the App its JWT names.
const appRoute = "/app"

// app is a registered GitHub App: its public key checks the JWTs it signs.
type app struct {
	id             int64
	installationID int64
	key            *rsa.PublicKey
}

// RegisterApp lets a GitHub App exchange JWTs signed with the private key
// matching key for installation tokens of installationID.
func (s *Server) RegisterApp(appID, installationID int64, key *rsa.PublicKey) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	s.st.apps[installationID] = app{id: appID, installationID: installationID, key: key}
}

// authorized checks the credentials: the app's JWT for the token exchange,
// the server token or an issued installation token for everything else.
func (s *Server) authorized(r *http.Request, route string) bool {
	scheme, cred, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if route == accessTokensRoute {
		return strings.EqualFold(scheme, "Bearer") && s.validAppJWT(cred, r)
	}
	if route == appRoute {
		return strings.EqualFold(scheme, "Bearer") && s.jwtApp(cred) != 0
	}
	if !strings.EqualFold(scheme, "token") && !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return cred == s.Token || s.st.installationTokens[cred] != 0
}

// validAppJWT verifies an RS256 JWT whose issuer is the registered app of
// the installation in the request path.
func (s *Server) validAppJWT(token string, r *http.Request) bool {
	installation, err := strconv.ParseInt(installationFromPath(r.URL.Path), 10, 64)
	if err != nil {
		return false
	}
	s.st.mu.Lock()
	a, ok := s.st.apps[installation]
	s.st.mu.Unlock()
	if !ok {
		return false
	}
	claims := &jwt.RegisteredClaims{}
	_, err = jwt.ParseWithClaims(token, claims, func(t *jwt.Token) (any, error) {
		if t.Method != jwt.SigningMethodRS256 {
			return nil, fmt.Errorf("unexpected signing method %v", t.Header["alg"])
		}
		return a.key, nil
	})
	return err == nil && claims.Issuer == strconv.FormatInt(a.id, 10)
}

// installationFromPath takes the id out of /app/installations/{id}/access_tokens.
func installationFromPath(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 3 {
		return ""
	}
	return parts[2]
}

// createAccessToken issues an installation token the fake then accepts.
func (s *Server) createAccessToken(w http.ResponseWriter, r *request) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	s.st.nextID++
	token := fmt.Sprintf("ghs_fake%06d", s.st.nextID)
	installation, _ := strconv.ParseInt(r.params["installation_id"], 10, 64)
	s.st.installationTokens[token] = s.st.apps[installation].id
	writeJSON(w, http.StatusCreated, map[string]any{
		"token":       token,
		"expires_at":  time.Now().Add(time.Hour).UTC().Format(time.RFC3339),
		"permissions": map[string]string{"checks": "write", "contents": "write", "issues": "write", "pull_requests": "write"},
	})
}

// IssuedToken reports whether token is an installation token the fake
// issued (a git server in a test accepts exactly those).
func (s *Server) IssuedToken(token string) bool {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return s.st.installationTokens[token] != 0
}

// InstallationTokensIssued returns how many installation tokens apps got.
func (s *Server) InstallationTokensIssued() int {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return len(s.st.installationTokens)
}

// jwtApp is the registered App whose key signed token, naming itself as
// the issuer; 0 for none.
func (s *Server) jwtApp(token string) int64 {
	s.st.mu.Lock()
	apps := make([]app, 0, len(s.st.apps))
	for _, a := range s.st.apps {
		apps = append(apps, a)
	}
	s.st.mu.Unlock()
	for _, a := range apps {
		claims := &jwt.RegisteredClaims{}
		_, err := jwt.ParseWithClaims(token, claims, func(t *jwt.Token) (any, error) {
			if t.Method != jwt.SigningMethodRS256 {
				return nil, fmt.Errorf("unexpected signing method %v", t.Header["alg"])
			}
			return a.key, nil
		})
		if err == nil && claims.Issuer == strconv.FormatInt(a.id, 10) {
			return a.id
		}
	}
	return 0
}

// getApp answers GET /app: the App the JWT is of, its slug as AppBot
// names its bot (app-<id>).
func (s *Server) getApp(w http.ResponseWriter, r *request) {
	scheme, cred, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	id := int64(0)
	if strings.EqualFold(scheme, "Bearer") {
		id = s.jwtApp(cred)
	}
	slug := strings.TrimSuffix(AppBot(id).Login, "[bot]")
	writeJSON(w, http.StatusOK, map[string]any{"id": id, "slug": slug, "node_id": "A_" + slug, "name": slug,
		"owner": map[string]any{"login": "storygate", "id": 1, "type": "Organization"}, "description": "",
		"external_url": "https://example.com", "html_url": "https://github.com/apps/" + slug,
		"created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z", "permissions": map[string]string{}, "events": []string{}})
}
