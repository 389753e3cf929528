package compile

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
)

// sameButLines fails t unless full and bare (the same body parsed with
// and without the line report) agree in everything but the lines, and
// compile to the same blob as Compile gives for the body.
func sameButLines(t *testing.T, name string, body []byte, full, bare *File) {
	t.Helper()
	if bare.Lines != nil {
		t.Fatalf("%s: the parse without lines kept %d lines", name, len(bare.Lines))
	}
	want := *full
	want.Lines = nil
	if !reflect.DeepEqual(&want, bare) {
		t.Fatalf("%s: the parse without lines gives another file:\n%+v\nwant\n%+v", name, bare, &want)
	}
	a, err := full.Compile().AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bare.Compile().AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(body, full.Options).AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) || !bytes.Equal(a, c) {
		t.Fatalf("%s: without lines, another blob (%d and %d bytes, want %d)", name, len(b), len(c), len(a))
	}
}

// TestNoLinesSameFile: both. A parse that keeps no line report (Compile's)
// reads every file of the sample as the full parse does, in both modes,
// and compiles to the same blob byte for byte; files parsed one after
// another reuse the pooled line buffer, so each also follows a larger one.
func TestNoLinesSameFile(t *testing.T) {
	files, err := testcorpus.Sample()
	if err != nil {
		t.Fatal(err)
	}
	// Past the pool's bound, and a buffer holding a longer file's lines
	// before a shorter one's.
	long := strings.Repeat("User-agent: a\nDisallow: /x\nCrawl-delay: 1\nSitemap: https://s/x\n", 2*maxPooledLines)
	files = append(files, testcorpus.File{Name: "long", Data: []byte(long)}, testcorpus.File{Name: "short", Data: []byte("user-agent: *\nallow: /\n")})
	for _, mode := range []Mode{Google, RFC9309} {
		for _, fl := range files {
			full := Parse(fl.Data, Options{Mode: mode})
			bare := parse(fl.Data, Options{Mode: mode}, true)
			sameButLines(t, mode.String()+" "+fl.Name, fl.Data, full, bare)
		}
	}
}

// TestNoLinesKeepsNoLine: a line buffer goes back to the pool cleared, so
// that a pooled buffer holds no string of an earlier body.
func TestNoLinesKeepsNoLine(t *testing.T) {
	Compile([]byte("User-agent: *\nDisallow: /secret\n"), Options{})
	for range 4 {
		buf := lineBufs.Get().(*[]Line)
		for _, ln := range (*buf)[:cap(*buf)] {
			if ln != (Line{}) {
				t.Fatalf("a pooled line buffer holds %+v", ln)
			}
		}
		defer lineBufs.Put(buf)
	}
}

// TestNoLinesConcurrent: compiles (parses without lines) from several goroutines at
// once share the pool and still give each file its own groups and blob
// (.ci/run runs it under the race detector).
func TestNoLinesConcurrent(t *testing.T) {
	files, err := testcorpus.Sample()
	if err != nil {
		t.Fatal(err)
	}
	want := make([][]byte, len(files))
	for i, fl := range files {
		if want[i], err = Parse(fl.Data, Options{}).Compile().AppendBinary(nil); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range files {
				i := (k + w*len(files)/4) % len(files)
				got, err := Compile(files[i].Data, Options{}).AppendBinary(nil)
				if err == nil && !bytes.Equal(got, want[i]) {
					err = fmt.Errorf("%s: another blob when parsed beside other files", files[i].Name)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
