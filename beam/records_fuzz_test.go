package robotsbeam

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// FuzzParseRecord: a records file's line, any bytes: ParseRecords's step
// never panics, and gives one record or an error (nothing for a blank
// line); a record written as the package says (the body as text when it is
// UTF-8, else as body_base64) is read back as it was, host and bytes.
func FuzzParseRecord(f *testing.F) {
	f.Add(`{"host":"a.example","body":"user-agent: *\ndisallow: /\n"}`, "b.example", []byte("user-agent: *\ndisallow: /x\n"))
	f.Add(`{"host":"a.example","body_base64":"/w=="}`, "c.example:8080", []byte{0xff, 0xfe, '\n'})
	f.Add(`{"host":"","body":""}`, "", []byte{})
	f.Add(`{"host":"a","body":"x","body_base64":"eA=="}`, "d", []byte("\r\n"))
	f.Add("   \r", "e", []byte("\x00"))
	f.Fuzz(func(t *testing.T, line, host string, body []byte) {
		var got []HostBody
		err := parseRecordFn{}.ProcessElement(line, func(hb HostBody) { got = append(got, hb) })
		switch {
		case strings.TrimSpace(strings.TrimSuffix(line, "\r")) == "":
			require.NoError(t, err)
			require.Empty(t, got)
		case err != nil:
			require.Empty(t, got)
			require.True(t, strings.HasPrefix(err.Error(), "robotsdfa: "), err.Error())
		default:
			require.Len(t, got, 1)
			require.NotEmpty(t, got[0].Host)
		}

		if host == "" {
			return
		}
		rec := map[string]string{"host": host}
		if utf8.Valid(body) {
			rec["body"] = string(body)
		} else {
			rec["body_base64"] = base64.StdEncoding.EncodeToString(body)
		}
		data, err := json.Marshal(rec)
		require.NoError(t, err)
		got = nil
		require.NoError(t, parseRecordFn{}.ProcessElement(string(data), func(hb HostBody) { got = append(got, hb) }))
		require.Len(t, got, 1)
		if utf8.ValidString(host) {
			require.Equal(t, host, got[0].Host)
		}
		require.Equal(t, string(body), string(got[0].Body))
	})
}
