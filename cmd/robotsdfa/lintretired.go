package main

import (
	"fmt"
	"strings"
)

// retiredRecords are the records that the one crawler that read them
// stopped reading: Google read noindex, nofollow and noarchive without
// publishing them, until it retired them on 1 September 2019 ("A note on
// unsupported rules in robots.txt", Google Search Central Blog, 2 July
// 2019); Yandex read host, the main one of a site's mirrors, until March
// 2018, when 301 redirects took its place. No other crawler this tool
// knows of reads them. 2,549 lines in 235 of the corpus's files still
// give one of Google's, most of them noindex, and 321 lines in 313 files
// a host. Each comes with what says the same to crawlers now.
var retiredRecords = [...]struct{ key, since, now string }{
	{"noindex", "Google since 1 September 2019", "a noindex robots meta tag or X-Robots-Tag header on the page keeps it out of search results (and the page must not be disallowed, or crawlers never see it)"},
	{"nofollow", "Google since 1 September 2019", "a nofollow robots meta tag or X-Robots-Tag header on the page says not to follow its links"},
	{"noarchive", "Google since 1 September 2019", "a noarchive robots meta tag or X-Robots-Tag header on the page says not to keep a cached copy"},
	{"host", "Yandex since March 2018", "a 301 redirect from each other mirror to the main host says which it is"},
}

// retiredSince is who stopped reading a retired record, and when (key in
// any case), with what says the same now; ok is false for another key.
func retiredSince(key string) (since, now string, ok bool) {
	for _, r := range retiredRecords {
		if strings.EqualFold(key, r.key) {
			return r.since, r.now, true
		}
	}
	return "", "", false
}

// retiredRecordProblem says what crawlers make of a retired record, or ""
// for another key.
func retiredRecordProblem(key string) string {
	since, now, ok := retiredSince(key)
	if !ok {
		return ""
	}
	return fmt.Sprintf("record %q has not been read by %s, nor by any other crawler this tool knows of: %s", key, since, now)
}
