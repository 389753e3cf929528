//go:build !purego

#include "textflag.h"

// SPLAT sets both halves of the XMM register x to the word w.
#define SPLAT(w, x) MOVQ w, CX; MOVQ CX, x; PSHUFD $0x44, x, x

// ENDS sets BX to the marks of the block in X8; it uses X9 and X10.
#define ENDS \
	MOVO X8, X9; PCMPEQB X0, X9 \
	MOVO X8, X10; PCMPEQB X1, X10; POR X10, X9 \
	MOVO X8, X10; PCMPEQB X2, X10; POR X10, X9 \
	PCMPEQB X3, X8; POR X8, X9 \
	PMOVMSKB X9, BX

// func authorityEndSSE2(url string, i int) int
//
// The index of the first '/', '?', ';' or '#' of url at or after i, or
// len(url), sixteen bytes at a time (SSE2, which every amd64 has), for a
// url of at least 16 bytes: blocks at i, i+16, ... while they lie in url,
// then url's last 16 bytes with the bytes before i dropped.
TEXT ·authorityEndSSE2(SB), NOSPLIT, $0-32
	MOVQ url_base+0(FP), SI
	MOVQ url_len+8(FP), DX
	MOVQ i+16(FP), AX

	SPLAT($0x2f2f2f2f2f2f2f2f, X0) // '/'
	SPLAT($0x3f3f3f3f3f3f3f3f, X1) // '?'
	SPLAT($0x3b3b3b3b3b3b3b3b, X2) // ';'
	SPLAT($0x2323232323232323, X3) // '#'

	LEAQ 16(AX), CX
	CMPQ CX, DX
	JGT  last

loop:
	MOVOU (SI)(AX*1), X8
	ENDS
	TESTL BX, BX
	JNZ   found
	ADDQ  $16, AX
	LEAQ  16(AX), CX
	CMPQ  CX, DX
	JLE   loop

last:
	// The last 16 bytes, from s = len(url)-16 <= i.
	CMPQ  AX, DX
	JGE   none
	MOVQ  DX, R8
	SUBQ  $16, R8
	MOVOU (SI)(R8*1), X8
	ENDS
	MOVQ  AX, CX
	SUBQ  R8, CX // i - s, 0 to 15
	SHRL  CX, BX
	TESTL BX, BX
	JNZ   found

none:
	MOVQ DX, ret+24(FP)
	RET

found:
	BSFL BX, BX
	ADDQ BX, AX
	MOVQ AX, ret+24(FP)
	RET
