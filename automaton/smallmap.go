package automaton

// smallMap maps keys to values for the few keys most inputs have (a file's
// programs, a blob's strings): it searches its entries one by one, and
// indexes them in a map only once there are more than smallMapLinear. For
// a handful of keys that saves the map's allocations and hashing, which
// cost more than the search.
type smallMap[K comparable, V any] struct {
	entries []smallEntry[K, V]
	// index maps each key to its first entry once there are more than
	// smallMapLinear (indexed); reset keeps it, emptied, for reuse.
	index   map[K]int32
	indexed bool
}

type smallEntry[K comparable, V any] struct {
	key K
	val V
}

// smallMapLinear is how many entries a smallMap searches one by one.
const smallMapLinear = 8

// bigMap is the most keys a smallMap's map may hold and still be kept by
// reset: clearing a map costs its capacity, not its length.
const bigMap = 256

// find returns the value of k's first entry.
func (m *smallMap[K, V]) find(k K) (V, bool) {
	if m.indexed {
		if i, ok := m.index[k]; ok {
			return m.entries[i].val, true
		}
	} else {
		for i := range m.entries {
			if m.entries[i].key == k {
				return m.entries[i].val, true
			}
		}
	}
	var zero V
	return zero, false
}

// add adds an entry. A key may have several; find answers with the first.
func (m *smallMap[K, V]) add(k K, v V) {
	m.entries = append(m.entries, smallEntry[K, V]{k, v})
	switch n := len(m.entries); {
	case m.indexed:
		if _, ok := m.index[k]; !ok {
			m.index[k] = int32(n - 1)
		}
	case n > smallMapLinear:
		if m.index == nil {
			m.index = make(map[K]int32, 2*n)
		}
		for i := n - 1; i >= 0; i-- { // the first entry of a key wins
			m.index[m.entries[i].key] = int32(i)
		}
		m.indexed = true
	}
}

// reset empties m for reuse, dropping its references; big storage is
// dropped too (see keep and bigMap).
func (m *smallMap[K, V]) reset() {
	clear(m.entries)
	m.entries = keep(m.entries)
	if len(m.index) > bigMap {
		m.index = nil
	} else {
		clear(m.index)
	}
	m.indexed = false
}
