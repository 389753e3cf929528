package runtime

import "testing"

// plainHostKeyCases are URLs on both sides of appendPlainHostKey's border.
var plainHostKeyCases = []string{
	"https://Example.COM/x", "http://a-b.c0m?q", "https://x.y#f", "https://x.y", "https://x.y./",
	"https://./", "https:///", "https://", "http://a_b.com/", "https://a.com:443/", "https://a.com:8443/",
	"https://u@a.com/", "https://ä.de/", "HTTPS://a.com/", "http://1.2.3.4/", "http://[::1]/",
	"https://a..b/", "https://-a.b/", "https://a.b\\c", "ftp://a.b/",
}

// TestHostKeyPlain: wherever the fast reading of "scheme://host/..." URLs
// answers, it answers what the general reading does.
func TestHostKeyPlain(t *testing.T) {
	answered := 0
	for _, u := range plainHostKeyCases {
		if checkPlainHostKey(t, u) {
			answered++
		}
	}
	if answered < 6 {
		t.Errorf("the fast reading answered %d of %d cases; it should take the plain ones", answered, len(plainHostKeyCases))
	}
	// Every byte it is meant for, both schemes: the fast reading answers.
	for _, u := range []string{"https://abcdefghijklmnopqrstuvwxyz.0123456789-/", "http://ABCDEFGHIJKLMNOPQRSTUVWXYZ"} {
		if !checkPlainHostKey(t, u) {
			t.Errorf("%q: the fast reading declined a plain host", u)
		}
	}
}

// FuzzHostKeyPlain: the fast and general readings agree on any input.
func FuzzHostKeyPlain(f *testing.F) {
	for _, u := range plainHostKeyCases {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, u string) { checkPlainHostKey(t, u) })
}

// checkPlainHostKey compares the two readings of u and reports whether
// the fast one answered.
func checkPlainHostKey(t *testing.T, u string) bool {
	t.Helper()
	fast, ok := appendPlainHostKey([]byte("p:"), u)
	if !ok {
		if string(fast) != "p:" {
			t.Errorf("%q: the fast reading declined but left %q", u, fast)
		}
		return false
	}
	general, okGeneral := appendGeneralHostKey([]byte("p:"), u)
	if !okGeneral || string(fast) != string(general) {
		t.Errorf("%q: fast %q, general %q %v", u, fast, general, okGeneral)
	}
	return true
}

// BenchmarkAppendHostKey: a crawl's URLs' keys, the store's first step.
func BenchmarkAppendHostKey(b *testing.B) {
	urls := []string{"https://www.example.com/a/b?c", "http://Shop.Example.CO.uk/", "https://cdn-3.static.example.net/img/x.png",
		"https://example.org", "https://news.example.com/2026/11/26/story.html#top"}
	var buf [256]byte
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		AppendHostKey(buf[:0], urls[i%len(urls)])
	}
}

// FuzzHostKeyFixed: a key is its own key. The store keys a host it is
// given as HostKey("//"+host), and the hosts filter -missing-hosts lists,
// and the files of a robots directory, are keys given back: a key that
// read as another would be kept where no lookup finds it.
func FuzzHostKeyFixed(f *testing.F) {
	for _, u := range plainHostKeyCases {
		f.Add(u)
	}
	for _, u := range []string{"//a.example..", "//[:0\xf9\xf9\xf91]:808:", "//B\u00fccher.example.:8080", "https://[::1]:443/", "//a.example:", "//\u00e9.."} {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, u string) {
		key, ok := HostKey(u)
		if !ok {
			return
		}
		again, ok := HostKey("//" + key)
		if !ok || again != key {
			t.Errorf("%q: key %q, whose own key is %q %v", u, key, again, ok)
		}
	})
}
