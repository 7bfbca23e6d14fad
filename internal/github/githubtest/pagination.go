package githubtest

import (
	"fmt"
	"net/http"
	"strconv"
)

// page cuts items to the requested page (per_page default 30, at most 100,
// as GitHub does) and sets the Link header go-github follows.
func page[E any](w http.ResponseWriter, r *request, items []E) []E {
	perPage := queryInt(r, "per_page", 30)
	perPage = min(max(perPage, 1), 100)
	n := max(queryInt(r, "page", 1), 1)
	last := max((len(items)+perPage-1)/perPage, 1)
	if n < last {
		q := r.URL.Query()
		q.Set("page", strconv.Itoa(n+1))
		next := fmt.Sprintf("<http://%s%s?%s>; rel=\"next\"", r.Host, r.URL.Path, q.Encode())
		q.Set("page", strconv.Itoa(last))
		w.Header().Set("Link", next+fmt.Sprintf(", <http://%s%s?%s>; rel=\"last\"", r.Host, r.URL.Path, q.Encode()))
	}
	start := min((n-1)*perPage, len(items))
	return items[start:min(start+perPage, len(items))]
}

func queryInt(r *request, name string, def int) int {
	v, err := strconv.Atoi(r.URL.Query().Get(name))
	if err != nil {
		return def
	}
	return v
}
