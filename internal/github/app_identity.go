package github

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/bradleyfalzon/ghinstallation/v2"
	gh "github.com/google/go-github/v62/github"
)

// AppIdentity asks GitHub which App the key signs for (GET /app with the
// App's JWT), through the same API root, transport and retries as every
// adapter: the App's id and slug (it posts as <slug>[bot]). cfg.App names
// the App and its key; its installation is not used.
func AppIdentity(ctx context.Context, cfg Config) (id int64, slug string, err error) {
	if cfg.App == nil || cfg.App.AppID == 0 || len(cfg.App.PrivateKeyPEM) == 0 {
		return 0, "", fmt.Errorf("github: the App's identity needs its id and private key")
	}
	base, err := normaliseBaseURL(cfg.BaseURL)
	if err != nil {
		return 0, "", err
	}
	retrying := newRetryTransport(transportOrDefault(cfg.Transport), cfg.Retry, cfg.Timeouts)
	tr, err := ghinstallation.NewAppsTransport(retrying, cfg.App.AppID, cfg.App.PrivateKeyPEM)
	if err != nil {
		return 0, "", fmt.Errorf("github: app %d: %w", cfg.App.AppID, err)
	}
	tr.BaseURL = strings.TrimRight(base.String(), "/")
	client := gh.NewClient(&http.Client{Transport: tr})
	client.BaseURL = base
	app, resp, err := client.Apps.Get(ctx, "")
	if err != nil {
		return 0, "", apiError("GET /app with the App's key", resp, err)
	}
	return app.GetID(), app.GetSlug(), nil
}
