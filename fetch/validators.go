package fetch

import "net/http"

// validators are a held robots.txt's ETag and Last-Modified, which make
// its next fetch conditional (RFC 9110 section 13.1): a 304 then renews it
// without downloading it again.
type validators struct {
	etag, lastModified string
}

// validators returns e's, nil when e holds no fetched robots.txt (its
// own, or a stale copy of it) or its response gave none.
func (e *Entry) validators() *validators {
	if !e.Good || e.Outcome.Rules != "robots.txt" || e.Outcome.ETag == "" && e.Outcome.LastModified == "" {
		return nil
	}
	return &validators{e.Outcome.ETag, e.Outcome.LastModified}
}

// set adds the conditional request's headers.
func (v *validators) set(h http.Header) {
	if v == nil {
		return
	}
	if v.etag != "" {
		h.Set("If-None-Match", v.etag)
	}
	if v.lastModified != "" {
		h.Set("If-Modified-Since", v.lastModified)
	}
}
