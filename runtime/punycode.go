package runtime

import (
	"errors"
	"math"
	"strings"
	"unicode/utf8"
)

// Punycode (RFC 3492) for IDN host labels: a crawler keys its cache, and
// asks the server, by the ASCII form of the host. Only encoding is needed.

const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
)

var errPunycode = errors.New("punycode: label too long to encode")

// maxIDNLabel and maxIDNHost bound the code points of a label and a host
// asciiHost encodes: a DNS label holds 63 bytes and a name 253, and the
// ASCII form has at least a byte a code point, so a longer one names no
// host. Encoding takes a label's length times its distinct code points,
// so unbounded it let one frontier line stall a run (SECURITY.md, limits).
const (
	maxIDNLabel = 63
	maxIDNHost  = 253
)

// asciiHost returns host in ASCII: ASCII letters lower-cased, and each
// label with a byte >= 0x80 lower-cased and written "xn--" + Punycode.
func asciiHost(host string) (string, error) {
	if isASCII(host) {
		return strings.ToLower(host), nil // what the labels' loop gives
	}
	if utf8.RuneCountInString(host) > maxIDNHost {
		return "", errPunycode
	}
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if isASCII(l) {
			labels[i] = strings.ToLower(l)
			continue
		}
		if utf8.RuneCountInString(l) > maxIDNLabel {
			return "", errPunycode
		}
		enc, err := punycode(strings.ToLower(l))
		if err != nil {
			return "", err
		}
		labels[i] = "xn--" + enc
	}
	return strings.Join(labels, "."), nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// punycode encodes one label (RFC 3492 section 6.3).
func punycode(s string) (string, error) {
	runes := []rune(s)
	var out []byte
	for _, r := range runes {
		if r < 0x80 {
			out = append(out, byte(r))
		}
	}
	b := len(out)
	h := b
	if b > 0 {
		out = append(out, '-')
	}
	n, delta, bias := pcInitialN, 0, pcInitialBias
	for h < len(runes) {
		m := math.MaxInt32
		for _, r := range runes {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		if (m - n) > (math.MaxInt32-delta)/(h+1) {
			return "", errPunycode
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range runes {
			if int(r) < n {
				delta++
				if delta == math.MaxInt32 {
					return "", errPunycode
				}
			}
			if int(r) != n {
				continue
			}
			q := delta
			for k := pcBase; ; k += pcBase {
				t := k - bias
				if t < pcTMin {
					t = pcTMin
				} else if t > pcTMax {
					t = pcTMax
				}
				if q < t {
					break
				}
				out = append(out, pcDigit(t+(q-t)%(pcBase-t)))
				q = (q - t) / (pcBase - t)
			}
			out = append(out, pcDigit(q))
			bias = pcAdapt(delta, h+1, h == b)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return string(out), nil
}

func pcDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

func pcAdapt(delta, points int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}
