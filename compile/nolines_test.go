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
// and without Options.NoLines) agree in everything but the lines, and
// compile to the same blob.
func sameButLines(t *testing.T, name string, full, bare *File) {
	t.Helper()
	if bare.Lines != nil {
		t.Fatalf("%s: NoLines kept %d lines", name, len(bare.Lines))
	}
	want := *full
	want.Lines, want.Options.NoLines = nil, true
	if !reflect.DeepEqual(&want, bare) {
		t.Fatalf("%s: NoLines parses to another file:\n%+v\nwant\n%+v", name, bare, &want)
	}
	a, err := Compile(full, CompileOptions{}).AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Compile(bare, CompileOptions{}).AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("%s: NoLines compiles to another blob (%d bytes, want %d)", name, len(b), len(a))
	}
}

// TestNoLinesSameFile: both. A parse that keeps no line report reads every
// file of the sample as the full parse does, in both modes, and compiles to
// the same blob byte for byte; files parsed one after another reuse the
// pooled line buffer, so each also follows a larger one.
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
			bare := Parse(fl.Data, Options{Mode: mode, NoLines: true})
			sameButLines(t, mode.String()+" "+fl.Name, full, bare)
		}
	}
}

// TestNoLinesKeepsNoLine: a line buffer goes back to the pool cleared, so
// that a pooled buffer holds no string of an earlier body.
func TestNoLinesKeepsNoLine(t *testing.T) {
	Parse([]byte("User-agent: *\nDisallow: /secret\n"), Options{NoLines: true})
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

// TestNoLinesConcurrent: parses with NoLines from several goroutines at
// once share the pool and still give each file its own groups and blob
// (.ci/run runs it under the race detector).
func TestNoLinesConcurrent(t *testing.T) {
	files, err := testcorpus.Sample()
	if err != nil {
		t.Fatal(err)
	}
	want := make([][]byte, len(files))
	for i, fl := range files {
		if want[i], err = Compile(Parse(fl.Data, Options{}), CompileOptions{}).AppendBinary(nil); err != nil {
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
				got, err := Compile(Parse(files[i].Data, Options{NoLines: true}), CompileOptions{}).AppendBinary(nil)
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
