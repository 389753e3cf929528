package runtime_test

import (
	"fmt"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

func Example() {
	body := []byte("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n")
	set := compile.Compile(compile.Parse(body, compile.Options{}), compile.CompileOptions{})
	blob, _ := set.AppendBinary(nil)

	r, err := runtime.Load(blob)
	if err != nil {
		panic(err)
	}
	m := r.Agent("examplebot")
	for _, u := range []string{"https://example.com/private/x", "https://example.com/private/press/1", "https://example.com/"} {
		res := m.Check(u)
		fmt.Println(res.Allowed, res.Line, u)
	}
	// Output:
	// false 2 https://example.com/private/x
	// true 3 https://example.com/private/press/1
	// true 0 https://example.com/
}
