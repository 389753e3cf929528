package workload

import (
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
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
