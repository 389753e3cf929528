package runtime

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPunycode(t *testing.T) {
	// RFC 3492 section 7.1 samples, and common hosts.
	for in, want := range map[string]string{
		"bücher":            "bcher-kva",
		"münchen":           "mnchen-3ya",
		"пример":            "e1afmkfd",
		"例え":                "r8jz45g",
		"ليهمابتكلموشعربي؟": "egbpdaj6bu4bxfgehfvwxn",
		"他们为什么不说中文":         "ihqwcrb4cv8a8dqg056pqjye",
	} {
		got, err := punycode(in)
		require.NoError(t, err)
		require.Equal(t, want, got, in)
	}
}
