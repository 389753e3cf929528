package automaton

import (
	"strconv"
	"testing"
)

// TestEncoderReset: a pooled encoder keeps no reference to the set it
// last wrote (its tables, strings, DFAs, tokens), and no big buffer or
// big map for the next one; a small map is kept, emptied.
func TestEncoderReset(t *testing.T) {
	e := encoders.New().(*encoder)
	e.strs.add("pattern", 1)
	e.dfaID.add(&dfa{}, 0)
	e.tabs = append(e.tabs, make([]uint32, 4))
	e.agents = append(e.agents, Agent{Token: "bot"})
	e.sec[secStrings] = make([]byte, 10, 100)
	e.sec[secRules] = make([]byte, 0, 2*bigBuf)
	e.ids = make([]uint32, 3, bigBuf) // 4 bytes each: over bigBuf
	tabs, agents, strs := e.tabs, e.agents, e.strs.entries
	e.reset()
	switch {
	case len(e.strs.entries) != 0 || len(e.dfaID.entries) != 0:
		t.Errorf("maps not emptied: %d strings, %d DFAs", len(e.strs.entries), len(e.dfaID.entries))
	case tabs[0] != nil || agents[0].Token != "" || strs[0].key != "":
		t.Error("the last set's tables, tokens or strings are still referenced")
	case len(e.tabs) != 0 || len(e.agents) != 0:
		t.Error("scratch lists not emptied")
	case len(e.sec[secStrings]) != 0 || cap(e.sec[secStrings]) != 100:
		t.Errorf("a small section buffer is not kept for reuse: len %d cap %d", len(e.sec[secStrings]), cap(e.sec[secStrings]))
	case e.sec[secRules] != nil || e.ids != nil:
		t.Error("a buffer over bigBuf is kept")
	}
	for _, n := range []int{100, bigMap + 1} {
		for i := 0; i < n; i++ {
			e.strs.add(strconv.Itoa(i), uint32(i))
		}
		e.reset()
		switch kept := e.strs.index != nil; {
		case e.strs.indexed || len(e.strs.index) != 0:
			t.Errorf("%d strings: the map is not emptied", n)
		case kept != (n <= bigMap):
			t.Errorf("%d strings: map kept %v, want %v", n, kept, n <= bigMap)
		}
	}
}

// TestSmallMap: a smallMap answers alike searching its entries and through
// its map (past smallMapLinear entries), and a key added twice keeps its
// first value.
func TestSmallMap(t *testing.T) {
	var m smallMap[string, int]
	first := map[string]int{} // each key's first value
	add := func(k string, v int) {
		m.add(k, v)
		if _, ok := first[k]; !ok {
			first[k] = v
		}
	}
	for n := 0; n < 3*smallMapLinear; n++ {
		add(strconv.Itoa(n), n)
		add(strconv.Itoa(n/2), -n) // often a key already there
		for k := 0; k <= n+1; k++ {
			v, ok := m.find(strconv.Itoa(k))
			want, wantOK := first[strconv.Itoa(k)]
			if v != want || ok != wantOK {
				t.Fatalf("after %d entries: find(%d) = %d, %v; want %d, %v", len(m.entries), k, v, ok, want, wantOK)
			}
		}
	}
	if !m.indexed {
		t.Fatal("no map past smallMapLinear entries")
	}
	m.reset()
	if _, ok := m.find("0"); ok || m.indexed || len(m.index) != 0 {
		t.Fatal("reset kept an entry")
	}
	// Reused: searched one by one again, then through the kept map.
	for n := 0; n < 2*smallMapLinear; n++ {
		m.add(strconv.Itoa(n), n)
		if v, ok := m.find(strconv.Itoa(n / 2)); !ok || v != n/2 || m.indexed != (n >= smallMapLinear) {
			t.Fatalf("reused, %d entries: find(%d) = %d, %v (indexed %v)", n+1, n/2, v, ok, m.indexed)
		}
	}
}
