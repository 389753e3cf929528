package counts

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestGroup3(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0", 7: "7", 999: "999", 1000: "1,000", 12345: "12,345", 123456: "123,456",
		1234567: "1,234,567", 100000000: "100,000,000", -1: "-1", -999: "-999", -1000: "-1,000", -123456: "-123,456",
		-9223372036854775808: "-9,223,372,036,854,775,808",
	} {
		require.Equal(t, want, Group3(n), "%d", n)
	}
}
