package fetch

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// BenchmarkClientCached: a crawler that asks the Client for every URL,
// its origin's robots.txt cached (fetched once, before the timer), on
// real robots.txt files of the repository's sample: the median one
// (1,305 bytes) and en.wikipedia.org's (27,329 bytes). get is Get alone,
// allowed Allowed (Get, a binding and a check), two-products Allowed for
// two products' tokens in turn; memory is a MemoryStore,
// exported a store that keeps only an entry's exported fields (and so
// loads the blob at every Get).
func BenchmarkClientCached(b *testing.B) {
	for _, file := range []string{"www.siriusxm.com__protego2019.txt", "en.wikipedia.org__protego2019.txt"} {
		body, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "robots", file))
		if err != nil {
			b.Fatal(err)
		}
		site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(body) }))
		name := strings.TrimSuffix(file, ".txt")
		for _, store := range []string{"memory", "exported"} {
			c := &Client{}
			if store == "exported" {
				c.Store = &exportedStore{m: map[Origin][]byte{}}
			}
			url := site.URL + "/wiki/Special:Search?q=robots"
			ctx := context.Background()
			if _, _, err := c.Get(ctx, url); err != nil {
				b.Fatal(err)
			}
			b.Run(name+"/"+store+"/get", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, out, err := c.Get(ctx, url); err != nil || !out.FromCache {
						b.Fatal(err, out.FromCache)
					}
				}
			})
			b.Run(name+"/"+store+"/allowed", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, _, err := c.Allowed(ctx, url, "googlebot"); err != nil {
						b.Fatal(err)
					}
				}
			})
			// Two products asking in turn, as a crawler of news and of
			// pages does for one origin.
			b.Run(name+"/"+store+"/two-products", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					token := "googlebot"
					if i%2 == 1 {
						token = "googlebot-news"
					}
					if _, _, err := c.Allowed(ctx, url, token); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		site.Close()
	}
}

// BenchmarkClientCachedParallel: Allowed from GOMAXPROCS goroutines at
// once, as a crawler's fetchers ask, over 1,024 origins each serving the
// sample's median robots.txt (all cached before the timer). Run with -cpu
// 1,2 (or more): what one core's ns/op gains at two is how far the
// Client's shared state lets a crawler's goroutines run side by side.
func BenchmarkClientCachedParallel(b *testing.B) {
	body, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "robots", "www.siriusxm.com__protego2019.txt"))
	if err != nil {
		b.Fatal(err)
	}
	serve := roundTripper(func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(body)), Request: r}, nil
	})
	c := &Client{HTTP: &http.Client{Transport: serve}}
	ctx := context.Background()
	urls := make([]string, 1024)
	for i := range urls {
		urls[i] = fmt.Sprintf("https://host%d.example/wiki/Special:Search?q=robots", i)
		if _, _, err := c.Get(ctx, urls[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	var next atomic.Uint32
	b.RunParallel(func(pb *testing.PB) {
		i := int(next.Add(97))
		for pb.Next() {
			i++
			if _, out, err := c.Allowed(ctx, urls[i%len(urls)], "googlebot"); err != nil || !out.FromCache {
				b.Error(err, out.FromCache) // not Fatal: this is not the benchmark's goroutine
				return
			}
		}
	})
}
