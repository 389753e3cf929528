package main

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

// FuzzPack feeds a pack's decompressed content, valid and mutated, to the
// reader: packContent (its header's length trusted to size the buffer, and
// not) and decodePack never panic; the two reads accept and refuse the
// same contents, and an accepted read is the content itself; every host of
// a pack that decodes finds its blob inside the content, and the blob
// loads or fails with an error. go test replays the seeds.
func FuzzPack(f *testing.F) {
	var blobs [][]byte
	for _, body := range []string{"user-agent: *\ndisallow: /private\n", "user-agent: bot\nallow: /a\ndisallow: /\n\nsitemap: https://example.com/s.xml\n", ""} {
		blob, err := workload.Compile([]byte(body), compile.Google)
		require.NoError(f, err)
		blobs = append(blobs, blob)
	}
	dec, err := zstd.NewReader(nil)
	require.NoError(f, err)
	defer dec.Close()
	for _, c := range []struct {
		hosts map[string]int
		blobs [][]byte
	}{
		{map[string]int{"a.example": 0, "b.example": 1, "c.example_8080": 2}, blobs},
		{map[string]int{"a.example": 0, "www.a.example": 0}, blobs[:1]},
		{map[string]int{}, nil},
	} {
		var packed bytes.Buffer
		require.NoError(f, writePack(&packed, c.hosts, c.blobs))
		content, err := dec.DecodeAll(packed.Bytes(), nil)
		require.NoError(f, err)
		f.Add(content)
	}
	f.Fuzz(func(t *testing.T, content []byte) {
		trusted, errT := packContent(bytes.NewReader(content), int64(len(content)))
		streamed, errS := packContent(bytes.NewReader(content), 0)
		require.NoError(t, errS)
		require.Equal(t, content, streamed)
		if errT != nil {
			require.ErrorIs(t, errT, errPack)
		} else {
			require.Equal(t, content, trusted)
		}
		p, err := decodePack(streamed)
		if err != nil {
			require.ErrorIs(t, err, errPack)
			return
		}
		require.NoError(t, errT, "a content that decodes is read whole")
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(streamed)))
		for _, h := range p.hosts {
			b, ok := p.lookup(h)
			require.True(t, ok, "host %q", h)
			if len(b) > 0 {
				at := uintptr(unsafe.Pointer(unsafe.SliceData(b))) - lo
				require.LessOrEqual(t, at+uintptr(len(b)), uintptr(len(streamed)))
			}
			if r, err := runtime.Load(b); err == nil {
				r.Agent("bot").Allowed("https://a.example/private")
			}
		}
	})
}
