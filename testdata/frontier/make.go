//go:build ignore

// make.go writes urls.txt.zst, the sample frontier: real URLs from the
// shared corpus whose hosts have a robots.txt in testdata/corpus, plus URLs
// generated from those files' own patterns. Deterministic:
//
//	go run testdata/frontier/make.go ../shared/corpus
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Sources as in the shared corpus's SOURCES.md. ada-userbait is left out:
// it mixes phishing URLs with benign ones.
var sources = []string{
	"ada-kasztp.txt",
	"elastic-apache-log-referrers.txt",
	"fst-wiki-urls-100000.txt",
	"iscx-url-2016-benign.txt",
	"oxiri-commoncrawl-links-resolved.txt",
	"oxiri-commoncrawl-pages.txt",
	"robots-sitemap-directives.txt",
}

const (
	wikiEvery   = 19 // keep every 19th Wikipedia URL (about 5,100)
	perHost     = 24 // generated URLs per robots.txt file, at most
	seed        = 20261122
	generatedAt = "2026-11-22"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run testdata/frontier/make.go SHARED_CORPUS_DIR")
		os.Exit(2)
	}
	shared := os.Args[1]
	hosts := readHosts("testdata/corpus/hosts.tsv")
	var urls []string
	counts := map[string]int{}
	for _, src := range sources {
		for i, u := range lines(filepath.Join(shared, "urls", src)) {
			host, _, ok := runtime.Host(u)
			if !ok {
				continue
			}
			if _, ok := hosts[strings.ToLower(host)]; !ok {
				continue
			}
			if src == "fst-wiki-urls-100000.txt" && i%wikiEvery != 0 {
				continue
			}
			urls = append(urls, u)
			counts[src]++
		}
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	names := make([]string, 0, len(hosts))
	for h := range hosts {
		names = append(names, h)
	}
	sort.Strings(names)
	for _, h := range names {
		body, err := os.ReadFile(filepath.Join("testdata/corpus/robots", hosts[h]))
		check(err)
		for _, u := range generate(h, body, rng) {
			urls = append(urls, u)
			counts["generated"]++
		}
	}
	rng.Shuffle(len(urls), func(i, j int) { urls[i], urls[j] = urls[j], urls[i] })
	var buf bytes.Buffer
	for _, u := range urls {
		buf.WriteString(u)
		buf.WriteByte('\n')
	}
	out, err := os.Create("testdata/frontier/urls.txt.zst")
	check(err)
	enc, err := zstd.NewWriter(out, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	check(err)
	_, err = enc.Write(buf.Bytes())
	check(err)
	check(enc.Close())
	check(out.Close())
	for _, k := range append(sources, "generated") {
		fmt.Printf("%-40s %6d\n", k, counts[k])
	}
	fmt.Printf("%-40s %6d\n", "total", len(urls))
}

// generate makes URLs on host from the patterns of its robots.txt: each
// '*' becomes a short random run, '$' is dropped, and a random tail may
// follow, so that some URLs match a rule and some fall just outside it.
func generate(host string, body []byte, rng *rand.Rand) []string {
	f := compile.Parse(body, compile.Options{})
	seen := map[string]bool{}
	var patterns []string
	for _, ln := range f.Lines {
		if p := ln.Pattern(); ln.Kind.IsRule() && strings.HasPrefix(p, "/") && !seen[p] {
			seen[p] = true
			patterns = append(patterns, p)
		}
	}
	rng.Shuffle(len(patterns), func(i, j int) { patterns[i], patterns[j] = patterns[j], patterns[i] })
	if len(patterns) > perHost {
		patterns = patterns[:perHost]
	}
	stars := []string{"", "a", "x/y", "2024", "?q=1", "page.html"}
	tails := []string{"", "", "x", "/index.html", "?id=7", "-old/", "%20"}
	var out []string
	for _, p := range patterns {
		var b strings.Builder
		b.WriteString("https://")
		b.WriteString(host)
		p = strings.TrimSuffix(p, "$")
		for i := 0; i < len(p); i++ {
			if p[i] == '*' {
				b.WriteString(stars[rng.IntN(len(stars))])
			} else {
				b.WriteByte(p[i])
			}
		}
		b.WriteString(tails[rng.IntN(len(tails))])
		out = append(out, b.String())
	}
	return out
}

func readHosts(path string) map[string]string {
	m := map[string]string{}
	for i, l := range lines(path) {
		if f := strings.Split(l, "\t"); i > 0 && len(f) >= 2 {
			m[f[0]] = f[1]
		}
	}
	return m
}

func lines(path string) []string {
	f, err := os.Open(path)
	check(err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	check(sc.Err())
	return out
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
