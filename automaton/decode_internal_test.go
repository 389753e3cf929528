package automaton

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand"
	"strings"
	"testing"
	"unsafe"

	farm "github.com/dgryski/go-farm"
)

// TestClassMapFault: the word-at-a-time class map check finds the same
// first fault as a byte loop, for every class count.
func TestClassMapFault(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	naive := func(m []byte, classes uint32) int {
		for b, c := range m {
			if uint32(c) >= classes {
				return b
			}
		}
		return -1
	}
	m := make([]byte, 256)
	for classes := uint32(2); classes <= 256; classes++ {
		for trial := 0; trial < 20; trial++ {
			for b := range m {
				m[b] = byte(rng.Intn(int(classes)))
			}
			if trial%2 == 1 && classes < 256 {
				for k := 0; k < 1+trial%3; k++ {
					m[rng.Intn(256)] = byte(int(classes) + rng.Intn(256-int(classes)))
				}
			}
			if got, want := classMapFault(m, classes), naive(m, classes); got != want {
				t.Fatalf("%d classes, trial %d: fault at %d, want %d", classes, trial, got, want)
			}
		}
	}
}

// TestSparseRowDamage: a sparse row whose exception classes are out of
// order, out of range or followed by non-zero padding is refused with
// ErrFormat naming it.
func TestSparseRowDamage(t *testing.T) {
	var body strings.Builder
	body.WriteString("User-agent: *\n")
	for _, p := range []string{"/ab", "/ac", "/ad", "/xy", "/q"} {
		body.WriteString("Disallow: " + p + "\n")
	}
	blob := blobFor(t, body.String())
	set, err := Decode(blob)
	if err != nil {
		t.Fatal(err)
	}
	if uintptr(unsafe.Pointer(&set.Programs[0].DFAs[0].t[0]))%4 != 0 || !littleEndian {
		t.Skip("the table is a copy, not a view of the blob, on this machine")
	}
	// The byte offset in the blob of a sparse row's class bytes, and its
	// exception count.
	at, n := -1, uint32(0)
	for _, p := range set.Programs {
		for _, d := range p.DFAs {
			pos := d.decEnd
			for s := 0; s < d.NumLive && at < 0; s++ {
				r := rowStart(pos, s < d.NumOutputs)
				if d.t[r-1] == rowDense {
					pos = r + uint32(d.NumClasses)
					continue
				}
				if k := d.t[r+1]; k >= 2 && k%4 != 0 {
					at = int(uintptr(unsafe.Pointer(&d.t[r+2])) - uintptr(unsafe.Pointer(&blob[0])))
					n = k
				}
				pos = r + sparseWords(d.t[r+1])
			}
		}
	}
	if at < 0 {
		t.Fatal("no sparse row with 2 or more exceptions and padding: change the rules")
	}
	for name, damage := range map[string]func(b []byte){
		"out of order": func(b []byte) { b[at], b[at+1] = b[at+1], b[at] },
		"repeated":     func(b []byte) { b[at+1] = b[at] },
		"out of range": func(b []byte) { b[at+int(n)-1] = 255 },
		"padding":      func(b []byte) { b[at+int(n)] = 1 },
	} {
		b := bytes.Clone(blob)
		damage(b)
		end := len(b) - 8
		binary.LittleEndian.PutUint64(b[end:], farm.Fingerprint64(b[:end]))
		if _, err := Decode(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}

// blobFor encodes the program of body's rules for agent "*" (Disallow
// lines only) as a one-program set.
func blobFor(t *testing.T, body string) []byte {
	t.Helper()
	var rules []Rule
	for i, line := range strings.Split(strings.TrimSpace(body), "\n") {
		if p, ok := strings.CutPrefix(line, "Disallow: "); ok {
			rules = append(rules, Rule{Kind: Disallow, Priority: int32(len(p)), Line: int32(i + 1), Pattern: p})
		}
	}
	set := &Set{Programs: []*Program{Build(rules, Options{})}, Meta: []ProgramMeta{{CrawlDelay: -1}}, Global: 0, Agents: map[string]int32{}}
	blob, err := set.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return blob
}
