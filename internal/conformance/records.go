package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
)

// RecordsTest is one robots.txt of records.json with its cases.
type RecordsTest struct {
	Name   string        `json:"name"`
	Robots string        `json:"robots"`
	Cases  []RecordsCase `json:"cases"`
}

// RecordsCase is what a crawler's fallback chain gets from a robots.txt
// besides its rules, in the mode(s) of its label.
type RecordsCase struct {
	Label       string        `json:"label"`
	Agent       string        `json:"agent"`
	CrawlDelay  *Delay        `json:"crawl_delay"`
	RequestRate *Rate         `json:"request_rate"`
	Sitemaps    []SitemapCase `json:"sitemaps"`
	Host        *RecordCase   `json:"host"`
	Records     []RecordCase  `json:"records"`
}

// Delay is a crawl-delay in seconds and its line.
type Delay struct {
	Seconds float64 `json:"seconds"`
	Line    int32   `json:"line"`
}

// Rate is a request-rate, Requests per Seconds, and its line.
type Rate struct {
	Requests int     `json:"requests"`
	Seconds  float64 `json:"seconds"`
	Line     int32   `json:"line"`
}

// SitemapCase is a sitemap URL, its first line and the lines repeating it.
type SitemapCase struct {
	URL     string  `json:"url"`
	Line    int32   `json:"line"`
	Repeats []int32 `json:"repeats,omitempty"`
}

// RecordCase is a record: lower-cased key, value, line.
type RecordCase struct {
	Key   string `json:"key"`
	Value string `json:"value"`
	Line  int32  `json:"line"`
}

// Tokens is the case's fallback chain.
func (c *RecordsCase) Tokens() []string { return strings.Split(c.Agent, ",") }

// Modes are the modes the case's label covers.
func (c *RecordsCase) Modes() ([]compile.Mode, error) {
	switch c.Label {
	case "both":
		return Both.Modes(), nil
	case "google":
		return GoogleOnly.Modes(), nil
	case "rfc":
		return RFCOnly.Modes(), nil
	}
	return nil, fmt.Errorf("label %q", c.Label)
}

// LoadRecords reads records.json.
func LoadRecords(path string) ([]RecordsTest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Tests []RecordsTest `json:"tests"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(doc.Tests) == 0 {
		return nil, fmt.Errorf("%s: no tests", path)
	}
	return doc.Tests, nil
}

// Dedup is what a list of sitemap lines comes to: each URL once, with its
// first line and the lines that repeat it.
func Dedup(urls []string, lines []int32) []SitemapCase {
	out := []SitemapCase{}
	at := map[string]int{}
	for i, u := range urls {
		if k, ok := at[u]; ok {
			out[k].Repeats = append(out[k].Repeats, lines[i])
			continue
		}
		at[u] = len(out)
		out = append(out, SitemapCase{URL: u, Line: lines[i]})
	}
	return out
}

// RecordsImpl answers a records case: what a robots.txt body, read with
// opts, gives a crawler's fallback chain.
type RecordsImpl func(robots string, opts compile.Options, tokens []string) (RecordsCase, error)

// RunRecords runs every case of records.json through impl in every mode
// its label covers and checks the answer. With delayLines false the
// crawl-delay and request-rate are checked without their lines (what a
// blob keeps). It returns how many (case, mode) pairs ran.
func RunRecords(t *testing.T, path string, delayLines bool, impl RecordsImpl) int {
	t.Helper()
	tests, err := LoadRecords(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) == 0 {
		t.Fatalf("no records tests in %s", path)
	}
	n := 0
	for _, tc := range tests {
		for _, c := range tc.Cases {
			modes, err := c.Modes()
			if err != nil {
				t.Fatalf("%s: %v", tc.Name, err)
			}
			for _, mode := range modes {
				n++
				where := fmt.Sprintf("%s [%v] agent %s", tc.Name, mode, c.Agent)
				got, err := impl(tc.Robots, compile.Options{Mode: mode}, c.Tokens())
				if err != nil {
					t.Errorf("%s: %v", where, err)
					continue
				}
				want := c
				want.Label, want.Agent = "", ""
				if d := want.CrawlDelay; d != nil && !delayLines {
					want.CrawlDelay = &Delay{Seconds: d.Seconds}
				}
				if r := want.RequestRate; r != nil && !delayLines {
					want.RequestRate = &Rate{Requests: r.Requests, Seconds: r.Seconds}
				}
				if !reflect.DeepEqual(got, want) {
					g, _ := json.Marshal(got)
					w, _ := json.Marshal(want)
					t.Errorf("%s:\ngot  %s\nwant %s", where, g, w)
				}
			}
		}
	}
	return n
}

// Records is a records case's form of sitemaps and other records as a
// robots.txt lists them: sitemaps each once (Dedup), the first host.
func Records(urls []string, urlLines []int32, keys, values []string, lines []int32) RecordsCase {
	c := RecordsCase{Sitemaps: Dedup(urls, urlLines), Records: []RecordCase{}}
	for i := range keys {
		rc := RecordCase{Key: keys[i], Value: values[i], Line: lines[i]}
		if rc.Key == "host" && c.Host == nil {
			c.Host = &rc
		}
		c.Records = append(c.Records, rc)
	}
	return c
}
