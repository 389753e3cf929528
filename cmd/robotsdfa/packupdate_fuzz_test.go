package main

import (
	"bufio"
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// FuzzHostList: compile -delete's list, any bytes: nothing panics; a list
// read is every host line's store key, each once, in the order first
// given (a byte order mark before the first ignored), every one a key of
// itself without spaces or control bytes, with the scheme of a URL that
// first named it, and no line read holds a space or a control byte (a
// URL's path included); a list refused names a line of it that is not a
// host.
func FuzzHostList(f *testing.F) {
	f.Add([]byte("a.example\n# comment\n\nhttps://B.example:443/x\r\na.example\n"))
	f.Add([]byte("not a host\n"))
	f.Add([]byte("xn--bcher-kva.example\nbücher.example\n[::1]:8080\n"))
	f.Add([]byte("\x00\n\t\n"))
	f.Add([]byte("\ufeffa.example\n\ufeffb.example\n"))
	f.Add([]byte("https://a.example/x y\n"))
	spaceOrControl := func(r rune) bool { return r <= ' ' || r == 0x7f }
	f.Fuzz(func(t *testing.T, data []byte) {
		keys, schemes, err := readHostList(bytes.NewReader(data), "-", nil)
		if err != nil {
			m := regexp.MustCompile(`^standard input:(\d+): `).FindStringSubmatch(err.Error())
			if m == nil {
				require.Contains(t, err.Error(), "token too long")
				return
			}
			n, _ := strconv.Atoi(m[1])
			require.LessOrEqual(t, n, bytes.Count(data, []byte("\n"))+1)
			return
		}
		var want []string
		seen, wantSchemes := map[string]bool{}, map[string]string{}
		sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" || line[0] == '#' {
				continue
			}
			key, ok := store.Key(line)
			require.True(t, ok, line)
			require.False(t, strings.ContainsFunc(line, spaceOrControl), "%q", line)
			if !seen[key] {
				seen[key] = true
				want = append(want, key)
				if i := strings.Index(line, "://"); i > 0 {
					wantSchemes[key] = strings.ToLower(line[:i])
				}
			}
		}
		require.Equal(t, want, keys)
		require.Equal(t, wantSchemes, schemes)
		for _, k := range keys {
			again, ok := store.Key(k)
			require.True(t, ok)
			require.Equal(t, k, again)
			require.False(t, strings.ContainsFunc(k, spaceOrControl), "%q", k)
		}
	})
}
