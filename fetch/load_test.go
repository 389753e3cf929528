package fetch

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestManyOrigins: 10,000 origins (host names h<i>.test, all dialled to
// one loopback server), 64 goroutines asking Allowed for 200,000 URLs in
// an interleaved order: exactly one robots.txt request per origin, every
// verdict right, and the store within its bound.
func TestManyOrigins(t *testing.T) {
	origins, urls, workers := 10_000, 200_000, 64
	if testing.Short() {
		origins, urls = 1_000, 20_000
	}
	var mu sync.Mutex
	requests := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		mu.Lock()
		requests[host]++
		mu.Unlock()
		// Each origin disallows its own number's path.
		n := strings.TrimSuffix(strings.TrimPrefix(host, "h"), ".test")
		fmt.Fprintf(w, "user-agent: *\ndisallow: /%s/\n", n)
	}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	dialer := &net.Dialer{}
	hc := &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, addr)
		},
		MaxIdleConnsPerHost: 1,
		MaxIdleConns:        128, // each origin is a host of its own: without a bound, 10,000 idle connections
	}}
	const storeBytes = 32 << 20
	store := NewMemoryStore(storeBytes, 0)
	c := &Client{HTTP: hc, Store: store}
	var next, wrong atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= urls {
					return
				}
				o := (i * 7919) % origins // interleaved: neighbours are far apart
				own := i%2 == 0
				path := fmt.Sprintf("/%d/page", o)
				if !own {
					path = fmt.Sprintf("/%d/page", o+1)
				}
				ok, out, err := c.Allowed(context.Background(), fmt.Sprintf("http://h%d.test%s", o, path), "examplebot")
				if err != nil || ok == own {
					if wrong.Add(1) < 3 {
						t.Logf("%d: %v %v %s", i, ok, err, out)
					}
				}
			}
		}()
	}
	wg.Wait()
	require.Zero(t, wrong.Load())
	require.Len(t, requests, origins)
	for host, n := range requests {
		if n != 1 {
			t.Fatalf("%s: %d robots.txt requests", host, n)
		}
	}
	require.LessOrEqual(t, store.Bytes(), storeBytes)
	t.Logf("%d origins, %d URLs: store %d entries, %d bytes counted", origins, urls, store.Len(), store.Bytes())
	st := c.Stats()
	require.Equal(t, int64(urls), st.Hits+st.Misses)
	require.Equal(t, int64(origins), st.Responses[2])
}
