package fetch_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/robotsdfa/robotsdfa/fetch"
)

func ExampleClient_Get() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer site.Close()

	c := &fetch.Client{UserAgent: "examplebot/1.0 (+https://example.com/bot)"}
	r, outcome, err := c.Get(context.Background(), site.URL+"/private/report")
	if err != nil {
		panic(err)
	}
	m := r.Agent("examplebot")
	fmt.Println(outcome.Status, outcome.HTTPStatus, outcome.Rules)
	fmt.Println(m.Allowed(site.URL+"/private/report"), m.Allowed(site.URL+"/public"))

	_, outcome, _ = c.Get(context.Background(), site.URL+"/other")
	fmt.Println("from cache:", outcome.FromCache)
	// Output:
	// success 200 robots.txt
	// false true
	// from cache: true
}
