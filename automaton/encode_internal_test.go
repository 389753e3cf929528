package automaton

import (
	"strconv"
	"testing"
)

// TestEncoderReset: a pooled encoder keeps no reference to the set it
// last wrote (its tables, strings, DFAs, tokens), and no big buffer or
// big map for the next one.
func TestEncoderReset(t *testing.T) {
	e := encoders.New().(*encoder)
	e.strs["pattern"] = 1
	e.dfaID[&DFA{}] = 0
	e.tabs = append(e.tabs, make([]uint32, 4))
	e.agents = append(e.agents, agent{token: "bot"})
	e.sec[secStrings] = make([]byte, 10, 100)
	e.sec[secRules] = make([]byte, 0, 2*bigBuf)
	e.ids = make([]uint32, 3, bigBuf) // 4 bytes each: over bigBuf
	tabs, agents := e.tabs, e.agents
	e.reset()
	switch {
	case len(e.strs) != 0 || len(e.dfaID) != 0:
		t.Errorf("maps not emptied: %d strings, %d DFAs", len(e.strs), len(e.dfaID))
	case tabs[0] != nil || agents[0].token != "":
		t.Error("the last set's tables or tokens are still referenced")
	case len(e.tabs) != 0 || len(e.agents) != 0:
		t.Error("scratch lists not emptied")
	case len(e.sec[secStrings]) != 0 || cap(e.sec[secStrings]) != 100:
		t.Errorf("a small section buffer is not kept for reuse: len %d cap %d", len(e.sec[secStrings]), cap(e.sec[secStrings]))
	case e.sec[secRules] != nil || e.ids != nil:
		t.Error("a buffer over bigBuf is kept")
	}
	for i := 0; i <= bigMap; i++ {
		e.strs[strconv.Itoa(i)] = uint32(i)
	}
	before := e.strs
	e.reset()
	before["marker"] = 1 // the old map, if it were kept, would show it
	if len(e.strs) != 0 {
		t.Errorf("a map of more than %d entries is kept (%d entries)", bigMap, len(e.strs))
	}
}
