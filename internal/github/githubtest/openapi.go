package githubtest

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// The description is the subset gen derives from GitHub's full one; tests
// never read anything outside this package's testdata.
//
//go:generate go run ./gen -spec ../../../../shared/github/api.github.com.openapi.json -out testdata/openapi-subset.json
//go:embed testdata/openapi-subset.json
var subsetJSON []byte

// contentsPath and refPath are the paths whose last parameter spans
// slashes ("a/b.md", "storygate/deliveries/x"). OpenAPI cannot say so; the
// legacy router's {name*} wildcard can.
const (
	contentsPath         = "/repos/{owner}/{repo}/contents/{path}"
	contentsWildcardPath = "/repos/{owner}/{repo}/contents/{path*}"
	refPath              = "/repos/{owner}/{repo}/git/refs/{ref}"
	refWildcardPath      = "/repos/{owner}/{repo}/git/refs/{ref*}"
)

var (
	routerOnce sync.Once
	router     routers.Router
	routerErr  error
)

// sharedRouter loads the description once per test binary.
func sharedRouter() (routers.Router, error) {
	routerOnce.Do(func() { router, routerErr = loadRouter(subsetJSON) })
	return router, routerErr
}

func loadRouter(data []byte) (routers.Router, error) {
	doc, err := openapi3.NewLoader().LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("load OpenAPI subset: %w", err)
	}
	for path, wildcard := range map[string]string{contentsPath: contentsWildcardPath, refPath: refWildcardPath} {
		if item := doc.Paths.Value(path); item != nil {
			doc.Paths.Delete(path)
			doc.Paths.Set(wildcard, item)
		}
	}
	r, err := legacy.NewRouter(doc, openapi3.DisableExamplesValidation())
	if err != nil {
		return nil, fmt.Errorf("route OpenAPI subset: %w", err)
	}
	return r, nil
}

// validated is a request the description allows, with what routing learnt.
type validated struct {
	route  *routers.Route
	params map[string]string
}

// validate checks method, path, parameters and JSON body of req against the
// description. body is req's body, already read.
func validate(req *http.Request, body []byte) (validated, error) {
	r, err := sharedRouter()
	if err != nil {
		return validated{}, err
	}
	route, params, err := r.FindRoute(req)
	if err != nil {
		return validated{}, fmt.Errorf("no such operation in GitHub's description: %w", err)
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	input := &openapi3filter.RequestValidationInput{
		Request:    req,
		PathParams: params,
		Route:      route,
		Options: &openapi3filter.Options{
			AuthenticationFunc:                openapi3filter.NoopAuthenticationFunc,
			RejectWhenRequestBodyNotSpecified: true,
		},
	}
	if err := openapi3filter.ValidateRequest(context.Background(), input); err != nil {
		return validated{}, err
	}
	return validated{route: route, params: params}, nil
}
