package workload

import (
	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

// ListFrame is the header and trailer of a blob of lists (RuleListBytes):
// 32 bytes, a quarter of the blob format's header, section table and
// trailer (128 bytes; its whole frame, EmptyBlobBytes, is 164).
const ListFrame = 32

// RuleListBytes is the size of a compiled robots.txt stored with no
// automaton at all: as lists a matcher could read in place, in a frame of
// ListFrame bytes. Each program's rules take their pattern's bytes and 8
// (the pattern's offset, the line and the kind); each product token its
// bytes and 8 (offset and program); each program 8 (its rules' range);
// each sitemap its URL and 8, each other record its key and value and 12.
// It is what the blob ratio target (blob bytes ÷ robots.txt bytes,
// median ≤ 1) is measured against: a blob of these lists and no
// automaton. The set must come from compile.Compile: a decoded set keeps
// only its scanned rules' patterns.
func RuleListBytes(set *automaton.Set) int { return FramedListBytes(set, ListFrame) }

// FramedListBytes is the size of RuleListBytes' lists in a frame of the
// given size. In EmptyBlobBytes, the frame every blob of the current
// format carries, it is the smallest a blob of this format could be with
// no automaton.
func FramedListBytes(set *automaton.Set, frame int) int { return frame + listContent(set) }

// EmptyBlobBytes is the size of the blob of an empty robots.txt: what
// every blob of the current format holds before its first rule (header,
// section table, section counts, trailer).
func EmptyBlobBytes() (int, error) {
	blob, err := Compile(nil, compile.Google)
	return len(blob), err
}

// listContent is what RuleListBytes counts besides the frame.
func listContent(set *automaton.Set) int {
	n := 0
	for _, p := range set.Programs {
		st := p.Stats()
		n += 8 + 8*st.Rules + st.PatternBytes
	}
	for _, a := range set.Agents {
		n += 8 + len(a.Token)
	}
	for _, s := range set.Sitemaps {
		n += 8 + len(s.URL)
	}
	for _, r := range set.Records {
		n += 12 + len(r.Key) + len(r.Value)
	}
	return n
}
