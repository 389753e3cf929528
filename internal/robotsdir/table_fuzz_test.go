package robotsdir

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/store"
)

// FuzzTable: a -hosts table of any bytes is read or refused, never a
// panic; what is read is a table's lines in order, each naming a file
// inside the directory, and the keyed table is its hosts' own keys, each
// with the file of the last line that names it.
func FuzzTable(f *testing.F) {
	f.Add([]byte("host\tfile\nWWW.Example.com.\ta.txt\textra\r\nexample.org:8080\tsub/b.txt\n"))
	f.Add([]byte("a.example\t../x.txt\n"))
	f.Add([]byte("[::1]:80:80\ta.txt\n"))
	f.Add([]byte("a.example\tx\nA.EXAMPLE.\ty\n"))
	f.Add([]byte("\x1f\x8b\x08\x00"))
	f.Add([]byte("\x28\xb5\x2f\xfd\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, err := readRows(bytes.NewReader(data), "t.tsv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "t.tsv") {
				t.Fatalf("error does not name the table: %v", err)
			}
			return
		}
		want := map[string]string{}
		keyless := 0
		for i, r := range rows {
			if r.Line < 1 || i > 0 && r.Line <= rows[i-1].Line {
				t.Fatalf("row %d: line %d after %+v", i, r.Line, rows[:i])
			}
			if r.Host == "" || !filepath.IsLocal(r.File) || strings.ContainsAny(r.Host+r.File, "\t\n") {
				t.Fatalf("row %+v", r)
			}
			if key, ok := store.Key(r.Host); ok {
				want[key] = r.File
			} else {
				keyless++
			}
		}
		table, err := keyedRows(rows, "t.tsv")
		if keyless > 0 {
			if err == nil || !strings.Contains(err.Error(), "has no host key") {
				t.Fatalf("%d hosts without a key: %v", keyless, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		for key, file := range table {
			if own, ok := store.Key(key); !ok || own != key {
				t.Fatalf("key %q is not its own key (%q, %v)", key, own, ok)
			}
			if want[key] != file {
				t.Fatalf("key %q: file %q, want %q", key, file, want[key])
			}
		}
		if len(table) != len(want) {
			t.Fatalf("%d keys, want %d", len(table), len(want))
		}
	})
}
