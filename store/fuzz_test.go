package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	farm "github.com/dgryski/go-farm"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// seedStore writes a small store and returns its bytes.
func seedStore(f *testing.F, bodies map[string]string) []byte {
	f.Helper()
	path := filepath.Join(f.TempDir(), "seed.store")
	w, err := Create(path)
	if err != nil {
		f.Fatal(err)
	}
	for host, body := range bodies {
		err := w.AddRobotsTxt(host, []byte(body), compiled)
		if err != nil {
			f.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		f.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	return data
}

// FuzzStore: any bytes, as a store file (and, resealed, with the index's
// checksum made to match, so that damage reaches the structure; with at
// above 0, word written first at index byte at-1, modulo the index, so
// that any value reaches any field): opening never panics; a store that
// opens answers every host it lists, each with its blob or an error of
// its own, never a panic; a host that loads answers a check.
func FuzzStore(f *testing.F) {
	one := seedStore(f, map[string]string{"a.example": "User-agent: *\nDisallow: /a\n"})
	f.Add(one, false, uint16(0), uint64(0))
	f.Add(one, true, uint16(0), uint64(0))
	many := seedStore(f, map[string]string{
		"a.example": "User-agent: *\nDisallow: /a\n", "b.example:8080": "User-agent: *\nDisallow: /a\n",
		"c.example": "User-agent: bot\nAllow: /x\nDisallow: /\nSitemap: https://c/s.xml\n", "xn--bcher-kva.de": "",
	})
	f.Add(many, true, uint16(0), uint64(0))
	// The first content record's frame offset, past 2^64 with its length.
	f.Add(many, true, uint16(8+4*16+1), ^uint64(0))
	f.Add([]byte(magic+"\x02\x00\x00\x00"), false, uint16(0), uint64(0))
	f.Fuzz(func(t *testing.T, data []byte, reseal bool, at uint16, word uint64) {
		if reseal && len(data) >= headerSize {
			data = bytes.Clone(data)
			off, n := binary.LittleEndian.Uint64(data[40:]), binary.LittleEndian.Uint64(data[48:])
			if off <= uint64(len(data)) && n <= uint64(len(data))-off {
				if at > 0 && n >= 8 {
					binary.LittleEndian.PutUint64(data[off+uint64(at-1)%(n-7):], word)
				}
				binary.LittleEndian.PutUint64(data[56:], farm.Fingerprint64(data[off:off+n]))
			}
		}
		tab, err := openV2(data)
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrVersion) && !errors.Is(err, ErrChecksum) {
				t.Fatalf("an error wrapping none of the store's: %v", err)
			}
			return
		}
		s := &Store{t: tab, cacheBytes: 1 << 20, loadedBytes: 1 << 20, maxBlob: 1 << 20, contents: map[uint32]*content{}}
		s.slots, s.mask = make([]slotRef, 64), 63
		_ = tab.eachHost(func(key string, c uint32) error {
			id, ok := tab.lookup([]byte(key), fingerprint(key))
			if !ok || id != c {
				t.Fatalf("host %q of content %d: lookup gives %d, %v", key, c, id, ok)
			}
			l, err := s.load([]byte(key))
			if err == nil {
				var r *runtime.Robots = l.robots
				r.Agent("bot").Check("https://" + key + "/a")
			}
			return nil
		})
	})
}
