package workload

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

func sample(t *testing.T) *Corpus {
	root, err := testcorpus.Root()
	require.NoError(t, err)
	c, err := Open(filepath.Join(root, "testdata"))
	require.NoError(t, err)
	return c
}

func TestSampleWorkloads(t *testing.T) {
	c := sample(t)
	require.Regexp(t, `^the sample in .*testdata$`, c.Name)
	fr, err := c.Frontier("googlebot", compile.Google)
	require.NoError(t, err)
	require.Greater(t, len(fr.Queries), 20000, "the sample frontier has 26,199 URLs, nearly all on sample hosts")
	require.Greater(t, fr.Files, 150)
	wiki, err := c.Wikipedia("googlebot", compile.Google)
	require.NoError(t, err)
	require.Greater(t, len(wiki.Queries), 5000)
	files, err := c.Files()
	require.NoError(t, err)
	require.Len(t, files, 300)
}

// The adversarial cases answer as the reference does.
func TestAdversarialVerdicts(t *testing.T) {
	w, err := Adversarial("googlebot")
	require.NoError(t, err)
	require.Len(t, w.Queries, 3)
	bodies := adversarialBodies()
	for i, q := range w.Queries {
		f := compile.Parse([]byte(bodies[i]), compile.Options{})
		want := reference.Check(f, []string{"googlebot"}, false, q.URL)
		require.Equal(t, want.Allowed, q.Matcher.Allowed(q.URL), "case %d", i)
	}
}

// TestFrontierPairs: each frontier query is checked against its own
// host's file (the matcher answers as the reference does on Bodies[File],
// and as a matcher loaded from Blobs[File]); the Wikipedia queries are
// en.wikipedia.org's; Bytes is the URLs' total length.
func TestFrontierPairs(t *testing.T) {
	c := sample(t)
	fr, err := c.Frontier("googlebot", compile.Google)
	require.NoError(t, err)
	files := map[string]bool{}
	for i, q := range fr.Queries {
		files[q.File] = true
		host, _, ok := runtime.Host(q.URL)
		require.True(t, ok, q.URL)
		require.Equal(t, c.Hosts[strings.ToLower(host)], q.File, q.URL)
		if i%53 != 0 {
			continue
		}
		f := compile.Parse(fr.Bodies[q.File], compile.Options{})
		want := reference.Check(f, []string{"googlebot"}, false, q.URL)
		require.Equal(t, want.Allowed, q.Matcher.Allowed(q.URL), "%s against %s", q.URL, q.File)
		r, err := runtime.Load(fr.Blobs[q.File])
		require.NoError(t, err, q.File)
		require.Equal(t, want.Allowed, r.Agent("googlebot").Allowed(q.URL), "%s against %s's blob", q.URL, q.File)
	}
	require.Len(t, files, fr.Files)
	require.Len(t, fr.Bodies, fr.Files)
	require.Len(t, fr.Blobs, fr.Files)

	wiki, err := c.Wikipedia("googlebot", compile.Google)
	require.NoError(t, err)
	for _, q := range wiki.Queries {
		host, _, _ := runtime.Host(q.URL)
		require.True(t, strings.EqualFold(host, "en.wikipedia.org"), q.URL)
		require.Equal(t, c.Hosts["en.wikipedia.org"], q.File)
	}

	adv, err := Adversarial("googlebot")
	require.NoError(t, err)
	require.Equal(t, 3*len("https://example.com")+2000+2000+2001, adv.Bytes())
}

// TestWorkloadNames: Workload loads each of Names under its name, and
// refuses any other.
func TestWorkloadNames(t *testing.T) {
	c := sample(t)
	for _, name := range Names {
		w, err := c.Workload(name, "googlebot", compile.Google)
		require.NoError(t, err, name)
		require.Equal(t, name, w.Name)
		require.NotEmpty(t, w.Queries, name)
	}
	_, err := c.Workload("compile", "googlebot", compile.Google)
	require.EqualError(t, err, `workload: no workload "compile"`)
}

// TestFrontierSelection: the frontier keeps, in list order, each URL whose
// host, lower-cased, has a file, and no other line; a corpus none of whose
// URLs has one is an error naming it.
func TestFrontierSelection(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("user-agent: *\ndisallow: /private\n"), 0o644))
	list := filepath.Join(dir, "urls.txt")
	require.NoError(t, os.WriteFile(list, []byte("https://A.Example/private\nhttps://b.example/x\nnot a url\nhttps://a.example/open\n"), 0o644))
	c := &Corpus{Name: "a test corpus", Robots: dir, Hosts: map[string]string{"a.example": "a.txt"}, URLs: []string{list}}
	w, err := c.Frontier("googlebot", compile.Google)
	require.NoError(t, err)
	var urls []string
	var allowed []bool
	for _, q := range w.Queries {
		urls = append(urls, q.URL)
		allowed = append(allowed, q.Matcher.Allowed(q.URL))
	}
	require.Equal(t, []string{"https://A.Example/private", "https://a.example/open"}, urls)
	require.Equal(t, []bool{false, true}, allowed)
	require.Equal(t, 1, w.Files)

	c.Hosts = map[string]string{"c.example": "a.txt"}
	_, err = c.Frontier("googlebot", compile.Google)
	require.EqualError(t, err, "workload: no frontier URL of a test corpus has a robots.txt there")
}
