package automaton

import (
	"sync/atomic"
	"unsafe"
)

// derivation is what a program derives from its DFAs on its first
// binding and keeps: its screen (see screen) and its jump (see jump).
type derivation struct {
	screen   screen
	screened bool // the program gets a screen
	jump     jump
}

// derive returns p's derivation, deriving it on the first call. Safe for
// concurrent use: two first calls at once may both derive it, to the same
// result, and one is kept.
func (p *Program) derive() *derivation {
	if d := (*derivation)(atomic.LoadPointer(&p.derived)); d != nil {
		return d
	}
	d := &derivation{jump: p.deriveJump()}
	d.screen, d.screened = p.deriveScreen()
	atomic.StorePointer(&p.derived, unsafe.Pointer(d))
	return d
}
