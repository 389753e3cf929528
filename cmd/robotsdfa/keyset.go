package main

import (
	"bytes"
	"hash/maphash"
)

// keySet is a set of keys held in one slab of bytes, each key's bytes once,
// with an open-addressed table of their places (8 bytes a slot, at most
// three quarters full): some 30 bytes a host key, where a map entry of a
// string and a pointer to its state took about 200 (docs/PERFORMANCE.md,
// "filter -robots-dir: memory a host"). Keys are compared whole: no two
// keys are ever taken for one. Not safe for concurrent use.
type keySet struct {
	slab  []byte
	slots []uint64 // (offset+1)<<16 | length; 0: empty
	n     int
}

// maxSetKey is the longest key a keySet holds; host keys are at most a
// host name's 253 bytes and a port.
const maxSetKey = 1<<16 - 1

var keySetSeed = maphash.MakeSeed()

// has reports whether k is in the set.
func (s *keySet) has(k []byte) bool {
	if len(s.slots) == 0 {
		return false
	}
	_, found := s.find(k)
	return found
}

// add puts k in the set; a key longer than maxSetKey is not kept, and
// add reports whether it was.
func (s *keySet) add(k []byte) bool {
	if len(k) > maxSetKey {
		return false
	}
	if (s.n+1)*4 > len(s.slots)*3 {
		s.grow()
	}
	i, found := s.find(k)
	if found {
		return true
	}
	s.slots[i] = uint64(len(s.slab)+1)<<16 | uint64(len(k))
	s.slab = append(s.slab, k...)
	s.n++
	return true
}

// find is k's slot, or the empty one where it would go.
func (s *keySet) find(k []byte) (int, bool) {
	mask := uint64(len(s.slots) - 1)
	for i := maphash.Bytes(keySetSeed, k) & mask; ; i = (i + 1) & mask {
		e := s.slots[i]
		if e == 0 {
			return int(i), false
		}
		if bytes.Equal(s.key(e), k) {
			return int(i), true
		}
	}
}

func (s *keySet) key(e uint64) []byte {
	off := int(e>>16) - 1
	return s.slab[off : off+int(e&0xffff)]
}

func (s *keySet) grow() {
	old := s.slots
	s.slots = make([]uint64, max(64, 2*len(old)))
	for _, e := range old {
		if e != 0 {
			i, _ := s.find(s.key(e))
			s.slots[i] = e
		}
	}
}

// each calls f with each key, in no order.
func (s *keySet) each(f func([]byte)) {
	for _, e := range s.slots {
		if e != 0 {
			f(s.key(e))
		}
	}
}
