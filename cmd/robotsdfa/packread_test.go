package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"

	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/stretchr/testify/require"
)

// content is a pack header claiming l bytes, followed by filler up to n
// bytes in all.
func content(l uint64, n int) []byte {
	b := make([]byte, n)
	copy(b, packMagic)
	binary.LittleEndian.PutUint32(b[8:], packVersion)
	binary.LittleEndian.PutUint64(b[24:], l)
	for i := packHeaderSize; i < n; i++ {
		b[i] = byte(i)
	}
	return b
}

func TestPackContent(t *testing.T) {
	whole := content(100, 100)
	for _, c := range []struct {
		name       string
		in         []byte
		compressed int64
		want       []byte
		err        string
	}{
		{"exact", whole, 10, whole, ""},
		{"short header", whole[:20], 10, whole[:20], ""},
		{"ends early", whole[:60], 10, whole[:60], ""},
		{"runs past its length", content(100, 150), 10, nil, "at byte 24: content length 100, but 150 bytes decompressed"},
		// Claims beyond maxPackRatio times the file are not trusted to
		// size a buffer: the stream is read as it comes, and decodePack
		// then names the mismatch.
		{"implausible length", content(1<<40, 60), 10, content(1<<40, 60), ""},
		{"implausible run past", content(100, 150), 0, content(100, 150), ""},
		{"not a pack", bytes.Repeat([]byte("x"), 50), 10, bytes.Repeat([]byte("x"), 50), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := packContent(bytes.NewReader(c.in), c.compressed)
			if c.err != "" {
				require.ErrorIs(t, err, errPack)
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.want, got)
		})
	}
	// A pack read with its length allocates the content once.
	got, err := packContent(bytes.NewReader(whole), 10)
	require.NoError(t, err)
	require.Equal(t, len(got), cap(got))

	// A failing stream, in the header or in the content, is the pack's
	// error, saying it is the decompression's.
	boom := errors.New("boom")
	for _, at := range []int{10, 40} {
		_, err = packContent(io.MultiReader(bytes.NewReader(whole[:at]), iotest.ErrReader(boom)), 10)
		require.ErrorIs(t, err, errPack)
		require.ErrorContains(t, err, "zstd: boom")
	}
}

// A pack whose stream runs past the content length its header gives is
// refused by name, by filter and by inspect.
func TestPackLongerThanItsHeader(t *testing.T) {
	data, err := os.ReadFile(samplePack(t))
	require.NoError(t, err)
	zr, err := zstd.NewReader(bytes.NewReader(data))
	require.NoError(t, err)
	plain, err := zr.DecodeAll(data, nil)
	zr.Close()
	require.NoError(t, err)
	zw, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	long := zw.EncodeAll(append(plain, make([]byte, 8)...), nil)
	require.NoError(t, zw.Close())
	bad := writeTemp(t, "long.pack", long)
	want := fmt.Sprintf("long.pack: bad pack: at byte 24: content length %d, but %d bytes decompressed", len(plain), len(plain)+8)
	r := robotsdfa(t, nil, "filter", "-pack", bad, "-agent", "googlebot", sampleURLs)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, want)
	require.Empty(t, r.stdout)
	r = robotsdfa(t, nil, "inspect", bad)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, want)
}

// BenchmarkReadPack reads and indexes a pack of the shared corpus's files
// (the testdata sample's when the shared corpus is not there), as filter
// -pack and inspect do before their first URL. The corpus's pack holds
// 93 MB of blobs; the time includes the collections the read causes.
func BenchmarkReadPack(b *testing.B) {
	robots, hosts, name := sampleRobots, sampleHosts, "sample"
	if dir, ok := testcorpus.SharedDir(); ok {
		robots, hosts, name = filepath.Join(dir, "robots"), filepath.Join(dir, "robots-hosts.tsv"), "shared"
	}
	b.Logf("corpus: %s", name)
	path := filepath.Join(b.TempDir(), "corpus.pack")
	r := robotsdfa(b, nil, "compile", "-robots-dir", robots, "-hosts", hosts, "-o", path)
	require.Equal(b, exitOK, r.code, r.stderr)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, err := readPack(path)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(p.size)
	}
}
