package robotsbeam_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	robotsbeam "github.com/robotsdfa/robotsdfa/beam"
)

// A frontier filtered on Beam: one pipeline compiles the hosts'
// robots.txt into a store, the next checks each URL against its host's
// (on Dataflow, Flink or Spark the paths are gs://, s3:// and the like,
// and the runner is chosen by flags; here the direct runner of the
// tests). Beam keeps no order, so the lines are sorted to print them.
func ExampleFilter() {
	dir, err := os.MkdirTemp("", "robotsbeam-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	storePath := filepath.Join(dir, "hosts.store")

	p, s := beam.NewPipelineWithRoot()
	records := beam.CreateList(s, []robotsbeam.HostBody{
		{Host: "shop.example", Body: []byte("User-agent: *\nDisallow: /cart\n")},
		{Host: "blog.example", Body: []byte("User-agent: examplebot\nDisallow: /drafts/\n")},
	})
	robotsbeam.Compile(s, records, storePath, robotsbeam.CompileOptions{})
	if err := ptest.Run(p); err != nil {
		panic(err)
	}

	p, s = beam.NewPipelineWithRoot()
	urls := beam.CreateList(s, []string{
		"https://shop.example/cart/1",
		"https://shop.example/shoes",
		"https://blog.example/drafts/x",
		"https://elsewhere.example/",
		"not a url",
	})
	out := robotsbeam.Filter(s, urls, robotsbeam.Options{Store: storePath, Agent: "examplebot", Verdicts: true})
	robotsbeam.WriteSharded(s, filepath.Join(dir, "verdicts"), 1, out)
	if err := ptest.Run(p); err != nil {
		panic(err)
	}

	got, err := os.ReadFile(filepath.Join(dir, "verdicts-00000-of-00001"))
	if err != nil {
		panic(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
	// Output:
	// allowed	https://elsewhere.example/
	// allowed	https://shop.example/shoes
	// disallowed	https://blog.example/drafts/x
	// disallowed	https://shop.example/cart/1
	// error	not a url	neither an absolute URL nor a path starting with '/'
}

// The hosts of a frontier that the store holds no robots.txt for, in one
// sorted file: the list robotsdfa fetch -hosts fetches into the store
// before the next run. Their lines get Options.Missing's verdict (allowed
// by default) meanwhile.
func ExampleFilterMissing() {
	dir, err := os.MkdirTemp("", "robotsbeam-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	storePath := filepath.Join(dir, "hosts.store")

	p, s := beam.NewPipelineWithRoot()
	records := beam.CreateList(s, []robotsbeam.HostBody{{Host: "shop.example", Body: []byte("User-agent: *\nDisallow: /cart\n")}})
	robotsbeam.Compile(s, records, storePath, robotsbeam.CompileOptions{})
	if err := ptest.Run(p); err != nil {
		panic(err)
	}

	p, s = beam.NewPipelineWithRoot()
	urls := beam.CreateList(s, []string{
		"https://shop.example/cart/1",
		"https://news.example/a",
		"https://NEWS.example/b",
		"https://blog.example:8443/x",
	})
	lines, missing := robotsbeam.FilterMissing(s, urls, robotsbeam.Options{Store: storePath, Agent: "examplebot"})
	robotsbeam.WriteSharded(s, filepath.Join(dir, "allowed"), 1, lines)
	robotsbeam.WriteHostList(s, filepath.Join(dir, "todo.txt"), missing)
	if err := ptest.Run(p); err != nil {
		panic(err)
	}

	todo, err := os.ReadFile(filepath.Join(dir, "todo.txt"))
	if err != nil {
		panic(err)
	}
	fmt.Print(string(todo))
	// Output:
	// blog.example:8443
	// news.example
}
