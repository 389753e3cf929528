//go:build !purego

#include "textflag.h"

// SPLAT sets both halves of the XMM register x to the word at m.
#define SPLAT(m, x) MOVQ m, x; PSHUFD $0x44, x, x

// MARKS sets BX to the marks of the block in X8, the bytes after it in
// X9, with the compare words in X0 to X7; it uses X10 to X12.
#define MARKS \
	MOVO X8, X10; PCMPEQB X0, X10 \
	MOVO X8, X11; PCMPEQB X1, X11; POR X11, X10 \
	MOVO X8, X11; PCMPEQB X2, X11; POR X11, X10 \
	MOVO X8, X11; PCMPEQB X3, X11; POR X11, X10 \
	MOVO X8, X11; PCMPEQB X4, X11; MOVO X9, X12; PCMPEQB X6, X12; PAND X12, X11; POR X11, X10 \
	MOVO X8, X11; PCMPEQB X5, X11; MOVO X9, X12; PCMPEQB X7, X12; PAND X12, X11; POR X11, X10 \
	PMOVMSKB X10, BX

// func skipSSE2(path []byte, i int, x *idleSet) int
//
// idleSet.next sixteen bytes at a time (SSE2, which every amd64 has), for
// a path of at least 16 bytes: the index of the first byte at or after i
// that marks, or len(path). A byte marks when it equals one of x.leave's
// bytes, or one of x.first's and the byte after it the matching x.then's
// (after the last byte: x.end's top byte). Blocks start at i, i+16, ...
// while the block and the byte after it lie in path; the rest is the
// path's last 16 bytes, with the marks before i dropped.
//
// The offsets in x are idleSet's: leave at 32, first at 64, then at 80,
// end at 96 (TestSkipLayout holds them).
TEXT ·skipSSE2(SB), NOSPLIT, $0-48
	MOVQ path_base+0(FP), SI
	MOVQ path_len+8(FP), DX
	MOVQ i+24(FP), AX
	MOVQ x+32(FP), DI

	// Each compare word in both halves of an XMM register.
	SPLAT(32(DI), X0)
	SPLAT(40(DI), X1)
	SPLAT(48(DI), X2)
	SPLAT(56(DI), X3)
	SPLAT(64(DI), X4)
	SPLAT(72(DI), X5)
	SPLAT(80(DI), X6)
	SPLAT(88(DI), X7)

	LEAQ 16(AX), CX
	CMPQ CX, DX
	JGE  last

loop:
	MOVOU (SI)(AX*1), X8  // the block
	MOVOU 1(SI)(AX*1), X9 // the bytes after each of its bytes
	MARKS
	TESTL BX, BX
	JNZ   mark
	ADDQ  $16, AX
	LEAQ  16(AX), CX
	CMPQ  CX, DX
	JLT   loop

last:
	// The last 16 bytes, from s = len(path)-16 <= i; after them, end.
	CMPQ   AX, DX
	JGE    none
	MOVQ   DX, R8
	SUBQ   $16, R8
	MOVOU  (SI)(R8*1), X8
	MOVO   X8, X9
	PSRLDQ $1, X9
	MOVQ   96(DI), X13
	PSLLDQ $8, X13
	POR    X13, X9
	MARKS
	MOVQ   AX, CX
	SUBQ   R8, CX // i - s, 0 to 15
	SHRL   CX, BX
	TESTL  BX, BX
	JNZ    mark

none:
	MOVQ DX, ret+40(FP)
	RET

mark:
	BSFL BX, BX
	ADDQ BX, AX
	MOVQ AX, ret+40(FP)
	RET
