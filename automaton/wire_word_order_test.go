package automaton

import (
	"bytes"
	"testing"
)

// TestWordOrderEitherWay: the code a big-endian machine runs, where a
// table's class map is written into and read from its words by shifts
// rather than viewed as bytes, gives what this machine's code gives. With
// littleEndian false, the same rules build the same blob, and its decoded
// tables (copies then, not views) have the same class maps and answer
// every path alike. Without it, that code would run first on the machine
// it is for.
func TestWordOrderEitherWay(t *testing.T) {
	rules := rulesOf([]Kind{Disallow, Allow}, "/a*b", "/c", "/d$", "/x*y", "/z*", "/%41", "/\xff\x80", "/fish*.php", "/*?", "/a")
	type outcome struct {
		blob   []byte
		set    *Set
		leader map[string]int32
	}
	paths := []string{"", "/", "/a", "/ab", "/axxb", "/c", "/d", "/dd", "/xy", "/z", "/%41", "/\xff\x80", "/fish/x.php", "/q?x", "/A", "/\x00a"}
	run := func() outcome {
		set := globalSet(build(rules, options{}))
		blob, err := set.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := Decode(blob)
		if err != nil {
			t.Fatal(err)
		}
		o := outcome{blob: blob, set: dec, leader: map[string]int32{}}
		for _, p := range paths {
			o.leader[p] = dec.Programs[0].pathLeader([]byte(p))
		}
		return o
	}
	native := run()
	distinct := map[int32]bool{}
	for _, l := range native.leader {
		distinct[l] = true
	}
	if len(distinct) < 4 {
		t.Fatalf("the paths meet %d leaders: change them", len(distinct))
	}
	defer func(was bool) { littleEndian = was }(littleEndian)
	littleEndian = false
	shifted := run()

	if !bytes.Equal(native.blob, shifted.blob) {
		t.Fatal("the blobs differ")
	}
	nd, sd := native.set.Programs[0].dfas, shifted.set.Programs[0].dfas
	if len(nd) != len(sd) || len(nd) == 0 {
		t.Fatalf("%d and %d DFAs", len(nd), len(sd))
	}
	for i := range nd {
		if *nd[i].cls != *sd[i].cls {
			t.Errorf("dfa %d: the class maps differ:\n%v\n%v", i, *nd[i].cls, *sd[i].cls)
		}
	}
	for _, p := range paths {
		if native.leader[p] != shifted.leader[p] {
			t.Errorf("%q: leader %d, with the words shifted %d", p, native.leader[p], shifted.leader[p])
		}
	}
}
