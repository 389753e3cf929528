package printable

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// Each control a terminal acts on is shown as \xHH, whole (a C1 control
// is two bytes in UTF-8); text, tabs, newlines, backslashes and bytes
// that are not UTF-8 pass as they are.
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"":                           "",
		"plain\tline\n":              "plain\tline\n",
		"a\\x1b stays\n":             "a\\x1b stays\n",
		"caf\xc3\xa9 \xff":           "caf\xc3\xa9 \xff",
		"\x1b[31mred\x1b[0m\n":       "\\x1b[31mred\\x1b[0m\n",
		"title\x1b]0;x\x07 cr\r\n":   "title\\x1b]0;x\\x07 cr\\x0d\n",
		"del\x7f nul\x00":            "del\\x7f nul\\x00",
		"csi\xc2\x9b31m nel\xc2\x85": "csi\\xc2\\x9b31m nel\\xc2\\x85",
		"nbsp\xc2\xa0 \xc2":          "nbsp\xc2\xa0 \xc2",       // U+00A0 is printed; a lone byte too
		"pad\xc2\x80 \xc2\x7f":       "pad\\xc2\\x80 \xc2\\x7f", // U+0080, the first C1 control
	} {
		var b bytes.Buffer
		n, err := Writer{&b}.Write([]byte(in))
		require.NoError(t, err)
		require.Equal(t, len(in), n, "%q", in)
		require.Equal(t, want, b.String(), "%q", in)
	}
}
