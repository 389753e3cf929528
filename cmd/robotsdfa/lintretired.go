package main

import (
	"fmt"
	"strings"
)

// retiredRecords are the records Google read without publishing them,
// until it retired them on 1 September 2019 ("A note on unsupported rules
// in robots.txt", Google Search Central Blog, 2 July 2019); no other
// crawler this tool knows of reads them. 2,549 lines in 235 of the
// corpus's files still give one, most of them noindex. Each comes with
// what says the same to crawlers now.
var retiredRecords = [...]struct{ key, now string }{
	{"noindex", "a noindex robots meta tag or X-Robots-Tag header on the page keeps it out of search results (and the page must not be disallowed, or crawlers never see it)"},
	{"nofollow", "a nofollow robots meta tag or X-Robots-Tag header on the page says not to follow its links"},
	{"noarchive", "a noarchive robots meta tag or X-Robots-Tag header on the page says not to keep a cached copy"},
}

// retiredRecordProblem says what a crawler makes of a record Google
// retired (key in any case), or "" for another key.
func retiredRecordProblem(key string) string {
	for _, r := range retiredRecords {
		if strings.EqualFold(key, r.key) {
			return fmt.Sprintf("record %q has not been read by Google since 1 September 2019, nor by any other crawler this tool knows of: %s", key, r.now)
		}
	}
	return ""
}
