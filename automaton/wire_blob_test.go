package automaton_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	goruntime "runtime"
	"strings"
	"sync"
	"testing"
	"time"

	farm "github.com/dgryski/go-farm"
	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

var blobBodies = []string{
	"User-agent: *\nDisallow: /private/\nAllow: /private/ok$\nDisallow: /*.pdf$\nCrawl-delay: 2\nSitemap: https://e.com/s.xml\nHost: e.com\n",
	"User-agent: a\nUser-agent: B\nDisallow: /x*y\n\nUser-agent: *\nAllow: /\nDisallow: /*?*sort=\n",
	"User-agent: *\n" + stars(30),
	"",
}

func stars(n int) string {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		b.WriteString("Disallow: /*a*b*c*d*e*f*")
		b.WriteByte(byte('a' + i%7))
		b.WriteString("$\n")
	}
	return b.String()
}

func blobOf(t testing.TB, body string, mode compile.Mode) []byte {
	t.Helper()
	set := compile.Parse([]byte(body), compile.Options{Mode: mode}).CompileSet()
	blob, err := set.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return blob
}

// reseal recomputes a mutated blob's checksum so that validation reaches
// the structure behind it.
func reseal(b []byte) {
	end := len(b) - 8
	binary.LittleEndian.PutUint64(b[end:], farm.Fingerprint64(b[:end]))
}

// exercise asks a decoded set some questions; it must not panic, and
// each program's screen and jump must answer as the program's walks do.
// Two paths are longer than 16 bytes, for the idle skip's blocks.
func exercise(t testing.TB, s *automaton.Set) {
	paths := []string{"/", "/private/ok", "/a.pdf", "/abcdefgabcdefg", "/x?sort=1", "/\x00a", "/a", "/zz/y", "/p/*x",
		"/private/abcdefgabcdefg.pdf?sort=1#x", "/zz/y/abcdefgabcdefgabcdefg\x00z/p/*x"}
	for _, path := range paths {
		automaton.CheckPath(s, []string{"a", "zz"}, false, []byte(path))
		automaton.CheckPath(s, []string{"a", "b"}, true, []byte(path))
	}
	if err := automaton.EnginesAgree(s, paths); err != nil {
		t.Fatal(err)
	}
}

// TestBlobDeterministic: the same input gives the same bytes, also when
// the encoder that writes them (pooled) wrote other, larger sets before.
func TestBlobDeterministic(t *testing.T) {
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		first := make([][]byte, len(blobBodies))
		for i, body := range blobBodies {
			first[i] = blobOf(t, body, mode)
		}
		for round := 0; round < 2; round++ {
			for i := len(blobBodies) - 1; i >= 0; i-- {
				if !bytes.Equal(blobOf(t, blobBodies[i], mode), first[i]) {
					t.Errorf("%q: two compilations give different blobs", blobBodies[i])
				}
			}
		}
	}
}

// TestAppendAfterBytes: AppendBinary to a buffer that already holds
// bytes (three, so that the blob starts off a word) appends the same
// blob: sections are aligned from the blob's start, not the buffer's.
func TestAppendAfterBytes(t *testing.T) {
	for _, body := range blobBodies {
		set := compile.Parse([]byte(body), compile.Options{}).CompileSet()
		want, err := set.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := set.AppendBinary([]byte("abc"))
		if err != nil {
			t.Fatal(err)
		}
		if string(got[:3]) != "abc" || !bytes.Equal(got[3:], want) {
			t.Errorf("%q: appended after 3 bytes, a different blob", body)
		}
	}
}

// TestEncodeConcurrent: goroutines encoding different sets at once (each
// with a pooled encoder) write the same blobs as one at a time.
func TestEncodeConcurrent(t *testing.T) {
	sets := make([]*automaton.Set, len(blobBodies))
	want := make([][]byte, len(blobBodies))
	for i, body := range blobBodies {
		sets[i] = compile.Parse([]byte(body), compile.Options{}).CompileSet()
		var err error
		if want[i], err = sets[i].AppendBinary(nil); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(sets))
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 50; k++ {
				i := (g + k) % len(sets)
				got, err := sets[i].AppendBinary(nil)
				if err != nil || !bytes.Equal(got, want[i]) {
					errs <- fmt.Sprintf("goroutine %d, set %d: a different blob (err %v)", g, i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestEncodeAllocations: serialising allocates nothing but the blob (the
// encoder and its buffers are pooled), and nothing at all into a buffer
// with room for it.
func TestEncodeAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items under the race detector")
	}
	// A small set, and one of many strings and DFAs (past the encoder's
	// linear search: see smallMap).
	var many strings.Builder
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&many, "User-agent: bot%s\nDisallow: /%d/*x\nCrawl-delay: %d\nSitemap: https://example.com/%d.xml\n\n", strings.Repeat("x", i), i, i, i)
	}
	for _, body := range []string{blobBodies[0] + "\n" + blobBodies[1], many.String()} {
		set := compile.Parse([]byte(body), compile.Options{}).CompileSet()
		blob, err := set.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 0, len(blob))
		if got := testing.AllocsPerRun(50, func() { set.AppendBinary(nil) }); got > 1 {
			t.Errorf("%d programs: AppendBinary(nil): %.0f allocations, want 1", len(set.Programs), got)
		}
		if got := testing.AllocsPerRun(50, func() { set.AppendBinary(buf[:0]) }); got > 0 {
			t.Errorf("%d programs: AppendBinary into a buffer with room: %.0f allocations, want 0", len(set.Programs), got)
		}
	}
}

// TestDecodeErrors: each class of damage is reported with its sentinel.
func TestDecodeErrors(t *testing.T) {
	good := blobOf(t, blobBodies[0], compile.Google)
	mutate := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	cases := []struct {
		name string
		blob []byte
		want error
	}{
		{"empty", nil, automaton.ErrFormat},
		{"magic", mutate(func(b []byte) []byte { b[0] = 'X'; return b }), automaton.ErrFormat},
		{"newer version", mutate(func(b []byte) []byte { b[8] = automaton.Version + 1; return b }), automaton.ErrVersion},
		{"version 1", mutate(func(b []byte) []byte { b[8] = 1; return b }), automaton.ErrVersion},
		{"checksum", mutate(func(b []byte) []byte { b[len(b)-20] ^= 1; return b }), automaton.ErrChecksum},
		{"length", mutate(func(b []byte) []byte { return append(b, 0) }), automaton.ErrFormat},
		{"reserved", mutate(func(b []byte) []byte { b[12] = 1; reseal(b); return b }), automaton.ErrFormat},
		{"section id", mutate(func(b []byte) []byte { b[24] = 9; reseal(b); return b }), automaton.ErrFormat},
	}
	for _, c := range cases {
		_, err := automaton.Decode(c.blob)
		if !errors.Is(err, c.want) || !strings.Contains(fmt.Sprint(err), "(byte offset ") {
			t.Errorf("%s: got %v, want an error wrapping %v that names its offset", c.name, err, c.want)
			continue
		}
		t.Logf("%s: %v", c.name, err)
	}
	if _, err := automaton.Decode(good); err != nil {
		t.Fatal(err)
	}
}

// TestDecodeDamage: every truncation fails cleanly; every single-byte
// change, resealed, either fails cleanly or gives a set that answers
// without panicking.
func TestDecodeDamage(t *testing.T) {
	for _, body := range blobBodies[:3] {
		good := blobOf(t, body, compile.Google)
		for n := 0; n < len(good); n++ {
			if _, err := automaton.Decode(good[:n]); err == nil {
				t.Fatalf("a %d-byte prefix of a %d-byte blob decoded", n, len(good))
			}
		}
		accepted := 0
		for i := 0; i < len(good)-8; i++ {
			for _, x := range []byte{1, 0x80, 0xff} {
				b := bytes.Clone(good)
				b[i] ^= x
				reseal(b)
				if s, err := automaton.Decode(b); err == nil {
					accepted++
					exercise(t, s)
				}
			}
		}
		t.Logf("%d bytes: %d of %d resealed mutations still valid", len(good), accepted, 3*(len(good)-8))
	}
}

// FuzzDecode: arbitrary bytes and mutated blobs never panic; a blob that
// decodes answers queries and re-encodes to a blob that decodes to the same
// bytes again.
func FuzzDecode(f *testing.F) {
	for _, body := range blobBodies {
		f.Add(blobOf(f, body, compile.Google))
		f.Add(blobOf(f, body, compile.RFC9309))
	}
	f.Add([]byte(automaton.Magic))
	restricted, err := compile.Parse([]byte(blobBodies[0]), compile.Options{Tokens: []string{"googlebot", "nosuchbot"}}).CompileSet().AppendBinary(nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(restricted)
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 16 && b[0]&1 == 1 {
			// Let mutations reach the structure, on a copy: a fuzz
			// function must not modify its input.
			b = bytes.Clone(b)
			reseal(b)
		}
		s, err := automaton.Decode(b)
		if err != nil {
			return
		}
		// Every token the index holds finds its own program, or none for a
		// token a restricted set was compiled for that no group names: an
		// index out of order or with a wrong fingerprint is refused, never
		// misread.
		for _, a := range s.Agents {
			p, ok := automaton.Lookup(s, a.Token)
			if a.Program == automaton.NoRule && (ok || !s.Restricted) || a.Program != automaton.NoRule && (!ok || p != a.Program) {
				t.Fatalf("agent %q of program %d: Lookup gives %d, %v", a.Token, a.Program, p, ok)
			}
			if !s.CompiledFor([]string{a.Token}) {
				t.Fatalf("agent %q: not compiled for", a.Token)
			}
		}
		exercise(t, s)
		again, err := s.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		s2, err := automaton.Decode(again)
		if err != nil {
			t.Fatalf("a re-encoded blob does not decode: %v", err)
		}
		third, _ := s2.AppendBinary(nil)
		if !bytes.Equal(again, third) {
			t.Fatal("re-encoding is not stable")
		}
	})
}

// TestEveryBitFlip: every single-bit change of small blobs is refused
// (the checksum covers every byte before it, and a flip in the checksum
// itself no longer matches).
func TestEveryBitFlip(t *testing.T) {
	for _, body := range blobBodies[:3] {
		blob := blobOf(t, body, compile.Google)
		for i := range blob {
			for bit := 0; bit < 8; bit++ {
				blob[i] ^= 1 << bit
				if _, err := automaton.Decode(blob); err == nil {
					t.Fatalf("byte %d bit %d flipped: the blob still decodes", i, bit)
				}
				blob[i] ^= 1 << bit
			}
		}
		if _, err := automaton.Decode(blob); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSharedDFAEncodedOnce: a DFA shared by many programs (repeated
// groups, or a hostile blob listing one DFA many times) is written and
// sized once: encoding allocates in proportion to the blob, not to the
// number of references.
func TestSharedDFAEncodedOnce(t *testing.T) {
	body := "User-agent: *\nDisallow: /" + strings.Repeat("ab", 2000) + "\n"
	set := compile.Parse([]byte(body), compile.Options{}).CompileSet()
	p := set.Programs[set.Global]
	for i := 0; i < 5000; i++ {
		set.Programs = append(set.Programs, p)
		set.Meta = append(set.Meta, set.Meta[set.Global])
	}
	var before, after goruntime.MemStats
	goruntime.ReadMemStats(&before)
	blob, err := set.AppendBinary(nil)
	goruntime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*uint64(len(blob))+1<<20 {
		t.Fatalf("encoding a %d-byte blob allocated %d bytes", len(blob), alloc)
	}
	if _, err := automaton.Decode(blob); err != nil {
		t.Fatal(err)
	}
}

// TestDecodeListsTileIndex: a program's DFA and scan lists must follow the
// previous program's in the index, so that a blob cannot make every
// program list the same words (decoding would then take work and memory
// in proportion to programs times lists, not to the blob).
func TestDecodeListsTileIndex(t *testing.T) {
	good := blobOf(t, blobBodies[1], compile.Google)
	// The programs section: section table entry 3 (id, offset, length).
	entry := 24 + 12*2
	if id := binary.LittleEndian.Uint32(good[entry:]); id != 3 {
		t.Fatalf("section table entry 3 has id %d", id)
	}
	progs := int(binary.LittleEndian.Uint32(good[entry+4:]))
	if n := binary.LittleEndian.Uint32(good[progs:]); n < 2 {
		t.Fatalf("%d programs, want two", n)
	}
	first := func(b []byte, p int) []byte { return b[progs+4+48*p+8:] } // DFA list start
	for _, c := range []struct {
		name string
		f    func(b []byte)
	}{
		{"second program's DFA list over the first's", func(b []byte) {
			copy(first(b, 1), first(b, 0)[:4])
		}},
		{"scan list before its DFA list", func(b []byte) {
			binary.LittleEndian.PutUint32(first(b, 0)[8:], 0)
			binary.LittleEndian.PutUint32(first(b, 0)[4:], 1)
		}},
	} {
		b := bytes.Clone(good)
		c.f(b)
		reseal(b)
		if _, err := automaton.Decode(b); !errors.Is(err, automaton.ErrFormat) {
			t.Errorf("%s: got %v, want ErrFormat", c.name, err)
		} else {
			t.Logf("%s: %v", c.name, err)
		}
	}
	if _, err := automaton.Decode(good); err != nil {
		t.Fatal(err)
	}
}

// TestDecodeProgramMeta: a program's crawl-delay and request-rate read
// back as written, and values a compiler never writes are refused: a
// crawl-delay below −1 (none), requests over 2³¹−1, a negative period, and
// requests without a period or a period without requests.
func TestDecodeProgramMeta(t *testing.T) {
	good := blobOf(t, blobBodies[1], compile.Google)
	entry := 24 + 12*2 // the programs section's entry in the section table
	progs := int(binary.LittleEndian.Uint32(good[entry+4:]))
	meta := func(b []byte, req uint32, delay, per int64) {
		p := b[progs+4:] // the first program
		binary.LittleEndian.PutUint32(p[28:], req)
		binary.LittleEndian.PutUint64(p[32:], uint64(delay))
		binary.LittleEndian.PutUint64(p[40:], uint64(per))
		reseal(b)
	}
	b := bytes.Clone(good)
	meta(b, 3, int64(5*time.Second), int64(7*time.Second))
	set, err := automaton.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := set.Meta[0], (automaton.ProgramMeta{CrawlDelay: 5 * time.Second, Requests: 3, Per: 7 * time.Second}); got != want {
		t.Fatalf("meta %+v, want %+v", got, want)
	}
	for _, c := range []struct {
		name       string
		req        uint32
		delay, per int64
	}{
		{"crawl-delay -2", 0, -2, 0},
		{"requests 2^31", 1 << 31, -1, int64(time.Second)},
		{"negative period", 1, -1, -1},
		{"requests without a period", 1, -1, 0},
		{"a period without requests", 0, -1, int64(time.Second)},
	} {
		b := bytes.Clone(good)
		meta(b, c.req, c.delay, c.per)
		if _, err := automaton.Decode(b); !errors.Is(err, automaton.ErrFormat) {
			t.Errorf("%s: got %v, want ErrFormat", c.name, err)
		}
	}
}
