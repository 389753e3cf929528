package fetch

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// FuzzCacheFile: any bytes in a DirStore's file of an origin are a miss
// or an entry whose blob is validated before use; nothing panics, and an
// entry that reads back is served only if its blob loads.
func FuzzCacheFile(f *testing.F) {
	good, _ := json.Marshal(dirEntry{Origin: "https://example.com", Entry: Entry{Blob: []byte("RDFAblob"), Good: true}})
	f.Add(good)
	f.Add([]byte(`{"Origin":"https://example.com","Entry":{"Blob":null,"Good":true,"Outcome":{"ExpiresAt":"2999-01-01T00:00:00Z"}}}`))
	f.Add([]byte("{not json"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		st, err := OpenDirStore(dir, 1<<20, 0)
		if err != nil {
			t.Fatal(err)
		}
		o := Origin("https://example.com")
		path := st.path(o)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		e, ok, err := st.Get(context.Background(), o)
		if err != nil || !ok {
			return
		}
		if l, err := e.load(); err == nil {
			l.matcher([]string{"bot"}).Allowed("https://example.com/x")
		}
	})
}

// FuzzRetryAfter: any Retry-After value reads as a wait or as none; a
// value of digits is that many seconds, below 2^31, and none from 2^31.
func FuzzRetryAfter(f *testing.F) {
	for _, s := range []string{"120", "Wed, 21 Oct 2015 07:28:00 GMT", "", "-1", "soon", "99999999999",
		"0", "2147483647", "2147483648"} {
		f.Add(s)
	}
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, v string) {
		wait, ok := parseRetryAfter(v, now)
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			if in := n >= 0 && n < 1<<31; ok != in || in && wait != time.Duration(n)*time.Second {
				t.Fatalf("%q: %v %v", v, wait, ok)
			}
		}
		if !ok && wait != 0 {
			t.Fatalf("%q: no wait, but %v", v, wait)
		}
	})
}
