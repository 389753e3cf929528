package compile

// keyword is one spelling of a key that is recognised.
type keyword struct {
	text string
	kind LineKind
	typo bool // a misspelling, accepted in Google mode only
}

// googleKeys are checked in order, each as a case-insensitive prefix of the
// key, as Google's reference does (SEMANTICS 1.7): user-agent, allow,
// disallow, sitemap.
var googleKeys = []keyword{
	{"user-agent", UserAgentLine, false},
	{"useragent", UserAgentLine, true},
	{"user agent", UserAgentLine, true},
	{"allow", AllowLine, false},
	{"disallow", DisallowLine, false},
	{"dissallow", DisallowLine, true},
	{"dissalow", DisallowLine, true},
	{"disalow", DisallowLine, true},
	{"diasllow", DisallowLine, true},
	{"disallaw", DisallowLine, true},
	{"sitemap", SitemapLine, false},
	{"site-map", SitemapLine, true},
}

// rfcKeys are the keys RFC 9309 defines, matched whole, ignoring case.
var rfcKeys = []keyword{
	{"user-agent", UserAgentLine, false},
	{"allow", AllowLine, false},
	{"disallow", DisallowLine, false},
	{"sitemap", SitemapLine, false},
}

// classifyKey returns the kind of line a key makes and whether it is a
// variant spelling (a typo, or a longer word that starts with a key).
func classifyKey(key string, mode Mode) (kind LineKind, variant bool) {
	if mode == RFC9309 {
		for _, k := range rfcKeys {
			if EqualFoldASCII(key, k.text) {
				return k.kind, false
			}
		}
		return OtherLine, false
	}
	if key == "" {
		return OtherLine, false
	}
	for _, k := range googleKeysBy[key[0]|0x20] {
		if len(key) >= len(k.text) && EqualFoldASCII(key[:len(k.text)], k.text) {
			return k.kind, k.typo || len(key) != len(k.text)
		}
	}
	return OtherLine, false
}

// googleKeysBy lists googleKeys by their first letter (lower case), in
// their order: every Google key starts with u, a, d or s.
var googleKeysBy = func() (by [256][]keyword) {
	for _, k := range googleKeys {
		by[k.text[0]] = append(by[k.text[0]], k)
	}
	return by
}()

// knownRecords are other records that some crawler reads, or read
// (Google read noindex, nofollow and noarchive until 1 September 2019,
// Yandex host until March 2018; robotsdfa lint warns of them), each key
// mapped to itself (see recordKey). A record with any other key is
// flagged FlagUnsupported.
var knownRecords = func() map[string]string {
	m := map[string]string{}
	for _, k := range []string{"crawl-delay", "request-rate", "visit-time", "host", "clean-param",
		"content-signal", "noindex", "nofollow", "noarchive", "content-usage"} {
		m[k] = k
	}
	return m
}()

// recordKey returns key lower-cased (ASCII only) and whether it is a known
// record's key. A known key costs no allocation: the table's own string
// is returned. (No known key is longer than the buffer.)
func recordKey(key string) (string, bool) {
	var buf [16]byte
	if len(key) <= len(buf) {
		for i := 0; i < len(key); i++ {
			c := key[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[i] = c
		}
		k, ok := knownRecords[string(buf[:len(key)])]
		if ok {
			return k, true
		}
	}
	return LowerASCII(key), false
}

// EqualFoldASCII reports whether a and b are equal ignoring the case of
// ASCII letters only. Unlike strings.EqualFold it does no Unicode folding
// (so "K", the Kelvin sign, does not equal "k"), as Google's reference does.
func EqualFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// LowerASCII returns s with its ASCII letters lower-cased (no Unicode
// folding, as EqualFoldASCII); s itself when it has no capital.
func LowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
