package store

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	goruntime "runtime"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"
)

// TestV1Bound: a version 1 pack is decompressed into at most v1Ratio
// times its size: a file of a few KiB whose frame expands to 96 MiB is
// refused with ErrFormat, with little memory taken (the packs a writer
// made open: TestStoreOlderVersions).
func TestV1Bound(t *testing.T) {
	var content bytes.Buffer
	zw, err := zstd.NewWriter(&content, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	require.NoError(t, err)
	head := make([]byte, v1HeaderSize)
	copy(head, magic)
	binary.LittleEndian.PutUint32(head[8:], 1)
	_, err = zw.Write(head)
	require.NoError(t, err)
	zeros := make([]byte, 1<<20)
	for range 96 {
		_, err = zw.Write(zeros)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	require.Less(t, content.Len(), (96<<20)/v1Ratio, "the frame does not expand past the ratio")
	path := filepath.Join(t.TempDir(), "bomb.pack")
	require.NoError(t, os.WriteFile(path, content.Bytes(), 0o644))

	var before, after goruntime.MemStats
	goruntime.ReadMemStats(&before)
	_, err = Open(path, Options{})
	goruntime.ReadMemStats(&after)
	require.ErrorIs(t, err, ErrFormat)
	require.ErrorContains(t, err, "decompresses past")
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(32<<20))
}
